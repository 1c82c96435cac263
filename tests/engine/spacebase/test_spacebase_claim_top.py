"""Genesis claims from the top of a deck: the cards are turned up, any of them may be claimed and
the rest go to the bottom of their deck."""

from __future__ import annotations

from engine.spacebase import CONTENT, RULES
from engine.spacebase.rewards import queue
from tests.engine.spacebase.sb_helpers import activate, card, claimer_of, kinds, plain, put, turned_up


def test_the_top_cards_are_turned_up_off_the_deck_and_shown_to_the_table() -> None:
    state, claimer, before = turned_up(2)
    level = str(claimer.blue[0].level)
    step = state.pending[0]
    assert step["kind"] == "claim_top" and step["cards"] == list(before[:2])
    assert state.decks[level] == before[2:]
    shown = RULES.view(state, None)["turned_up"]
    assert [c["id"] for c in shown] == list(before[:2]) and all(c["name"] for c in shown)
    takes = {str(a.arg("card")) for a in RULES.legal_actions(state, 0) if a.kind == "take"}
    assert takes == set(before[:2])
    assert "skip" in {a.kind for a in RULES.legal_actions(state, 0)}


def test_any_number_may_be_claimed_and_the_rest_go_under_the_deck() -> None:
    state, claimer, before = turned_up(2)
    level = str(claimer.blue[0].level)
    first, second = before[:2]
    take = next(a for a in RULES.legal_actions(state, 0) if a.kind == "take" and a.arg("card") == first)
    state, _ = RULES.apply(state, 0, take)
    board = state.boards[0]
    assert first in board.station or any(first in stack for stack in board.deployed)
    assert state.pending[0]["cards"] == [second], "the other card stays turned up for another claim"
    state, events = RULES.apply(state, 0, next(a for a in RULES.legal_actions(state, 0) if a.kind == "skip"))
    assert state.decks[level] == (*before[2:], second)
    assert not state.pending and "cards_returned" in kinds(events)


def test_claiming_none_puts_every_card_back_under_the_deck_in_order() -> None:
    state, claimer, before = turned_up(2)
    level = str(claimer.blue[0].level)
    state, _ = RULES.apply(state, 0, next(a for a in RULES.legal_actions(state, 0) if a.kind == "skip"))
    assert state.decks[level] == (*before[2:], *before[:2])


def test_a_ship_turned_up_and_claimed_into_a_colony_sector_is_deployed() -> None:
    state, _claimer_card, before = turned_up(2)
    ship = CONTENT.cards[before[0]]
    colony = next(c for c in CONTENT.cards.values() if c.is_colony and c.sector == ship.sector)
    put(state, 0, colony.id, ship.sector)
    take = next(
        a
        for a in RULES.legal_actions(state, 0)
        if a.kind == "take" and a.arg("card") == ship.id and a.arg("sector") == ship.sector
    )
    state, _ = RULES.apply(state, 0, take)
    assert ship.id in state.boards[0].deployed[ship.sector - 1]
    assert state.boards[0].station[ship.sector - 1] == colony.id


def test_turning_cards_up_cannot_be_undone_even_when_all_go_back() -> None:
    state, claimer, before = turned_up(2)
    level = str(claimer.blue[0].level)
    skipped, _ = RULES.apply(state, 0, next(a for a in RULES.legal_actions(state, 0) if a.kind == "skip"))
    # A move whose engine follow-ups (an AI seat's ability) turned cards up and put them all back
    # leaves the deck as long as before, with the RNG unmoved: its new order still refuses the undo.
    untouched = skipped.fork()
    untouched.decks = {**skipped.decks, level: before}
    assert len(untouched.decks[level]) == len(skipped.decks[level])
    assert not RULES.can_undo(untouched, skipped)


def test_a_bonus_roll_ignores_a_claim_from_a_deck() -> None:
    claimer = claimer_of(1)
    bonus = card("bonus_roll", level=2)
    state = plain(expansion="genesis")
    put(state, 0, claimer.id)
    state.pending = [{"kind": "bonus_roll", "seat": 0, "card": bonus.id, "level": 0, "n": 1, "dice": [1, 1]}]
    a = max(1, claimer.sector - 6)
    state.pending[0]["dice"] = [a, claimer.sector - a]
    state.phase = "main"
    decks = dict(state.decks)
    state, _ = RULES.apply(
        state, 0, next(a for a in RULES.legal_actions(state, 0) if a.arg("option") == "sum")
    )
    assert state.decks == decks and not any(step["kind"] == "claim_top" for step in state.pending)


def test_an_empty_deck_turns_up_nothing_and_asks_nothing() -> None:
    claimer = claimer_of(2)
    state = plain(expansion="genesis")
    put(state, 0, claimer.id)
    level = str(claimer.blue[0].level)
    state.decks = {**state.decks, level: ()}
    state, events = activate(state, claimer.sector)
    assert "cards_revealed" not in kinds(events)
    assert not any(step["kind"] == "claim_top" for step in state.pending)


def test_cards_turned_up_by_a_claim_still_queued_are_shown_too() -> None:
    state, _claimer, before = turned_up(2)
    other = claimer_of(1)
    # A second claim from a deck, queued behind the first (both cards' rewards came at once).
    queue(state, 0, other.id, other.blue[0])
    waiting = state.pending[1]["cards"]
    assert waiting and not set(waiting) & set(before[:2])
    shown = [c["id"] for c in RULES.view(state, None)["turned_up"]]
    assert shown == [*before[:2], *waiting]
    # Only the head claim's cards may be taken now.
    takes = {str(a.arg("card")) for a in RULES.legal_actions(state, 0) if a.kind == "take"}
    assert takes == set(before[:2])
