"""A refused Europa move says why, in words the player can act on, and never names another seat's
secret (their hand, their secret choice, their Built pile, the deck)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core.action import Action
from engine.core.errors import AlreadyDoneError, EngineError, IllegalActionError, NotYourTurnError
from engine.core.rng import Rng
from engine.europa import CONTENT, RULES
from engine.europa import rules as rules_mod
from engine.europa.model import SYMBOL_NAMES, ability_text
from engine.europa.state import EuropaState
from engine.europa.why import already_done, why
from tests.engine.europa.eu_helpers import (
    act,
    all_built,
    attempt,
    card,
    fail_seat,
    give,
    invader_builder,
    meet,
    miss,
    new,
    set_dice,
    to_build,
    to_undermine,
)
from tests.render.europa_playout import europa_playout, sampled


def _refused(state: EuropaState, seat: int, kind: str, **args: Any) -> str:
    """The text of the IllegalActionError (or AlreadyDoneError) ``kind`` raises."""
    with pytest.raises(IllegalActionError) as refused:
        act(state, seat, kind, **args)
    return str(refused.value)


def _not_yours(state: EuropaState, seat: int, kind: str, **args: Any) -> str:
    with pytest.raises(NotYourTurnError) as refused:
        act(state, seat, kind, **args)
    return str(refused.value)


def _take(state: EuropaState, cid: str) -> str:
    """Take ``cid`` out of the deck and every hand (a hand loses it for the deck's top card)."""
    if cid in state.deck:
        state.deck.remove(cid)
    for hand in state.hands:
        if cid in hand:
            hand[hand.index(cid)] = state.deck.pop()
    return cid


def _plans(state: EuropaState, seat: int, *cids: str) -> EuropaState:
    """``seat`` holds ``cids`` as Future Planning cards; a fresh copy, so no legal list is cached for it."""
    state.plans[seat] = [_take(state, c) for c in cids]
    return state.clone()


def _rolled(seed: int = 4, hand: tuple[str, ...] = ()) -> EuropaState:
    """Both seats build (seat 0 holding ``hand``) and seat 0 has made its first main roll."""
    state = new(2, seed=seed)
    give(state, 0, *hand)
    base = next(c for c in state.hands[0] if c not in hand)
    state = to_build(state, {0: base})
    state, _ = act(state, 0, "roll")
    return state


def _rescue(hand: tuple[str, ...] = (), seed: int = 7) -> EuropaState:
    """Seat 0's main rolls ended short of its base, with ``hand`` in hand."""
    state = _rolled(seed, hand)
    miss(state, 0)
    state, _ = act(state, 0, "stop")
    assert attempt(state, 0)["stage"] == "rescue"
    return state


def _planning(seed: int = 5) -> EuropaState:
    """Both seats failed their first base: Future Planning is open."""
    state = to_build(new(2, seed=seed), {})
    state = fail_seat(fail_seat(state, 0), 1)
    assert state.phase == "plan"
    return state


def _redrawing(seed: int = 5) -> EuropaState:
    state = _planning(seed)
    state, _ = act(state, 0, "no_plan")
    state, _ = act(state, 1, "no_plan")
    assert state.phase == "redraw"
    return state


def test_an_unknown_card_is_quoted_as_typed() -> None:
    state = new(2, seed=1)
    assert _refused(state, 0, "choose", card="x").endswith("There is no card 'x'.")
    assert _refused(state, 0, "redraw", discard="zz").endswith("There is no card 'zz'.")
    assert _refused(_rolled(), 0, "ingenuity", card="nope").endswith("There is no card 'nope'.")


def test_a_card_not_in_hand_reads_the_same_wherever_it_is() -> None:
    state = new(2, seed=1)
    secret, deck = state.hands[1][0], state.deck[0]
    assert _refused(state, 0, "choose", card=secret).endswith("That card is not in your hand.")
    # Another seat's hand and the deck give the same words: the refusal tells nothing of where it is.
    reasons = {why(state, CONTENT, 0, Action.of("choose", card=c)) for c in (secret, deck)}
    assert reasons == {"That card is not in your hand."}
    plan = state.deck[-1]
    state = _plans(state, 0, plan)
    name = CONTENT.cards[plan].name
    assert f"{name} is one of your Future Planning cards, not in your hand." in _refused(
        state, 0, "choose", card=plan
    )


def test_a_planning_card_must_be_one_of_yours_and_not_a_hand_card() -> None:
    state = _rescue()
    own = state.hands[0][0]
    text = _refused(state, 0, "use_plan", card=own)
    assert f"{CONTENT.cards[own].name} is not one of your Future Planning cards (it is in your hand" in text
    assert _refused(state, 0, "use_plan", card=state.hands[1][0]).endswith(
        "That card is not one of your Future Planning cards."
    )


def test_a_die_out_of_range_destroyed_set_aside_or_locked_is_named_from_1() -> None:
    state = _rolled()
    set_dice(state, 0, [["command"], ["command"], ["tower"], ["silo"]])
    text = _refused(state, 0, "keep", die=29)
    # The reason alone, as the other games give it: the move is quoted only when there is none.
    assert text == "There is no die 30: your dice are numbered 1 to 7."
    state, _ = act(state, 0, "keep", die=0)
    assert _refused(state, 0, "keep", die=0).endswith("Die 1 is already set aside.")
    assert _refused(state, 0, "release", die=1).endswith("Die 2 is not set aside.")
    att = attempt(state, 0)
    att["dice"][2].update(f=["star"], k=True)
    att["dice"][3]["x"] = True
    state = state.clone()
    assert _refused(state, 0, "release", die=2).endswith(
        "Die 3 is a Star set aside: it is locked and must be used."
    )
    assert _refused(state, 0, "keep", die=3).endswith("Die 4 was destroyed by the Invaders.")


def test_dice_moves_before_the_first_roll_ask_for_a_roll() -> None:
    state = to_build(new(2, seed=4), {})
    for kind in ("keep", "build"):
        args = {"die": 0} if kind == "keep" else {}
        assert _refused(state, 0, kind, **args).endswith(
            "Roll first: none of your dice has been rolled for this base."
        )


def test_a_move_of_another_step_says_which_step_the_game_is_in_and_whom_it_waits_for() -> None:
    state = new(2, seed=1)
    assert _refused(state, 0, "roll").endswith(
        "That move belongs to the build step; the game is in the base choice, waiting for p1 and p2 "
        "to choose a base card."
    )
    state = to_undermine(state, {})
    assert state.turn == 0
    assert _refused(state, 0, "plan", card=state.hands[0][0]).endswith(
        "That move belongs to Future Planning; the game is in the undermining step, and it is p1's turn."
    )
    assert _not_yours(state, 1, "roll") == (
        "That move belongs to the build step; the game is in the undermining step, and it is p1's turn."
    )


def test_a_choice_already_made_this_round_is_refused_as_done() -> None:
    state = new(3, seed=1)
    state, _ = act(state, 0, "choose", card=state.hands[0][0])
    with pytest.raises(
        AlreadyDoneError, match=r"^You have already chosen your base for this round; waiting for p2 and p3\.$"
    ):
        act(state, 0, "choose", card=state.hands[0][0])
    state = _planning()
    state, _ = act(state, 0, "no_plan")
    with pytest.raises(
        AlreadyDoneError, match="already decided on Future Planning this round; waiting for p2"
    ):
        act(state, 0, "plan", card=state.hands[0][0])
    state, _ = act(state, 1, "no_plan")
    state, _ = act(state, 0, "redraw", discard="")
    with pytest.raises(AlreadyDoneError, match="already discarded and drawn this round; waiting for p2"):
        act(state, 0, "redraw", discard="")


def test_a_built_base_waits_for_the_other_builders_and_a_failed_one_builds_no_more() -> None:
    state = _rolled(seed=7)
    meet(state, 0)
    state, _ = act(state, 0, "build")
    with pytest.raises(AlreadyDoneError, match=r"^Your base is built; waiting for p2 to finish building\.$"):
        act(state, 0, "roll")
    state = fail_seat(to_build(new(2, seed=7), {}), 0)
    assert (
        _not_yours(state, 0, "roll")
        == "Your base failed this round, so you build no more until the next one."
    )


def test_step_four_goes_in_turn_order_and_finalizing_needs_a_built_base() -> None:
    state, _ = all_built()
    assert _not_yours(state, 1, "finalize") == (
        "It is p1's turn to choose another base or finalize; yours comes in turn order."
    )
    assert _refused(new(2, seed=1), 0, "finalize").endswith("You can finalize only after building a base.")


def test_undermining_goes_one_seat_at_a_time() -> None:
    state = to_undermine(new(3, seed=1), {})
    assert state.turn == 0
    assert _not_yours(state, 2, "pass") == "It is p1's turn to undermine; yours comes later in turn order."
    state, _ = act(state, 0, "pass")
    assert _not_yours(state, 0, "pass") == "Your undermining turn in this step is over; it is p2's turn now."


def test_an_undermining_target_must_be_another_new_base_with_room() -> None:
    plain = [
        c.id for c in CONTENT.cards.values() if c.undermine.kind == "extra_need" and not c.undermine.cost
    ]
    state = new(3, seed=1, undermine_limit=1)
    give(state, 0, *plain[:3])
    state = to_undermine(state, {0: plain[2]})
    assert _refused(state, 0, "undermine", card=plain[0], target=0).endswith(
        "You cannot undermine your own base."
    )
    assert _refused(state, 0, "undermine", card=plain[0], target=7).endswith(
        "There is no player 8 at this table; the players are 1 p1, 2 p2, 3 p3."
    )
    state, _ = act(state, 0, "undermine", card=plain[0], target=1)
    assert _refused(state, 0, "undermine", card=plain[1], target=1).endswith(
        "p2's base already holds the most Undermining cards one base may take (1)."
    )
    # Step 4: p1 tries another base, p2 and p3 finalize; p3 has no new base to undermine.
    state, _ = all_built()
    state, _ = act(state, 0, "choose", card=state.hands[0][0])
    state, _ = act(state, 1, "finalize")
    state, _ = act(state, 2, "finalize")
    assert state.phase == "undermine" and state.turn == 1
    text = _refused(state, 1, "undermine", card=state.hands[1][0], target=2)
    assert text.endswith("p3 has no new base to undermine.")


def test_an_undermining_cost_names_the_price_and_what_the_hand_holds() -> None:
    costly = card("undermine", "extra_need", cost=1)
    free = card("undermine", "extra_need", cost=0)
    state = new(2, seed=2)
    give(state, 0, costly, free)
    state = to_undermine(state, {0: next(c for c in state.hands[0] if c not in (costly, free))})
    name = CONTENT.cards[costly].name
    assert _refused(state, 0, "undermine", card=costly, target=1).endswith(
        f"{name} costs exactly 1 card more from your hand: name 1 to discard."
    )
    foreign = state.hands[1][0]
    assert _refused(state, 0, "undermine", card=costly, target=1, discard=foreign).endswith(
        "You can pay only with other cards of your hand, each named once."
    )
    assert _refused(state, 0, "undermine", card=free, target=1, discard=costly).endswith(
        f"{CONTENT.cards[free].name} costs no extra card: leave out the discard."
    )
    poor = state.clone()
    poor.deck += [c for c in poor.hands[0] if c != costly]
    poor.hands[0] = [costly]
    assert _refused(poor, 0, "undermine", card=costly, target=1).endswith(
        f"{name} costs 1 card more from your hand, and you hold 0 cards besides it."
    )


def test_destroying_a_plan_needs_one_on_show() -> None:
    destroyer = card("undermine", "destroy_plan", cost=0)
    name = CONTENT.cards[destroyer].name
    state = new(2, seed=3)
    give(state, 0, destroyer)
    state = to_undermine(state, {0: next(c for c in state.hands[0] if c != destroyer)})
    assert _refused(state, 0, "undermine", card=destroyer, target=1).endswith(
        f"p2 has no Future Planning card for {name} to destroy."
    )
    state = _plans(state, 1, state.deck[0])
    assert _refused(state, 0, "undermine", card=destroyer, target=1).endswith(
        f"{name} destroys one of p2's Future Planning cards: name which one."
    )
    assert _refused(state, 0, "undermine", card=destroyer, target=1, plan="bogus").endswith(
        "p2 has no Future Planning card with that ability."
    )


def test_a_planning_card_may_not_repeat_an_ability_already_placed() -> None:
    state = _planning()
    keep = state.hands[0][0]
    key = CONTENT.cards[keep].plan.key
    twin = next(c.id for c in CONTENT.cards.values() if c.plan.key == key and c.id != keep)
    state = _plans(state, 0, twin)
    assert _refused(state, 0, "plan", card=keep).endswith(
        "You already have a Future Planning card that does this: "
        + ability_text("plan", CONTENT.cards[keep].plan)
    )


def test_a_redraw_with_the_wrong_cards_or_count_says_what_fits() -> None:
    state = _redrawing()
    hand = sorted(state.hands[0])
    assert _refused(state, 0, "redraw", discard=state.hands[1][0]).endswith(
        "You can discard only cards of your hand, each named once."
    )
    assert _refused(state, 0, "redraw", discard=f"{hand[0]},{hand[0]}").endswith("each named once.")
    # Cards to discard may be named in any order: the same move either way.
    typed, _ = act(state, 0, "redraw", discard=f"{hand[1]},{hand[0]}")
    listed, _ = act(state, 0, "redraw", discard=f"{hand[0]},{hand[1]}")
    assert RULES.to_json(typed) == RULES.to_json(listed)
    assert _refused(state, 0, "redraw", discard="", six=True).endswith(
        "Only a Future Planning card for a hand of 6 lets you draw a sixth card."
    )
    big = card("plan", "big_hand")
    while len(state.hands[0]) < 6:
        state.hands[0] = [*state.hands[0], state.deck[-1]]
        state.deck = state.deck[:-1]
    state = _plans(state, 0, big)
    assert len(state.hands[0]) == 6
    assert _refused(state, 0, "redraw", discard="", six=False).endswith(
        "Drawing to 5 leaves room for 5 cards and you keep 6: discard 1 more, or draw to 6."
    )


def test_building_a_base_the_dice_do_not_meet_names_what_is_missing() -> None:
    state = _rolled(seed=7)
    miss(state, 0)
    base = CONTENT.cards[attempt(state, 0)["card"]]
    first = next(iter(base.needs))
    text = _refused(state, 0, "build")
    assert f"Your dice do not meet {base.name} yet: " in text and text.endswith(" missing.")
    assert f"{base.needs[first]} {SYMBOL_NAMES[first]}" in text
    attempt(state, 0)["dice"][0]["f"] = ["star"]
    assert _refused(state.clone(), 0, "build").endswith(" missing, 1 Star to fill the gaps.")


def test_main_rolls_end_in_order_and_an_undermining_keep_rule_is_spelled_out() -> None:
    state = _rolled()
    assert _refused(state, 0, "give_up").endswith(
        "You can give up only once the main rolls are over: end them first."
    )
    state = _rescue()
    assert _refused(state, 0, "roll").endswith(
        "The main rolls are over: play an Ingenuity or Future Planning card, or give up."
    )
    assert _refused(state, 0, "stop").endswith("The main rolls are already over.")
    keeper = card("undermine", "min_keep", n=2, cost=0)
    state = new(2, seed=4)
    give(state, 0, keeper)
    state = to_undermine(state, {0: next(c for c in state.hands[0] if c != keeper)})
    state, _ = act(state, 0, "undermine", card=keeper, target=1)
    while state.phase == "undermine":
        state, _ = act(state, state.turn, "pass")
    state, _ = act(state, 1, "roll")
    assert _refused(state, 1, "roll").endswith(
        "An Undermining card makes you set aside at least 2 more after every main roll: "
        "set aside 2 dice more first."
    )


def test_an_ingenuity_card_waits_for_its_timing_and_a_die_it_can_turn() -> None:
    turner = card("ingenuity", "set_face", colour="green", timing="after")
    name = CONTENT.cards[turner].name
    state = _rolled(seed=7, hand=(turner,))
    assert _refused(state, 0, "ingenuity", card=turner, die=0).endswith(
        f"{name} may be played only once the main rolls are over."
    )
    state = _rescue(hand=(turner,))
    assert attempt(state, 0)["dice"][4]["c"] == "blue"
    assert _refused(state, 0, "ingenuity", card=turner, die=4).endswith(
        f"{name} turns a green die, and die 5 is blue."
    )
    assert _refused(state, 0, "ingenuity", card=turner).endswith(f"{name} acts on one die: name which.")


def test_a_reroll_with_too_many_loose_dice_says_how_many_to_set_aside() -> None:
    reroll = card("ingenuity", "reroll", colour="green", n=3, timing="after")
    state = _rescue(hand=(reroll,))
    assert _refused(state, 0, "ingenuity", card=reroll).endswith(
        f"{CONTENT.cards[reroll].name} rerolls up to 3 green dice, and 4 of your loose green dice would "
        "roll: set aside all but 3 first."
    )


def test_a_plain_reroll_refused_for_a_loose_star_names_the_way_that_leaves_it() -> None:
    reroll = card("ingenuity", "reroll", colour="green", n=3, timing="after")
    state = _rescue(hand=(reroll,))
    dice = state.attempt[0]["dice"] if state.attempt[0] else []
    star = next(i for i, d in enumerate(dice) if d["c"] == "green")
    dice[star]["f"] = ["star"]
    name = CONTENT.cards[reroll].name
    assert _refused(state, 0, "ingenuity", card=reroll).endswith(
        f"{name} rerolls up to 3 dice, and 4 of your loose dice would roll: set aside all but 3 first, "
        "or leave your loose Stars unrolled (leave_stars)."
    )
    # Typed false, the flag is no flag: the plain reroll, refused for the same reason.
    assert _refused(state, 0, "ingenuity", card=reroll, leave_stars=False).endswith(
        "or leave your loose Stars unrolled (leave_stars)."
    )
    assert _refused(state, 0, "ingenuity", card=reroll, leave_stars=True, die=1).endswith(
        f"{name} takes no die: leave it out."
    )


def test_a_planning_card_acts_once_per_base_after_the_main_rolls() -> None:
    plan = next(
        c.id for c in CONTENT.cards.values() if c.plan.kind == "set_face" and c.plan.colour == "green"
    )
    big = card("plan", "big_hand")
    state = new(2, seed=7)
    state = _plans(state, 0, plan, big)
    state = to_build(state, {})
    state, _ = act(state, 0, "roll")
    name = CONTENT.cards[plan].name
    assert _refused(state, 0, "use_plan", card=plan, die=0).endswith(
        "Future Planning cards help once the main rolls are over."
    )
    assert _refused(state, 0, "use_plan", card=big).endswith(
        f"{CONTENT.cards[big].name} acts by itself: it is never played on the dice."
    )
    miss(state, 0)
    state, _ = act(state, 0, "stop")
    use = next(a for a in RULES.legal_actions(state, 0) if a.kind == "use_plan")
    state, _ = RULES.apply(state, 0, use)
    assert _refused(state, 0, "use_plan", card=plan, die=0).endswith(
        f"You have already used {name} for this base."
    )


def test_an_invader_result_is_settled_first_and_never_on_the_invader_die() -> None:
    state = invader_builder()
    state, _ = act(state, 1, "roll")
    att = attempt(state, 1)
    att["destroy"] = 1
    invader = next(i for i, d in enumerate(att["dice"]) if d["c"] == "invader")
    state = state.clone()
    assert _refused(state, 1, "roll").endswith(
        "An Invader result comes first: choose 1 of your dice to destroy."
    )
    assert _refused(state, 1, "destroy", die=invader).endswith(
        "The Invader die never destroys itself: choose another die."
    )
    assert _refused(_rolled(), 0, "destroy", die=0).endswith(
        "No Invader result asks you to destroy a die now."
    )


def test_away_back_and_unknown_moves() -> None:
    state = new(2, seed=1)
    assert _refused(state, 0, "back").endswith("You are not away: you already play your own seat.")
    assert _refused(state, 0, "fly").endswith("There is no move 'fly' in Europa Base Alpha.")
    state, _ = act(state, 0, "away")
    assert _refused(state, 0, "away").endswith(
        "You are already away: the AI plays for you until you come back."
    )


def test_why_is_asked_only_for_refused_moves_and_the_generic_text_stays_without_a_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def never(*_: object) -> str:
        raise AssertionError("asked about a legal move")

    monkeypatch.setattr(rules_mod, "why", never)
    monkeypatch.setattr(rules_mod, "already_done", never)
    states = list(europa_playout(3, 2, invaders=True))
    assert states[-1].outcome is not None
    monkeypatch.setattr(rules_mod, "why", lambda *_: None)
    monkeypatch.setattr(rules_mod, "already_done", lambda *_: None)
    with pytest.raises(IllegalActionError) as refused:
        act(_rolled(), 0, "keep", die=29)
    assert str(refused.value) == "'Keep die 30' is not a legal move for you now."
    with pytest.raises(NotYourTurnError, match=r"^It is not your move now; the game waits for p1 and p2\.$"):
        RULES.apply(new(2, seed=1), 5, Action.of("roll"))


def test_no_reason_is_given_for_a_legal_move() -> None:
    for players, invaders in ((2, True), (3, False), (4, True)):
        for state in sampled(11, players, invaders=invaders, every=4):
            for seat in range(state.seats):
                for action in RULES.legal_actions(state, seat):
                    assert already_done(state, seat, action) is None
                    assert why(state, CONTENT, seat, action) is None, (action, state.phase)


def _hidden(state: EuropaState, seat: int) -> set[str]:
    """Names and ids of the cards another seat holds in secret, or the deck, that ``seat``'s own view
    does not show."""
    secret = [c for s in range(state.seats) if s != seat for c in state.hands[s] + state.built[s]]
    secret += [
        c for s in range(state.seats) if s != seat for c in (state.choice[s], state.plan_choice[s]) if c
    ]
    secret += state.deck
    shown = json.dumps(RULES.view(state, seat), ensure_ascii=False)
    words = {w for c in secret if c in CONTENT.cards for w in (c, CONTENT.cards[c].name)}
    return {w for w in words if w not in shown}


def _tries(state: EuropaState, seat: int, rng: Rng) -> list[Action]:
    """Moves a player might send: other seats' legal moves, secret and deck cards, numbers off by some."""
    secret = [c for s in range(state.seats) if s != seat for c in state.hands[s]]
    secret += [c for c in state.choice + state.plan_choice if c and c in CONTENT.cards] + state.deck[-3:]
    out = [a for s in range(state.seats) if s != seat for a in RULES.legal_actions(state, s)][:12]
    for cid in secret[:8]:
        out += [
            Action.of("choose", card=cid),
            Action.of("plan", card=cid),
            Action.of("ingenuity", card=cid),
            Action.of("use_plan", card=cid),
            Action.of("undermine", card=cid, target=rng.randint(0, state.seats - 1)),
            Action.of("redraw", discard=cid),
        ]
        if state.hands[seat]:
            out.append(Action.of("undermine", card=state.hands[seat][0], target=1 - seat % 2, discard=cid))
            out.append(Action.of("ingenuity", card=state.hands[seat][0], undermine=cid))
    out += [Action.of(k, die=rng.randint(-1, 12)) for k in ("keep", "release", "destroy")]
    return out


def _sent(action: Action) -> set[str]:
    """Ids and names of the cards a move names itself."""
    cards = [c for _, v in action.args for c in str(v).split(",") if c in CONTENT.cards]
    return {w for c in cards for w in (c, CONTENT.cards[c].name)}


def test_no_refusal_names_a_card_another_seat_keeps_secret() -> None:
    checked = 0
    for game, (players, invaders) in enumerate(((2, False), (3, True), (4, False), (2, True), (3, False))):
        rng = Rng(game)
        for state in sampled(20 + game, players, invaders=invaders, every=6):
            if state.outcome is not None:
                continue
            for seat in range(state.seats):
                hidden = _hidden(state, seat)
                for action in _tries(state, seat, rng):
                    try:
                        RULES.apply(state, seat, action)
                        continue
                    except EngineError as exc:
                        message = str(exc)
                    reason = already_done(state, seat, action) or why(state, CONTENT, seat, action) or ""
                    leaked = [w for w in hidden if w in reason]
                    assert not leaked, (reason, action)
                    # The whole message quotes the move as sent, so only the cards it names may show.
                    assert not [w for w in hidden - _sent(action) if w in message], (message, action)
                    checked += 1
    assert checked > 3000
