"""Corner cases of the rules and their words: a set-aside Star an Invader destroys, lifting one of
two Undermining cards, a win settled by a tie-break, refusals that name the real reason."""

from __future__ import annotations

import pytest

from engine.core.action import Action
from engine.core.errors import EngineError
from engine.europa import CONTENT, RULES
from engine.europa.state import EuropaState
from tests.engine.europa.eu_helpers import (
    act,
    attempt,
    fail_seat,
    give,
    invader_builder,
    miss,
    new,
    pass_all,
    to_build,
    to_undermine,
)

SYMBOLS = ("command", "transport", "tower", "silo", "bunker")


def _kept_star_destroyed() -> EuropaState:
    """Seat 1 (an Invader die in its main rolls) sets a Star aside, then an Invader result on its
    next main roll destroys that very die."""
    for seed in range(300):
        state = invader_builder()
        state.rng.seed = seed
        state, _ = act(state, 1, "roll")
        att = attempt(state, 1)
        if att["destroy"]:
            continue
        att["dice"][0]["f"] = ["star"]
        state, _ = act(state, 1, "keep", die=0)  # locked: its Cut Corner token is earned now
        state, _ = act(state, 1, "keep", die=1)
        state, _ = act(state, 1, "roll")
        att = attempt(state, 1)
        if att["destroy"] != 1 or att["rolls_left"] == 0:
            continue
        state, _ = act(state, 1, "destroy", die=0)
        return state
    pytest.fail("no Invader result on the second main roll in 300 seeds")


def test_a_destroyed_set_aside_star_keeps_its_token_and_a_loose_star_filling_a_gap_costs_another() -> None:
    # Ruling 2: an Invader destroying a set-aside Star takes the Star from the build, not its token.
    state = _kept_star_destroyed()
    att = attempt(state, 1)
    need = dict(CONTENT.cards[att["card"]].needs)
    live = [i for i, d in enumerate(att["dice"]) if not d["x"] and d["c"] != "invader"]
    results = [s for s, n in need.items() for _ in range(n)]
    gap = results.pop()  # the result a loose Star fills
    assert len(live) >= len(results) + 1
    filler = next(s for s in SYMBOLS if s != gap)
    faces = [[s] for s in results] + [["star"]] + [[filler]] * (len(live) - len(results) - 1)
    for i, face in zip(live, faces, strict=True):
        att["dice"][i]["f"] = face
    invader = next(i for i, d in enumerate(att["dice"]) if d["c"] == "invader")
    att["dice"][invader]["f"] = [filler] if filler not in need else ["command"]
    if att["dice"][invader]["f"][0] == gap:
        att["dice"][invader]["f"] = ["bunker"] if gap != "bunker" else ["tower"]
    assert RULES.view(state, None)["players"][1]["attempt"]["met"]
    state, events = act(state, 1, "build")
    [built] = [e for e in events if e.kind == "base_built"]
    assert built.data["tokens"] == 2, built.text


def two_undermines_to_lift() -> tuple[EuropaState, str]:
    """Seat 1 builds under two Undermining cards its Halcyon Outpost's Ingenuity may each lift."""
    cancel = "halcyon_outpost"
    first, second = "cobalt_relay", "kestrel_bastion"
    state = new(2, seed=3)
    give(state, 0, first, second)
    give(state, 1, cancel)
    base = next(c for c in state.hands[1] if c != cancel)
    state = to_undermine(state, {0: next(c for c in state.hands[0] if c not in (first, second)), 1: base})
    for card in (first, second):
        move = next(
            a for a in RULES.legal_actions(state, 0) if a.kind == "undermine" and a.get("card") == card
        )
        state, _ = RULES.apply(state, 0, move)
    state = pass_all(state)
    state, _ = act(state, 1, "roll")
    miss(state, 1)
    state, _ = act(state, 1, "stop")
    return state, cancel


def test_lifting_an_undermining_card_names_it() -> None:
    state, cancel = two_undermines_to_lift()
    play = next(a for a in RULES.legal_actions(state, 1) if a.kind == "ingenuity" and a.get("card") == cancel)
    lifted = CONTENT.cards[str(play.get("undermine"))].name
    _, events = RULES.apply(state, 1, play)
    [used] = [e for e in events if e.kind == "ability_used"]
    assert f"({lifted} is discarded)" in used.text


def tied_on_points() -> EuropaState:
    """The last round ends with p1 on an 8-point base less 1 token (6) and p2 on a 6-point base (6)."""
    state = new(2, seed=5)
    state.round = state.rounds
    held = state.hands[0] + state.hands[1]
    eight = next(c.id for c in CONTENT.cards.values() if c.points == 8 and c.id not in held and not c.invader)
    six = next(c.id for c in CONTENT.cards.values() if c.points == 6 and c.id not in held and not c.invader)
    for card in (eight, six):
        state.deck.remove(card)
    state.built = [[eight], [six]]
    state.tokens = [1, 0]
    state = to_build(state, {})
    for seat in (0, 1):
        state = fail_seat(state, seat)
    assert state.outcome is not None
    return state


def test_a_win_settled_by_tokens_says_so() -> None:
    state = tied_on_points()
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == frozenset({1})
    assert outcome.scores[0] == outcome.scores[1]
    assert outcome.reason == "tied on points, fewest Cut Corner tokens"


def test_a_seat_without_cards_is_told_so_at_future_planning() -> None:
    state = new(2, seed=5)
    state.discard = state.discard + state.hands[0][1:]
    state.hands[0] = state.hands[0][:1]
    state = to_build(state, {})
    for seat in (0, 1):
        state = fail_seat(state, seat)
    assert state.phase == "plan" and not state.hands[0]
    with pytest.raises(EngineError, match="You hold no card to place for Future Planning"):
        RULES.apply(state, 0, Action.of("no_plan"))


def test_leaving_the_stars_when_every_die_to_reroll_is_a_star_is_refused_for_that_reason() -> None:
    card = "kestrel_bastion"  # Ingenuity: reroll up to 3 green dice not set aside
    state = new(2, seed=4)
    base = next(c.id for c in CONTENT.cards.values() if c.size <= 3 and not c.invader and c.id != card)
    give(state, 0, base, card)
    state = to_build(state, {0: base})
    state, _ = act(state, 0, "roll")
    miss(state, 0)
    state, _ = act(state, 0, "stop")
    greens = [i for i, d in enumerate(attempt(state, 0)["dice"]) if d["c"] == "green"]
    for i in greens[:3]:
        state, _ = act(state, 0, "keep", die=i)
    attempt(state, 0)["dice"][greens[3]]["f"] = ["star"]
    with pytest.raises(EngineError, match="would roll nothing"):
        RULES.apply(state, 0, Action.of("ingenuity", card=card, leave_stars=True))
