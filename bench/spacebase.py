"""Space Base: apply time and random games per second by player count, base and Genesis.

The policy is random but buys the dearest card it can whenever a buy is open (as the playout
tests' policy does): a uniformly random player buys rarely and well, so its games run 300 to 600
moves and measure how long random players dither rather than how fast the engine is.
"""

from __future__ import annotations

import statistics
import time

from bench.engine import quantile
from engine.core import Action, Rng
from engine.spacebase import shipped_rules
from engine.spacebase.model import Content
from engine.spacebase.policies import PREFERENCES
from engine.spacebase.state import SpaceState


def random_buyer(content: Content, state: SpaceState, seat: int, actions: list[Action], rng: Rng) -> Action:
    """A random game move, except that an open buy takes one of the dearest cards on offer."""
    # One pass keeps the other game moves and the dearest buys so far (in the order listed).
    moves: list[Action] = []
    buys: list[Action] = []
    top, costs = 0, content.costs
    for a in actions:
        kind = a.kind
        if kind == "buy" or kind == "take":
            # Their arguments in name order are the card, then the sector.
            cost = costs[str(a.args[0][1])]
            if not buys or cost > top:
                buys, top = [a], cost
            elif cost == top:
                buys.append(a)
        elif kind not in PREFERENCES:
            moves.append(a)
    if buys:
        return rng.choice(buys)
    return rng.choice(moves or actions)


def bench_spacebase(games: int = 100, seed: int = 3000) -> list[str]:
    """Random-buyer games (every waiting seat moves in turn): apply median and p99, games per second."""
    rules = shipped_rules()
    lines = []
    for expansion in ("base", "genesis"):
        for players in (2, 3, 4, 5):
            applies: list[int] = []
            started = time.perf_counter()
            for game in range(games):
                rng = Rng(seed + game)
                names = [f"p{i}" for i in range(players)]
                state = rules.setup(names, {"expansion": expansion}, seed + game)
                while rules.outcome(state) is None:
                    seat = min(rules.to_move(state))
                    action = random_buyer(rules.content, state, seat, rules.legal_actions(state, seat), rng)
                    t0 = time.perf_counter_ns()
                    state, _ = rules.apply(state, seat, action)
                    applies.append(time.perf_counter_ns() - t0)
            elapsed = time.perf_counter() - started
            lines.append(
                f"spacebase {expansion}, {players} players: apply median "
                f"{statistics.median(applies) / 1000:.1f} µs, p99 {quantile(applies, 0.99) / 1000:.1f} µs; "
                f"{games / elapsed:.0f} random-buyer games/s ({len(applies) / games:.0f} moves a game)"
            )
    return lines
