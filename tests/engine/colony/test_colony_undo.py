"""Undo is allowed within a turn until something revealed information."""

from __future__ import annotations

from engine.colony import RULES
from tests.engine.colony.col_helpers import act, hand, new, put, started


def test_moves_deploys_and_plays_can_be_undone() -> None:
    state = started(12)
    put(state, "moss_wall", "1,0")
    hand(state, 0, "algae_vat", "oxygen_canister", "water_bladder", "contingency_plan")
    moved, _ = act(state, "move", at="1,0")
    assert RULES.can_undo(state, moved)
    built, _ = act(moved, "deploy", card="algae_vat", at="2,0", pay="oxygen_canister,water_bladder")
    assert RULES.can_undo(moved, built)
    played, _ = act(built, "play", card="contingency_plan", resource="food")
    assert RULES.can_undo(built, played)


def test_draws_reshuffles_and_events_cannot_be_undone() -> None:
    state = started(12)
    drawn, _ = act(state, "draw")
    assert not RULES.can_undo(state, drawn)
    ended, _ = act(state, "end_turn")
    assert not RULES.can_undo(state, ended)
    state.discard = state.deck[1:]
    state.deck = state.deck[:1]
    hand(state, 0)
    reshuffled, _ = act(state, "draw")
    assert not RULES.can_undo(state, reshuffled)


def test_the_draft_choice_can_be_undone() -> None:
    state = new(12)
    chosen, _ = act(state, "choose_character", character=state.dealt[0][0])
    assert RULES.can_undo(state, chosen)
