"""A move copies only the consoles it changes; the state it was applied to never changes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.action import Action
from engine.core.errors import AlreadyDoneError
from engine.core.rng import Rng
from engine.spacebase import CONTENT, RULES
from engine.spacebase import view as view_mod
from engine.spacebase.state import SpaceState
from tests.engine.spacebase.sb_helpers import act, new, roll


def dearest_buyer(actions: list[Action], rng: Rng) -> Action:
    """A random game move, but the dearest card whenever a buy is open (games reach every kind of
    card and end in a few hundred moves)."""
    moves = [a for a in actions if a.kind not in ("auto", "away", "back")] or actions
    buys = [a for a in moves if a.kind in ("buy", "take")]
    if not buys:
        return rng.choice(moves)
    top = max(CONTENT.cards[str(a.get("card"))].cost for a in buys)
    return rng.choice([a for a in buys if CONTENT.cards[str(a.get("card"))].cost == top])


def test_a_fork_copies_a_board_only_when_it_is_changed() -> None:
    state = new(3)
    fork = state.fork()
    assert all(mine is theirs for mine, theirs in zip(fork.boards, state.boards, strict=True))
    fork.board(1).credits += 5
    assert fork.board(1) is fork.boards[1] is not state.boards[1]
    assert fork.boards[1].credits == state.boards[1].credits + 5
    assert fork.boards[0] is state.boards[0]


def test_an_activation_choice_before_the_last_shares_every_board() -> None:
    state, _ = roll(new(3), 2, 5)
    waiting = sorted(RULES.to_move(state))
    assert len(waiting) >= 2
    after, _ = act(state, waiting[0], "choose", option="sum")
    assert all(mine is theirs for mine, theirs in zip(after.boards, state.boards, strict=True))


@pytest.mark.parametrize("expansion", ["base", "genesis"])
@pytest.mark.parametrize("players", [3, 5])
def test_apply_never_changes_the_state_it_was_given(expansion: str, players: int) -> None:
    for seed in range(6):
        rng = Rng(seed)
        options = {
            "expansion": expansion,
            "ai": seed % 2,
            "variant": ("standard", "lightspeed")[seed % 3 == 2],
        }
        state: SpaceState = RULES.setup([f"p{i}" for i in range(players - seed % 2)], options, seed)
        while RULES.outcome(state) is None:
            seat = min(RULES.to_move(state))
            before = RULES.to_json(state)
            new_state, _ = RULES.apply(state, seat, dearest_buyer(RULES.legal_actions(state, seat), rng))
            assert RULES.to_json(state) == before
            state = new_state


@pytest.mark.parametrize("expansion", ["base", "genesis"])
def test_every_state_of_a_game_stays_as_it_was_handed_out(expansion: str) -> None:
    """Later moves share the lists earlier states hold (shipyard rows, colonies, choices...) and
    must replace them rather than edit them."""
    for seed in range(3):
        rng = Rng(seed)
        state: SpaceState = RULES.setup([f"p{i}" for i in range(4)], {"expansion": expansion}, seed)
        seen = [(state, RULES.to_json(state))]
        while RULES.outcome(state) is None:
            seat = min(RULES.to_move(state))
            state, _ = RULES.apply(state, seat, dearest_buyer(RULES.legal_actions(state, seat), rng))
            seen.append((state, RULES.to_json(state)))
        assert all(RULES.to_json(old) == saved for old, saved in seen)


def test_a_legal_list_vouches_only_for_the_state_it_was_listed_for() -> None:
    state, _ = roll(new(2), 2, 5)
    chooser = min(RULES.to_move(state))
    listed = RULES.legal_actions(state, chooser)
    assert Action.of("choose", option="sum") in listed
    after, _ = act(state, chooser, "choose", option="sum")
    with pytest.raises(AlreadyDoneError):
        RULES.apply(after, chooser, Action.of("choose", option="sum"))


def test_a_cards_view_is_built_once_and_each_view_gets_its_own_entries() -> None:
    state = new(3)
    first, second = RULES.view(state, None), RULES.view(state, None)
    assert first == second
    ship = first["shipyard"]["1"][0]
    # Each view holds its own card entries: changing one leaves the other view and later ones alone.
    ship["cost"] = 99
    assert second["shipyard"]["1"][0]["cost"] != 99 and RULES.view(state, None) == second
    # The same card id from another content shows that content's card.
    other = replace(CONTENT.cards[ship["id"]], name="Renamed")
    assert view_mod.card_json(other)["name"] == "Renamed"
    assert view_mod.card_json(CONTENT.cards[ship["id"]])["name"] != "Renamed"
