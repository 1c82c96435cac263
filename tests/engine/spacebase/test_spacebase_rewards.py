"""Every reward kind of the base game: credits, income, VP, charged abilities, claims, extra buys,
arrows, dice arrows and moving a charge cube."""

from __future__ import annotations

import pytest

from engine.core.action import Action
from engine.core.errors import IllegalActionError
from engine.spacebase import CONTENT, RULES
from engine.spacebase.state import SpaceState
from tests.engine.spacebase.sb_helpers import (
    act,
    activate,
    card,
    deploy,
    finish,
    plain,
    put,
    roll,
    to_shipyard,
)

STARTERS = CONTENT.starters()


def _legal_kinds(state: SpaceState, seat: int) -> set[str]:
    actions: list[Action] = RULES.legal_actions(state, seat)
    return {a.kind for a in actions}


def test_credits_income_and_vp_from_station_cards() -> None:
    state = plain()
    income = card("income", level=1)
    put(state, 0, income.id)
    state, _ = activate(state, income.sector)
    assert state.boards[0].income == income.blue[0].n
    state = finish(state, 0)
    state, _ = activate(state, 1, "single")
    state = finish(state, 1)
    vp = card("vp", level=3)
    put(state, 0, vp.id)
    state, _ = activate(state, vp.sector)
    assert state.boards[0].vp == sum(r.n for r in vp.blue if r.kind == "vp")


def test_deployed_cards_pay_red_rewards_on_others_turns_only() -> None:
    state = plain()
    ship = card("credits", "red", level=2, sector=8)
    deploy(state, 1, ship.id)
    state, _ = activate(state, 8)
    assert state.boards[1].credits == ship.red[0].n + CONTENT.cards[STARTERS[7]].red[0].n * 0
    state = finish(state, 0)
    before = state.boards[1].credits
    state, _ = activate(state, 8)
    assert state.boards[1].credits == before + CONTENT.cards[STARTERS[7]].blue[0].n


def test_a_charged_ability_is_charged_by_its_sector_and_usable_the_same_turn() -> None:
    state = plain()
    ship = next(
        c
        for c in CONTENT.cards.values()
        if c.ability and c.ability.when == "green" and c.ability.need == 2 and 2 <= c.sector <= 6
    )
    put(state, 0, ship.id)
    state, _ = activate(state, ship.sector)
    assert state.boards[0].charges[ship.id] == 1 and "use" not in _legal_kinds(state, 0)
    state = finish(state, 0)
    state, _ = activate(state, 12)
    state = finish(state, 1)
    state, _ = activate(state, ship.sector, "single")
    assert state.boards[0].charges[ship.id] == 2, "never more cubes than the ability needs"
    vp = state.boards[0].vp
    state, events = act(state, 0, "use", card=ship.id)
    assert state.boards[0].vp == vp + ship.ability.effects[0].n
    assert state.boards[0].charges[ship.id] == 0 and events[0].kind == "ability_used"


@pytest.mark.parametrize("when", ["blue", "red", "green"])
def test_ability_timing_own_turn_others_turns_or_any(when: str) -> None:
    ship = next(
        c for c in CONTENT.cards.values() if c.ability and c.ability.when == when and c.type == "ship"
    )
    state = plain()
    put(state, 1, ship.id)
    state.boards[1].charges[ship.id] = ship.ability.need
    state, _ = activate(state, 12)
    others = "use" in _legal_kinds(state, 1)
    assert others == (when in ("red", "green"))
    state = finish(state, 0)
    state, _ = activate(state, 12)
    own = "use" in _legal_kinds(state, 1)
    assert own == (when in ("blue", "green"))


def test_claim_takes_a_shipyard_card_free_or_may_be_skipped() -> None:
    state = plain()
    ship = card("claim", level=2)
    put(state, 0, ship.id)
    state.boards[0].credits = 0
    state, _ = activate(state, ship.sector)
    pending = state.pending[0]
    assert pending["kind"] == "claim" and RULES.to_move(state) == {0}
    takes = [a for a in RULES.legal_actions(state, 0) if a.kind == "take"]
    level = ship.blue[0].level
    assert takes and all(CONTENT.cards[str(a.get("card"))].level == level for a in takes)
    target = takes[0]
    state, _ = RULES.apply(state, 0, target)
    assert str(target.get("card")) in state.boards[0].station
    assert state.boards[0].credits >= 0 and not state.pending


def test_an_extra_buy_costs_only_the_price() -> None:
    state = plain()
    ship = card("buy", level=2)
    put(state, 0, ship.id)
    state.boards[0].credits = 20
    state, _ = activate(state, ship.sector)
    credits = state.boards[0].credits
    take = next(a for a in RULES.legal_actions(state, 0) if a.kind == "take")
    price = CONTENT.cards[str(take.get("card"))].cost
    state, _ = RULES.apply(state, 0, take)
    assert state.boards[0].credits == credits - price
    assert "buy" in _legal_kinds(state, 0), "the normal buy is still open"


def test_an_arrow_gains_the_neighbouring_sector_rewards() -> None:
    state = plain()
    ship = card("arrow", level=1, sector=4)
    put(state, 0, ship.id)
    state, _ = activate(state, 4)
    neighbour = CONTENT.cards[STARTERS[4 + ship.blue[0].dir - 1]].blue[0].n
    assert state.boards[0].credits == neighbour


def test_a_dice_arrow_works_with_the_sum_only() -> None:
    ship = card("dice_arrow", level=1, sector=4)
    extra = sum(r.n for r in ship.blue if r.kind == "credits")
    up = CONTENT.cards[STARTERS[4]].blue[0].n
    state = plain()
    put(state, 0, ship.id)
    state, _ = activate(state, 4, "sum")
    assert state.boards[0].credits == extra + up
    state = plain()
    put(state, 0, ship.id)
    state, _ = roll(state, 4, 4)
    state, _ = act(state, 0, "choose", option="single")
    assert state.boards[0].credits == 2 * extra


def test_move_a_charge_cube_between_two_cards() -> None:
    state = plain()
    mover = card("move_charge", level=1)
    put(state, 0, mover.id)
    chargers = [
        c for c in CONTENT.cards.values() if c.ability and c.type == "ship" and c.sector != mover.sector
    ]
    first, second = chargers[0], next(c for c in chargers if c.sector != chargers[0].sector)
    put(state, 0, first.id)
    put(state, 0, second.id)
    state.boards[0].charges = {first.id: 1, second.id: 0}
    state, _ = activate(state, mover.sector)
    assert state.pending[0]["kind"] == "move_charge"
    with pytest.raises(IllegalActionError):
        act(state, 0, "move_charge", src=second.id, dst=first.id)
    state, events = act(state, 0, "move_charge", src=first.id, dst=second.id)
    assert state.boards[0].charges == {first.id: 0, second.id: 1}
    assert events[0].kind == "charge_moved"


def test_a_claim_shipyard_card_must_be_face_up() -> None:
    state = plain()
    ship = card("claim", level=2)
    put(state, 0, ship.id)
    state, _ = activate(state, ship.sector)
    hidden = state.decks["1"][0]
    with pytest.raises(IllegalActionError):
        act(state, 0, "take", card=hidden, sector=CONTENT.sector_of(hidden))
    to_shipyard(state, hidden)
    assert any(a.get("card") == hidden for a in RULES.legal_actions(state, 0))


def test_arrows_never_chain() -> None:
    # Sector 4's arrow reaches sector 3, whose own arrow is not followed on to sector 2 (ruling 2).
    first, second = CONTENT.cards["l1_013"], CONTENT.cards["l1_010"]
    assert [r.dir for r in first.blue if r.kind == "arrow"] == [-1] and second.sector == first.sector - 1
    assert all(r.kind == "arrow" for r in second.blue)
    state = plain()
    put(state, 0, first.id)
    put(state, 0, second.id)
    state, _ = roll(state, 2, 2)
    state, _ = act(state, 0, "choose", option="sum")
    assert state.boards[0].credits == 0


def test_a_deployed_arrow_gains_the_deployed_rewards_of_the_neighbouring_sector() -> None:
    ship = CONTENT.cards["l2_016"]
    assert [r.dir for r in ship.red if r.kind == "arrow"] == [-1] and ship.sector == 4
    state = plain()
    deploy(state, 1, ship.id)
    deploy(state, 1, STARTERS[2], 3)
    # The sum 4 reaches sector 3's deployed starter through the arrow; the dice 2 and 2 reach nothing.
    state, _ = roll(state, 2, 2)
    assert RULES.to_move(state) == {0, 1}
    state, _ = act(state, 0, "choose", option="single")
    state, _ = act(state, 1, "choose", option="sum")
    assert state.boards[1].credits == CONTENT.cards[STARTERS[2]].red[0].n
