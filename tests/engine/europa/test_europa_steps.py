"""Steps 1–6 of a round, with fixed seeds and dice set by hand."""

from __future__ import annotations

import json

import pytest

from engine.core.errors import IllegalActionError, NotYourTurnError
from engine.core.game import Event
from engine.europa import CONTENT, RULES
from engine.europa.round import end_game
from engine.europa.state import EuropaState
from tests.engine.europa.eu_helpers import (
    act,
    attempt,
    fail_seat,
    give,
    kinds,
    meet,
    miss,
    new,
    set_dice,
    small,
    to_build,
    to_undermine,
)


@pytest.mark.parametrize(("players", "rounds"), [(2, 4), (3, 3), (4, 4)])
def test_setup_deals_five_cards_and_sets_the_rounds(players: int, rounds: int) -> None:
    state = new(players)
    assert state.rounds == rounds and state.first == 0 and state.phase == "choose"
    assert all(len(h) == 5 for h in state.hands)
    assert len(state.deck) == 80 - 5 * players
    assert RULES.to_move(state) == frozenset(range(players))
    assert len(new(players, invaders=True).deck) == 92 - 5 * players


def test_bad_options_and_seat_counts_are_refused() -> None:
    for options in ({"invaders": "yes"}, {"undermine_limit": 3}, {"ai": -1}):
        with pytest.raises(IllegalActionError):
            new(2, **options)
    with pytest.raises(IllegalActionError):
        RULES.setup(["solo"], {}, 1)
    with pytest.raises(IllegalActionError):
        RULES.setup(["a", "b", "c"], {"ai": 2}, 1)


def test_base_choice_is_secret_and_simultaneous() -> None:
    state = new(3)
    chosen = state.hands[1][0]
    state, events = act(state, 1, "choose", card=chosen)
    assert RULES.to_move(state) == frozenset({0, 2})
    private = [e for e in events if e.audience is not None]
    public = [e for e in events if e.audience is None]
    assert private and all(e.audience == frozenset({1}) for e in private)
    name = CONTENT.cards[chosen].name
    assert all(name not in e.text and chosen not in json.dumps(e.data) for e in public)
    table = json.dumps(RULES.view(state, None))
    assert f'"{chosen}"' not in table
    assert RULES.view(state, None)["players"][1]["chosen"] is True
    assert RULES.view(state, 1)["you"]["choice"]["id"] == chosen
    # Another seat's legal moves are untouched by that choice.
    assert RULES.legal_actions(state, 0) == RULES.legal_actions(new(3), 0)


def test_reveal_goes_in_turn_order_and_opens_undermining() -> None:
    state = new(3)
    state.first = 2
    for seat in (0, 1):
        state, _ = act(state, seat, "choose", card=state.hands[seat][0])
    state, events = act(state, 2, "choose", card=state.hands[2][0])
    revealed = [e.data["seat"] for e in events if e.kind == "base_revealed"]
    assert revealed == [2, 0, 1]
    assert state.phase == "undermine" and RULES.to_move(state) == frozenset({2})
    with pytest.raises(NotYourTurnError):
        act(state, 0, "pass")


def test_undermining_is_capped_per_base_and_by_the_beginners_rule() -> None:
    for limit in (1, 2):
        state = new(3, undermine_limit=limit)
        state.first = 1
        state = to_undermine(state, {})
        for seat in (1, 2):
            target = 0
            plays = [
                a
                for a in RULES.legal_actions(state, seat)
                if a.kind == "undermine" and a.get("target") == target
            ]
            if len(state.undermines[0]) < limit:
                state, _ = RULES.apply(state, seat, next(a for a in plays if not a.get("discard")))
            else:
                assert not plays
            state, _ = act(state, seat, "pass")
        assert len(state.undermines[0]) == limit


def test_main_rolls_keep_and_star_lock() -> None:
    state = to_build(new(2), {})
    assert state.phase == "build" and RULES.to_move(state) == frozenset({0, 1})
    assert [a.kind for a in RULES.legal_actions(state, 0) if a.kind != "away"] == ["roll"]
    state, events = act(state, 0, "roll")
    assert "dice_rolled" in kinds(events)
    att = state.attempt[0]
    assert att is not None and att["rolls_left"] == 2 and all(d["f"] for d in att["dice"])
    set_dice(state, 0, [["star"], ["tower"]])
    state, _ = act(state, 0, "keep", die=0)
    legal = RULES.legal_actions(state, 0)
    assert all(not (a.kind == "release" and a.get("die") == 0) for a in legal)
    state, _ = act(state, 0, "roll")
    assert attempt(state, 0)["dice"][0]["f"] == ["star"]
    assert attempt(state, 0)["rolls_left"] == 1


def test_a_built_base_earns_one_token_per_star_used() -> None:
    base = small()
    state = to_build(new(2), {0: base})
    state, _ = act(state, 0, "roll")
    meet(state, 0)
    attempt(state, 0)["dice"][0]["f"] = ["star"]
    state, events = act(state, 0, "build")
    built = next(e for e in events if e.kind == "base_built")
    assert built.data["tokens"] == 1 and state.status[0] == "succeeded"
    assert state.bases[0] == [{"card": base, "tokens": 1}]


def test_three_missed_main_rolls_with_no_help_fail_the_base() -> None:
    base = small()
    state = new(2)
    give(state, 0, base)
    # Nothing in hand can help: every card's ingenuity is out of play without dice to change.
    state = to_build(state, {0: base})
    for _ in range(3):
        state, _ = act(state, 0, "roll")
        if state.attempt[0] is None:
            break
        miss(state, 0)
    if state.attempt[0] is not None:
        state, _ = act(state, 0, "give_up")
    assert state.status[0] == "failed" and base in state.discard


def test_success_then_another_base_then_failure_loses_the_whole_round() -> None:
    first, second = small(), small(exclude=(small(),))
    state = new(2)
    give(state, 0, first, second)
    state = to_build(state, {0: first})
    state, _ = act(state, 0, "roll")
    meet(state, 0)
    state, _ = act(state, 0, "build")
    state = fail_seat(state, 1)
    assert state.phase == "choose" and RULES.to_move(state) == frozenset({0})
    assert {a.kind for a in RULES.legal_actions(state, 0)} >= {"choose", "finalize"}
    state, _ = act(state, 0, "choose", card=second)
    while state.phase == "undermine":
        state, _ = act(state, state.turn, "pass")
    state = fail_seat(state, 0)
    assert state.status[0] == "failed" and state.bases[0] == []
    assert first in state.discard and second in state.discard and state.built[0] == []


def test_finalize_puts_bases_face_down_with_their_tokens() -> None:
    base = small()
    state = new(2)
    give(state, 0, base)
    state = to_build(state, {0: base})
    state, _ = act(state, 0, "roll")
    meet(state, 0)
    attempt(state, 0)["dice"][0]["f"] = ["star"]
    state, _ = act(state, 0, "build")
    state = fail_seat(state, 1)
    state, events = act(state, 0, "finalize")
    assert state.built[0] == [base] and state.tokens[0] == 1
    assert f'"{base}"' not in json.dumps(RULES.view(state, None))
    assert RULES.view(state, 0)["you"]["built"][0]["id"] == base
    finals = [e for e in events if e.kind == "construction_finalized"]
    assert finals and all(base not in e.text for e in finals)


def test_future_planning_once_per_kind_then_redraw_and_first_in_flight_passes() -> None:
    state = new(2)
    plan = state.hands[0][0]
    twin = next(
        c.id for c in CONTENT.cards.values() if c.plan.key == CONTENT.cards[plan].plan.key and c.id != plan
    )
    state.plans[0] = [twin]
    for pile in (state.deck, *state.hands):
        if twin in pile:
            pile[pile.index(twin)] = state.deck.pop() if pile is not state.deck else pile[0]
    state.phase = "plan"
    state.status = ["failed", "failed"]
    assert all(a.get("card") != plan for a in RULES.legal_actions(state, 0))
    other = next(c for c in state.hands[0] if CONTENT.cards[c].plan.key != CONTENT.cards[twin].plan.key)
    state, _ = act(state, 0, "plan", card=other)
    state, events = act(state, 1, "no_plan")
    assert other in state.plans[0] and state.phase == "redraw" and state.first == 1
    state, events = act(state, 0, "redraw", discard=",".join(sorted(state.hands[0][:2])))
    assert len(state.hands[0]) == 5
    drawn = [e for e in events if e.kind == "cards_drawn"]
    assert drawn and all(e.audience == frozenset({0}) for e in drawn)
    state, _ = act(state, 1, "redraw", discard="")
    assert state.round == 2 and state.phase == "choose"


def _big_hand_redraw() -> EuropaState:
    state = new(2)
    big = next(c.id for c in CONTENT.cards.values() if c.plan.kind == "big_hand" and not c.invader)
    for pile in (state.deck, *state.hands):
        if big in pile:
            pile.remove(big)
    state.plans[0] = [big]
    state.phase, state.done = "redraw", [False, False]
    return state


def test_big_hand_plan_draws_six_and_takes_a_token_or_five_without_one() -> None:
    # "Collect 1 Cut Corner Token ... if you draw 6 cards": the sixth card is the player's choice.
    state = _big_hand_redraw()
    six, _ = act(state, 0, "redraw", discard="", six=True)
    assert len(six.hands[0]) == 6 and six.tokens[0] == 1
    five, _ = act(state, 0, "redraw", discard="", six=False)
    assert len(five.hands[0]) == 5 and five.tokens[0] == 0
    # Holding 6, drawing to 5 needs a discard first; a seat without the plan is not asked.
    held, _ = act(state, 0, "redraw", discard="", six=True)
    held.phase, held.done = "redraw", [False, False]
    keeps = [a for a in RULES.legal_actions(held, 0) if a.kind == "redraw" and a.get("six") is False]
    assert keeps and all(a.arg("discard") for a in keeps)
    assert all(a.get("six") is None for a in RULES.legal_actions(held, 1) if a.kind == "redraw")
    labels = {RULES.describe(a, held) for a in RULES.legal_actions(held, 0) if a.get("discard") == ""}
    assert labels == {"Keep my hand, draw to 6 (+1 Cut Corner token)"}


def test_a_big_hand_redraw_typed_without_its_choice_draws_six() -> None:
    # A command typed without the sixth card's choice draws it, as the plan's text offers; a seat
    # without the plan is not given the choice.
    state = _big_hand_redraw()
    typed, _ = act(state, 0, "redraw", discard="")
    assert len(typed.hands[0]) == 6 and typed.tokens[0] == 1
    plain, _ = act(typed, 1, "redraw", discard="")
    assert len(plain.hands[1]) == 5


def test_tally_and_the_three_tie_breaks() -> None:
    cards = sorted(CONTENT.cards.values(), key=lambda c: c.points)
    by_points: dict[int, list[str]] = {}
    for c in cards:
        by_points.setdefault(c.points, []).append(c.id)
    state = new(2)
    state.hands = [[], []]
    # Equal score, fewer tokens wins.
    state.built = [[by_points[8][0]], [by_points[8][1], by_points[2][0]]]
    state.tokens = [0, 1]
    end_game(state, CONTENT, [])
    assert state.outcome is not None and state.outcome["winners"] == [0]
    # Equal score and tokens: the best base wins.
    state = new(2)
    state.hands = [[], []]
    state.built = [[by_points[14][0]], [by_points[8][0], by_points[6][0]]]
    state.tokens = [0, 0]
    end_game(state, CONTENT, [])
    assert state.outcome is not None and state.outcome["winners"] == [0]
    # Still tied: the second best base decides; fully equal shares the win.
    state = new(2)
    state.hands = [[], []]
    state.built = [[by_points[8][0], by_points[4][0]], [by_points[8][1], by_points[4][1]]]
    state.tokens = [0, 0]
    told: list[Event] = []
    end_game(state, CONTENT, told)
    assert state.outcome is not None and state.outcome["winners"] == [0, 1]
    assert told[-1].text == "p1 and p2 share the win of Europa with 12 points each."
    assert RULES.outcome(state) is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_is_first_in_flight_equally_often(players: int) -> None:
    state = new(players, ai=0)
    firsts = [state.first]
    while state.outcome is None:
        seat = min(RULES.to_move(state))
        before = state.round
        state, _ = RULES.apply(state, seat, RULES.timeout_action(state, seat))
        if state.round != before:
            firsts.append(state.first)
    counts = [firsts.count(s) for s in range(players)]
    assert len(set(counts)) == 1
