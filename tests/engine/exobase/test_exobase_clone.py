"""Clones share the lists the engine only ever replaces, so applying an action never changes its input."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.exobase import RULES


def _played_kinds(seed: int) -> set[str]:
    """Play a seeded random game, checking at each step that apply left its input state as it was."""
    team = seed % 3 == 2
    options = {"mode": "hardcore" if seed % 2 else "normal", "team": team}
    state = RULES.setup(["a", "b"] if team else ["a"], options, seed)
    rng = Rng(seed + 40)
    kinds: set[str] = set()
    while RULES.outcome(state) is None:
        before = RULES.to_json(state)
        seat = min(RULES.to_move(state))
        action = rng.choice(RULES.legal_actions(state, seat))
        after, _ = RULES.apply(state, seat, action)
        assert RULES.to_json(state) == before, action
        kinds.add(action.kind)
        state = after
    return kinds


def test_every_step_leaves_the_state_it_started_from_as_it_was() -> None:
    kinds = set().union(*(_played_kinds(seed) for seed in range(6)))
    # The steps that replace shared lists (tucked cards, used instants, upgrade picks) were played.
    assert {"tuck", "instant", "upgrade", "build"} <= kinds


def test_to_json_shares_nothing_with_the_state() -> None:
    state = RULES.setup(["a"], {"mode": "normal"}, 3)
    data = RULES.to_json(state)
    data["founders"][0]["used"].append(True)
    data["base"][0]["picks"].append("food")
    assert RULES.to_json(state) != data
