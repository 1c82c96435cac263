"""Values computed from the state rather than stored: production, emergency level, grid geometry."""

from __future__ import annotations

from collections.abc import Mapping

from engine.colony.model import (
    HAND_LIMIT,
    HUB,
    PRODUCTION_MAX,
    PRODUCTION_MIN,
    RESOURCES,
    TRACK,
    Content,
)
from engine.colony.state import ColonyState, Json

STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def cell(key: str) -> tuple[int, int]:
    x, y = key.split(",")
    return int(x), int(y)


def key(x: int, y: int) -> str:
    return f"{x},{y}"


def neighbours(at: str) -> list[str]:
    x, y = cell(at)
    return [key(x + dx, y + dy) for dx, dy in STEPS]


def module_production(content: Content, scenario: str, card: str) -> dict[str, int]:
    """What a switched-on module adds to each production level on this planet."""
    if card == HUB:
        return {}
    planet = content.scenarios[scenario]
    return {r: planet.value(a) for r, a in content.cards[card].production.items()}


def production(state: ColonyState, content: Content) -> dict[str, int]:
    """Scenario start + switched-on modules − Resource Loss tokens (tokens count even when off)."""
    out = dict(content.scenarios[state.scenario].production)
    for module in state.grid.values():
        if not module["off"]:
            for r, n in module_production(content, state.scenario, module["card"]).items():
                out[r] += n
        for r, n in module["loss"].items():
            out[r] -= n
    return out


def within(levels: Mapping[str, int]) -> bool:
    return all(PRODUCTION_MIN <= levels[r] <= PRODUCTION_MAX for r in RESOURCES)


def shifted(levels: Mapping[str, int], change: Mapping[str, int], sign: int = 1) -> dict[str, int]:
    return {r: levels[r] + sign * change.get(r, 0) for r in RESOURCES}


def loss_tokens(state: ColonyState, resource: str) -> int:
    return sum(m["loss"].get(resource, 0) for m in state.grid.values())


def emergency_tokens(state: ColonyState) -> int:
    return sum(int(m["emergency"]) for m in state.grid.values())


def emergency_level(state: ColonyState) -> int:
    """One space per depleted supply and per Emergency token on the base, capped at the last space."""
    depleted = sum(1 for r in RESOURCES if state.supplies[r] == 0)
    return min(len(TRACK) - 1, depleted + emergency_tokens(state))


def lost_by_emergency(state: ColonyState) -> bool:
    return emergency_level(state) >= len(TRACK) - 1


def module_colour(content: Content, card: str) -> str | None:
    return None if card == HUB else content.cards[card].colour


def fits(content: Content, module: Json, where: str) -> bool:
    """Whether an event token aimed at ``where`` (a colour, "any" or "hub") may go on ``module``."""
    if where == "any":
        return True
    if where == HUB:
        return bool(module["card"] == HUB)
    return module_colour(content, module["card"]) == where


def hand_limit_over(state: ColonyState, seat: int) -> int:
    return max(0, len(state.hands[seat]) - HAND_LIMIT)


def has_issue(state: ColonyState, content: Content, seat: int, effect: str) -> bool:
    return any(content.events[e].health == effect for e in state.health[seat])


def actions_for(state: ColonyState, content: Content, seat: int) -> int:
    """Actions of a turn starting now: the emergency track, less one per Fatigue, never below 1."""
    base = TRACK[emergency_level(state)]
    tired = sum(1 for e in state.health[seat] if content.events[e].health == "fatigue")
    return max(1, base - tired)


def distinct(cards: list[str]) -> list[str]:
    return sorted(set(cards))


def tokens(module: Json) -> list[str]:
    loss = module["loss"]
    names = [r for r in RESOURCES if loss.get(r, 0) > 0]
    return ["emergency", *names] if module["emergency"] else names


def repairable(state: ColonyState, content: Content, at: str) -> list[str]:
    """Tokens on the module at ``at`` whose removal keeps production within range."""
    module = state.grid[at]
    levels = production(state, content)
    return [t for t in tokens(module) if t == "emergency" or levels[t] + 1 <= PRODUCTION_MAX]
