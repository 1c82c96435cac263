"""Renderers for Exoplanet Colony: the grid, the resource board, the hands and the revealed event;
``renderer(cards)`` posts them over the cards in play."""

from __future__ import annotations

from render.colony.board import render_board
from render.colony.event import Revealed, render_event, revealed_event
from render.colony.grid import render_grid
from render.colony.hands import render_hands
from render.colony.images import renderer

__all__ = [
    "Revealed",
    "render_board",
    "render_event",
    "render_grid",
    "render_hands",
    "renderer",
    "revealed_event",
]
