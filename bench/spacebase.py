"""Space Base: apply time and random games per second by player count, base and Genesis."""

from __future__ import annotations

import statistics
import time

from bench.engine import quantile
from engine.core import Rng
from engine.spacebase import RULES
from engine.spacebase.policies import POLICIES


def bench_spacebase(games: int = 100, seed: int = 3000) -> list[str]:
    """Random games (every waiting seat moves in turn): apply median and p99, games per second."""
    choose = POLICIES["random"]
    lines = []
    for expansion in ("base", "genesis"):
        for players in (2, 3, 4, 5):
            applies: list[int] = []
            started = time.perf_counter()
            for game in range(games):
                rng = Rng(seed + game)
                names = [f"p{i}" for i in range(players)]
                state = RULES.setup(names, {"expansion": expansion}, seed + game)
                while RULES.outcome(state) is None:
                    seat = min(RULES.to_move(state))
                    action = choose(RULES.content, state, seat, RULES.legal_actions(state, seat), rng)
                    t0 = time.perf_counter_ns()
                    state, _ = RULES.apply(state, seat, action)
                    applies.append(time.perf_counter_ns() - t0)
            elapsed = time.perf_counter() - started
            lines.append(
                f"spacebase {expansion}, {players} players: apply median "
                f"{statistics.median(applies) / 1000:.1f} µs, p99 {quantile(applies, 0.99) / 1000:.1f} µs; "
                f"{games / elapsed:.0f} random games/s ({len(applies) / games:.0f} moves a game)"
            )
    return lines
