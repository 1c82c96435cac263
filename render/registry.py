"""Which images to post for a game's view and the events that led to it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Event
from render.colony.board import render_board
from render.colony.common import turn_line
from render.colony.event import render_event, revealed_event
from render.colony.grid import render_grid
from render.colony.hands import render_hands
from render.exobase.base import render_base
from render.exobase.common import day_line, phase_name
from render.exobase.dice import render_dice, rolls_from_events
from render.exobase.panel import render_panel
from render.exobase.rows import render_rows
from render.image import RenderedImage

NAMES = frozenset({"base", "panel", "rows", "dice"})
COLONY_NAMES = frozenset({"grid", "board", "hands", "event"})
GAME_NAMES = {"exobase": NAMES, "colony": COLONY_NAMES}


def render_images(
    game: str, view: Mapping[str, Any], events: Sequence[Event], *, which: set[str] | None = None
) -> list[RenderedImage]:
    """The images to post: the game's standing images always (unless ``which`` narrows them), plus the
    images of what just happened.

    ExoBase: base, panel and card rows, dice when rolled. Exoplanet Colony: grid, board and hands,
    the event card when one was revealed. ``which`` names among the game's images; each name is one
    image whose file is "<name>.png". Raises ValueError for a game without renderers or an unknown
    image name.
    """
    if game not in GAME_NAMES:
        raise ValueError(f"There is no renderer for the game '{game}'.")
    names = GAME_NAMES[game]
    wanted = set(names) if which is None else set(which)
    unknown = wanted - names
    if unknown:
        raise ValueError(f"Unknown image names: {', '.join(sorted(unknown))}.")
    if game == "colony":
        return colony_images(view, events, wanted)
    return exobase_images(view, events, wanted)


def exobase_images(view: Mapping[str, Any], events: Sequence[Event], wanted: set[str]) -> list[RenderedImage]:
    when = f"{day_line(view)}, {phase_name(view)}"
    images: list[RenderedImage] = []
    if "base" in wanted:
        count = len(view.get("base") or [])
        images.append(RenderedImage("base.png", render_base(view), f"The base: {count} locations. {when}."))
    if "panel" in wanted:
        text = f"Status: production, storage, energy and founders. {when}."
        images.append(RenderedImage("panel.png", render_panel(view), text))
    if "rows" in wanted:
        text = "The location row and the task row."
        images.append(RenderedImage("rows.png", render_rows(view), text))
    rolls = rolls_from_events(events, view) if "dice" in wanted else []
    if rolls:
        labels = "; ".join(f"{r.label}: {', '.join(map(str, r.dice))}" for r in rolls)
        images.append(RenderedImage("dice.png", render_dice(rolls), f"Dice. {labels}"[:1000]))
    return images


def colony_images(view: Mapping[str, Any], events: Sequence[Event], wanted: set[str]) -> list[RenderedImage]:
    when = turn_line(view)
    images: list[RenderedImage] = []
    if "grid" in wanted:
        count = len(view.get("grid") or [])
        text = f"The colony grid: {count} modules with tokens and pawns. {when}."
        images.append(RenderedImage("grid.png", render_grid(view), text))
    if "board" in wanted:
        levels = ", ".join(
            f"{r.get('resource')} {int(r.get('production', 0)):+d} ({int(r.get('supply', 0))} left)"
            for r in view.get("resources") or []
        )
        text = f"Resource board: production and supplies ({levels}), emergency track. {when}."
        images.append(RenderedImage("board.png", render_board(view), text[:1000]))
    if "hands" in wanted:
        images.append(RenderedImage("hands.png", render_hands(view), f"Every player's hand. {when}."))
    revealed = revealed_event(events, view) if "event" in wanted else None
    if revealed is not None:
        kind = "Critical event" if revealed.critical else "Event"
        text = f"{kind}: {revealed.name}. {' '.join(revealed.outcomes)}"[:1000]
        images.append(RenderedImage("event.png", render_event(revealed, view), text))
    return images
