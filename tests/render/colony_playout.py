"""Seeded playouts of the real Exoplanet Colony engine: the table view and events after every action."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.colony import RULES
from engine.colony.policies import POLICIES
from engine.colony.sim import acting_seat
from engine.core import Event
from engine.core.rng import Rng


def colony_playout(
    seed: int, players: int, *, policy: str = "greedy", scenario: str = "verdance", steps: int = 2000
) -> Iterator[tuple[dict[str, Any], list[Event]]]:
    """Yield (view, events) after setup and after every action of a game played by ``policy``."""
    state = RULES.setup([f"Player {i + 1}" for i in range(players)], {"scenario": scenario}, seed)
    rng = Rng(seed)
    yield RULES.view(state, None), []
    for _ in range(steps):
        if RULES.outcome(state) is not None:
            return
        seat = acting_seat(state)
        action = POLICIES[policy](RULES.content, state, seat, RULES.legal_actions(state, seat), rng)
        state, events = RULES.apply(state, seat, action)
        yield RULES.view(state, None), events
