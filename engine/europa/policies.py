"""Simple policies for the balance simulation and the AI seats: uniform random, and greedy."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.action import Action
from engine.core.rng import Rng
from engine.europa.abilities import use_ability
from engine.europa.build import owed
from engine.europa.dice import is_invader_die, live, locked, needs, shortfall, wild_only
from engine.europa.model import CUT_CORNER, STAR, Content
from engine.europa.state import EuropaState, Json

Policy = Callable[[Content, EuropaState, int, list[Action], Rng], Action]

# Rough chance to build a base needing this many results (measured with the greedy policy).
ODDS = {1: 0.99, 2: 0.98, 3: 0.95, 4: 0.88, 5: 0.76, 6: 0.62, 7: 0.46, 8: 0.32, 9: 0.2, 10: 0.12}
# Marking oneself away or back is not a game move: the random policy never picks it.
SEAT_KINDS = frozenset({"away", "back"})
RANDOM_KINDS = frozenset({"reroll", "extra_die", "invader_roll"})
PLAN_VALUE = {"extra_die": 6, "reduce": 5, "set_face": 4, "reroll": 3, "big_hand": 2, "invader_main": 1}


def random_policy(content: Content, state: EuropaState, seat: int, actions: list[Action], rng: Rng) -> Action:
    """A uniformly random kind of move, then a uniformly random move of that kind."""
    kinds = sorted({a.kind for a in actions} - SEAT_KINDS)
    if not kinds:
        return actions[0]
    kind = rng.choice(kinds)
    return rng.choice([a for a in actions if a.kind == kind])


def value(content: Content, cid: str) -> float:
    """The expected points of a card played as a base."""
    card = content.cards[cid]
    return card.points * ODDS.get(card.size, 0.1) - CUT_CORNER * 0.3 * card.size / 4


def greedy_policy(content: Content, state: EuropaState, seat: int, actions: list[Action], rng: Rng) -> Action:
    by: dict[str, list[Action]] = {}
    for a in actions:
        by.setdefault(a.kind, []).append(a)
    phase = state.phase
    if phase == "choose":
        return _choose(content, state, seat, by)
    if phase == "undermine":
        return _undermine(content, state, seat, by, rng)
    if phase == "plan":
        return _plan(content, state, by)
    if phase == "redraw":
        return _redraw(content, state, seat, by)
    return _build(content, state, seat, by)


def _choose(content: Content, state: EuropaState, seat: int, by: dict[str, list[Action]]) -> Action:
    best = max(by.get("choose", []), key=lambda a: value(content, str(a.arg("card"))), default=None)
    if "finalize" not in by or best is None:
        return best or by["finalize"][0]
    at_stake = sum(
        content.cards[str(b["card"])].points - CUT_CORNER * int(b["tokens"]) for b in state.bases[seat]
    )
    card = content.cards[str(best.arg("card"))]
    odds = ODDS.get(card.size, 0.1)
    return best if odds * (at_stake + card.points) > at_stake + 1 else by["finalize"][0]


def _undermine(
    content: Content, state: EuropaState, seat: int, by: dict[str, list[Action]], rng: Rng
) -> Action:
    plays = [a for a in by.get("undermine", []) if not a.get("discard")]
    if len(state.hands[seat]) <= 3 or not plays:
        return by["pass"][0]

    # Ties go to a random seat: always picking the lowest seat would make seat order matter.
    jitter = {s: rng.randint(0, 999) / 2000 for s in range(state.seats)}

    def score(a: Action) -> float:
        target = int(a.arg("target"))
        att = state.attempt[target]
        stake = content.cards[att["card"]].points if att else 0
        return stake - value(content, str(a.arg("card"))) + len(state.built[target]) / 2 + jitter[target]

    return max(plays, key=score)


def _plan(content: Content, state: EuropaState, by: dict[str, list[Action]]) -> Action:
    if state.round >= state.rounds or "plan" not in by:
        return by["no_plan"][0]
    return max(by["plan"], key=lambda a: PLAN_VALUE.get(content.cards[str(a.arg("card"))].plan.kind, 0))


def _redraw(content: Content, state: EuropaState, seat: int, by: dict[str, list[Action]]) -> Action:
    keep = {c for c in state.hands[seat] if value(content, c) >= 4.0}
    want = ",".join(sorted(c for c in state.hands[seat] if c not in keep))
    return next((a for a in by["redraw"] if a.arg("discard") == want), by["redraw"][0])


def useful(content: Content, state: EuropaState, seat: int) -> set[int]:
    """Dice worth setting aside: those that cover a still-missing result (Stars never by choice)."""
    att = state.attempt[seat]
    assert att is not None
    under = state.undermines[seat]
    left = needs(content, att, under)
    wild = wild_only(content, under)
    out: set[int] = set()
    order = sorted(
        range(len(att["dice"])), key=lambda i: (not att["dice"][i]["k"], -len(att["dice"][i]["f"]))
    )
    for i in order:
        d = att["dice"][i]
        if not live(d) or d["c"] in wild or STAR in d["f"]:
            continue
        sym = d["f"][0]
        if left.get(sym, 0) > 0:
            left[sym] -= len(d["f"])
            out.add(i)
    return out


def _build(content: Content, state: EuropaState, seat: int, by: dict[str, list[Action]]) -> Action:
    att = state.attempt[seat]
    assert att is not None
    if "destroy" in by:
        good = useful(content, state, seat)
        return min(
            by["destroy"], key=lambda a: (int(a.arg("die")) in good, att["dice"][int(a.arg("die"))]["k"])
        )
    if "build" in by:
        return by["build"][0]
    if not att["rolled"] and by.get("use_plan"):
        # The Invader die in the main rolls: the AI always takes the extra die.
        return by["use_plan"][0]
    mark = _mark(content, state, seat, by)
    if mark is not None:
        return mark
    if "roll" in by:
        return by["roll"][0]
    if att["stage"] == "main":
        return by["stop"][0]
    return _rescue(content, state, seat, by)


def _mark(content: Content, state: EuropaState, seat: int, by: dict[str, list[Action]]) -> Action | None:
    att = state.attempt[seat]
    assert att is not None
    good = useful(content, state, seat)
    for a in by.get("keep", []):
        if int(a.arg("die")) in good:
            return a
    # Dice set aside beyond what the must-set-aside rule asks before the next main roll.
    spare_keeps = -owed(att) if att["stage"] == "main" and att["rolled"] else 9
    if spare_keeps < 0:
        spare = [a for a in by.get("keep", []) if STAR not in att["dice"][int(a.arg("die"))]["f"]]
        return (spare or by.get("keep") or by["stop"])[0]
    if spare_keeps > 0:
        for a in by.get("release", []):
            if int(a.arg("die")) not in good:
                return a
    return None


def _att(state: EuropaState, seat: int) -> Json:
    att = state.attempt[seat]
    assert att is not None
    return att


def _gap(content: Content, state: EuropaState, seat: int, att: Json) -> int:
    under = state.undermines[seat]
    missing, stars, _ = shortfall(att["dice"], needs(content, att, under), wild_only(content, under))
    return missing - stars


def _rescue(content: Content, state: EuropaState, seat: int, by: dict[str, list[Action]]) -> Action:
    plays = by.get("ingenuity", []) + by.get("use_plan", [])
    best, best_gap = None, _gap(content, state, seat, _att(state, seat))
    for a in plays:
        card = content.cards[str(a.arg("card"))]
        ability = card.ingenuity if a.kind == "ingenuity" else card.plan
        if ability.kind in RANDOM_KINDS:
            continue
        trial = state.clone()
        use_ability(trial, content, seat, ability, a.params, [])
        gap = _gap(content, trial, seat, _att(trial, seat))
        if gap < best_gap:
            best, best_gap = a, gap
    if best is not None:
        return best
    chance = [a for a in plays if _kind(content, a) in RANDOM_KINDS and not _risky(state, seat, a, content)]
    return chance[0] if chance else by["give_up"][0]


def _kind(content: Content, a: Action) -> str:
    card = content.cards[str(a.arg("card"))]
    return (card.ingenuity if a.kind == "ingenuity" else card.plan).kind


def _risky(state: EuropaState, seat: int, a: Action, content: Content) -> bool:
    """An Invader roll with few dice left may destroy more than it brings."""
    att = state.attempt[seat]
    assert att is not None
    alive = [d for d in att["dice"] if live(d) and not is_invader_die(d) and not locked(d)]
    return _kind(content, a) == "invader_roll" and len(alive) < 3


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}
