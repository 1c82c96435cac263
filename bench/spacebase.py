"""Space Base: apply time and random games per second by player count, base and Genesis.

The policy is ``buyer`` (``engine.spacebase.policies.buyer_policy``): random, but it buys the dearest
card it can whenever a buy is open, as the playout tests' policy does. A uniformly random player
buys rarely and badly, so its games run 300 to 600 moves and measure how long random players dither
rather than how fast the engine is. The games are played by the simulator's loop
(``engine.spacebase.sim.play``), which is compiled with the engine; the applies are timed one by
one through the rules' public methods.
"""

from __future__ import annotations

import statistics
import time

from bench.engine import quantile
from bot.memory import freeze_heap
from engine import native
from engine.core import Rng
from engine.spacebase import shipped_rules, sim
from engine.spacebase.policies import buyer_policy
from engine.spacebase.rules import SpaceRules


def _play(rules: SpaceRules, players: int, expansion: str, seed: int, applies: list[int]) -> None:
    """One random-buyer game (every waiting seat moves in turn); ``applies`` receives the time of
    each apply in nanoseconds."""
    rng = Rng(seed)
    state = rules.setup([f"p{i}" for i in range(players)], {"expansion": expansion}, seed)
    content = rules.content
    while rules.outcome(state) is None:
        seat = min(rules.to_move(state))
        action = buyer_policy(content, state, seat, rules.legal_actions(state, seat), rng)
        t0 = time.perf_counter_ns()
        state, _ = rules.apply(state, seat, action)
        applies.append(time.perf_counter_ns() - t0)


def bench_spacebase(games: int = 100, timed: int = 40, seed: int = 3000) -> list[str]:
    """Random-buyer games per second (the games untimed), then the apply median and p99 over
    ``timed`` games with each apply timed."""
    rules = shipped_rules()
    # As a started bot does once its cards are loaded (bot.memory.freeze_heap): the content's
    # objects stay out of the full collections the games' garbage sets off.
    freeze_heap()
    built = native.compiled()
    mode = "compiled by mypyc" if built == list(native.MODULES) else f"{len(built)} modules compiled"
    lines = [f"spacebase engine: {mode if built else 'plain Python'} (engine/native.py)"]
    for expansion in ("base", "genesis"):
        for players in (2, 3, 4, 5):
            started = time.perf_counter()
            moves = sum(sim.play(seed + g, "buyer", players, expansion).actions for g in range(games))
            elapsed = time.perf_counter() - started
            applies: list[int] = []
            for game in range(timed):
                _play(rules, players, expansion, seed + game, applies)
            lines.append(
                f"spacebase {expansion}, {players} players: apply median "
                f"{statistics.median(applies) / 1000:.1f} µs, p99 {quantile(applies, 0.99) / 1000:.1f} µs; "
                f"{games / elapsed:.0f} random-buyer games/s ({moves / games:.0f} moves a game)"
            )
    return lines
