"""Genesis: immediate and end-of-turn rewards, claimed colonies, bonus rolls, shared rewards, claiming
onto a colony, diagonal arrows, variable and empty sectors."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.core.action import Action
from engine.core.errors import IllegalActionError
from engine.core.game import Event
from engine.core.rng import Rng
from engine.spacebase import CONTENT, RULES
from engine.spacebase.model import MAX_BONUS_CHAIN, Card, Content
from engine.spacebase.pending import SKIP, no_choice, pending_actions
from engine.spacebase.rewards import grant_all, rewards_event
from engine.spacebase.state import SpaceState
from engine.spacebase.turn import finish as finish_game
from tests.engine.spacebase.sb_helpers import (
    act,
    activate,
    card,
    deploy,
    finish,
    kinds,
    plain,
    put,
    to_shipyard,
)

STARTERS = CONTENT.starters()


def _genesis(players: int = 2) -> SpaceState:
    return plain(players, expansion="genesis")


def _find(test: Callable[[Card], object]) -> Card:
    content: Content = CONTENT
    return next(c for c in content.cards.values() if test(c))


def _buy(
    state: SpaceState, seat: int, info: Card, sector: int | None = None
) -> tuple[SpaceState, list[Event]]:
    if info.is_colony:
        state.colonies[info.sector - 1] = info.id
    else:
        to_shipyard(state, info.id)
    return act(state, seat, "buy", card=info.id, sector=sector or info.sector)


def _bought_with_spare(info: Card, spare: int) -> SpaceState:
    """Seat 0 buys ``info`` on its first turn holding ``spare`` credits more than its price."""
    state = _genesis()
    state, _ = activate(state, 12)
    state.boards[0].credits = info.cost + spare
    state, _ = _buy(state, 0, info)
    return state


def test_an_immediate_reward_resolves_after_the_credits_are_spent() -> None:
    info = _find(lambda c: c.type == "ship" and c.immediate and c.immediate[0].kind == "credits")
    state = _bought_with_spare(info, 6)
    assert state.boards[0].credits == info.immediate[0].n


def test_an_end_of_turn_reward_comes_after_credits_rise_to_income_and_only_once() -> None:
    info = _find(lambda c: c.type == "ship" and c.end_turn and c.end_turn[0].kind == "credits")
    state = _genesis()
    state.boards[0].income = 3
    state, _ = activate(state, 12)
    state.boards[0].credits = info.cost
    state, _ = _buy(state, 0, info)
    state = finish(state, 0)
    assert state.boards[0].credits == 3 + info.end_turn[0].n
    state, _ = activate(state, 12)
    state = finish(state, 1)
    state.boards[0].credits = 0
    state, _ = activate(state, 12)
    state = finish(state, 0)
    assert state.boards[0].credits == max(3, CONTENT.cards[STARTERS[11]].blue[0].n)


def test_claimed_colonies_are_free_any_number_on_your_turn_and_not_a_buy() -> None:
    state = _genesis()
    claims = [c for c in CONTENT.cards.values() if c.condition and c.condition.stat == "income"]
    claims += [c for c in CONTENT.cards.values() if c.condition and c.condition.stat == "deployed"][:1]
    # Colonies sit one per sector: two claims on one sector would hide one of them.
    assert len(claims) == 2 and len({c.sector for c in claims}) == len(claims)
    for info in claims:
        state.colonies[info.sector - 1] = info.id
    state.boards[0].income = 10
    state.boards[0].deployed[0] = tuple(STARTERS[:8])
    state.boards[1].income = 10
    state, _ = activate(state, 12)
    assert not [a for a in RULES.legal_actions(state, 1) if a.kind == "claim_colony"]
    offered = {a.get("card") for a in RULES.legal_actions(state, 0) if a.kind == "claim_colony"}
    assert offered == {c.id for c in claims}
    vp = state.boards[0].vp
    for info in claims:
        state, _ = act(state, 0, "claim_colony", card=info.id)
    assert state.boards[0].vp == vp + sum(r.n for c in claims for r in c.immediate if r.kind == "vp")
    assert not state.bought and state.boards[0].credits == CONTENT.cards[STARTERS[11]].blue[0].n


def test_a_colony_may_be_claimed_while_an_extra_buy_waits_that_would_spend_its_credits() -> None:
    # "You may only claim these colonies during your turn": not only once the queue is empty.
    state = _genesis()
    info = _find(lambda c: c.condition is not None and c.condition.stat == "credits")
    buyer = card("buy", level=2)
    assert info.condition is not None and buyer.sector != info.sector
    state.colonies[info.sector - 1] = info.id
    put(state, 0, buyer.id)
    state.boards[0].credits = info.condition.at_least
    state, _ = activate(state, buyer.sector)
    assert state.pending and state.pending[0]["kind"] == "buy" and state.pending[0]["seat"] == 0
    legal = RULES.legal_actions(state, 0)
    assert Action("claim_colony", (("card", info.id),)) in legal
    assert not [a for a in RULES.legal_actions(state, 1) if a.kind == "claim_colony"]
    waiting = list(state.pending)
    state, _ = act(state, 0, "claim_colony", card=info.id)
    assert state.colonies[info.sector - 1] is None and state.boards[0].station[info.sector - 1] == info.id
    # The extra buy still waits, with the credits it may spend.
    assert state.pending[: len(waiting)] == waiting
    assert any(a.kind in ("take", "skip") for a in RULES.legal_actions(state, 0))


def test_an_unmet_condition_cannot_be_claimed() -> None:
    state = _genesis()
    info = _find(lambda c: c.condition is not None and c.condition.stat == "income")
    state.colonies[info.sector - 1] = info.id
    state, _ = activate(state, 12)
    with pytest.raises(IllegalActionError):
        act(state, 0, "claim_colony", card=info.id)


def test_a_bonus_roll_gains_station_rewards_and_ignores_claims() -> None:
    roller = card("bonus_roll", level=2)
    state = _genesis(3)
    put(state, 0, roller.id)
    claimer = card("claim", level=2)
    for sector in range(1, 13):
        if sector != roller.sector:
            put(state, 0, claimer.id, sector) if sector == claimer.sector else None
    state, _ = activate(state, roller.sector)
    step = state.pending[0]
    assert step["kind"] == "bonus_roll" and len(step["dice"]) == 2 and RULES.to_move(state) == {0}
    others = [state.boards[s].credits for s in (1, 2)]
    credits = state.boards[0].credits
    a, b = step["dice"]
    state, events = act(state, 0, "choose", option="sum")
    assert [state.boards[s].credits for s in (1, 2)] == others, "other players ignore a bonus roll"
    assert not state.pending or state.pending[0]["kind"] not in ("claim", "buy")
    gained = state.boards[0].credits - credits
    if a + b == roller.sector:
        assert gained == 0 and [step["kind"] for step in state.pending] == ["bonus_roll"]
    elif a + b == claimer.sector:
        assert gained == 0 and not state.pending
    else:
        assert gained == CONTENT.cards[STARTERS[a + b - 1]].blue[0].n
    assert events[0].kind == "rewards"


def test_shared_rewards_reach_every_player() -> None:
    info = _find(lambda c: c.is_colony and c.shared and c.shared[0].kind == "credits" and not c.condition)
    state = _genesis(3)
    state, _ = activate(state, 12)
    state.boards[0].credits = info.cost
    others = [state.boards[s].credits for s in (1, 2)]
    state, _ = _buy(state, 0, info)
    n = info.shared[0].n
    assert [state.boards[s].credits for s in (1, 2)] == [v + n for v in others]
    assert state.boards[0].vp == sum(r.n for r in info.immediate if r.kind == "vp")


def test_a_ship_claimed_into_a_colony_sector_is_deployed() -> None:
    claimer = card("claim", level=2)
    state = _genesis()
    put(state, 0, claimer.id)
    state, _ = activate(state, claimer.sector)
    take = next(a for a in RULES.legal_actions(state, 0) if a.kind == "take")
    target = int(take.arg("sector"))
    colony = state.colonies[target - 1]
    assert colony is not None
    put(state, 0, colony, target)
    state, events = RULES.apply(state, 0, take)
    assert str(take.arg("card")) in state.boards[0].deployed[target - 1]
    assert state.boards[0].station[target - 1] == colony and "card_gained" in kinds(events)


def test_diagonal_arrows_cross_between_station_and_deployed() -> None:
    red_diag = card("diag", "red")
    side = red_diag.sector + red_diag.red[0].dir
    state = _genesis()
    deploy(state, 1, red_diag.id)
    state, _ = activate(state, red_diag.sector)
    # Seat 1 takes the blue station reward of its neighbouring sector's station card.
    expected = CONTENT.cards[STARTERS[side - 1]].blue[0].n
    assert state.boards[1].credits == expected
    blue_diag = _find(lambda c: c.type == "ship" and any(r.kind == "diag" for r in c.blue))
    side = blue_diag.sector + next(r.dir for r in blue_diag.blue if r.kind == "diag")
    state = _genesis()
    put(state, 0, blue_diag.id)
    deploy(state, 0, STARTERS[side - 1], side)
    state, _ = activate(state, blue_diag.sector)
    others = sum(r.n for r in blue_diag.blue if r.kind == "credits")
    assert state.boards[0].credits == others + CONTENT.cards[STARTERS[side - 1]].red[0].n


def test_a_variable_sector_ship_goes_in_any_free_sector_from_its_number_up() -> None:
    info = _find(lambda c: c.plus and c.level == 1 and not c.immediate)
    state = _genesis()
    state, _ = activate(state, 12)
    to_shipyard(state, info.id)
    state.boards[0].credits = info.cost
    colony = state.colonies[11]
    assert colony is not None
    put(state, 0, colony, 12)
    sectors = {int(a.arg("sector")) for a in RULES.legal_actions(state, 0) if a.get("card") == info.id}
    assert sectors == set(range(info.sector, 12))
    state, _ = act(state, 0, "buy", card=info.id, sector=11)
    assert state.boards[0].station[10] == info.id


def test_an_empty_sector_gives_nothing_and_can_be_bought_into() -> None:
    info = _find(lambda c: c.immediate and c.immediate[0].kind == "deploy")
    state = _genesis()
    state, _ = activate(state, 12)
    state.boards[0].credits = info.cost
    state, _ = _buy(state, 0, info)
    assert state.pending[0]["kind"] == "deploy"
    state, _ = act(state, 0, "deploy", card=STARTERS[4])
    assert state.boards[0].station[4] is None and STARTERS[4] in state.boards[0].deployed[4]
    state = finish(state, 0)
    state, _ = activate(state, 12)
    state = finish(state, 1)
    ship = _find(lambda c: c.type == "ship" and c.sector == 5 and c.level == 1 and not c.immediate)
    to_shipyard(state, ship.id)
    state.boards[0].credits = ship.cost
    state, _ = activate(state, 5)
    assert state.boards[0].credits == ship.cost, "an empty station gives nothing"
    state, _ = act(state, 0, "buy", card=ship.id, sector=5)
    assert state.boards[0].station[4] == ship.id and state.boards[0].deployed[4] == (STARTERS[4],)


def test_a_bonus_roll_landing_on_a_bonus_roll_rolls_again_up_to_the_chains_end() -> None:
    # The rulebook ignores only effects on others, the shipyard and unbought colonies: a bonus roll
    # gained in a bonus roll rolls again. A chain MAX_BONUS_CHAIN rolls deep gains no further one.
    roller = card("bonus_roll", level=2)
    state = _genesis(2)
    put(state, 0, roller.id)
    state, _ = activate(state, roller.sector)
    a = max(1, roller.sector - 6)
    for depth in range(1, MAX_BONUS_CHAIN + 1):
        step = state.pending[0]
        assert step["kind"] == "bonus_roll" and step.get("depth", 1) == depth
        step["dice"] = [a, roller.sector - a]
        state, events = act(state, 0, "choose", option="sum")
        assert "bonus roll" in " ".join(e.text for e in events) or depth == MAX_BONUS_CHAIN
    assert not any(step["kind"] == "bonus_roll" for step in state.pending)
    # Saved and loaded mid-chain, the depth is kept.
    state = _genesis(2)
    put(state, 0, roller.id)
    state, _ = activate(state, roller.sector)
    state.pending[0]["dice"] = [a, roller.sector - a]
    state, _ = act(state, 0, "choose", option="sum")
    assert RULES.from_json(RULES.to_json(state)).pending[0]["depth"] == 2


def test_a_card_gained_on_another_players_turn_gives_its_end_of_turn_reward_then() -> None:
    # Seat 1's deployed diagonal arrow reaches the claim on its neighbouring station card during
    # seat 0's turn; the claimed card's end-of-turn reward comes at the end of that turn.
    diag = card("diag", "red")
    side = diag.sector + next(r.dir for r in diag.red if r.kind == "diag")
    claimer = card("claim", level=2)
    level = next(r.level for r in claimer.blue if r.kind == "claim")
    ender = _find(
        lambda c: c.type == "ship" and c.level == level and c.end_turn and not c.immediate and not c.plus
    )
    state = _genesis()
    deploy(state, 1, diag.id)
    put(state, 1, claimer.id, side)
    to_shipyard(state, ender.id)
    state, _ = activate(state, diag.sector)
    assert state.pending[0]["kind"] == "claim" and RULES.to_move(state) == {1}
    state, _ = act(state, 1, "take", card=ender.id, sector=ender.sector)
    before = (state.boards[1].credits, state.boards[1].vp)
    state = finish(state, 0)
    gained = {k: sum(r.n for r in ender.end_turn if r.kind == k) for k in ("credits", "vp")}
    assert (state.boards[1].credits, state.boards[1].vp) == (
        before[0] + gained["credits"],
        before[1] + gained["vp"],
    )


def test_a_card_given_away_before_the_turn_ends_gives_its_end_of_turn_reward_to_no_one() -> None:
    buyer = card("buy", level=2)
    ender = _find(lambda c: c.type == "ship" and c.end_turn and not c.immediate and not c.plus)
    trade = _find(lambda c: c.is_colony and any(r.kind == "trade" for r in c.immediate))
    state = _genesis()
    put(state, 0, buyer.id)
    to_shipyard(state, ender.id)
    state.colonies[trade.sector - 1] = trade.id
    # Credits the activation itself does not change (the extra buy finds them affordable).
    state.boards[0].credits = ender.cost + trade.cost
    state, _ = activate(state, buyer.sector)
    state.boards[0].credits = ender.cost + trade.cost
    state, _ = act(state, 0, "take", card=ender.id, sector=ender.sector)
    state, _ = act(state, 0, "buy", card=trade.id, sector=trade.sector)
    before = (state.boards[0].vp, state.boards[1].vp, state.boards[1].credits)
    state, _ = act(state, 0, "give", seat=1, card=ender.id)
    state, _ = act(state, 1, "skip")  # keeps the station ship it was given on station
    state, _ = act(state, 1, "give", seat=0, card=STARTERS[0])
    state = finish(state, 0)
    assert state.active == 1 and state.boards[1].station[ender.sector - 1] == ender.id
    assert (state.boards[0].vp, state.boards[1].vp, state.boards[1].credits) == before


@pytest.mark.parametrize(
    ("kind", "optional"),
    [
        ("exchange", True),
        ("swap_neighbor", True),
        ("shift", True),
        ("deploy", True),
        ("red_sectors", False),
        ("trade", False),
    ],
)
def test_only_immediate_rewards_that_rearrange_a_console_may_be_declined(kind: str, optional: bool) -> None:
    # Immediate rewards are compulsory unless the card says otherwise; ours that swap, exchange,
    # move or deploy cards read as permissions, like the rulebook's cards 28, 69, 70 and 92
    # (docs/spacebase.md, ruling 15).
    info = _find(lambda c: c.type == "ship" and any(r.kind == kind for r in c.immediate))
    state = _genesis()
    state, _ = activate(state, 12)
    state.boards[0].credits = info.cost
    state, _ = _buy(state, 0, info)
    assert state.pending[0]["kind"] == kind and RULES.to_move(state) == {0}
    moves = {a.kind for a in RULES.legal_actions(state, 0)}
    assert len(moves - {"skip", "auto", "away"}) > 0 and ("skip" in moves) == optional


def test_the_buyer_of_a_shared_reward_colony_gains_the_shared_reward_too() -> None:
    info = _find(lambda c: c.is_colony and c.shared and c.shared[0].kind == "credits" and not c.condition)
    state = _bought_with_spare(info, 5)
    # The buy spent every credit; the shared reward came after it.
    assert state.boards[0].credits == info.shared[0].n


def test_a_colony_claimed_by_its_condition_is_never_bought() -> None:
    info = _find(lambda c: c.condition is not None and c.condition.stat == "income")
    state = _genesis()
    state.colonies[info.sector - 1] = info.id
    state.boards[0].income = 0
    state, _ = activate(state, 12)
    state.boards[0].credits = 50
    assert not [a for a in RULES.legal_actions(state, 0) if a.get("card") == info.id]
    with pytest.raises(IllegalActionError):
        act(state, 0, "buy", card=info.id, sector=info.sector)


def test_a_ship_claimed_under_a_colony_resolves_no_immediate_reward() -> None:
    # Deployed straight, it was never placed on the board (docs/spacebase.md, ruling 7).
    claimer = card("claim", level=2)
    level = next(r.level for r in claimer.blue if r.kind == "claim")
    ship = _find(
        lambda c: (
            c.type == "ship"
            and c.level == level
            and not c.plus
            and c.immediate
            and c.sector != 1
            and c.immediate[0].kind == "credits"
        )
    )
    state = _genesis()
    put(state, 0, claimer.id)
    colony = state.colonies[ship.sector - 1]
    assert colony is not None and ship.sector != claimer.sector
    put(state, 0, colony, ship.sector)
    to_shipyard(state, ship.id)
    state, _ = activate(state, claimer.sector)
    credits = state.boards[0].credits
    state, _ = act(state, 0, "take", card=ship.id, sector=ship.sector)
    assert ship.id in state.boards[0].deployed[ship.sector - 1]
    assert state.boards[0].credits == credits


def test_a_bonus_roll_follows_arrows_as_normal() -> None:
    roller = card("bonus_roll", level=2)
    arrow = card("dice_arrow", level=1, sector=4)
    assert roller.sector not in (4, 5)
    state = _genesis()
    put(state, 0, roller.id)
    put(state, 0, arrow.id)
    state, _ = activate(state, roller.sector)
    state.pending[0]["dice"] = [1, 3]
    credits = state.boards[0].credits
    state, _ = act(state, 0, "choose", option="sum")
    own = sum(r.n for r in arrow.blue if r.kind == "credits")
    assert state.boards[0].credits == credits + own + CONTENT.cards[STARTERS[4]].blue[0].n


def test_a_claimed_variable_sector_ship_goes_in_any_sector_from_its_number_up() -> None:
    claimer = card("claim", level=2)
    level = next(r.level for r in claimer.blue if r.kind == "claim")
    ship = _find(lambda c: c.plus and c.level == level and not c.immediate and not c.end_turn)
    state = _genesis()
    put(state, 0, claimer.id)
    to_shipyard(state, ship.id)
    state, _ = activate(state, claimer.sector)
    sectors = {int(a.arg("sector")) for a in RULES.legal_actions(state, 0) if a.get("card") == ship.id}
    assert sectors == set(range(ship.sector, 13))
    state, _ = act(state, 0, "take", card=ship.id, sector=12)
    assert state.boards[0].station[11] == ship.id


def test_colonies_are_claimed_after_the_roll_not_before() -> None:
    # The conditions only grow with a roll's rewards, so nothing is lost (docs/spacebase.md, ruling 7).
    info = _find(lambda c: c.condition is not None and c.condition.stat == "income")
    assert info.condition is not None
    state = _genesis()
    state.colonies[info.sector - 1] = info.id
    state.boards[0].income = info.condition.at_least
    assert [a.kind for a in RULES.legal_actions(state, 0) if a.kind != "auto" and a.kind != "away"] == [
        "roll"
    ]
    state, _ = activate(state, 12)
    assert any(a.kind == "claim_colony" for a in RULES.legal_actions(state, 0))


def test_a_blue_diagonal_arrow_reaches_the_cards_deployed_under_a_colony() -> None:
    # A colony closes its sector to the dice on its owner's turn, not to a neighbour's diagonal
    # arrow (docs/spacebase.md, ruling 2).
    blue_diag = _find(lambda c: c.type == "ship" and any(r.kind == "diag" for r in c.blue))
    side = blue_diag.sector + next(r.dir for r in blue_diag.blue if r.kind == "diag")
    state = _genesis()
    colony = state.colonies[side - 1]
    assert colony is not None
    put(state, 0, blue_diag.id)
    put(state, 0, colony, side)
    deploy(state, 0, STARTERS[side - 1], side)
    state, _ = activate(state, blue_diag.sector)
    own = sum(r.n for r in blue_diag.blue if r.kind == "credits")
    assert state.boards[0].credits == own + CONTENT.cards[STARTERS[side - 1]].red[0].n


def test_a_step_with_nothing_to_choose_passes_by_itself() -> None:
    mover = card("move_charge")
    state = _genesis()
    put(state, 0, mover.id)
    state.boards[0].charges = {}
    state, events = activate(state, mover.sector)
    # No cube anywhere: the move-a-cube step is told and passed, and the turn goes on.
    assert not any(step["kind"] == "move_charge" for step in state.pending)
    told = [e for e in events if e.kind == "skipped" and e.data.get("automatic")]
    assert [e.data["kind"] for e in told] == ["move_charge"]
    assert told[0].text == f"{state.players[0]} has no possible move charge: passed."
    assert RULES.to_move(state) == {0} and state.phase == "main"


def test_an_extra_buy_with_nothing_affordable_passes_unless_a_colony_could_be_claimed_first() -> None:
    buyer = next(c for c in CONTENT.cards.values() if [r.kind for r in c.blue] == ["buy"] and c.sector > 1)
    state = _genesis()
    put(state, 0, buyer.id)
    state.boards[0].credits = 0
    state, events = activate(state, buyer.sector)
    assert state.boards[0].credits == 0 and not state.pending
    assert [e.data["kind"] for e in events if e.kind == "skipped"] == ["buy"]
    # With a colony on the row whose condition is met, the step waits: the claim might pay for a buy.
    state = _genesis()
    put(state, 0, buyer.id)
    rich = _find(lambda c: c.condition is not None and c.condition.stat == "income")
    assert rich.condition is not None
    state.colonies[rich.sector - 1] = rich.id
    state.boards[0].credits, state.boards[0].income = 0, rich.condition.at_least
    state, _ = activate(state, buyer.sector)
    assert state.pending and state.pending[0]["kind"] == "buy"
    assert {a.kind for a in RULES.legal_actions(state, 0)} >= {"skip", "claim_colony"}


def test_the_events_tell_what_a_gained_card_and_a_choice_reward_give() -> None:
    info = _find(lambda c: c.type == "ship" and c.immediate and c.immediate[0].kind == "credits")
    state = _genesis()
    state, _ = activate(state, 12)
    state.boards[0].credits = info.cost
    state, events = _buy(state, 0, info)
    gained = next(e for e in events if e.kind == "card_gained")
    told = events[events.index(gained) + 1]
    n = info.immediate[0].n
    assert told.kind == "rewards" and f"gains +{n} credit{'' if n == 1 else 's'}" in told.text
    # A shared reward is told for every seat.
    shared = _find(lambda c: c.is_colony and c.shared and c.condition is None)
    state = _genesis()
    state, _ = activate(state, 12)
    state.boards[0].credits = shared.cost
    state, events = _buy(state, 0, shared)
    assert {e.data["seat"] for e in events if e.kind == "rewards"} == {0, 1}
    # A reward that opens a choice says which, never "nothing new".
    buyer = next(c for c in CONTENT.cards.values() if [r.kind for r in c.blue] == ["buy"] and c.sector > 1)
    state = _genesis()
    put(state, 0, buyer.id)
    state.boards[0].credits = 99
    state, events = activate(state, buyer.sector)
    [mine] = [e for e in events if e.kind == "rewards" and e.data["seat"] == 0]
    assert mine.text.endswith(f" may {buyer.blue[0].label()}.") and mine.data["opened"] == [
        buyer.blue[0].label()
    ]


def test_gains_and_a_shared_win_read_as_english() -> None:
    assert rewards_event("Bob", 1, 1, 0, 2, 1, 3, None).text == "Bob gains +1 credit, +2 VP and +1 charge."
    assert rewards_event("Bob", 1, 0, 0, 0, 0, 0, None).text == "Bob gains nothing new."
    state = _genesis()
    state.outcome = {"winners": [0, 1], "reason": "points"}
    [over] = finish_game(state)
    assert over.text == f"{state.players[0]} and {state.players[1]} share the win of the game."


def test_choices_a_reward_opens_read_as_what_the_player_may_do() -> None:
    # Said in the channel, of the player: "may", and "their" ships rather than the card's "your".
    claim = rewards_event("Bob", 1, 0, 0, 2, 0, 2, None, ("claim a level 1 card from the shipyard",))
    assert claim.text == "Bob gains +2 VP and may claim a level 1 card from the shipyard."
    swap = rewards_event("Cy", 2, 0, 0, 0, 0, 1, None, ("exchange two of your ships",))
    assert swap.text == "Cy may exchange two of their ships."
    roll = rewards_event("Cy", 2, 3, 0, 0, 0, 2, None, ("a bonus roll",))
    assert roll.text == "Cy gains +3 credits and a bonus roll."


def test_a_swap_a_win_and_a_cash_out_are_told_as_such() -> None:
    state = _genesis()
    for kind, told in (
        ("swap_neighbor", " may swap with the card in a neighbouring sector."),
        ("win", "gains the win of the game."),
    ):
        info = next(
            c for c in CONTENT.cards.values() if c.ability and any(r.kind == kind for r in c.ability.effects)
        )
        assert info.ability is not None
        found = [(info.id, r) for r in info.ability.effects if r.kind == kind]
        event = grant_all(state.fork(), CONTENT, 0, found)
        assert event.text.endswith(told) and "nothing new" not in event.text
    cash = next(c for c in CONTENT.cards.values() if any(r.kind == "cash_out" for r in c.immediate))
    rate = next(r.n for r in cash.immediate if r.kind == "cash_out")
    state.boards[0].credits = 3 * rate
    spend = [(cash.id, r) for r in cash.immediate if r.kind == "cash_out"]
    event = grant_all(state.fork(), CONTENT, 0, spend)
    assert event.text == f"{state.players[0]} spends {3 * rate} credits and gains +3 VP."


def test_a_claim_is_labelled_free_and_an_extra_buy_with_its_price() -> None:
    state = _genesis()
    ship = state.shipyard["1"][0]
    info = CONTENT.cards[ship]
    take = Action.of("take", card=ship, sector=info.sector)
    state.pending = [{"kind": "claim", "seat": 0, "card": ship, "level": 1, "n": 1}]
    assert RULES.describe(take, state) == f"Take {info.name} (free) into sector {info.sector}"
    state.pending = [{"kind": "buy", "seat": 0, "card": ship, "level": 1, "n": 1}]
    assert RULES.describe(take, state) == f"Take {info.name} ({info.cost} cr) into sector {info.sector}"


def test_owned_level_3_ships_and_colonies_count_deployed_too() -> None:
    def level3(c: Card) -> bool:
        return c.type == "ship" and c.level == 3

    def colony(c: Card) -> bool:
        return c.is_colony and c.condition is None

    picks: list[tuple[str, Callable[[Card], bool]]] = [("level3", level3), ("colonies", colony)]
    for stat, pick in picks:
        info = next(c for c in CONTENT.cards.values() if c.condition is not None and c.condition.stat == stat)
        assert info.condition is not None
        state = _genesis()
        state.colonies[info.sector - 1] = info.id
        owned = [c for c in CONTENT.cards.values() if pick(c) and c.sector != info.sector]
        owned = owned[: info.condition.at_least]
        for c in owned[:-1]:
            put(state, 0, c.id)
        state, _ = activate(state, 12)
        claims = [a for a in RULES.legal_actions(state, 0) if a.kind == "claim_colony"]
        assert not any(a.get("card") == info.id for a in claims)
        # The last one lies deployed, under another card of its sector: it still counts.
        deploy(state, 0, owned[-1].id)
        claims = [a for a in RULES.legal_actions(state, 0) if a.kind == "claim_colony"]
        assert any(a.get("card") == info.id for a in claims), stat


def test_the_quick_no_choice_check_agrees_with_the_listed_moves() -> None:
    steps = [{"kind": "claim", "level": level} for level in (0, 1, 2, 3)]
    steps += [{"kind": "buy", "level": level} for level in (0, 1, 2, 3, 4)]
    steps += [{"kind": k, "level": 0} for k in ("move_charge", "exchange", "shift", "deploy", "trade")]
    seen = 0
    for seed in range(6):
        rng = Rng(seed)
        state = RULES.setup(["a", "b", "c"], {"expansion": "genesis"}, seed)
        while RULES.outcome(state) is None:
            if state.phase == "main" and rng.randint(0, 3) == 0:
                for step in steps:
                    for credits in (0, 7, 40):
                        trial = state.clone()
                        trial.boards[state.active].credits = credits
                        trial.pending = [{**step, "seat": state.active, "card": "", "n": 1, "sectors": []}]
                        listed = pending_actions(trial, CONTENT) == [SKIP]
                        assert no_choice(trial, CONTENT) == listed, (step, credits)
                        seen += listed
            seat = min(RULES.to_move(state))
            state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    assert seen > 20


def test_the_card_reference_says_may_exactly_where_an_immediate_reward_may_be_declined() -> None:
    # "Immediate rewards are not optional unless specifically stated otherwise": the ones the engine
    # lets a buyer skip say "may" on the card, and no other does.
    from engine.spacebase.docs import card_reference
    from engine.spacebase.model import OPTIONAL

    reference = card_reference()
    immediate = [c for c in CONTENT.cards.values() if c.immediate]
    assert any(r.kind in OPTIONAL for c in immediate for r in c.immediate)
    for info in immediate:
        row = next(line for line in reference.splitlines() if f"(`{info.id}`)" in line)
        for reward in info.immediate:
            assert (f"may {reward.label()}" in row) == (reward.kind in OPTIONAL), (info.id, row)
