"""A turn: the roll, everyone's activation choice, blue and red rewards, the buy, colonies and the end."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.errors import IllegalActionError, NotYourTurnError
from engine.spacebase import CONTENT, RULES
from engine.spacebase.model import GOAL_VP
from engine.spacebase.rewards import same_result
from engine.spacebase.state import SpaceState
from tests.engine.spacebase.sb_helpers import (
    act,
    choose_all,
    deploy,
    finish,
    kinds,
    new,
    put,
    roll,
    to_shipyard,
)

STARTERS = CONTENT.starters()


def _plain(players: int = 2) -> SpaceState:
    """A game whose consoles hold only the starters, every seat with 0 credits."""
    state = new(players)
    for board in state.boards:
        board.station = list(STARTERS)
        board.deployed = [() for _ in range(12)]
        board.credits = board.income = 0
    return state


def test_only_the_active_player_may_roll() -> None:
    state = _plain()
    with pytest.raises(NotYourTurnError):
        act(state, 1, "roll")
    assert RULES.to_move(state) == {0}


def test_the_active_player_gains_blue_and_others_red_by_their_own_choice() -> None:
    state = _plain()
    deploy(state, 1, STARTERS[2], 3)
    deploy(state, 1, STARTERS[3], 4)
    state, _ = roll(state, 3, 4)
    # Seat 0's station cards differ between sector 7 and sectors 3+4; seat 1 has red cards only there.
    assert RULES.to_move(state) == {0, 1}
    state, _ = act(state, 0, "choose", option="sum")
    assert state.boards[0].credits == 0, "nothing is granted before every choice is in"
    state, events = act(state, 1, "choose", option="single")
    blue = {s: CONTENT.cards[STARTERS[s - 1]].blue[0].n for s in (3, 4, 7)}
    red = CONTENT.cards[STARTERS[2]].red[0].n
    assert state.boards[0].credits == blue[7]
    assert state.boards[1].credits == 2 * red
    assert state.phase == "main" and "choice_revealed" in kinds(events)


def test_a_seat_with_the_same_result_either_way_is_settled_automatically() -> None:
    state = _plain(3)
    state, events = roll(state, 2, 5)
    assert RULES.to_move(state) == {0}
    automatic = [e for e in events if e.kind == "choice_automatic"]
    assert {e.data["seat"] for e in automatic} == {1, 2}


def test_the_same_total_from_one_card_or_two_is_the_same_result() -> None:
    # Sector 11's starter gives +8 credits; sectors 5 and 6 give +4 each: nothing to choose.
    state = _plain()
    assert [CONTENT.cards[STARTERS[s - 1]].blue[0].n for s in (5, 6, 11)] == [4, 4, 8]
    state, events = roll(state, 5, 6)
    automatic = [e for e in events if e.kind == "choice_automatic"]
    assert {e.data["seat"] for e in automatic} == {0, 1}
    assert state.phase == "main" and state.boards[0].credits == 8


def test_rewards_that_add_up_compare_by_their_totals_and_charges_by_their_card() -> None:
    credits = CONTENT.cards[STARTERS[0]].blue[0]
    assert credits.kind == "credits"
    double = replace(credits, n=2 * credits.n)
    assert same_result([(STARTERS[0], credits), (STARTERS[1], credits)], [(STARTERS[2], double)])
    assert not same_result([(STARTERS[0], credits)], [(STARTERS[2], double)])
    card, charge = next(
        (c.id, r)
        for c in CONTENT.cards.values()
        for r in (*c.blue, *c.red)
        if r.kind == "charge" and r.n == 1
    )
    other = next(c.id for c in CONTENT.cards.values() if c.ability is not None and c.id != card)
    # Cubes add up on the card that gave them; on another card they are another result.
    assert same_result([(card, charge), (card, charge)], [(card, replace(charge, n=2))])
    assert not same_result([(card, charge)], [(other, charge)])


def test_doubles_activate_the_sector_twice() -> None:
    state = _plain()
    state, _ = roll(state, 2, 2)
    state, _ = act(state, 0, "choose", option="single")
    assert state.boards[0].credits == 2 * CONTENT.cards[STARTERS[1]].blue[0].n


def test_a_buy_spends_every_credit_and_deploys_the_old_station_card() -> None:
    state = _plain()
    ship = next(c for c in state.shipyard["1"])
    state.boards[0].credits = CONTENT.cards[ship].cost + 3
    state.boards[0].income = 2
    state, _ = roll(state, 1, 1)
    state = choose_all(state)
    sector = CONTENT.sector_of(ship)
    before = state.boards[0].credits
    assert before > CONTENT.cards[ship].cost
    state, events = act(state, 0, "buy", card=ship, sector=sector)
    board = state.boards[0]
    assert board.station[sector - 1] == ship
    assert board.deployed[sector - 1] == (STARTERS[sector - 1],)
    assert len(state.shipyard["1"]) == 6 and "card_gained" in kinds(events)
    # Nothing else to do: the turn ends by itself, and the spent credits rise only to income.
    assert "turn_ended" in kinds(events) and state.active == 1 and state.phase == "roll"
    assert board.credits == 2


def test_only_one_normal_buy_a_turn() -> None:
    state = _plain()
    state.boards[0].credits = 40
    state, _ = roll(state, 1, 1)
    state = choose_all(state)
    ship = state.shipyard["1"][0]
    state.boards[0].charges[STARTERS[0]] = 0
    state, _ = act(state, 0, "buy", card=ship, sector=CONTENT.sector_of(ship))
    assert state.boards[0].credits == 0 or state.active == 1
    if state.active == 0:
        other = state.shipyard["1"][0]
        with pytest.raises(IllegalActionError):
            act(state, 0, "buy", card=other, sector=CONTENT.sector_of(other))


def test_credits_above_income_are_kept_when_nothing_is_bought() -> None:
    state = _plain()
    state.boards[0].credits, state.boards[0].income = 7, 3
    state, _ = roll(state, 1, 1)
    state = choose_all(state)
    state = finish(state, 0)
    assert state.boards[0].credits >= 7


def test_a_colony_scores_at_once_and_closes_its_sector() -> None:
    state = _plain()
    colony = state.colonies[4]
    assert colony is not None
    info = CONTENT.cards[colony]
    state.boards[0].credits = info.cost
    state, _ = roll(state, 6, 6)
    state = choose_all(state)
    state, _ = act(state, 0, "buy", card=colony, sector=5)
    assert state.boards[0].vp == info.immediate[0].n and state.colonies[4] is None
    state = finish(state, 0)
    # Seat 1's turn, then back to seat 0: sector 5 gives seat 0 nothing and may take no more ships.
    state, _ = roll(state, 1, 1)
    state = choose_all(state)
    state = finish(state, 1)
    state.boards[0].credits = 0
    state, _ = roll(state, 5, 5)
    assert 0 in RULES.to_move(state)
    state, _ = act(state, 0, "choose", option="single")
    assert state.boards[0].credits == 0
    five = next(c for c in CONTENT.cards.values() if c.type == "ship" and c.sector == 5 and c.level == 1)
    to_shipyard(state, five.id)
    state.boards[0].credits = 50
    assert not [a for a in RULES.legal_actions(state, 0) if a.get("sector") == 5 and a.kind == "buy"]


def test_the_game_ends_after_equal_turns_once_someone_reaches_the_goal() -> None:
    state = _plain(3)
    state.boards[1].vp = GOAL_VP
    state.active = 1
    state, _ = roll(state, 1, 1)
    state = choose_all(state)
    state = finish(state, 1)
    assert state.outcome is None and state.active == 2
    state, _ = roll(state, 1, 1)
    state = choose_all(state)
    state.boards[2].vp = GOAL_VP + 3
    state.boards[2].credits = 0
    state, events = act(state, 2, "end")
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == {2} and "game_over" in kinds(events)
    assert RULES.to_move(state) == frozenset()


def test_a_tied_lead_plays_another_round() -> None:
    state = _plain(2)
    state.active = 1
    state.boards[0].vp = state.boards[1].vp = GOAL_VP
    state, _ = roll(state, 1, 1)
    state = choose_all(state)
    state, events = act(state, 1, "end")
    assert state.outcome is None and "tie_round" in kinds(events)
    state, _ = roll(state, 1, 1)
    state = choose_all(state)
    state.boards[0].vp += 1
    state, _ = act(state, 0, "end")
    state, _ = roll(state, 1, 1)
    state = choose_all(state)
    state = finish(state, 1)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == {0}


def test_put_helper_keeps_cards_conserved() -> None:
    state = _plain()
    put(state, 0, state.shipyard["2"][0])
    assert len(state.shipyard["2"]) == 5


@pytest.mark.parametrize("first_to_goal", [0, 1])
def test_a_lead_still_tied_after_five_extra_rounds_is_shared(first_to_goal: int) -> None:
    # Whichever seat's turn reached the goal, the tied players share the win after exactly five
    # extra rounds (docs/spacebase.md, ruling 6).
    state = _plain(2)
    state.active = first_to_goal
    for board in state.boards:
        board.vp = GOAL_VP
    extra = 0
    while state.outcome is None:
        state, _ = roll(state, 1, 1)
        state = choose_all(state)
        state, events = act(state, state.active, "end")
        extra += kinds(events).count("tie_round")
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == {0, 1} and extra == 5


def test_cards_deployed_under_a_colony_still_pay_on_others_turns() -> None:
    state = _plain()
    colony = state.colonies[4]
    assert colony is not None
    put(state, 1, colony, 5)
    deploy(state, 1, STARTERS[4], 5)
    state, _ = roll(state, 5, 5)
    state = choose_all(state)
    assert state.boards[1].credits == 2 * CONTENT.cards[STARTERS[4]].red[0].n
