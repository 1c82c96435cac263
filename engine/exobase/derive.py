"""State that is computed, never stored: energy, power, production, storage caps, adjacency."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.exobase.grid import Cell
from engine.exobase.model import BASE_STORAGE_CAP, OPPOSITE, RESOURCES, STEP, Content
from engine.exobase.state import ExoState, Json


@dataclass(frozen=True)
class Derived:
    supply: int
    demand: int
    powered: frozenset[str]
    production: dict[str, int]
    cap: dict[str, int]

    @property
    def bank(self) -> int:
        return self.supply - self.demand


def passives(state: ExoState, content: Content, founder: Json) -> list[Mapping[str, Any]]:
    """The passive effects a living founder has: their own and those of tucked passive task cards."""
    if not founder["alive"]:
        return []
    effects: list[Mapping[str, Any]] = [content.founders[founder["id"]].passive.effect]
    for tucked in founder["tucked"]:
        task = content.cards[tucked["card"]].task
        if task is not None and task.ability.kind == "passive":
            effects.append(task.ability.effect)
    return effects


@lru_cache(maxsize=4096)
def _card_facts(
    content: Content, cid: str, level: int, damaged: bool
) -> tuple[int, int, tuple[tuple[str, int], ...], int]:
    """(energy supplied, energy needed, production, extra storage) of a card at a level."""
    card = content.cards[cid]
    benefits = [card.build] + [card.levels[i].benefit for i in range(1, level)]
    supply = sum(b.energy for b in benefits)
    if card.generator:
        energy = card.levels[level - 1].energy
        supply += (energy + 1) // 2 if damaged else energy
    production: dict[str, int] = {}
    for benefit in benefits:
        for r, n in benefit.production.items():
            production[r] = production.get(r, 0) + n
    storage = card.levels[level - 1].storage if card.silo else 0
    return supply, card.needs(level), tuple(production.items()), storage


def derive(state: ExoState, content: Content) -> Derived:
    mode = content.modes[state.mode]
    prod = dict(mode.start_production)
    supply = 0
    extra = 0
    for f in state.founders:
        for effect in passives(state, content, f):
            supply += effect.get("energy", 0)
            extra += effect.get("storage", 0)
            for r, n in effect.get("production", {}).items():
                prod[r] += n
    facts = [_card_facts(content, b["card"], b["level"], bool(b["damage"])) for b in state.base]
    supply += sum(f[0] for f in facts)
    left = supply
    powered: set[str] = set()
    for b, (_, need, production, storage) in zip(state.base, facts, strict=True):
        extra += storage
        if need > left:
            continue
        left -= need
        powered.add(b["card"])
        for r, n in production:
            prod[r] += n
        for r in b["picks"]:
            prod[r] += 1
    top = mode.production_max
    return Derived(
        supply=supply,
        demand=supply - left,
        powered=frozenset(powered),
        production={r: max(0, min(top, prod[r])) for r in RESOURCES},
        cap={r: BASE_STORAGE_CAP + extra for r in RESOURCES},
    )


def grid_of(state: ExoState, content: Content) -> dict[Cell, frozenset[str]]:
    return {(b["x"], b["y"]): content.cards[b["card"]].doors for b in state.base}


def adjacency(state: ExoState, content: Content) -> dict[str, frozenset[str]]:
    """Which base locations each location reaches through a doorway."""
    at = {(b["x"], b["y"]): b["card"] for b in state.base}
    out: dict[str, frozenset[str]] = {}
    for b in state.base:
        near: list[str] = []
        for side in content.cards[b["card"]].doors:
            dx, dy = STEP[side]
            other = at.get((b["x"] + dx, b["y"] + dy))
            if other is not None and OPPOSITE[side] in content.cards[other].doors:
                near.append(other)
        out[b["card"]] = frozenset(near)
    return out


def in_green(state: ExoState, content: Content, production: dict[str, int]) -> int:
    """Units of production into the green area (the first green space counts as one)."""
    green = content.modes[state.mode].green
    return sum(max(0, production[r] - green[r] + 1) for r in RESOURCES)


def days_left(state: ExoState, content: Content) -> int:
    return max(0, content.modes[state.mode].days - state.day + 1)
