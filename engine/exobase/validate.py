"""Cross-checks over a whole content set, run at load time."""

from __future__ import annotations

from engine.core.errors import ContentError
from engine.exobase.grid import Cell, fits, open_cells
from engine.exobase.model import RESOURCES, Content

FOUNDERS_DEALT = 4
ROW_CARDS = 7


def cross_check(content: Content) -> None:
    """Raises ContentError when the content set cannot make a playable game."""
    _check_core(content)
    _check_counts(content)
    _check_obtainable(content)
    _check_placeable(content)
    _check_levels(content)
    _check_hazards(content)


def _check_core(content: Content) -> None:
    core = [content.cards[c] for c in content.core]
    if sum(1 for c in core if c.generator) != 1:
        raise ContentError("Exactly one core card must be a generator (the Power Station).")
    if sum(1 for c in core if c.type == "habitat") != 1:
        raise ContentError("Exactly one core card must be of type 'habitat' (the Hab).")
    grid: dict[Cell, frozenset[str]] = {}
    for card in core:
        assert card.start is not None
        if card.start in grid:
            raise ContentError(f"Core card '{card.id}' starts on an occupied cell.")
        grid[card.start] = card.doors
    for card in core:
        assert card.start is not None
        others = {cell: doors for cell, doors in grid.items() if cell != card.start}
        if len(core) > 1 and not fits(card.doors, card.start, others):
            raise ContentError(f"Core card '{card.id}': its doors do not line up with its neighbours.")


def _check_counts(content: Content) -> None:
    if len(content.founders) < FOUNDERS_DEALT:
        raise ContentError(f"At least {FOUNDERS_DEALT} founders are needed.")
    if len(content.deck) < ROW_CARDS:
        raise ContentError(f"At least {ROW_CARDS} location/task cards are needed.")
    types = {c.type for c in content.cards.values()}
    for card in content.cards.values():
        if card.bonus_from is not None and card.bonus_from not in types:
            raise ContentError(f"Card '{card.id}': no card has the type '{card.bonus_from}'.")


def _check_obtainable(content: Content) -> None:
    found: set[str] = set()
    for card in content.cards.values():
        spaces = list(card.spaces) + ([card.task.reward] if card.task else [])
        for space in spaces:
            found.update(space.gain)
            found.update(space.either)
    for resource in RESOURCES:
        if resource not in found:
            raise ContentError(f"No work space gives '{resource}'.")


def _check_placeable(content: Content) -> None:
    grid: dict[Cell, frozenset[str]] = {}
    for cid in content.core:
        card = content.cards[cid]
        assert card.start is not None
        grid[card.start] = card.doors
    cells = open_cells(grid)
    for cid in content.deck:
        card = content.cards[cid]
        if not any(fits(card.doors, cell, grid) for cell in cells):
            raise ContentError(f"Card '{cid}' cannot be placed next to the starting base.")


def _check_levels(content: Content) -> None:
    for card in content.cards.values():
        for number, level in enumerate(card.levels, start=1):
            if number > 1 and not level.cost:
                raise ContentError(f"Card '{card.id}' level {number}: an upgrade needs a cost.")
            if not card.silo and level.energy < 1:
                raise ContentError(f"Card '{card.id}' level {number}: energy must be at least 1.")
        if not card.silo and any(lv.storage for lv in card.levels):
            raise ContentError(f"Card '{card.id}': only a silo adds storage.")


def _check_hazards(content: Content) -> None:
    for mode in content.modes.values():
        last = 6 + mode.days
        for roll in range(2, last + 1):
            hits = [h for h in mode.hazards if h.low <= roll <= h.high]
            if len(hits) != 1:
                raise ContentError(
                    f"Mode '{mode.key}': hazard roll {roll} is covered {len(hits)} times, not once."
                )
    if not content.modes:
        raise ContentError("At least one mode is needed.")
