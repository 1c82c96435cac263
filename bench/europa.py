"""Europa Base Alpha: apply time and random games per second by player count, with and without Invaders."""

from __future__ import annotations

import statistics
import time

from bench.engine import quantile
from engine.core import Rng
from engine.europa import RULES
from engine.europa.policies import POLICIES


def bench_europa(games: int = 100, seed: int = 3000) -> list[str]:
    choose = POLICIES["random"]
    lines = []
    for players in (2, 3, 4):
        for invaders in (False, True):
            applies: list[int] = []
            started, cpu = time.perf_counter(), time.process_time()
            for game in range(games):
                rng = Rng(seed + game)
                state = RULES.setup([f"p{i}" for i in range(players)], {"invaders": invaders}, seed + game)
                while RULES.outcome(state) is None:
                    seat = min(RULES.to_move(state))
                    action = choose(RULES.content, state, seat, RULES.legal_actions(state, seat), rng)
                    t0 = time.perf_counter_ns()
                    state, _ = RULES.apply(state, seat, action)
                    applies.append(time.perf_counter_ns() - t0)
            elapsed, used = time.perf_counter() - started, time.process_time() - cpu
            lines.append(
                f"europa, {players} players{', invaders' if invaders else ''}: apply median "
                f"{statistics.median(applies) / 1000:.1f} µs, p99 {quantile(applies, 0.99) / 1000:.1f} µs; "
                f"{games / elapsed:.0f} random games/s ({games / used:.0f} per CPU second; "
                f"{len(applies) / games:.0f} actions per game)"
            )
    return lines
