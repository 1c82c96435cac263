"""Rule edges where the table could learn too much: the Invader reroll before a build, undermining
and planning offered even when the hand has nothing that fits, and planning cards shown only by
their planning part."""

from __future__ import annotations

import json

from engine.europa import CONTENT, RULES
from engine.europa.round import start_plan
from tests.engine.europa.eu_helpers import act, give, invader_builder, meet, new, to_undermine


def test_an_invader_showing_after_main_roll_1_must_be_rolled_again_before_building() -> None:
    state = invader_builder()
    state, _ = act(state, 1, "roll")
    att = state.attempt[1]
    assert att is not None and att["rolls_left"] == 2
    meet(state, 1)
    invader = next(d for d in att["dice"] if d["c"] == "invader")
    invader["f"], att["destroy"] = ["invader"], 0
    legal = {a.kind for a in RULES.legal_actions(state, 1)}
    assert "build" not in legal and "roll" in legal
    invader["f"] = ["command"]
    assert "build" in {a.kind for a in RULES.legal_actions(state, 1)}


def test_stopping_with_an_invader_showing_rolls_it_until_it_shows_something_else() -> None:
    state = invader_builder()
    state, _ = act(state, 1, "roll")
    att = state.attempt[1]
    assert att is not None
    invader = next(d for d in att["dice"] if d["c"] == "invader")
    invader["f"], att["destroy"] = ["invader"], 0
    state, events = act(state, 1, "stop")
    after = state.attempt[1]
    rolled = [e for e in events if e.kind == "dice_rolled"]
    assert rolled and rolled[0].data["dice"][0]["colour"] == "invader"
    assert after is None or next(d for d in after["dice"] if d["c"] == "invader")["f"] != ["invader"]


def test_a_hand_without_a_fitting_undermining_card_still_gets_its_turn_to_pass() -> None:
    state = new(2, seed=3)
    # Destroying a plan needs a plan to destroy: seat 0 holds nothing else, seat 1 has no plan.
    useless = [c.id for c in CONTENT.cards.values() if c.undermine.kind == "destroy_plan" and not c.invader]
    give(state, 0, *useless[:5])
    base = state.hands[0][0]
    state = to_undermine(state, {0: base})
    assert state.phase == "undermine" and state.turn == 0
    assert {a.kind for a in RULES.legal_actions(state, 0)} == {"pass", "away"}
    state, events = act(state, 0, "pass")
    assert [e.text for e in events if e.kind == "passed"] == ["p1 passes."]


def test_planning_is_offered_even_when_no_hand_card_may_be_placed() -> None:
    state = new(2, seed=5)
    keep = state.hands[0][0]
    twin = next(
        c.id for c in CONTENT.cards.values() if c.plan.key == CONTENT.cards[keep].plan.key and c.id != keep
    )
    for pile in (state.deck, *state.hands):
        if twin in pile:
            pile.remove(twin)
    state.deck += state.hands[0][1:]
    state.hands[0] = [keep]
    state.plans[0] = [twin]
    state.status = ["failed", "failed"]
    start_plan(state, CONTENT, [])
    assert state.plan_choice[0] is None
    assert {a.kind for a in RULES.legal_actions(state, 0)} == {"no_plan", "away"}
    # An empty hand is public, so that seat is skipped.
    state.hands[1] = []
    state.plan_choice = [None, None]
    start_plan(state, CONTENT, [])
    assert state.plan_choice == [None, "none"]


def test_the_table_sees_only_the_planning_part_of_a_planning_card() -> None:
    state = new(2, seed=5)
    state.status = ["failed", "failed"]
    start_plan(state, CONTENT, [])
    placed = state.hands[0][0]
    state, _ = act(state, 0, "plan", card=placed)
    state, events = act(state, 1, "no_plan")
    secret = CONTENT.cards[placed]
    table = RULES.view(state, None)
    assert table["players"][0]["plans"] == [
        {"key": secret.plan.key, "plan": RULES.view(state, 0)["you"]["plans"][0]["plan"]}
    ]
    public = json.dumps(table) + json.dumps([(e.text, e.data) for e in events if e.public])
    assert placed not in public and secret.name not in public
    assert RULES.view(state, 0)["you"]["plans"][0]["id"] == placed
