"""Which images to post for a game's view and the events that led to it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Event
from render.exobase.base import render_base
from render.exobase.common import day_line, phase_name
from render.exobase.dice import render_dice, rolls_from_events
from render.exobase.panel import render_panel
from render.exobase.rows import render_rows
from render.image import RenderedImage

NAMES = frozenset({"base", "panel", "rows", "dice"})


def render_images(
    game: str, view: Mapping[str, Any], events: Sequence[Event], *, which: set[str] | None = None
) -> list[RenderedImage]:
    """The images to post: base, panel and card rows always (unless ``which`` narrows them), dice when rolled.

    ``which`` names among "base", "panel", "rows" and "dice"; each name is one image whose file is
    "<name>.png". Raises ValueError for a game without renderers or an unknown image name.
    """
    if game != "exobase":
        raise ValueError(f"There is no renderer for the game '{game}'.")
    wanted = set(NAMES) if which is None else set(which)
    unknown = wanted - NAMES
    if unknown:
        raise ValueError(f"Unknown image names: {', '.join(sorted(unknown))}.")
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
