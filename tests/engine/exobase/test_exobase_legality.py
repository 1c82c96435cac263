"""apply accepts exactly the actions legal_actions lists, over many states and a broad set of candidates."""

from __future__ import annotations

import pytest

from engine.core.action import Action
from engine.core.errors import IllegalActionError
from engine.core.rng import Rng
from engine.exobase import CONTENT, RULES
from engine.exobase.state import ExoState

JUNK = [
    Action.of("teleport"),
    Action.of("work"),
    Action.of("build", founder="mara", card="well", at="0,01"),
    Action.of("work", founder="tamsin", card="hab", space=True),
    Action.of("instant", founder="tamsin", ability="founder:9"),
    Action.of("rest", founder="nobody"),
]


def _states(seed: int, every: int) -> list[ExoState]:
    """Every ``every``-th state of a seeded random game (hardcore on odd seeds, a team of two on some)."""
    team = seed % 4 == 0
    state = RULES.setup(
        ["a", "b"] if team else ["a"], {"mode": "hardcore" if seed % 2 else "normal", "team": team}, seed
    )
    rng = Rng(seed * 7 + 1)
    out: list[ExoState] = []
    step = 0
    while state.outcome is None:
        if step % every == 0:
            out.append(state)
        seat = min(RULES.to_move(state))
        state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
        step += 1
    return out


def _variants(action: Action) -> list[Action]:
    """The action with its founder swapped for every founder of the content, and without arguments."""
    out = [Action(action.kind)]
    if action.get("founder") is not None:
        for fid in CONTENT.founders:
            out.append(Action.of(action.kind, **{**action.params, "founder": fid}))
    return out


def _pool(seeds: range) -> set[Action]:
    pool = set(JUNK)
    for seed in seeds:
        for state in _states(seed, 1):
            for action in RULES.legal_actions(state, 0):
                pool.add(action)
                pool.update(_variants(action))
    return pool


@pytest.mark.parametrize("chunk", range(2))
def test_apply_accepts_exactly_the_legal_actions(chunk: int) -> None:
    pool = sorted(_pool(range(100 + chunk * 2, 102 + chunk * 2)), key=str)
    for seed in range(chunk * 3, chunk * 3 + 3):
        for state in _states(seed, 8):
            legal = set(RULES.legal_actions(state, 0))
            before = RULES.to_json(state)
            for action in pool:
                if action in legal:
                    RULES.apply(state, 0, action)
                else:
                    with pytest.raises(IllegalActionError):
                        RULES.apply(state, 0, action)
            assert RULES.to_json(state) == before
