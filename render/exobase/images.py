"""ExoBase's images: the base, the status panel and the card rows, and the dice when rolled."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Event
from render.exobase.base import render_base
from render.exobase.common import day_line, phase_name
from render.exobase.dice import Roll, render_dice, rolls_from_events
from render.exobase.panel import render_panel
from render.exobase.rows import render_rows
from render.image import RenderedImage
from render.registry import Kind, Renderer, View


def _when(view: View) -> str:
    return f"{day_line(view)}, {phase_name(view)}"


def _base(view: View, _: None) -> RenderedImage:
    text = f"The base: {len(view.get('base') or [])} locations. {_when(view)}."
    return RenderedImage("base.png", render_base(view), text)


def _panel(view: View, _: None) -> RenderedImage:
    text = f"Status: production, storage, energy and founders. {_when(view)}."
    return RenderedImage("panel.png", render_panel(view), text)


def _rows(view: View, _: None) -> RenderedImage:
    return RenderedImage("rows.png", render_rows(view), "The location row and the task row.")


def _dice(view: View, rolls: Sequence[Roll]) -> RenderedImage:
    labels = "; ".join(f"{r.label}: {', '.join(map(str, r.dice))}" for r in rolls)
    return RenderedImage("dice.png", render_dice(rolls), f"Dice. {labels}"[:1000])


def _rolls(view: View, events: Sequence[Event]) -> list[Roll]:
    return rolls_from_events(events, view)


def _founder_names(seen: dict[str, Any]) -> dict[str, Any]:
    # The rows draw founders only as markers (initials and colour): where they stand is the base's news.
    founders = [{"id": f.get("id"), "name": f.get("name")} for f in seen.get("founders") or []]
    return {**seen, "founders": founders}


_DAY = frozenset({"day", "days", "days_left", "phase"})
_ROWS = frozenset({"location_row", "task_row"})
RENDERER = Renderer(
    "exobase",
    (
        Kind("base", _DAY | {"base", "founders"}, _base),
        Kind(
            "panel",
            _DAY
            | _ROWS
            | {"base", "energy", "founders", "green", "hazard", "mode", "outcome", "pending", "production"}
            | {"goal", "hab", "production_max", "score", "storage", "storage_cap"},
            _panel,
        ),
        Kind("rows", _ROWS | {"founders", "phase", "pile_count"}, _rows, narrow=_founder_names),
        Kind("dice", _ROWS | {"base", "founders"}, _dice, shows=_rolls),
    ),
)
