"""What a choice is worth is what it will grant: a bonus roll ignores claims and extra buys, a full
card takes no cube, so neither counts towards whose choice matters or the AI's pick; a trade, which
has no pass, is told as what the player must do."""

from __future__ import annotations

from engine.core.action import Action
from engine.spacebase import CONTENT, RULES
from engine.spacebase.state import SpaceState
from tests.engine.spacebase.sb_helpers import act, activate, clarified, deploy, plain, put, roll

BONUS = "g2_018"  # sector 6: blue "a bonus roll"
CLAIMER = "l2_001"  # sector 1: blue "claim a level 1 card from the shipyard"
PINNACE = "l1_032"  # sector 8: red "+1 charge", an ability of 2 cubes
CUTTER = "l1_012"  # sector 3: red "+1 credits"


def bonus_roll_of_ones() -> SpaceState:
    """Seat 0's bonus roll shows 1 and 1: the sum (sector 2, a starter) pays 4 credits, each die
    (sector 1 twice) only a claim, which a bonus roll ignores."""
    state = plain(expansion="genesis")
    put(state, 0, BONUS)
    put(state, 0, CLAIMER)
    state, _ = activate(state, CONTENT.sector_of(BONUS))
    assert state.pending and state.pending[0]["kind"] == "bonus_roll"
    state.pending[0]["dice"] = [1, 1]
    return state


def full_card_rolled(with_cutter: bool) -> SpaceState:
    """Seat 1 (not active) has a full Borealis Pinnace deployed in sector 8; seat 0 rolls 3 and 5."""
    state = plain(2)
    deploy(state, 1, PINNACE)
    if with_cutter:
        deploy(state, 1, CUTTER)
    state.boards[1].charges[PINNACE] = 2
    state, _ = roll(state, 3, 5)
    return state


def test_a_missed_bonus_roll_takes_the_credits_not_a_claim_the_roll_ignores() -> None:
    state = bonus_roll_of_ones()
    _, events = act(state, 0, "choose", option="single")
    assert events[0].text == "p1 gains nothing new."
    assert RULES.timeout_action(state, 0) == Action.of("choose", option="sum")


def test_a_seat_whose_only_difference_is_a_cube_a_full_card_cannot_take_is_not_waited_for() -> None:
    state = full_card_rolled(with_cutter=False)
    assert 1 not in RULES.to_move(state)


def test_a_missed_choice_takes_a_credit_over_a_cube_a_full_card_cannot_take() -> None:
    state = full_card_rolled(with_cutter=True)
    assert RULES.timeout_action(state, 1) == Action.of("choose", option="single")


def test_a_trade_is_told_as_what_the_player_must_do() -> None:
    state = plain(3, expansion="genesis")
    state, _ = activate(state, 12)
    info = clarified(130)
    state.colonies[info.sector - 1] = info.id
    state.boards[0].credits = info.cost
    state, events = act(state, 0, "buy", card=info.id, sector=info.sector)
    assert state.pending[0]["kind"] == "trade"
    [told] = [e.text for e in events if e.kind == "rewards" and e.data["seat"] == 0]
    assert "must trade a card with another player" in told and "may trade" not in told


def test_a_bonus_roll_whose_options_grant_the_same_is_taken_for_the_player() -> None:
    # Sum 9 pays +8 credits from one ship, each die +4 from a starter: nothing to choose.
    state = plain(expansion="genesis")
    put(state, 0, BONUS)
    put(state, 0, "g1_025")  # sector 9: blue "+8 credits"
    state, _ = activate(state, CONTENT.sector_of(BONUS))
    assert state.pending and state.pending[0]["kind"] == "bonus_roll"
    state.pending[0]["dice"] = [4, 5]
    credits = state.boards[0].credits
    state, events = act(state, 1, "auto", on=True)  # any move lets the engine settle what it can
    assert not state.pending and "choice_automatic" in [e.kind for e in events]
    assert state.boards[0].credits == credits + 8


def test_an_auto_seat_is_not_stopped_by_a_claim_its_bonus_roll_ignores() -> None:
    state = bonus_roll_of_ones()
    credits = state.boards[0].credits
    state, events = act(state, 0, "auto", on=True)
    # The sum's +4 credits is taken; each die's claim is no stake, since the roll ignores it.
    assert not state.pending and state.boards[0].credits == credits + 4
    assert "rewards" in [e.kind for e in events]
