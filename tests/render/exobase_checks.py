"""Checks the ExoBase base tests share: where rows were really drawn, which texts sit on a tile."""

from __future__ import annotations

from typing import Any

from render.canvas import Box, Canvas
from render.exobase.layout import Grid


def chip_offsets(canvas: Canvas, grid: Grid, cards: list[dict[str, Any]]) -> dict[int, set[int]]:
    """For each y, how far below its own tile's top each card's power chip (ON, OFF or GEN) is
    drawn (a row is as tall in every band that has a card in it, so one depth per y).

    The chips are found among the drawn texts by their column alone, so the test reads where the
    renderer really put each row rather than where the grid says it should be.
    """
    offsets: dict[int, set[int]] = {}
    for band in range(grid.bands):
        top = grid.band_top(band)
        bottom = top + grid.band_height(band)
        mine = [c for c in cards if (c["x"] - grid.min_x) // grid.per_band == band]
        for column in {c["x"] for c in mine}:
            left = grid.origin(column, grid.min_y)[0] + 50
            chips = sorted(
                p.box[1]
                for p in canvas.texts
                if p.text in {"ON", "OFF", "GEN"} and p.box[0] == left and top <= p.box[1] < bottom
            )
            rows = sorted(c["y"] for c in mine if c["x"] == column)
            assert len(chips) == len(rows)
            for y, chip in zip(rows, chips, strict=True):
                offsets.setdefault(y, set()).add(chip - grid.origin(column, y)[1])
    return offsets


def inside(box: Box, grid: Grid, card: dict[str, Any]) -> bool:
    """Whether a drawn text lies on the card's tile."""
    ox, oy = grid.origin(card["x"], card["y"])
    return (
        ox <= box[0]
        and box[2] <= ox + grid.tile_w
        and oy <= box[1]
        and box[3] <= oy + grid.row_height(card["y"])
    )
