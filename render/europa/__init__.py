"""Europa Base Alpha images (views in, PNG out).

Each function lists the view's top-level keys it reads (the caller builds its cache key from them;
``READS`` holds the same lists) and when it is posted.

- ``table_image(view)`` reads ``phase, round, rounds, first, turn, invaders, undermine_limit,
  players``. The table view (``view(state, None)``): every player's area. Post it in the channel
  when the table changes in public: bases revealed, an undermining card played, a build settled,
  a phase or round begins. It never reads ``you``, so a seat view draws the same picture.
- ``hand_image(view)`` reads ``you, players, round, rounds, invaders``. A seat view: its hand cards with their
  four parts, its secret base and planning picks and its Built pile. Send it to that seat by DM (or
  ephemerally) when its hand or picks change and when it must choose a base or a plan.
- ``dice_image(view, seats)`` reads ``players, round, rounds, invaders``. The dice of ``seats``
  (those with a base under construction). Post it after ``dice_rolled`` events, with the seats of
  ``rolled_seats(events)`` still building (``images.RENDERER`` does): a roll that completed a base
  leaves no dice in the view.
- ``tally_image(view)`` reads ``outcome, players, cut_corner``. Post it once, when the game is over
  (``outcome`` set); raises ValueError before that.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.core import Event
from render.europa.common import View
from render.europa.hand import hand_text, render_hand
from render.europa.table import render_table, table_text
from render.europa.tally import dice_text, render_dice, render_tally, tally_text
from render.image import RenderedImage

READS: dict[str, frozenset[str]] = {
    "table": frozenset(
        {"phase", "round", "rounds", "first", "turn", "invaders", "undermine_limit", "players"}
    ),
    "hand": frozenset({"you", "players", "round", "rounds", "invaders", "phase"}),
    "dice": frozenset({"players", "round", "rounds", "invaders"}),
    "tally": frozenset({"outcome", "players", "cut_corner"}),
}


def rolled_seats(events: Iterable[Event]) -> tuple[int, ...]:
    """The seats whose dice the events rolled, in seat order (empty when none rolled)."""
    return tuple(
        sorted({int(e.data["seat"]) for e in events if e.kind == "dice_rolled" and "seat" in e.data})
    )


def table_image(view: View, _: object = None) -> RenderedImage:
    return RenderedImage("table.png", render_table(view), table_text(view))


def hand_image(view: View, _: object = None) -> RenderedImage:
    """Raises ValueError when ``view`` is the table's (it has no ``you``)."""
    return RenderedImage("hand.png", render_hand(view), hand_text(view))


def dice_image(view: View, seats: Sequence[int]) -> RenderedImage:
    return RenderedImage("dice.png", render_dice(view, seats), dice_text(view, seats))


def tally_image(view: View, _: object = None) -> RenderedImage:
    """Raises ValueError while the game is not over."""
    return RenderedImage("tally.png", render_tally(view), tally_text(view))


__all__ = ["READS", "dice_image", "hand_image", "rolled_seats", "table_image", "tally_image"]
