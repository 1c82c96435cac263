"""Random playouts of every player count, with and without Invaders, checking the invariants at every step."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from engine.core.action import Action
from engine.core.game import Event
from engine.core.rng import Rng
from engine.europa import CONTENT, RULES
from engine.europa.model import EXTRA_GREEN, PER_PLAYER
from engine.europa.policies import random_policy
from engine.europa.state import EuropaState

GAMES = 500
# Every step of one game in DEEP also checks views, events and that apply leaves its input alone;
# the others check those at every phase change (the whole run stays fast).
DEEP = 10
WORDS = re.compile(r'"([a-z0-9_]+)"')
LIMITS = {"green": PER_PLAYER["green"] + EXTRA_GREEN, "blue": 2, "red": 1, "invader": 1}


def places(state: EuropaState) -> list[str]:
    """Every card wherever it lies, sorted: each card of the game exactly once."""
    where = state.deck + state.discard
    for s in range(state.seats):
        where += state.hands[s] + state.built[s] + state.plans[s] + state.undermines[s]
        where += [str(b["card"]) for b in state.bases[s]]
        where += [c for c in (state.choice[s], state.plan_choice[s]) if c not in (None, "finalize", "none")]
        att = state.attempt[s]
        if att is not None:
            where.append(att["card"])
    return sorted(where)


def secrets(state: EuropaState) -> set[str]:
    """Cards nobody but their owner may see: the deck, hands and unrevealed choices."""
    out = set(state.deck)
    for s in range(state.seats):
        out.update(state.hands[s])
        out.update(c for c in (state.choice[s], state.plan_choice[s]) if c not in (None, "finalize", "none"))
    return out


def check_table(state: EuropaState, events: list[Event], kept: set[str]) -> None:
    """``kept``: cards secret both before and after the action, which no public event may name."""
    hidden = secrets(state)
    if state.outcome is None:
        hidden |= {c for pile in state.built for c in pile}
    table = set(WORDS.findall(json.dumps(RULES.view(state, None))))
    assert not table & hidden
    names = {CONTENT.cards[c].name for c in kept}
    for e in events:
        if e.audience is None:
            assert not set(WORDS.findall(json.dumps(e.data))) & kept
            assert not any(n in e.text for n in names), e.text


def check_seat(state: EuropaState, seat: int) -> None:
    """A seat's own view shows its hand and none of another seat's secrets (the same code serves
    every seat, so the seat that just acted is checked at each step)."""
    seen = set(WORDS.findall(json.dumps(RULES.view(state, seat))))
    assert set(state.hands[seat]) <= seen
    others = set(state.deck)
    for s in range(state.seats):
        if s != seat:
            others.update(state.hands[s])
            others.update(
                c for c in (state.choice[s], state.plan_choice[s]) if c not in (None, "finalize", "none")
            )
            if state.outcome is None:
                others.update(state.built[s])
    assert not seen & others


def check_state(state: EuropaState, deck: list[str]) -> None:
    assert places(state) == deck
    # The last round goes from building to the tally: a plan placed then could never be used.
    assert not (state.phase == "plan" and state.round >= state.rounds)
    for att in state.attempt:
        if att is not None:
            counts = Counter(d["c"] for d in att["dice"])
            assert all(counts[c] <= n for c, n in LIMITS.items())
    to_move = RULES.to_move(state)
    assert (state.outcome is None) == bool(to_move)


def playout(seed: int, players: int, invaders: bool, ai: int = 0) -> None:
    """One game of random moves to its end; the phases it went through are checked at the end."""
    rng = Rng(seed)
    planned: set[int] = set()
    humans = [f"p{i}" for i in range(players - ai)]
    state = RULES.setup(humans, {"invaders": invaders, "ai": ai}, seed)
    deck = sorted(CONTENT.deck(invaders))
    log: list[tuple[int, Action]] = []
    deep = seed % DEEP == 0
    while state.outcome is None:
        seat = min(RULES.to_move(state))
        action = random_policy(CONTENT, state, seat, RULES.legal_actions(state, seat), rng)
        before = RULES.to_json(state) if deep else None
        hidden = secrets(state) if deep or state.phase != "build" else set()
        new, events = RULES.apply(state, seat, action)
        if before is not None:
            assert RULES.to_json(state) == before
        check_state(new, deck)
        if deep or new.phase != state.phase:
            check_table(new, events, hidden & secrets(new))
        if deep:
            check_seat(new, seat)
        log.append((seat, action))
        if new.phase == "plan":
            planned.add(new.round)
        state = new
    # Every round but the last plans (unless a round ends with every hand empty).
    assert planned <= set(range(1, state.rounds))
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners
    data = json.loads(json.dumps(RULES.to_json(state)))
    assert RULES.from_json(data) == state
    if not deep:
        return
    replay = RULES.setup(humans, {"invaders": invaders, "ai": ai}, seed)
    for seat, action in log:
        replay, _ = RULES.apply(replay, seat, action)
    assert replay == state


@pytest.mark.parametrize("invaders", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_invariant(players: int, invaders: bool) -> None:
    for seed in range(GAMES):
        playout(seed, players, invaders)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playouts_with_ai_seats_keep_every_invariant(players: int) -> None:
    for seed in range(0, 100, DEEP):
        playout(seed, players, seed % 2 == 0, ai=players - 1)
