"""State that is computed, never stored: energy, power, production, storage caps, adjacency."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
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
    grid: dict[Cell, frozenset[str]]

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


def derive(state: ExoState, content: Content) -> Derived:
    all_passives = [e for f in state.founders for e in passives(state, content, f)]
    supply = sum(int(e.get("energy", 0)) for e in all_passives)
    for b in state.base:
        card = content.cards[b["card"]]
        supply += card.build.energy + sum(card.levels[i].benefit.energy for i in range(1, b["level"]))
        if card.generator:
            energy = card.levels[b["level"] - 1].energy
            supply += (energy + 1) // 2 if b["damage"] else energy
    left = supply
    powered: set[str] = set()
    for b in state.base:
        need = content.cards[b["card"]].needs(b["level"])
        if need <= left:
            left -= need
            powered.add(b["card"])
    production = _production(state, content, powered, all_passives)
    extra = sum(int(e.get("storage", 0)) for e in all_passives)
    for b in state.base:
        card = content.cards[b["card"]]
        if card.silo:
            extra += card.levels[b["level"] - 1].storage
    grid = {(b["x"], b["y"]): content.cards[b["card"]].doors for b in state.base}
    return Derived(
        supply=supply,
        demand=supply - left,
        powered=frozenset(powered),
        production=production,
        cap={r: BASE_STORAGE_CAP + extra for r in RESOURCES},
        grid=grid,
    )


def _production(
    state: ExoState, content: Content, powered: set[str], all_passives: list[Mapping[str, Any]]
) -> dict[str, int]:
    mode = content.modes[state.mode]
    prod = dict(mode.start_production)
    for effect in all_passives:
        for r, n in effect.get("production", {}).items():
            prod[r] += n
    for b in state.base:
        if b["card"] not in powered:
            continue
        card = content.cards[b["card"]]
        benefits = [card.build] + [card.levels[i].benefit for i in range(1, b["level"])]
        for benefit in benefits:
            for r, n in benefit.production.items():
                prod[r] += n
        for r in b["picks"]:
            prod[r] += 1
    return {r: max(0, min(mode.production_max, prod[r])) for r in RESOURCES}


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
