"""Europa Base Alpha's images as the application posts them: ``RENDERER``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Event
from render.europa import READS, dice_image, hand_image, rolled_seats, table_image, tally_image
from render.europa.tally import builders
from render.registry import Kind, Renderer


def _has_hand(seen: dict[str, Any]) -> bool:
    return isinstance(seen.get("you"), Mapping)


def _own_entry(seen: dict[str, Any]) -> dict[str, Any]:
    """What a hand shows: the seat's own cards and picks (not the reroll hints, which its message
    words), of the table only its own entry's name and Cut Corners, and whether the round is over.
    A die another player keeps, or one of the seat's own, or a new phase, leaves the picture and its
    key as they were, so the DM after such a move carries its buttons without another copy of the
    same picture."""
    # Planned only for views with a hand (``_has_hand`` comes first).
    you: Mapping[str, Any] = seen["you"]
    seat = you.get("seat")
    players = [
        {k: p.get(k) for k in ("seat", "name", "tokens")} if i == seat else {}
        for i, p in enumerate(seen.get("players") or [])
    ]
    # Of the phase the picture tells only whether the round is over (the hand drawn is the next
    # round's): a new phase of the same round leaves it as it was.
    phase = "redraw" if seen.get("phase") == "redraw" else "round"
    mine = {k: v for k, v in you.items() if k != "hints"}
    return {**seen, "you": mine, "players": players, "phase": phase}


def _still_rolling(view: Mapping[str, Any], events: Sequence[Event]) -> tuple[int, ...]:
    """The seats the events rolled for that still have a base under construction: a roll that
    completed a base leaves no dice to draw (the table shows the base built, the narration the roll)."""
    return tuple(int(p["seat"]) for p in builders(view, rolled_seats(events)))


RENDERER = Renderer(
    "europa",
    (
        Kind("dice", READS["dice"], dice_image, shows=_still_rolling),
        Kind("table", READS["table"], table_image),
        Kind("tally", READS["tally"], tally_image, shows=lambda view, events: view.get("outcome")),
        # Only a seat's own view has a hand to draw (its DM or "My hand"); the table's has none. A
        # standing image: a DM after a move that left the hand as it was does not bring it again.
        Kind("hand", READS["hand"], hand_image, narrow=_own_entry, only_if=_has_hand),
    ),
)
