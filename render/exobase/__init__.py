"""Renderers for ExoBase: the base grid, the status panel, the card rows and dice rolls; ``RENDERER``
posts them."""

from __future__ import annotations

from render.exobase.base import render_base
from render.exobase.dice import Roll, render_dice, rolls_from_events
from render.exobase.images import RENDERER
from render.exobase.panel import render_panel
from render.exobase.rows import render_rows

__all__ = [
    "RENDERER",
    "Roll",
    "render_base",
    "render_dice",
    "render_panel",
    "render_rows",
    "rolls_from_events",
]
