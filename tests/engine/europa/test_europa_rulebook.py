"""Rulebook points found in an audit: the step 4 choice in turn order and face up, hand counts that
never tell a secret pick, an Invader face that must be rolled again, the must-set-aside rule around
dice the Invaders destroy, and the card reference kept in step with the content."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.errors import IllegalActionError, NotYourTurnError
from engine.europa import CONTENT, RULES
from engine.europa.docs import card_reference
from engine.europa.flow import start_choose
from engine.europa.round import start_plan
from tests.engine.europa.eu_helpers import (
    act,
    all_built,
    attempt,
    card,
    give,
    invader_builder,
    kinds,
    meet,
    new,
)


def test_step_four_choices_go_in_turn_order_and_face_up() -> None:
    state, _ = all_built()
    assert state.phase == "choose" and state.first == 0
    # Only the First in Flight seat decides first; the next seats wait for their turn.
    assert RULES.to_move(state) == frozenset({0})
    assert RULES.view(state, None)["turn"] == 0
    with pytest.raises(NotYourTurnError):
        act(state, 1, "finalize")
    nxt = state.hands[0][0]
    state, events = act(state, 0, "choose", card=nxt)
    # The new base is placed face up at once: the table knows it before seat 1 decides.
    revealed = [e for e in events if e.kind == "base_revealed"]
    assert revealed and revealed[0].public and revealed[0].data["card"] == nxt
    assert CONTENT.cards[nxt].name in revealed[0].text
    assert state.status[0] == "building" and RULES.to_move(state) == frozenset({1})
    state, events = act(state, 1, "finalize")
    assert "construction_finalized" in kinds(events) and state.status[1] == "finalized"
    assert RULES.to_move(state) == frozenset({2}) and state.phase == "choose"
    state, _ = act(state, 2, "finalize")
    # Everyone has decided: undermining opens on the one new base.
    assert state.phase == "undermine"


def test_step_four_skips_seats_that_did_not_build() -> None:
    state, _ = all_built(players=2, seed=11)
    state.status[0] = "failed"
    state.bases[0] = []
    start_choose(state, CONTENT, [])
    assert RULES.to_move(state) == frozenset({1}) and RULES.view(state, None)["turn"] == 1


def test_hand_count_does_not_tell_a_planning_card_from_none() -> None:
    state = new(3, seed=5)
    state.status = ["failed"] * 3
    start_plan(state, CONTENT, [])
    state, _ = act(state, 0, "plan", card=state.hands[0][0])
    state, _ = act(state, 1, "no_plan")
    counts = [p["hand_count"] for p in RULES.view(state, None)["players"]]
    assert counts == [5, 5, 5]
    state, _ = act(state, 2, "no_plan")
    # Revealed: the planning card has left the hand.
    assert RULES.view(state, None)["players"][0]["hand_count"] == 4


def test_an_invader_showing_cannot_be_turned_into_a_result() -> None:
    """The Invader die showing an Invader must be rolled again: no set_face card turns it away."""
    turn = card("ingenuity", "set_face", colour="any", timing="main")
    state = invader_builder()
    give(state, 1, turn)
    state, _ = act(state, 1, "roll")
    att = attempt(state, 1)
    meet(state, 1)
    invader = next(i for i, d in enumerate(att["dice"]) if d["c"] == "invader")
    att["dice"][invader]["f"], att["destroy"] = ["invader"], 0
    targets = {
        a.get("die") for a in RULES.legal_actions(state, 1) if a.kind == "ingenuity" and a.get("card") == turn
    }
    assert targets and invader not in targets
    with pytest.raises(IllegalActionError):
        act(state, 1, "ingenuity", card=turn, die=invader)


def test_docs_carry_the_current_card_reference() -> None:
    text = (Path(__file__).parents[3] / "docs" / "europa.md").read_text(encoding="utf-8")
    begin, end = "<!-- card-reference:begin -->\n", "\n<!-- card-reference:end -->"
    assert text.split(begin, 1)[1].split(end, 1)[0] == card_reference().rstrip("\n")


def test_a_game_saved_during_a_secret_step_four_resumes_in_turn_order() -> None:
    state, _ = all_built(players=2, seed=13)
    # The old engine kept seat 0's pick secret while it waited for seat 1.
    pick = state.hands[0][0]
    state.hands[0].remove(pick)
    state.choice[0] = pick
    state.turn = 1
    loaded = RULES.from_json(RULES.to_json(state))
    assert loaded.choice == [None, None] and pick in loaded.hands[0]
    assert RULES.to_move(loaded) == frozenset({0})


def test_a_kept_star_destroyed_by_an_invader_still_costs_its_cut_corner_token() -> None:
    # "If kept, Stars ... each one will earn you a Cut Corner Token": destroying the kept Star with an
    # Invader result took its token away, so an Invader could be used to wipe a penalty.
    def built(destroy_star: bool) -> str:
        state = invader_builder(7)
        state, _ = act(state, 1, "roll")
        while attempt(state, 1)["destroy"]:
            dice = attempt(state, 1)["dice"]
            loose = next(i for i, d in enumerate(dice) if not d["x"] and d["c"] != "invader")
            state, _ = act(state, 1, "destroy", die=loose)
        build = attempt(state, 1)
        need = [sym for sym, n in CONTENT.cards[build["card"]].needs.items() for _ in range(n)]
        live = [d for d in build["dice"] if not d["x"] and d["c"] != "invader"]
        # The base is met by plain results set aside, with a Star and a spare die set aside besides.
        for die, sym in zip(live, need, strict=False):
            die["f"], die["k"] = [sym], True
        star, spare = live[len(need)], live[len(need) + 1]
        star["f"], star["k"] = ["star"], True
        spare["f"], spare["k"] = ["silo"], True
        invader = next(d for d in build["dice"] if d["c"] == "invader")
        invader["f"], invader["k"] = ["command"], True
        # As after the last main roll whose Invader result was rolled again: one die to destroy.
        build["rolls_left"], build["destroy"] = 0, 1
        target = build["dice"].index(star if destroy_star else spare)
        _, events = act(state, 1, "destroy", die=target)
        return next(e.text for e in events if e.kind == "base_built")

    assert "1 Cut Corner token" in built(destroy_star=False)
    assert "1 Cut Corner token" in built(destroy_star=True)


def test_a_die_destroyed_while_set_aside_offers_no_move_at_all() -> None:
    # "That player must destroy one die that may not be used or rerolled again for the building of the
    # current Base. The destroyed die may be one that was already set aside": releasing it was offered.
    state = invader_builder(7)
    state, _ = act(state, 1, "roll")
    assert not attempt(state, 1)["destroy"] and attempt(state, 1)["rolls_left"] > 0
    dice = attempt(state, 1)["dice"]
    aside = next(i for i, d in enumerate(dice) if d["c"] != "invader" and "star" not in d["f"])
    state, _ = act(state, 1, "keep", die=aside)
    # As after an Invader result on this main roll: one die to destroy, and the set-aside one goes.
    attempt(state, 1)["destroy"] = 1
    state, _ = act(state, 1, "destroy", die=aside)
    legal = RULES.legal_actions(state, 1)
    assert "roll" in {a.kind for a in legal}
    assert [a for a in legal if a.get("die") == aside] == []
    for kind in ("release", "keep"):
        with pytest.raises(IllegalActionError, match=rf"^Die {aside + 1} was destroyed by the Invaders\.$"):
            act(state, 1, kind, die=aside)


def test_a_die_set_aside_after_the_roll_then_destroyed_still_owes_the_keep_rule() -> None:
    # Ruling 5: "at least N more dice must be set aside than were aside at the previous roll"; only a
    # die that was aside at that roll stops counting when an Invader destroys it. A die set aside
    # after the roll and destroyed by an Invader of an additional roll (a reroll played between main
    # rolls) was counted as aside at the roll, so the next main roll came one die short.
    reroll = card("ingenuity", "reroll", colour="any", timing="main")
    for seed in range(200):
        state = invader_builder()
        state.rng.seed = seed
        give(state, 1, reroll)
        # As under a "set aside at least 2 dice" card.
        attempt(state, 1)["min_keep"] = 2
        state, _ = act(state, 1, "roll")
        if attempt(state, 1)["destroy"]:
            continue
        dice = attempt(state, 1)["dice"]
        plain = [i for i, d in enumerate(dice) if d["c"] != "invader"]
        for i, d in enumerate(dice):
            d["f"] = ["command"] if d["c"] == "invader" else ["tower"]
            # As after two Invader results on the first roll.
            d["x"] = i in plain[-2:]
        for die in plain[:2]:
            state, _ = act(state, 1, "keep", die=die)
        state, _ = act(state, 1, "roll")
        if attempt(state, 1)["destroy"]:
            continue
        for d in attempt(state, 1)["dice"]:
            if not d["k"] and not d["x"]:
                d["f"] = ["command"] if d["c"] == "invader" else ["tower"]
        # Two more set aside (the rule's count) leave the Invader die and one die loose for the reroll.
        for die in plain[2:4]:
            state, _ = act(state, 1, "keep", die=die)
        state, _ = act(state, 1, "ingenuity", card=reroll)
        if attempt(state, 1)["destroy"] != 1:
            continue
        state, _ = act(state, 1, "destroy", die=plain[2])
        assert "roll" not in {a.kind for a in RULES.legal_actions(state, 1)}
        with pytest.raises(IllegalActionError, match="set aside 1 die more first"):
            act(state, 1, "roll")
        state, _ = act(state, 1, "keep", die=plain[4])
        assert "roll" in {a.kind for a in RULES.legal_actions(state, 1)}
        return
    pytest.fail("no single Invader result on a reroll between main rolls in 200 seeds")
