"""One card of our own for each behaviour the Genesis rulebook clarifies card by card."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.spacebase import CONTENT, RULES
from engine.spacebase.model import GOAL_VP
from engine.spacebase.state import SpaceState
from tests.engine.spacebase.sb_helpers import (
    act,
    activate,
    clarified,
    deploy,
    finish,
    plain,
    put,
    to_shipyard,
)

STARTERS = CONTENT.starters()


def _state(players: int = 2) -> SpaceState:
    state = plain(players, expansion="genesis")
    state, _ = activate(state, 12)
    return state


def _bought(number: int, players: int = 2, credits: int = 0) -> SpaceState:
    """Seat 0 in its buy step, having just bought our card for clarification ``number``."""
    state = _state(players)
    info = clarified(number)
    if info.is_colony:
        state.colonies[info.sector - 1] = info.id
    else:
        to_shipyard(state, info.id)
    state.boards[0].credits = info.cost + credits
    state, _ = act(state, 0, "buy", card=info.id, sector=info.sector)
    return state


def test_28_swaps_with_a_neighbour_a_colony_only_from_the_station() -> None:
    info = clarified(28)
    state = _state()
    put(state, 0, info.id)
    colony = state.colonies[info.sector]
    assert colony is not None
    put(state, 0, colony, info.sector + 1)
    state.boards[0].charges[info.id] = 1
    state, _ = act(state, 0, "use", card=info.id)
    options = {(a.get("a"), a.get("b")) for a in RULES.legal_actions(state, 0) if a.kind == "exchange"}
    assert options == {(info.id, STARTERS[info.sector - 2]), (info.id, colony)}
    state, _ = act(state, 0, "exchange", a=info.id, b=colony)
    assert state.boards[0].station[info.sector - 1] == colony
    assert state.boards[0].station[info.sector] == info.id
    # From a deployed spot it may only trade places with a ship.
    state = _state()
    deploy(state, 0, info.id, 2)
    put(state, 0, colony, 3)
    state.boards[0].charges[info.id] = 1
    state, _ = act(state, 0, "use", card=info.id)
    options = {a.get("b") for a in RULES.legal_actions(state, 0) if a.kind == "exchange"}
    assert options == {STARTERS[0]}


def test_69_exchanges_a_deployed_ship_with_a_station_ship() -> None:
    state = _bought(69)
    info = clarified(69)
    deployed = STARTERS[info.sector - 1]
    assert state.pending[0]["kind"] == "exchange"
    state, _ = (
        act(state, 0, "exchange", a=deployed, b=STARTERS[2])
        if deployed < STARTERS[2]
        else act(state, 0, "exchange", a=STARTERS[2], b=deployed)
    )
    board = state.boards[0]
    assert board.station[2] == deployed and STARTERS[2] in board.deployed[info.sector - 1]


def test_70_moves_a_deployed_card_one_sector_including_the_one_just_deployed() -> None:
    state = _bought(70)
    info = clarified(70)
    just = STARTERS[info.sector - 1]
    moves = {(a.get("card"), a.get("sector")) for a in RULES.legal_actions(state, 0) if a.kind == "shift"}
    assert (just, info.sector + 1) in moves and all(abs(int(s) - info.sector) == 1 for _, s in moves)
    state, _ = act(state, 0, "shift", card=just, sector=info.sector + 1)
    assert (
        just in state.boards[0].deployed[info.sector]
        and state.boards[0].station[info.sector] == STARTERS[info.sector]
    )


def test_81_a_charged_ability_buys_a_colony_for_its_price_credits_gained_first() -> None:
    info = clarified(81)
    assert info.ability is not None and info.ability.when == "blue" and not info.immediate
    assert [r.kind for r in info.ability.effects] == ["buy"] and info.ability.effects[0].level == 4
    # Seat 0 has gained this turn's rewards and still holds its credits: the ability comes first.
    state = _state()
    put(state, 0, info.id)
    state.boards[0].charges[info.id] = info.ability.need
    colony = state.colonies[1]
    assert colony is not None
    state.boards[0].credits = CONTENT.cards[colony].cost + 4
    state, _ = act(state, 0, "use", card=info.id)
    takes = [a for a in RULES.legal_actions(state, 0) if a.kind == "take"]
    assert takes and all(CONTENT.cards[str(a.get("card"))].is_colony for a in takes)
    state, _ = act(state, 0, "take", card=colony, sector=2)
    assert state.boards[0].credits == 4 and state.boards[0].station[1] == colony
    # It was not the normal buy: that one is still open.
    assert not state.bought and state.phase == "main" and state.active == 0


def test_84_gains_the_deployed_rewards_of_two_sectors_including_the_new_one() -> None:
    state = _bought(84)
    info = clarified(84)
    assert state.pending[0]["kind"] == "red_sectors"
    credits = state.boards[0].credits
    state, _ = act(state, 0, "pick_sector", sector=info.sector)
    assert state.boards[0].credits == credits + CONTENT.cards[STARTERS[info.sector - 1]].red[0].n
    assert state.pending[0]["kind"] == "red_sectors"
    # Two sectors are two different ones: the sector already picked is not offered again.
    picks = {a.get("sector") for a in RULES.legal_actions(state, 0) if a.kind == "pick_sector"}
    assert picks == set(range(1, 13)) - {info.sector}
    with pytest.raises(IllegalActionError):
        act(state, 0, "pick_sector", sector=info.sector)
    deploy(state, 0, "l1_001", info.sector - 1)
    credits = state.boards[0].credits
    state, _ = act(state, 0, "pick_sector", sector=info.sector - 1)
    assert state.boards[0].credits == credits + CONTENT.cards["l1_001"].red[0].n
    assert not state.pending


def test_92_moves_a_deployed_card_into_sector_7_8_or_9() -> None:
    state = _bought(92)
    info = clarified(92)
    just = STARTERS[info.sector - 1]
    moves = {
        a.get("sector") for a in RULES.legal_actions(state, 0) if a.kind == "shift" and a.get("card") == just
    }
    assert moves == {7, 8, 9} - {info.sector}
    state, _ = act(state, 0, "shift", card=just, sector=8)
    assert just in state.boards[0].deployed[7]


def test_114_using_its_ability_wins_at_once_whatever_the_points() -> None:
    info = clarified(114)
    state = _state(3)
    put(state, 2, info.id)
    state.boards[0].vp = GOAL_VP + 5
    assert info.ability is not None
    state.boards[2].charges[info.id] = info.ability.need - 1
    state = finish(state, 0)
    # On another player's turn the colony's deployed-side charge fills it; then it is used at once.
    state, _ = activate(state, info.sector)
    assert state.boards[2].charges[info.id] == info.ability.need
    state, events = act(state, 2, "use", card=info.id)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == {2} and outcome.reason == "ability"
    assert events[-1].kind == "game_over"


def test_125_spends_all_remaining_credits_for_a_point_per_five() -> None:
    state = _bought(125, credits=12)
    info = clarified(125)
    vp = sum(r.n for r in info.immediate if r.kind == "vp")
    assert state.boards[0].vp == vp + 2 and state.boards[0].credits == 0


def test_128_charges_every_players_cards_with_room() -> None:
    chargers = [c for c in CONTENT.cards.values() if c.ability and c.type == "ship" and c.set == "base"]
    state = _state(3)
    for seat in range(3):
        put(state, seat, chargers[seat].id)
    state.boards[2].charges[chargers[2].id] = chargers[2].ability.need if chargers[2].ability else 0
    info = clarified(128)
    state.colonies[info.sector - 1] = info.id
    state.boards[0].credits = info.cost
    state, _ = act(state, 0, "buy", card=info.id, sector=info.sector)
    assert state.boards[0].vp == 4
    assert state.boards[0].charges[chargers[0].id] == 1 and state.boards[1].charges[chargers[1].id] == 1
    assert state.boards[2].charges[chargers[2].id] == (chargers[2].ability.need if chargers[2].ability else 0)


def test_130_trades_a_card_each_way_the_buyer_first() -> None:
    state = _bought(130, players=3)
    assert state.pending[0]["kind"] == "trade" and state.boards[0].vp == 6
    deployed = STARTERS[clarified(130).sector - 1]
    state, _ = act(state, 0, "give", seat=2, card=deployed)
    assert deployed in state.boards[2].deployed[clarified(130).sector - 1]
    assert RULES.to_move(state) == {2} and state.pending[0]["kind"] == "trade_back"
    # Seat 2 holds its own copy of that starter: it is offered once (the received copy is barred).
    gives = [a for a in RULES.legal_actions(state, 2) if a.kind == "give" and a.get("card") == deployed]
    assert len(gives) == 1
    state, _ = act(state, 2, "give", seat=0, card=STARTERS[6])
    assert state.boards[2].station[6] is None and state.boards[0].station[6] == STARTERS[6]
    assert STARTERS[6] in state.boards[0].deployed[6]
    # The station ship received may go on station (as now) or be deployed instead.
    assert RULES.to_move(state) == {0} and state.pending[0]["kind"] == "receive"
    assert {a.kind for a in RULES.legal_actions(state, 0)} >= {"deploy", "skip"}
    state, _ = act(state, 0, "skip")
    assert not state.pending and state.boards[0].station[6] == STARTERS[6]


def test_130_the_card_received_may_not_go_back_but_ones_own_copy_of_a_starter_may() -> None:
    # Only the very card received is barred.
    state = _bought(130, players=3)
    own = clarified(84).id
    put(state, 0, own, 7)
    state, _ = act(state, 0, "give", seat=2, card=own)
    with pytest.raises(IllegalActionError):
        act(state, 2, "give", seat=0, card=own)
    # A starter received deployed: seat 2 answers with its own copy, from its station.
    state = _bought(130, players=3)
    sector = clarified(130).sector
    starter = STARTERS[sector - 1]
    state, _ = act(state, 0, "give", seat=2, card=starter)
    assert state.boards[2].station[sector - 1] == starter and starter in state.boards[2].deployed[sector - 1]
    state, events = act(state, 2, "give", seat=0, card=starter)
    assert state.boards[2].station[sector - 1] is None
    assert state.boards[2].deployed[sector - 1].count(starter) == 1
    assert "card_given" in [e.kind for e in events]


def test_130_a_starter_received_on_station_is_kept_and_the_own_copy_beneath_it_goes_back() -> None:
    state = _bought(130, players=3)
    starter = STARTERS[6]
    state, _ = act(state, 0, "give", seat=2, card=starter)
    assert state.pending[0]["kind"] == "receive" and RULES.to_move(state) == {2}
    state, events = act(state, 2, "skip")
    assert events[0].text == f"{state.players[2]} keeps {CONTENT.cards[starter].name} on station in sector 7."
    state, _ = act(state, 2, "give", seat=0, card=starter)
    assert state.boards[2].station[6] == starter and starter not in state.boards[2].deployed[6]


def test_130_a_station_ship_received_may_be_deployed_instead() -> None:
    state = _bought(130, players=3)
    deployed = STARTERS[clarified(130).sector - 1]
    state, _ = act(state, 0, "give", seat=2, card=deployed)
    ship, own = STARTERS[6], clarified(84).id
    put(state, 0, own, 7)
    before = list(state.boards[0].deployed[6])
    state, _ = act(state, 2, "give", seat=0, card=ship)
    assert state.boards[0].station[6] == ship and own in state.boards[0].deployed[6]
    state, events = act(state, 0, "deploy", card=ship)
    board = state.boards[0]
    # The old station card is back on station, the given ship deployed beneath it.
    assert board.station[6] == own and list(board.deployed[6]) == [*before, ship]
    assert "card_deployed" in [e.kind for e in events] and not state.pending


def test_130_charge_cubes_travel_with_the_card_given() -> None:
    state = _bought(130, players=3)
    charger = CONTENT.cards["l1_003"]
    assert charger.ability is not None and charger.ability.need > 1
    deploy(state, 0, charger.id)
    state.boards[0].charges[charger.id] = 1
    state, _ = act(state, 0, "give", seat=2, card=charger.id)
    assert charger.id in state.boards[2].deployed[charger.sector - 1]
    assert state.boards[2].charges.get(charger.id) == 1 and charger.id not in state.boards[0].charges


def test_130_a_colony_may_be_given_and_its_immediate_reward_is_not_gained_again() -> None:
    state = _bought(130, players=3)
    state, _ = act(state, 0, "give", seat=2, card=STARTERS[clarified(130).sector - 1])
    colony = state.colonies[4]
    assert colony is not None
    put(state, 2, colony, 5)
    vp = state.boards[0].vp
    state, _ = act(state, 2, "give", seat=0, card=colony)
    board = state.boards[0]
    assert (
        board.station[4] == colony and STARTERS[4] in board.deployed[4] and state.boards[2].station[4] is None
    )
    assert board.vp == vp and not state.pending


def test_130_a_colony_given_where_one_stands_is_deployed_under_it() -> None:
    state = _bought(130, players=3)
    state, _ = act(state, 0, "give", seat=2, card=STARTERS[clarified(130).sector - 1])
    mine, theirs = state.colonies[4], state.colonies[5]
    assert mine is not None and theirs is not None
    put(state, 0, mine, 5)
    put(state, 2, theirs, 5)
    state, _ = act(state, 2, "give", seat=0, card=theirs)
    assert state.boards[0].station[4] == mine and theirs in state.boards[0].deployed[4]
