"""Engine speed: the time of one apply and of whole random games."""

from __future__ import annotations

import statistics
import time

from engine.core import Rng
from engine.exobase import RULES
from engine.exobase.policies import POLICIES


def quantile(samples: list[int], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_engine(games: int = 300, seed: int = 1000) -> list[str]:
    """Random games from ``seed``: apply time (median, p99) and full games per second."""
    choose = POLICIES["random"]
    applies: list[int] = []
    started = time.perf_counter()
    for game in range(games):
        rng = Rng(seed + game)
        state = RULES.setup(["solo"], {"mode": "normal"}, seed + game)
        while RULES.outcome(state) is None:
            action = choose(RULES.content, state, RULES.legal_actions(state, 0), rng)
            t0 = time.perf_counter_ns()
            state, _ = RULES.apply(state, 0, action)
            applies.append(time.perf_counter_ns() - t0)
    elapsed = time.perf_counter() - started
    return [
        f"engine apply: median {statistics.median(applies) / 1000:.1f} µs, "
        f"p99 {quantile(applies, 0.99) / 1000:.1f} µs over {len(applies)} applies",
        f"random games: {games / elapsed:.0f} full games/s "
        f"({games} games, {len(applies) / games:.0f} actions per game, legal_actions + policy included)",
    ]
