"""Who is waited for and what each seat may do, as lists built once and handed out as copies."""

from __future__ import annotations

from engine.core.action import Action
from engine.core.rng import Rng
from engine.spacebase import CONTENT, RULES
from engine.spacebase.legal import game_actions, preferences
from engine.spacebase.policies import buyer_policy
from tests.engine.spacebase.sb_helpers import new


def test_the_seats_yet_to_choose_follow_the_choices_in_any_order() -> None:
    state = new(5)
    state.phase = "choose"
    for keys in (["3", "0"], ["0", "3"], ["4", "1", "2"], []):
        state.choices = dict.fromkeys(keys, "sum")
        assert RULES.to_move(state) == {s for s in range(5) if str(s) not in keys}
    state.away[1] = True
    assert RULES.to_move(state) == {0, 2, 3, 4}
    state.choices = {"0": "sum", "2": "single", "3": "sum", "4": "sum"}
    assert RULES.to_move(state) == set()


def test_a_choosing_seat_gets_a_new_list_of_its_moves_and_preferences_each_time() -> None:
    state = new(3)
    state.phase, state.choices, state.auto[2] = "choose", {"1": "sum"}, True
    first = RULES.legal_actions(state, 2)
    assert first == [*game_actions(state, CONTENT, 2), *preferences(state, 2)]
    assert Action.of("auto", on=False) in first
    first.clear()
    assert RULES.legal_actions(state, 2) == [*game_actions(state, CONTENT, 2), *preferences(state, 2)]
    assert RULES.legal_actions(state, 1) == [Action.of("auto", on=True), Action.of("away")]


def _dearest(actions: list[Action], rng: Rng) -> Action:
    """The buyer policy as plainly written: a random game move, the dearest buy when one is open."""
    moves = [a for a in actions if a.kind not in ("auto", "away", "back")] or actions
    buys = [a for a in moves if a.kind in ("buy", "take")]
    if not buys:
        return rng.choice(moves)
    costs = [CONTENT.cards[str(a.get("card"))].cost for a in buys]
    return rng.choice([a for a, cost in zip(buys, costs, strict=True) if cost == max(costs)])


def test_the_buyer_policy_picks_as_the_plain_one_with_the_same_draws() -> None:
    for players, expansion in ((2, "base"), (5, "genesis")):
        state = RULES.setup([f"p{i}" for i in range(players)], {"expansion": expansion}, players)
        mine, plain = Rng(9), Rng(9)
        while RULES.outcome(state) is None:
            seat = min(RULES.to_move(state))
            actions = RULES.legal_actions(state, seat)
            action = buyer_policy(CONTENT, state, seat, actions, mine)
            assert action is _dearest(actions, plain) and mine.position == plain.position
            state, _ = RULES.apply(state, seat, action)
