"""Team play: placement ends only when every seat has pressed Ready; acting again withdraws it."""

from __future__ import annotations

import pytest

from engine.core.action import Action
from engine.core.errors import AlreadyDoneError, IllegalActionError
from engine.exobase import RULES
from engine.exobase.state import ExoState
from tests.engine.exobase.exo_helpers import FOUR, act, new

READY = Action.of("end_placement")


def test_placement_ends_when_every_seat_is_ready() -> None:
    state = new(6, founders=FOUR, team=True)
    assert RULES.to_move(state) == frozenset({0, 1})
    state, events = act(state, "end_placement", seat=0)
    assert state.phase == "placement" and RULES.to_move(state) == frozenset({1})
    assert [e.text for e in events] == ["Ready to end placement; waiting for p2."]
    assert READY not in RULES.legal_actions(state, 0) and READY in RULES.legal_actions(state, 1)
    with pytest.raises(AlreadyDoneError) as refused:
        act(state, "end_placement", seat=0)
    assert str(refused.value) == "You are already ready; placement ends when p2 also presses Ready."
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


def _to_night(team: bool) -> ExoState:
    """Night of day 1, a founder back from a task (so a tuck is open)."""
    state = new(6, founders=FOUR, team=team)
    task = next(a for a in RULES.legal_actions(state, 0) if a.kind == "task")
    state, _ = RULES.apply(state, 0, task)
    for seat in (0, 1) if team else (0,):
        state, _ = act(state, "end_placement", seat=seat)
    while state.phase != "night":
        seat = min(RULES.to_move(state))
        action = RULES.timeout_action(state, seat)
        assert action is not None
        state, _ = RULES.apply(state, seat, action)
    return state


def test_the_night_ends_when_every_seat_is_ready_and_a_tuck_withdraws_readiness() -> None:
    # One seat's press must not take a teammate's tuck or rest away.
    state = _to_night(team=True)
    assert state.outcome is None
    tuck = next(a for a in RULES.legal_actions(state, 1) if a.kind == "tuck")
    state, events = act(state, "next_day", seat=0)
    assert state.phase == "night" and RULES.to_move(state) == frozenset({1})
    assert [e.text for e in events] == ["Ready to end the night; waiting for p2."]
    with pytest.raises(IllegalActionError, match="the night ends when p2"):
        act(state, "next_day", seat=0)
    state, events = RULES.apply(state, 0, tuck)
    assert state.ready == [] and state.phase == "night"
    # The kept card is told by its task side, the side the founder worked and now keeps.
    task = RULES.content.cards[str(tuck.arg("card"))].task
    assert task is not None and f"keeps the task {task.name} as an ability" in events[0].text
    state, _ = act(state, "next_day", seat=1)
    state, _ = act(state, "next_day", seat=0)
    assert state.phase != "night" and state.ready == []


def test_solo_ends_the_night_with_one_press() -> None:
    state = _to_night(team=False)
    state, _ = act(state, "next_day")
    assert state.day == 2 and state.phase != "night"


def test_a_teammate_whose_time_ran_out_only_says_ready() -> None:
    # The founders and instants are the whole team's: the bot does not spend them for one member.
    state = new(6, founders=FOUR, team=True)
    assert RULES.timeout_action(state, 1) == READY
    night = _to_night(team=True)
    assert RULES.timeout_action(night, 1) == Action.of("next_day")
    # Alone, the player's whole placement is played for them.
    solo = new(6, founders=FOUR)
    action = RULES.timeout_action(solo, 0)
    assert action is not None and action != READY
