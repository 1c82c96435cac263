"""State that is computed, never stored: energy, power, production, storage caps, adjacency."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from types import MappingProxyType
from typing import Any

from engine.exobase.grid import Cell
from engine.exobase.model import BASE_STORAGE_CAP, OPPOSITE, RESOURCES, STEP, Content
from engine.exobase.state import ExoState, Json


@dataclass(frozen=True)
class Derived:
    """Shared between states with the same base and founders, so its mappings are read-only.

    ``raw`` is production before the track's limits; ``production`` is what the track shows
    (``raw`` less the units lost off its ends, see ``track``).
    """

    supply: int
    demand: int
    powered: frozenset[str]
    production: Mapping[str, int]
    raw: Mapping[str, int]
    cap: Mapping[str, int]

    @property
    def bank(self) -> int:
        """Spare cubes in the Power Bank; negative while the player still owes dark locations."""
        return self.supply - self.demand


_card_of = itemgetter("card")
# What derive reads: per living founder (id, tucked cards); per location (card, level, damaged,
# picks, dark).
_FounderKey = tuple[str, tuple[str, ...]]
_PlacedKey = tuple[str, int, bool, tuple[str, ...], bool]


def passives(state: ExoState, content: Content, founder: Json) -> list[Mapping[str, Any]]:
    """The passive effects a living founder has: their own and those of tucked passive task cards."""
    if not founder["alive"]:
        return []
    return _passives(content, founder["id"], [t["card"] for t in founder["tucked"]])


def _passives(content: Content, fid: str, tucked: Iterable[str]) -> list[Mapping[str, Any]]:
    effects: list[Mapping[str, Any]] = [content.founders[fid].passive.effect]
    for cid in tucked:
        task = content.cards[cid].task
        if task is not None and task.ability.kind == "passive":
            effects.append(task.ability.effect)
    return effects


@lru_cache(maxsize=4096)
def _card_facts(
    content: Content, cid: str, level: int, damaged: bool
) -> tuple[int, int, tuple[tuple[str, int], ...], int]:
    """(energy supplied, energy needed, production, extra storage) of a card at a level.

    Bolt icons on builds and upgrades are not here: their cubes join the Power Bank for
    good (``ExoState.bolts``), as the rulebook adds them to the bank, not to the card.
    """
    card = content.cards[cid]
    benefits = [card.build] + [card.levels[i].benefit for i in range(1, level)]
    supply = 0
    if card.generator:
        energy = card.levels[level - 1].energy
        supply = (energy + 1) // 2 if damaged else energy
    production: dict[str, int] = {}
    for benefit in benefits:
        for r, n in benefit.production.items():
            production[r] = production.get(r, 0) + n
    storage = card.levels[level - 1].storage if card.silo else 0
    return supply, card.needs(level), tuple(production.items()), storage


@lru_cache(maxsize=1024)
def _founder_share(
    content: Content, founders: tuple[_FounderKey, ...]
) -> tuple[int, int, tuple[tuple[str, int], ...]]:
    """(energy, extra storage, production in effect order) the living founders' passives add."""
    supply = 0
    extra = 0
    production: list[tuple[str, int]] = []
    for fid, tucked in founders:
        for effect in _passives(content, fid, tucked):
            supply += effect.get("energy", 0)
            extra += effect.get("storage", 0)
            production += effect.get("production", {}).items()
    return supply, extra, tuple(production)


def derive(state: ExoState, content: Content) -> Derived:
    """Energy, power, production and storage caps, computed once per distinct base and founders."""
    founders = tuple([(f["id"], tuple(map(_card_of, f["tucked"]))) for f in state.founders if f["alive"]])
    dark = state.dark
    base = tuple(
        [(b["card"], b["level"], b["damage"] != 0, tuple(b["picks"]), b["card"] in dark) for b in state.base]
    )
    lost = tuple(sorted(state.overflow.items()))
    return _derive(content, state.mode, founders, base, state.bolts, lost)


@lru_cache(maxsize=8192)
def _derive(
    content: Content,
    mode_key: str,
    founders: tuple[_FounderKey, ...],
    base: tuple[_PlacedKey, ...],
    bolts: int,
    lost: tuple[tuple[str, int], ...],
) -> Derived:
    mode = content.modes[mode_key]
    prod = dict(mode.start_production)
    supply, extra, boosts = _founder_share(content, founders)
    for r, n in boosts:
        prod[r] += n
    facts = [_card_facts(content, cid, level, damaged) for cid, level, damaged, _, _ in base]
    supply += bolts + sum(f[0] for f in facts)
    demand = 0
    powered: set[str] = set()
    for (cid, _, _, picks, dark), (_, need, production, storage) in zip(base, facts, strict=True):
        extra += storage
        if dark:
            continue
        demand += need
        powered.add(cid)
        for r, n in production:
            prod[r] += n
        for r in picks:
            prod[r] += 1
    top = mode.production_max
    off = dict(lost)
    return Derived(
        supply=supply,
        demand=demand,
        powered=frozenset(powered),
        production=MappingProxyType({r: max(0, min(top, prod[r] - off.get(r, 0))) for r in RESOURCES}),
        raw=MappingProxyType(prod),
        cap=MappingProxyType({r: BASE_STORAGE_CAP + extra for r in RESOURCES}),
    )


def track(state: ExoState, content: Content, d: Derived) -> bool:
    """Move the production markers the way the printed track does; returns whether any moved.

    A marker cannot pass either end of the track: a gain above the maximum is lost, so a
    later loss lowers the marker from the maximum, not from a hidden surplus. ``overflow``
    keeps, per resource, how far the raw sum has drifted from the marker.
    """
    top = content.modes[state.mode].production_max
    moved = False
    for r in RESOURCES:
        shown = d.raw[r] - state.overflow.get(r, 0)
        drift = shown - top if shown > top else min(shown, 0)
        if drift:
            state.overflow[r] = state.overflow.get(r, 0) + drift
            moved = True
    return moved


def adjacency(state: ExoState, content: Content) -> dict[str, frozenset[str]]:
    """Which base locations each location reaches through a doorway."""
    at = {(b["x"], b["y"]): b["card"] for b in state.base}
    return {b["card"]: _linked(content, at, b) for b in state.base}


def linked(state: ExoState, content: Content, cid: str) -> frozenset[str] | None:
    """The base locations ``cid`` reaches through a doorway; None when it is not in the base."""
    placed = state.placed(cid)
    if placed is None:
        return None
    return _linked(content, {(b["x"], b["y"]): b["card"] for b in state.base}, placed)


def _linked(content: Content, at: Mapping[Cell, str], placed: Json) -> frozenset[str]:
    near: list[str] = []
    for side in content.cards[placed["card"]].doors:
        dx, dy = STEP[side]
        other = at.get((placed["x"] + dx, placed["y"] + dy))
        if other is not None and OPPOSITE[side] in content.cards[other].doors:
            near.append(other)
    return frozenset(near)


def in_green(state: ExoState, content: Content, production: Mapping[str, int]) -> int:
    """Units of production into the green area (the first green space counts as one)."""
    green = content.modes[state.mode].green
    return sum(max(0, production[r] - green[r] + 1) for r in RESOURCES)


def days_left(state: ExoState, content: Content) -> int:
    return max(0, content.modes[state.mode].days - state.day + 1)
