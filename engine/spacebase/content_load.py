"""Load and validate the content files (starters, ships, colonies).

Every problem raises ``ContentError`` naming the file, the entry and the field,
so owners of the printed game can point the engine at their own files and fix them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.core.content import integer, obj, read_json, slug, string, unique
from engine.core.errors import ContentError
from engine.spacebase.model import (
    CARD_TYPES,
    EXPANSIONS,
    KINDS,
    SECTORS,
    STATS,
    TIMINGS,
    Ability,
    Card,
    Condition,
    Content,
    Reward,
)
from engine.spacebase.validate import cross_check

DEFAULT_DIR = Path(__file__).parent / "content"
FILES = ("starters.json", "ships.json", "colonies.json")
SECTIONS = ("blue", "red", "immediate", "end_turn", "shared")


def load_content(path: str | Path = DEFAULT_DIR) -> Content:
    """Read and validate the three content files in ``path``; raises ContentError on any problem."""
    folder = Path(path)
    cards: list[Card] = []
    for name in FILES:
        data = read_json(folder, name)
        if not isinstance(data, list) or not data:
            raise ContentError(f"{name}: expected a non-empty list.")
        for i, raw in enumerate(data):
            entry = obj(raw, f"{name} entry {i}")
            cards.append(_card(entry, f"{name} '{entry.get('id', i)}'"))
    content = Content(cards=unique(cards, "card"))
    cross_check(content)
    return content


def _choice(raw: Mapping[str, Any], key: str, where: str, allowed: tuple[str, ...]) -> str:
    value = string(raw, key, where)
    if value not in allowed:
        raise ContentError(f"{where}: '{key}' must be one of {', '.join(allowed)}.")
    return value


def _card(raw: Mapping[str, Any], where: str) -> Card:
    ability = raw.get("ability")
    condition = raw.get("condition")
    note = raw.get("note", "")
    if not isinstance(note, str):
        raise ContentError(f"{where}: 'note' must be a string.")
    plus = raw.get("plus", False)
    if not isinstance(plus, bool):
        raise ContentError(f"{where}: 'plus' must be true or false.")
    sections = {key: _rewards(raw, key, where) for key in SECTIONS}
    return Card(
        id=slug(raw, where),
        name=string(raw, "name", where),
        type=_choice(raw, "type", where, CARD_TYPES),
        set=_choice(raw, "set", where, EXPANSIONS),
        level=integer(raw, "level", where, 0, 3),
        cost=integer(raw, "cost", where, 0, 60),
        sector=integer(raw, "sector", where, 1, SECTORS),
        plus=plus,
        ability=None if ability is None else _ability(obj(ability, f"{where} ability"), f"{where} ability"),
        condition=None if condition is None else _condition(obj(condition, f"{where} condition"), where),
        note=note,
        **sections,
    )


def _rewards(raw: Mapping[str, Any], key: str, where: str) -> tuple[Reward, ...]:
    items = raw.get(key, [])
    if not isinstance(items, list):
        raise ContentError(f"{where}: '{key}' must be a list of rewards.")
    return tuple(_reward(obj(r, f"{where} {key}[{i}]"), f"{where} {key}[{i}]") for i, r in enumerate(items))


def _reward(raw: Mapping[str, Any], where: str) -> Reward:
    sectors = raw.get("sectors", [])
    if not isinstance(sectors, list) or not all(
        isinstance(s, int) and not isinstance(s, bool) and 1 <= s <= SECTORS for s in sectors
    ):
        raise ContentError(f"{where}: 'sectors' must be a list of sectors 1 to {SECTORS}.")
    return Reward(
        kind=_choice(raw, "kind", where, KINDS),
        n=integer(raw, "n", where, 1, 40, default=1),
        level=integer(raw, "level", where, 0, 4, default=0),
        dir=integer(raw, "dir", where, -1, 1, default=0),
        sectors=tuple(sectors),
    )


def _ability(raw: Mapping[str, Any], where: str) -> Ability:
    effects = _rewards(raw, "effects", where)
    if not effects:
        raise ContentError(f"{where}: 'effects' must list at least one reward.")
    return Ability(
        need=integer(raw, "need", where, 1, 9), when=_choice(raw, "when", where, TIMINGS), effects=effects
    )


def _condition(raw: Mapping[str, Any], where: str) -> Condition:
    return Condition(
        stat=_choice(raw, "stat", f"{where} condition", STATS),
        at_least=integer(raw, "at_least", f"{where} condition", 1, 99),
    )
