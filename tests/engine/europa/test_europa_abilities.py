"""Every ability kind: Undermining, Ingenuity (with its timings) and Future Planning."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.action import Action
from engine.europa import CONTENT, RULES
from engine.europa.abilities import roll
from engine.europa.model import INVADER_KINDS
from engine.europa.state import EuropaState
from tests.engine.europa.eu_helpers import (
    act,
    attempt,
    card,
    give,
    invader_builder,
    miss,
    new,
    pass_all,
    small,
    to_undermine,
)


def _owned(state: EuropaState, cid: str) -> None:
    """Take ``cid`` out of every pile (the test then places it)."""
    if cid in state.deck:
        state.deck.remove(cid)
        return
    for pile in (state.discard, *state.hands):
        if cid in pile:
            pile[pile.index(cid)] = state.deck.pop()


def undermined(cid: str, invaders: bool = False, **extra: Any) -> EuropaState:
    """Seat 0 undermines seat 1's base with ``cid``; both then pass into the build."""
    state = new(2, seed=3, invaders=invaders)
    give(state, 0, cid)
    state = to_undermine(state, {0: next(c for c in state.hands[0] if c != cid)})
    action = next(
        a
        for a in RULES.legal_actions(state, 0)
        if a.kind == "undermine" and a.get("card") == cid and all(a.get(k) == v for k, v in extra.items())
    )
    state, _ = RULES.apply(state, 0, action)
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 1, "pass")
    assert state.phase == "build"
    return state


def colours(state: EuropaState, seat: int) -> list[str]:
    att = state.attempt[seat]
    assert att is not None
    return [d["c"] for d in att["dice"]]


def test_fewer_dice_and_fewer_rolls() -> None:
    state = undermined(card("undermine", "fewer_dice", colour="blue"))
    assert colours(state, 1).count("blue") == 1 and colours(state, 0).count("blue") == 2
    state = undermined(card("undermine", "fewer_rolls"))
    assert attempt(state, 1)["rolls_left"] == 2 and attempt(state, 0)["rolls_left"] == 3


def test_min_keep_blocks_the_next_roll_until_two_dice_are_set_aside() -> None:
    state = undermined(card("undermine", "min_keep"))
    state, _ = act(state, 1, "roll")
    attempt(state, 1)["dice"][0]["f"] = ["tower"]
    attempt(state, 1)["dice"][1]["f"] = ["tower"]
    assert all(a.kind != "roll" for a in RULES.legal_actions(state, 1))
    state, _ = act(state, 1, "keep", die=0)
    assert all(a.kind != "roll" for a in RULES.legal_actions(state, 1))
    state, _ = act(state, 1, "keep", die=1)
    assert any(a.kind == "roll" for a in RULES.legal_actions(state, 1))


def test_wild_only_and_extra_need() -> None:
    cid = card("undermine", "wild_only", colour="red")
    state = undermined(cid)
    view = RULES.view(state, None)["players"][1]["attempt"]
    assert view["wild_only"] == ["red"]
    extra = card("undermine", "extra_need", n=1)
    state = undermined(extra)
    sym = CONTENT.cards[extra].undermine.symbol
    base = CONTENT.cards[attempt(state, 1)["card"]]
    assert RULES.view(state, 1)["players"][1]["attempt"]["need"][sym] == base.needs.get(sym, 0) + 1


def test_destroy_plan_and_a_discard_cost() -> None:
    cid = card("undermine", "destroy_plan", cost=1)
    state = new(2, seed=3)
    give(state, 0, cid)
    victim = next(c for c in state.deck if c != cid)
    state.deck.remove(victim)
    state.plans[1] = [victim]
    state = to_undermine(state, {0: next(c for c in state.hands[0] if c != cid)})
    action = next(a for a in RULES.legal_actions(state, 0) if a.kind == "undermine" and a.get("card") == cid)
    # The attacker names the plan by the only part of it on show: its planning ability.
    assert action.get("plan") == CONTENT.cards[victim].plan.key and action.get("discard")
    state, events = RULES.apply(state, 0, action)
    assert state.plans[1] == [] and victim in state.discard and str(action.get("discard")) in state.discard
    assert {"plan_destroyed", "cost_paid"} <= {e.kind for e in events}


def test_no_undermining_brings_in_the_invader_die_only_ingenuity_and_planning_do() -> None:
    # "The Invader Die is not rolled ... unless an Ingenuity Ability or a Future Planning Ability
    # states otherwise": no card's Undermining part names it, and every Invaders card has one of
    # the two that do.
    for c in CONTENT.cards.values():
        assert c.undermine.kind not in INVADER_KINDS, c.id
        if c.invader:
            assert INVADER_KINDS & {c.ingenuity.kind, c.plan.kind}, c.id
    state = invader_builder()
    assert colours(state, 1).count("invader") == 1 and "invader" not in colours(state, 0)


def rolled_once(ingenuity: str, seed: int = 4, invaders: bool = False) -> EuropaState:
    """Seat 0 holds ``ingenuity`` after its first main roll of a small base."""
    state = new(2, seed=seed, invaders=invaders)
    base = small(exclude=(ingenuity,))
    give(state, 0, base, ingenuity)
    state = to_undermine(state, {0: base})
    while state.phase == "undermine":
        state, _ = act(state, state.turn, "pass")
    state, _ = act(state, 0, "roll")
    return state


def rescue(ingenuity: str, seed: int = 4, invaders: bool = False) -> EuropaState:
    """Seat 0 holds ``ingenuity`` after three missed main rolls of a small base."""
    state = rolled_once(ingenuity, seed, invaders)
    miss(state, 0)
    state, _ = act(state, 0, "stop")
    assert state.attempt[0] is not None and state.attempt[0]["stage"] == "rescue"
    return state


def _ing(state: EuropaState, cid: str) -> list[Any]:
    return [a for a in RULES.legal_actions(state, 0) if a.kind == "ingenuity" and a.get("card") == cid]


def test_ingenuity_set_face_and_reduce() -> None:
    cid = card("ingenuity", "set_face", colour="green")
    state = rescue(cid)
    action = _ing(state, cid)[0]
    state, _ = RULES.apply(state, 0, action)
    sym = CONTENT.cards[cid].ingenuity.symbol
    assert cid in state.discard
    if state.attempt[0] is not None:
        assert state.attempt[0]["dice"][int(action.arg("die"))]["f"] == [sym]
    red = card("ingenuity", "reduce")
    state = rescue(red)
    sym = CONTENT.cards[red].ingenuity.symbol
    if _ing(state, red):
        state, _ = RULES.apply(state, 0, _ing(state, red)[0])
        assert state.attempt[0] is None or state.attempt[0]["reduce"] == {sym: 1}


def test_ingenuity_reroll_rolls_only_dice_not_set_aside() -> None:
    cid = card("ingenuity", "reroll", colour="green", n=3)
    state = rescue(cid)
    assert not _ing(state, cid)  # four green dice loose: too many for "up to 3"
    state, _ = act(state, 0, "keep", die=0)
    before = state.rng.position
    kept = dict(attempt(state, 0)["dice"][0])
    state, events = RULES.apply(state, 0, _ing(state, cid)[0])
    assert state.rng.position == before + 3 and "dice_rolled" in [e.kind for e in events]
    if state.attempt[0] is not None:
        assert state.attempt[0]["dice"][0] == kept


def test_a_reroll_may_leave_a_loose_star_unrolled_without_locking_it() -> None:
    # "You may choose to roll 1 or 2": setting a Star aside to keep it out of a reroll would lock it
    # and cost a token, so the reroll may leave loose Stars where they are instead.
    cid = card("ingenuity", "reroll", colour="green", n=3)
    state = rescue(cid)
    dice = attempt(state, 0)["dice"]
    greens = [i for i, d in enumerate(dice) if d["c"] == "green"]
    assert len(greens) == 4
    dice[greens[0]]["f"] = ["star"]
    leave = Action.of("ingenuity", card=cid, leave_stars=True)
    # Four green dice loose: too many for a plain reroll, but three once the Star stays out.
    assert _ing(state, cid) == [leave]
    star = dict(dice[greens[0]])
    before = state.rng.position
    after, events = RULES.apply(state, 0, leave)
    [rolled] = [e for e in events if e.kind == "dice_rolled"]
    assert sorted(f["die"] for f in rolled.data["dice"]) == greens[1:]
    assert state.rng.position == before  # the state handed in is untouched
    if after.attempt[0] is not None:
        assert after.attempt[0]["dice"][greens[0]] == star and not star["k"]
    # With the Star set aside instead, the same reroll is a plain one (and the Star is locked).
    kept, _ = act(state, 0, "keep", die=greens[0])
    assert _ing(kept, cid) == [Action.of("ingenuity", card=cid)]


def test_leaving_stars_is_offered_only_with_a_loose_star_among_few_enough_dice() -> None:
    cid = card("ingenuity", "reroll", colour="green", n=3)
    state = rescue(cid)
    assert not _ing(state, cid)  # no Star: nothing to leave out, and four dice loose
    dice = attempt(state, 0)["dice"]
    greens = [i for i, d in enumerate(dice) if d["c"] == "green"]
    state, _ = act(state, 0, "keep", die=greens[3])
    dice = attempt(state, 0)["dice"]
    dice[greens[0]]["f"] = ["star"]
    # Three loose (a Star and two others): both ways are open, the plain reroll first.
    assert _ing(state, cid) == [
        Action.of("ingenuity", card=cid),
        Action.of("ingenuity", card=cid, leave_stars=True),
    ]
    # Typed false, the flag is no flag: the plain reroll, rolling the Star too.
    _after, events = act(state, 0, "ingenuity", card=cid, leave_stars=False)
    [rolled] = [e for e in events if e.kind == "dice_rolled"]
    assert greens[0] in [f["die"] for f in rolled.data["dice"]]
    dice[greens[1]]["f"] = dice[greens[2]]["f"] = ["star", "star"]
    # Only Stars loose: leaving them out would roll nothing.
    assert _ing(state, cid) == [Action.of("ingenuity", card=cid)]


def test_a_reroll_with_too_many_loose_dice_is_explained_to_its_holder() -> None:
    cid = card("ingenuity", "reroll", colour="green", n=3)
    state = rescue(cid)
    assert not _ing(state, cid)
    name = CONTENT.cards[cid].name
    hint = f"{name} rerolls up to 3 dice: set aside all but 3 of your loose green dice to play it."
    assert hint in RULES.view(state, 0)["you"]["hints"]
    assert "hints" not in RULES.view(state, None)
    state, _ = act(state, 0, "keep", die=0)
    assert _ing(state, cid) and hint not in RULES.view(state, 0)["you"]["hints"]


def test_ingenuity_extra_die_and_cancel_undermine() -> None:
    cid = card("ingenuity", "extra_die", n=1)
    state = rescue(cid)
    state, _ = RULES.apply(state, 0, _ing(state, cid)[0])
    assert state.attempt[0] is None or len(state.attempt[0]["dice"]) == 8
    cancel = card("ingenuity", "cancel_undermine")
    state = rescue(cancel)
    assert not _ing(state, cancel)
    extra = card("undermine", "extra_need", n=1)
    _owned(state, extra)
    state.undermines[0] = [extra]
    state, _ = RULES.apply(state, 0, _ing(state, cancel)[0])
    assert (extra in state.discard and state.undermines[0] == []) or state.attempt[0] is None


def test_an_extra_green_die_played_between_main_rolls_is_rolled_at_once() -> None:
    extra = next(
        c.id
        for c in CONTENT.cards.values()
        if c.ingenuity.kind == "extra_die" and c.ingenuity.timing == "main" and not c.invader
    )
    state = rolled_once(extra, seed=5)
    before = len(attempt(state, 0)["dice"])
    if attempt(state, 0)["stage"] != "main":
        pytest.skip("the first roll built the base")
    [play] = _ing(state, extra)
    state, events = RULES.apply(state, 0, play)
    added = attempt(state, 0)["dice"][before:]
    assert added and all(d["c"] == "green" and d["f"] and not d["k"] for d in added)
    assert any(e.kind == "dice_rolled" for e in events)
    # Stopping the main rolls now keeps what the extra die shows.
    state, _ = act(state, 0, "stop")
    att = state.attempt[0]
    assert att is None or att["dice"][before:] == added


def test_main_timing_ingenuity_may_be_played_between_main_rolls() -> None:
    main = next(c.id for c in CONTENT.cards.values() if c.ingenuity.timing == "main")
    after = next(
        c.id
        for c in CONTENT.cards.values()
        if c.ingenuity.kind == "set_face" and c.ingenuity.timing == "after"
    )
    state = new(2, seed=5)
    base = small(exclude=(main, after))
    give(state, 0, base, main, after)
    state = to_undermine(state, {0: base})
    while state.phase == "undermine":
        state, _ = act(state, state.turn, "pass")
    assert not _ing(state, main)
    state, _ = act(state, 0, "roll")
    miss(state, 0)
    cards = {a.get("card") for a in _ing(state, main) + _ing(state, after)}
    assert after not in cards


def test_invader_roll_adds_and_rolls_the_invader_die() -> None:
    cid = card("ingenuity", "invader_roll")
    state = rescue(cid, invaders=True)
    state, _ = RULES.apply(state, 0, _ing(state, cid)[0])
    att = state.attempt[0]
    if att is not None:
        die = next(d for d in att["dice"] if d["c"] == "invader")
        assert die["f"] != ["invader"]  # an additional roll repeats until no Invader shows


def test_an_invader_result_on_an_additional_roll_is_told_before_the_die_is_rolled_again() -> None:
    state = invader_builder()
    att = attempt(state, 1)
    index = next(i for i, d in enumerate(att["dice"]) if d["c"] == "invader")
    # The first position from which this die shows an Invader, then something else.
    for position in range(state.rng.position, state.rng.position + 200):
        trial = RULES.from_json(RULES.to_json(state))
        trial.rng.position = position
        events: list[Any] = []
        roll(trial, CONTENT, 1, [index], True, events)
        if attempt(trial, 1)["destroy"]:
            break
    else:
        raise AssertionError("no Invader result in 200 rolls")
    die = attempt(trial, 1)["dice"][index]
    [rolled] = [e for e in events if e.kind == "dice_rolled"]
    [face] = rolled.data["dice"]
    count = attempt(trial, 1)["destroy"]
    assert die["f"] != ["invader"] and face["invaders"] == count >= 1
    again = ", again: ".join(["invader"] * count)
    assert f"invader {again}, again: {'+'.join(die['f'])}" in rolled.text
    [told] = [e for e in events if e.kind == "invaders"]
    assert told.text.endswith(f"must destroy {count} {'die' if count == 1 else 'dice'}.")


@pytest.mark.parametrize("kind", ["set_face", "reroll", "reduce"])
def test_future_planning_abilities_work_once_per_base(kind: str) -> None:
    cid = next(c.id for c in CONTENT.cards.values() if c.plan.kind == kind and not c.invader)
    state = rescue(small(), seed=6)
    _owned(state, cid)
    state.plans[0] = [cid]
    attempt(state, 0)["dice"][1]["k"] = True
    attempt(state, 0)["dice"][2]["k"] = True
    attempt(state, 0)["dice"][3]["k"] = True
    attempt(state, 0)["dice"][4]["k"] = True
    attempt(state, 0)["dice"][5]["k"] = True
    attempt(state, 0)["dice"][6]["k"] = True
    uses = [a for a in RULES.legal_actions(state, 0) if a.kind == "use_plan"]
    if not uses:
        pytest.skip("this plan does not fit the base")
    state, _ = RULES.apply(state, 0, uses[0])
    assert cid in state.plans[0]
    if state.attempt[0] is not None:
        assert cid in state.attempt[0]["used"]
        assert all(a.kind != "use_plan" for a in RULES.legal_actions(state, 0))


def test_an_extra_die_plan_acts_by_itself_and_the_invader_die_joins_if_its_owner_chooses() -> None:
    extra = next(c.id for c in CONTENT.cards.values() if c.plan.kind == "extra_die" and not c.invader)
    invader = card("plan", "invader_main")
    state = new(2, seed=7, invaders=True)
    for cid in (extra, invader):
        _owned(state, cid)
    state.plans[0] = [extra, invader]
    state = to_undermine(state, {})
    while state.phase == "undermine":
        state, _ = act(state, state.turn, "pass")
    dice = colours(state, 0)
    assert dice.count("green") == 5 and dice.count("invader") == 0
    # The rulebook's plans "allow" the Invader die: offered before the first roll, once per base.
    offered = [a for a in RULES.legal_actions(state, 0) if a.kind == "use_plan"]
    assert offered == [Action.of("use_plan", card=invader)]
    with_die, _ = RULES.apply(state, 0, offered[0])
    assert colours(with_die, 0).count("invader") == 1
    assert not [a for a in RULES.legal_actions(with_die, 0) if a.kind == "use_plan"]
    # Rolling without it keeps it out of this base's main rolls.
    rolled, _ = act(state, 0, "roll")
    if rolled.attempt[0] is None:
        pytest.skip("the first roll built the base")
    assert "invader" not in colours(rolled, 0)
    assert not any(a.kind == "use_plan" and a.get("card") == invader for a in RULES.legal_actions(rolled, 0))


def test_an_invader_result_destroys_a_die_before_anything_else() -> None:
    for seed in range(60):
        state = invader_builder()
        state.rng.seed = seed
        state, _ = act(state, 1, "roll")
        att = state.attempt[1]
        if att is None or not att["destroy"]:
            continue
        legal = RULES.legal_actions(state, 1)
        assert {a.kind for a in legal} <= {"destroy", "away"}
        invader = next(i for i, d in enumerate(att["dice"]) if d["c"] == "invader")
        assert all(a.get("die") != invader for a in legal)
        state, events = RULES.apply(state, 1, next(a for a in legal if a.kind == "destroy"))
        assert "die_destroyed" in [e.kind for e in events]
        return
    pytest.fail("no Invader result in 60 seeds")


def test_a_destroyed_set_aside_die_does_not_block_the_next_main_roll() -> None:
    # "The destroyed die may be one that was already set aside": the player then rolls on with what
    # is left, without setting aside another die to make up for it.
    for seed in range(200):
        state = invader_builder()
        state.rng.seed = seed
        state, _ = act(state, 1, "roll")
        att = attempt(state, 1)
        if att["destroy"] or att["rolls_left"] < 2:
            continue
        loose = [i for i, d in enumerate(att["dice"]) if d["c"] != "invader" and not d["x"]]
        for die in loose[:2]:
            state, _ = act(state, 1, "keep", die=die)
        state, _ = act(state, 1, "roll")
        att = attempt(state, 1)
        if not att["destroy"] or att["rolls_left"] == 0:
            continue
        state, _ = act(state, 1, "destroy", die=loose[0])
        assert not attempt(state, 1)["destroy"]
        assert "roll" in [a.kind for a in RULES.legal_actions(state, 1)]
        return
    pytest.fail("no Invader result on a second main roll in 200 seeds")


def test_two_must_set_aside_cards_on_one_base_add_up() -> None:
    first, second = [
        c.id for c in CONTENT.cards.values() if c.undermine.kind == "min_keep" and not c.undermine.cost
    ][:2]
    state = new(2, seed=3)
    give(state, 0, first, second)
    state = to_undermine(state, {0: next(c for c in state.hands[0] if c not in (first, second))})
    for cid in (first, second):
        action = next(
            a for a in RULES.legal_actions(state, 0) if a.kind == "undermine" and a.get("card") == cid
        )
        state, _ = RULES.apply(state, 0, action)
    state = pass_all(state)
    need = CONTENT.cards[first].undermine.n + CONTENT.cards[second].undermine.n
    assert attempt(state, 1)["min_keep"] == need
    state, _ = act(state, 1, "roll")
    for die in range(need - 1):
        state, _ = act(state, 1, "keep", die=die)
    assert "roll" not in [a.kind for a in RULES.legal_actions(state, 1)]
    state, _ = act(state, 1, "keep", die=need - 1)
    assert "roll" in [a.kind for a in RULES.legal_actions(state, 1)]


def test_a_star_only_colour_counts_only_when_it_shows_a_star() -> None:
    cid = card("undermine", "wild_only", colour="red")
    state = new(2, seed=3)
    base = small(exclude=(cid,))
    give(state, 0, cid)
    give(state, 1, base)
    state = to_undermine(state, {0: next(c for c in state.hands[0] if c != cid), 1: base})
    action = next(a for a in RULES.legal_actions(state, 0) if a.kind == "undermine" and a.get("card") == cid)
    state, _ = RULES.apply(state, 0, action)
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 1, "pass")
    state, _ = act(state, 1, "roll")
    need = [s for s, n in CONTENT.cards[base].needs.items() for _ in range(n)]
    miss(state, 1)
    dice = attempt(state, 1)["dice"]
    for die, sym in zip(dice[:6], need[1:], strict=False):
        die["f"] = [sym]
    dice[6]["f"] = [need[0], need[0]]  # the red die shows what is missing
    assert all(a.kind != "build" for a in RULES.legal_actions(state, 1))
    dice[6]["f"] = ["star"]
    assert any(a.kind == "build" for a in RULES.legal_actions(state, 1))
