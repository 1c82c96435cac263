"""The states ``apply`` returns share their unchanged parts with earlier states: no later move, of a
player or of an AI seat, may change any state of the game already handed out."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.europa import CONTENT, RULES
from engine.europa.policies import random_policy
from engine.europa.state import EuropaState

GAMES = 4


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("invaders", [False, True])
def test_no_move_changes_a_state_handed_out_before(players: int, invaders: bool) -> None:
    for game in range(GAMES):
        seed = 900 + 10 * players + game
        rng = Rng(seed)
        # One AI seat in every other game: the engine's own moves share parts too.
        ai = game % 2
        names = [f"p{i}" for i in range(players - ai)]
        state = RULES.setup(names, {"invaders": invaders, "ai": ai}, seed)
        history: list[tuple[EuropaState, dict[str, object]]] = []
        while RULES.outcome(state) is None:
            history.append((state, RULES.to_json(state)))
            seat = min(RULES.to_move(state))
            action = random_policy(CONTENT, state, seat, RULES.legal_actions(state, seat), rng)
            state, _ = RULES.apply(state, seat, action)
        assert all(RULES.to_json(old) == frozen for old, frozen in history)
