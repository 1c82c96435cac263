"""Team play: placement ends only when every seat has pressed Ready; acting again withdraws it."""

from __future__ import annotations

import pytest

from engine.core.action import Action
from engine.core.errors import IllegalActionError
from engine.exobase import RULES
from tests.engine.exobase.exo_helpers import FOUR, act, new

READY = Action.of("end_placement")


def test_placement_ends_when_every_seat_is_ready() -> None:
    state = new(6, founders=FOUR, team=True)
    assert RULES.to_move(state) == frozenset({0, 1})
    state, events = act(state, "end_placement", seat=0)
    assert state.phase == "placement" and RULES.to_move(state) == frozenset({1})
    assert [e.text for e in events] == ["Ready to end placement; waiting for p2."]
    assert READY not in RULES.legal_actions(state, 0) and READY in RULES.legal_actions(state, 1)
    with pytest.raises(IllegalActionError, match="already ready"):
        act(state, "end_placement", seat=0)
    state, _ = act(state, "end_placement", seat=1)
    assert state.phase == "hazard" and state.ready == []
    assert RULES.to_move(state) == frozenset({0, 1})


def test_acting_again_withdraws_readiness() -> None:
    state = new(6, founders=FOUR, team=True)
    state, _ = act(state, "end_placement", seat=0)
    state, _ = act(state, "work", seat=0, founder="tamsin", card="greenhouse", space=0)
    assert state.ready == [] and RULES.to_move(state) == frozenset({0, 1})
    state, _ = act(state, "end_placement", seat=1)
    assert state.phase == "placement" and RULES.to_move(state) == frozenset({0})
    # Another seat's placement leaves a ready seat ready.
    state, _ = act(state, "work", seat=0, founder="vesna", card="machine_shop", space=0)
    assert state.ready == [1]


def test_solo_ends_placement_with_one_press() -> None:
    state = new(6, founders=FOUR)
    state, _ = act(state, "end_placement")
    assert state.phase == "hazard" and RULES.to_move(state) == frozenset({0})
