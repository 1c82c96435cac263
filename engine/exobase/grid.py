"""Grid geometry of a base: doors, neighbours and whether a card fits a cell."""

from __future__ import annotations

from collections.abc import Mapping

from engine.exobase.model import OPPOSITE, STEP

Cell = tuple[int, int]


def neighbour(cell: Cell, side: str) -> Cell:
    dx, dy = STEP[side]
    return (cell[0] + dx, cell[1] + dy)


def fits(doors: frozenset[str], cell: Cell, grid: Mapping[Cell, frozenset[str]]) -> bool:
    """Whether a card with ``doors`` may join ``grid`` at an empty ``cell``.

    Every neighbour's doors must line up with the card's (a door faces a door, a
    wall faces a wall) and at least one doorway must connect the two.
    """
    if cell in grid:
        return False
    linked = False
    x, y = cell
    for side, (dx, dy) in STEP.items():
        their = grid.get((x + dx, y + dy))
        if their is None:
            continue
        mine_open = side in doors
        if mine_open != (OPPOSITE[side] in their):
            return False
        linked = linked or mine_open
    return linked


def open_cells(grid: Mapping[Cell, frozenset[str]]) -> set[Cell]:
    """Empty cells next to an open door of the grid: the only cells a card can be built on."""
    cells: set[Cell] = set()
    for cell, doors in grid.items():
        for side in doors:
            other = neighbour(cell, side)
            if other not in grid:
                cells.add(other)
    return cells
