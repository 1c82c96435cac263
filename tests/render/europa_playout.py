"""Seeded playouts of the real Europa Base Alpha engine, giving the state after every action."""

from __future__ import annotations

from collections.abc import Iterator

from engine.core.rng import Rng
from engine.europa import RULES
from engine.europa.policies import greedy_policy
from engine.europa.state import EuropaState

NAMES = ("Ana", "Bartholomew", "Chloé", "Dmitri")


def europa_playout(seed: int, players: int, *, invaders: bool) -> Iterator[EuropaState]:
    """Yield the state after setup and after every action of a game played by the greedy policy."""
    state = RULES.setup(list(NAMES[:players]), {"invaders": invaders}, seed)
    rng = Rng(seed)
    yield state
    while state.outcome is None:
        seat = min(RULES.to_move(state))
        actions = [a for a in RULES.legal_actions(state, seat) if a.kind not in ("away", "back")]
        state, _ = RULES.apply(state, seat, greedy_policy(RULES.content, state, seat, actions, rng))
        yield state


def sampled(seed: int, players: int, *, invaders: bool, every: int = 1) -> list[EuropaState]:
    """The first state of every (round, phase), every ``every``-th state of the build phase and the
    first state showing a destroyed die."""
    seen: set[tuple[int, str] | str] = set()
    out: list[EuropaState] = []
    for index, state in enumerate(europa_playout(seed, players, invaders=invaders)):
        key = (state.round, state.phase)
        wrecked = any(a is not None and any(d["x"] for d in a["dice"]) for a in state.attempt)
        if (
            key not in seen
            or (state.phase == "build" and index % every == 0)
            or (wrecked and "wrecked" not in seen)
        ):
            seen.update({key, "wrecked"} if wrecked else {key})
            out.append(state)
    return out
