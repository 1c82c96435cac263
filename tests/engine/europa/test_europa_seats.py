"""AI and away seats played by the engine, timeouts, undo, JSON and describe."""

from __future__ import annotations

import json

import pytest

from engine.core.action import Action
from engine.core.errors import GameOverError, IllegalActionError, NotYourTurnError, SchemaError
from engine.europa import RULES
from engine.europa import rules as rules_mod
from tests.engine.europa.eu_helpers import act, new, to_build


def test_ai_seats_are_named_and_never_waited_for() -> None:
    state = RULES.setup(["Ann"], {"ai": 2}, 5)
    assert state.players == ["Ann", "AI 1", "AI 2"] and state.ai == [False, True, True]
    assert RULES.to_move(state) == frozenset({0})
    assert state.choice[1] is not None and state.choice[2] is not None
    while state.outcome is None:
        seats = RULES.to_move(state)
        assert seats == frozenset({0})
        state, _ = RULES.apply(state, 0, RULES.timeout_action(state, 0))
    assert RULES.outcome(state) is not None


def test_a_seat_marked_away_is_played_by_the_engine_until_it_comes_back() -> None:
    state = new(2, seed=8)
    state, events = act(state, 1, "away")
    assert state.away[1] and "seat_away" in [e.kind for e in events]
    assert 1 not in RULES.to_move(state)
    assert state.choice[1] is not None
    assert Action.of("back") in RULES.legal_actions(state, 1)
    state, _ = act(state, 1, "back")
    assert not state.away[1]


def test_everyone_away_plays_the_game_to_its_end_deterministically() -> None:
    state = new(2, seed=9)
    state, _ = act(state, 0, "away")
    final, _ = act(state, 1, "away")
    again, _ = act(state, 1, "away")
    assert final.outcome is not None and final == again


def test_timeout_action_is_legal_and_deterministic() -> None:
    state = to_build(new(3, seed=2), {})
    for seat in RULES.to_move(state):
        action = RULES.timeout_action(state, seat)
        assert action is not None and action in RULES.legal_actions(state, seat)
        assert action == RULES.timeout_action(state, seat)
    assert RULES.timeout_action(state, 7) is None


def test_undo_only_before_anything_is_rolled_drawn_or_revealed() -> None:
    state = new(3, seed=4)
    chosen, _ = act(state, 0, "choose", card=state.hands[0][0])
    assert RULES.can_undo(state, chosen)
    a, _ = act(chosen, 1, "choose", card=chosen.hands[1][0])
    revealed, _ = act(a, 2, "choose", card=a.hands[2][0])
    assert not RULES.can_undo(a, revealed)
    built = to_build(new(2, seed=4), {})
    rolled, _ = act(built, 0, "roll")
    assert not RULES.can_undo(built, rolled)


def test_a_redraw_that_draws_cards_cannot_be_undone() -> None:
    # Keeping one's hand draws up to the hand size without a shuffle or a discard: taking it back
    # would show the top of the deck, then let the player discard knowing what comes next.
    for seed in range(20):
        state = new(2, seed=seed)
        while RULES.outcome(state) is None:
            seat = min(RULES.to_move(state))
            keep = Action.of("redraw", discard="")
            if keep in RULES.legal_actions(state, seat):
                after, _ = RULES.apply(state, seat, keep)
                if len(after.hands[seat]) > len(state.hands[seat]):
                    assert not RULES.can_undo(state, after)
                    return
            action = RULES.timeout_action(state, seat)
            assert action is not None
            state, _ = RULES.apply(state, seat, action)
    pytest.fail("no redraw that draws in 20 games")


def test_json_round_trip_and_bad_documents() -> None:
    state = to_build(new(2, seed=6), {})
    state, _ = act(state, 0, "roll")
    data = json.loads(json.dumps(RULES.to_json(state)))
    assert data["schema_version"] == 1 and RULES.from_json(data) == state
    for bad in ({}, {**data, "schema_version": 99}, {**data, "hands": 3}, {**data, "deck": ["nope"]}):
        with pytest.raises(SchemaError):
            RULES.from_json(bad)


def test_wrong_seat_and_finished_games_are_refused() -> None:
    state = new(2, seed=1)
    state = to_build(state, {})
    with pytest.raises(NotYourTurnError):
        RULES.apply(state, 5, Action.of("roll"))
    state, _ = act(state, 0, "away")
    state, _ = act(state, 1, "away")
    with pytest.raises(GameOverError):
        act(state, 0, "back")


def test_describe_labels_every_legal_action_without_other_secrets() -> None:
    state = to_build(new(3, seed=3), {})
    state, _ = act(state, 0, "roll")
    for seat in range(3):
        for action in RULES.legal_actions(state, seat):
            label = RULES.describe(action, state)
            assert label and "=" not in label
    state = new(3, seed=3)
    # Labels name cards, so the other seats' cards are looked for by name.
    hidden = {RULES.content.cards[c].name for s in (1, 2) for c in state.hands[s]}
    hidden -= {RULES.content.cards[c].name for c in state.hands[0]}
    labels = [RULES.describe(action, state) for action in RULES.legal_actions(state, 0)]
    assert any(RULES.content.cards[c].name in label for c in state.hands[0] for label in labels)
    assert not [label for label in labels if any(name in label for name in hidden)]


def test_a_refused_move_is_quoted_as_the_player_knows_it(monkeypatch: pytest.MonkeyPatch) -> None:
    state = to_build(new(2, seed=4), {})
    state, _ = act(state, 0, "roll")
    # With a reason, the reason alone (as in the other games), dice counted from 1.
    with pytest.raises(IllegalActionError) as refused:
        act(state, 0, "keep", die=29)
    assert str(refused.value) == "There is no die 30: your dice are numbered 1 to 7."
    with pytest.raises(IllegalActionError, match=r"^There is no card 'nope'\.$"):
        act(state, 0, "undermine", card="nope", target=7)
    # Without one, the move is quoted as the player knows it: dice counted from 1.
    monkeypatch.setattr(rules_mod, "why", lambda *_: None)
    with pytest.raises(IllegalActionError) as refused:
        act(state, 0, "keep", die=29)
    assert str(refused.value) == "'Keep die 30' is not a legal move for you now."
