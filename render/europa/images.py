"""Europa Base Alpha's images as the application posts them: ``RENDERER``."""

from __future__ import annotations

from render.europa import READS, dice_image, hand_image, rolled_seats, table_image, tally_image
from render.registry import Kind, Renderer

RENDERER = Renderer(
    "europa",
    (
        Kind("dice", READS["dice"], dice_image, shows=lambda view, events: rolled_seats(events)),
        Kind("table", READS["table"], table_image),
        Kind("tally", READS["tally"], tally_image, shows=lambda view, events: view.get("outcome")),
        # Only a seat's own view has a hand to draw (its DM or "My hand"); the table's has none.
        Kind("hand", READS["hand"], hand_image, shows=lambda view, events: view.get("you")),
    ),
)
