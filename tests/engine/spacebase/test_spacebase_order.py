"""Rules about when and where a card's effect lands: an immediate reward before the steps already
waiting, a deployed card moved or deployed (not a copy of it elsewhere), a full shipyard row, and
what a claimed colony's condition counts."""

from __future__ import annotations

from collections.abc import Callable

from engine.spacebase import CONTENT, RULES
from engine.spacebase.model import Card, Content
from engine.spacebase.state import SpaceState
from tests.engine.spacebase.sb_helpers import (
    act,
    activate,
    card,
    choose_all,
    claimer_of,
    plain,
    put,
    roll,
    to_shipyard,
    turned_up,
)

STARTERS = CONTENT.starters()


def _find(test: Callable[[Card], object]) -> Card:
    content: Content = CONTENT
    return next(c for c in content.cards.values() if test(c))


def _immediate(kind: str) -> Card:
    """A ship (fixed sector) whose immediate reward is ``kind``."""
    return _find(lambda c: c.type == "ship" and not c.plus and c.immediate and c.immediate[0].kind == kind)


def _genesis(players: int = 2) -> SpaceState:
    return plain(players, expansion="genesis", seed=11)


def test_an_immediate_choice_comes_before_the_steps_already_waiting() -> None:
    # "When the card has been bought and placed on your board, its effect resolves immediately":
    # a card taken with an extra buy asks its immediate choice before the roll's other rewards.
    buyer = card("buy", level=2)
    roller = card("bonus_roll", level=2)
    swapper = _immediate("exchange")
    state = _genesis()
    put(state, 0, buyer.id, 2)
    put(state, 0, roller.id, 3)
    to_shipyard(state, swapper.id)
    state.boards[0].credits = swapper.cost
    state, _ = roll(state, 2, 3)
    state = choose_all(state, "single")
    assert [step["kind"] for step in state.pending] == ["buy", "bonus_roll"]
    state, _ = act(state, 0, "take", card=swapper.id, sector=swapper.sector)
    assert [step["kind"] for step in state.pending] == ["exchange", "bonus_roll"]
    assert RULES.to_move(state) == {0}


def test_a_ship_claimed_from_a_deck_resolves_its_immediate_choice_before_the_next_claim() -> None:
    state, claimer, _before = turned_up(2)
    level = claimer.blue[0].level
    mover = _find(
        lambda c: (
            c.type == "ship" and c.level == level and bool(c.immediate) and c.immediate[0].kind == "shift"
        )
    )
    other = next(c for c in state.pending[0]["cards"] if c != mover.id)
    state.pending[0]["cards"] = [mover.id, other]
    state, _ = act(state, 0, "take", card=mover.id, sector=mover.sector)
    assert [step["kind"] for step in state.pending] == ["shift", "claim_top"]
    assert state.pending[1]["cards"] == [other]


def _bought(info: Card, copy_sector: int) -> SpaceState:
    """Seat 0 in its buy step, having just bought ``info``, with a second copy of its sector 5
    starter (as a trade can give it) deployed in ``copy_sector``."""
    state = _genesis()
    state, _ = activate(state, 12)
    state.boards[0].deployed[copy_sector - 1] = (STARTERS[4],)
    to_shipyard(state, info.id)
    state.boards[0].credits = info.cost
    state, _ = act(state, 0, "buy", card=info.id, sector=info.sector)
    assert state.pending[0]["kind"] == info.immediate[0].kind
    return state


def test_moving_a_deployed_starter_leaves_its_copy_on_station_in_place() -> None:
    # Card 70: "move a deployed card one sector to the left or right. The card must remain
    # deployed": the deployed copy moves, the station card of that sector stays.
    state = _bought(_immediate("shift"), 5)
    state, _ = act(state, 0, "shift", card=STARTERS[4], sector=4)
    board = state.boards[0]
    assert board.station[4] == STARTERS[4]
    assert board.deployed[4] == () and STARTERS[4] in board.deployed[3]


def test_deploying_a_station_starter_deploys_that_one_not_a_copy_elsewhere() -> None:
    # The copy in sector 4 was traded, then moved there; the station ship of sector 5 deploys.
    state = _bought(_immediate("deploy"), 4)
    state, _ = act(state, 0, "deploy", card=STARTERS[4])
    board = state.boards[0]
    assert board.station[4] is None and board.deployed[4] == (STARTERS[4],)
    assert board.deployed[3] == (STARTERS[4],)


def test_cards_put_back_under_an_emptied_deck_refill_a_short_shipyard_row() -> None:
    # The shipyard shows six cards of each level while its deck has any: a claim from the shipyard
    # made while a claim from the deck held its last cards left the row short until they came back.
    top = claimer_of(2)
    level = next(r.level for r in top.blue if r.kind == "claim_top")
    claimer = _find(
        lambda c: c.type == "ship" and any(r.kind == "claim" and r.level == level for r in c.blue)
    )
    state = _genesis()
    put(state, 0, claimer.id, 2)
    put(state, 0, top.id, 3)
    key = str(level)
    state.decks = {**state.decks, key: state.decks[key][:2]}
    state, _ = roll(state, 2, 3)
    state = choose_all(state, "single")
    assert [step["kind"] for step in state.pending] == ["claim", "claim_top"] and not state.decks[key]
    taken = next(c for c in state.shipyard[key] if not CONTENT.cards[c].immediate)
    state, _ = act(state, 0, "take", card=taken, sector=CONTENT.sector_of(taken))
    assert len(state.shipyard[key]) == 5
    state, _ = act(state, 0, "skip")
    assert len(state.shipyard[key]) == 6 and len(state.decks[key]) == 1


def test_a_colony_deployed_under_another_is_not_a_deployed_ship() -> None:
    # "8+ deployed ships": a colony given in a trade and deployed under one's own is not a ship.
    info = _find(lambda c: c.condition is not None and c.condition.stat == "deployed")
    assert info.condition is not None
    given = _find(lambda c: c.is_colony and c.set == "base" and c.sector == 2)
    state = _genesis()
    state.colonies = [None if c == given.id else c for c in state.colonies]
    state.colonies[info.sector - 1] = info.id
    need = info.condition.at_least
    state.boards[0].deployed[2] = tuple(STARTERS[: need - 1])
    state.boards[0].deployed[3] = (given.id,)
    state, _ = activate(state, 12)
    assert not [a for a in RULES.legal_actions(state, 0) if a.kind == "claim_colony"]
    state.boards[0].deployed[4] = (STARTERS[4],)
    assert [a.get("card") for a in RULES.legal_actions(state, 0) if a.kind == "claim_colony"] == [info.id]
