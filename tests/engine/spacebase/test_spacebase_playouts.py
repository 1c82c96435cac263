"""Seeded random games to the end for every player count, base and Genesis, checking the contract.

Every step checks the cheap invariants (credits never negative, VP never falls, cards conserved);
every 50th game also checks, at every step, that apply never changes its input, the JSON round
trip, the table view's secrets and, at the end, that replaying the log gives the same state.
"""

from __future__ import annotations

import json

import pytest

from engine.core.action import Action
from engine.core.errors import EngineError
from engine.core.rng import Rng
from engine.spacebase import CONTENT, RULES
from engine.spacebase.state import SpaceState

GAMES = 500
FULL_EVERY = 50
TOTAL_CARDS = {
    "base": sum(1 for c in CONTENT.cards.values() if c.set == "base" and c.type != "starter"),
    "genesis": sum(1 for c in CONTENT.cards.values() if c.type != "starter"),
}
PREFERENCES = ("auto", "away", "back")


def fast_random(state: SpaceState, seat: int, actions: list[Action], rng: Rng) -> Action:
    """A random game move, but mostly the dearest buy on offer: games end sooner, every path still runs."""
    moves = [a for a in actions if a.kind not in PREFERENCES]
    if rng.randint(0, 150) == 0 and len(moves) < len(actions):
        return rng.choice([a for a in actions if a.kind in PREFERENCES])
    buys = [a for a in moves if a.kind in ("buy", "take")]
    if buys and rng.randint(0, 3):
        top = max(CONTENT.cards[str(a.get("card"))].cost for a in buys)
        return rng.choice([a for a in buys if CONTENT.cards[str(a.get("card"))].cost == top])
    return rng.choice(moves or actions)


def cards_in_play(state: SpaceState) -> int:
    """Every non-starter card: decks, shipyard, colony row, box, dealt hands, cards a claim turned up
    from a deck and consoles (the starters, twelve a player, are subtracted rather than looked up
    card by card)."""
    count = sum(len(d) for d in state.decks.values()) + sum(len(r) for r in state.shipyard.values())
    count += len(state.colonies) - state.colonies.count(None) + len(state.box)
    count += sum(len(d) for d in state.dealt) + sum(len(step.get("cards", ())) for step in state.pending)
    for board in state.boards:
        count += len(board.station) - board.station.count(None) + sum(map(len, board.deployed))
    return count - 12 * len(state.boards)


def check_cheap(state: SpaceState, vp: list[int], total: int) -> None:
    assert all(b.credits >= 0 for b in state.boards)
    assert all(b.vp >= v for b, v in zip(state.boards, vp, strict=True))
    assert cards_in_play(state) == total


def check_full(before: SpaceState, before_json: dict[str, object], new: SpaceState) -> None:
    assert RULES.to_json(before) == before_json, "apply never changes its input"
    data = RULES.to_json(new)
    assert RULES.to_json(RULES.from_json(json.loads(json.dumps(data)))) == data
    table = json.dumps(RULES.view(new, None))
    assert all(card not in table for deck in new.decks.values() for card in deck)
    if new.phase == "choose":
        assert all(p["choice"] is None for p in RULES.view(new, None)["players"])


def playout(seed: int, players: int, expansion: str) -> None:
    variant = "lightspeed" if seed % 4 == 1 else "standard"
    ai = 1 if seed % 5 == 2 else 0
    names = [f"p{i}" for i in range(players - ai)]
    options = {"expansion": expansion, "variant": variant, "ai": ai}
    state = RULES.setup(names, options, seed)
    start = state
    rng = Rng(seed ^ 0x5BA5)
    full = seed % FULL_EVERY == 0
    total = TOTAL_CARDS[expansion]
    log: list[tuple[int, Action]] = []
    for _ in range(5000):
        if state.outcome is not None:
            break
        waiting = sorted(RULES.to_move(state))
        assert waiting, "a live game always waits for someone"
        seat = rng.choice(waiting)
        actions = RULES.legal_actions(state, seat)
        action = fast_random(state, seat, actions, rng)
        vp = [b.vp for b in state.boards]
        before = RULES.to_json(state) if full else {}
        new, _ = RULES.apply(state, seat, action)
        if full:
            check_full(state, before, new)
            assert RULES.to_move(new) or new.outcome is not None
        check_cheap(new, vp, total)
        log.append((seat, action))
        state = new
    assert state.outcome is not None, "the game ends"
    if full:
        replay = start
        for seat, action in log:
            replay, _ = RULES.apply(replay, seat, action)
        assert RULES.to_json(replay) == RULES.to_json(state)
        with pytest.raises(EngineError):
            RULES.apply(state, 0, Action.of("roll"))


@pytest.mark.parametrize("expansion", ["base", "genesis"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts(players: int, expansion: str) -> None:
    for seed in range(GAMES):
        playout(seed, players, expansion)
