"""``apply`` checks a move against the legal moves of its kind only: that list must be exactly the
full list's moves of that kind, in every phase of real games."""

from __future__ import annotations

import pytest

from engine.core import Rng
from engine.europa import CONTENT, RULES
from engine.europa.legal import legal
from engine.europa.policies import POLICIES

KINDS = (
    "choose",
    "finalize",
    "undermine",
    "pass",
    "roll",
    "keep",
    "release",
    "build",
    "stop",
    "ingenuity",
    "use_plan",
    "destroy",
    "give_up",
    "plan",
    "no_plan",
    "redraw",
    "away",
    "back",
)


@pytest.mark.parametrize(("players", "invaders"), [(2, True), (3, False), (4, True)])
def test_legal_moves_of_one_kind_match_the_full_list(players: int, invaders: bool) -> None:
    choose = POLICIES["random"]
    for game in range(6):
        rng = Rng(game)
        state = RULES.setup([f"p{i}" for i in range(players)], {"invaders": invaders}, 40 + game)
        while RULES.outcome(state) is None:
            for seat in range(players):
                full = RULES.legal_actions(state, seat)
                for kind in KINDS:
                    assert legal(state, CONTENT, seat, kind) == [a for a in full if a.kind == kind]
            seat = min(RULES.to_move(state))
            state, _ = RULES.apply(
                state, seat, choose(CONTENT, state, seat, RULES.legal_actions(state, seat), rng)
            )
