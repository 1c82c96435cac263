"""After failed main rolls, a seat holding cards is always asked (nothing fails by itself but an
empty hand, which is public), so the table learns nothing about what the hand could do."""

from __future__ import annotations

import json

from engine.core.action import Action
from engine.europa import CONTENT, RULES
from engine.europa.state import EuropaState
from tests.engine.europa.eu_helpers import act, card, give, kinds, miss, new, small, to_build


def _useless() -> list[str]:
    # With no Undermining card on the base, cancelling one has nothing to act on.
    return [c.id for c in CONTENT.cards.values() if c.ingenuity.kind == "cancel_undermine" and not c.invader]


def _missed(helpful: bool) -> tuple[EuropaState, list[str]]:
    """Seat 0 ends its main rolls short of its base, with cards in hand that can help or not."""
    base = small()
    state = new(2, seed=7)
    hand = [base, *_useless()[:4]]
    if helpful:
        hand[-1] = card("ingenuity", "set_face", timing="after")
    give(state, 0, *hand)
    state = to_build(state, {0: base})
    state, _ = act(state, 0, "roll")
    miss(state, 0)
    state, events = act(state, 0, "stop")
    return state, [e.text for e in events if e.public]


def test_a_hand_with_no_usable_card_is_asked_to_give_up_instead_of_failing_by_itself() -> None:
    state, public = _missed(helpful=False)
    att = state.attempt[0]
    assert att is not None and att["stage"] == "rescue" and state.status[0] == "building"
    assert {a.kind for a in RULES.legal_actions(state, 0)} == {"give_up", "away"}
    assert 0 in RULES.to_move(state) and not any("fails" in t for t in public)
    assert RULES.timeout_action(state, 0) == Action.of("give_up")
    state, events = act(state, 0, "give_up")
    assert state.status[0] == "failed" and "base_failed" in kinds(events)


def test_the_table_sees_the_same_whether_the_hand_could_help_or_not() -> None:
    idle, idle_public = _missed(helpful=False)
    able, able_public = _missed(helpful=True)
    assert "ingenuity" in {a.kind for a in RULES.legal_actions(able, 0)}
    assert idle_public == able_public
    assert json.dumps(RULES.view(idle, None)) == json.dumps(RULES.view(able, None))


def test_an_away_seat_with_no_usable_card_gives_up_through_the_ai() -> None:
    state, _ = _missed(helpful=False)
    state, events = act(state, 0, "away")
    assert state.status[0] == "failed" and "base_failed" in kinds(events)


def test_an_empty_hand_with_nothing_to_help_fails_by_itself() -> None:
    base = small()
    state = new(2, seed=7)
    give(state, 0, base)
    state = to_build(state, {0: base})
    # A hand's size is public: with none left, there is nothing to ask.
    state.deck += state.hands[0]
    state.hands[0] = []
    state, _ = act(state, 0, "roll")
    miss(state, 0)
    state, events = act(state, 0, "stop")
    assert state.status[0] == "failed" and "base_failed" in kinds(events)
