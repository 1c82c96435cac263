"""Space Base: apply time and random games per second by player count, base and Genesis.

The policy is random but buys the dearest card it can whenever a buy is open (as the playout
tests' policy does): a uniformly random player buys rarely and well, so its games run 300 to 600
moves and measure how long random players dither rather than how fast the engine is.
"""

from __future__ import annotations

import statistics
import time

from bench.engine import quantile
from bot.memory import freeze_heap
from engine import native
from engine.core import Action, Rng
from engine.spacebase import shipped_rules
from engine.spacebase.legal import CHOOSE
from engine.spacebase.model import Content
from engine.spacebase.policies import PREFERENCES
from engine.spacebase.rules import SpaceRules
from engine.spacebase.state import SpaceState

SUM, EACH = CHOOSE


def random_buyer(content: Content, state: SpaceState, seat: int, actions: list[Action], rng: Rng) -> Action:
    """A random game move, except that an open buy takes one of the dearest cards on offer."""
    if actions and actions[0] is SUM:
        # An activation choice (the commonest move): the two options, then preferences only.
        return SUM if rng.randint(0, 1) == 0 else EACH
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


def _play(rules: SpaceRules, players: int, expansion: str, seed: int, applies: list[int] | None) -> int:
    """One random-buyer game (every waiting seat moves in turn); returns its moves. ``applies``,
    when given, receives the time of each apply in nanoseconds."""
    rng = Rng(seed)
    state = rules.setup([f"p{i}" for i in range(players)], {"expansion": expansion}, seed)
    content, moves = rules.content, 0
    while rules.outcome(state) is None:
        seat = min(rules.to_move(state))
        action = random_buyer(content, state, seat, rules.legal_actions(state, seat), rng)
        if applies is None:
            state, _ = rules.apply(state, seat, action)
        else:
            t0 = time.perf_counter_ns()
            state, _ = rules.apply(state, seat, action)
            applies.append(time.perf_counter_ns() - t0)
        moves += 1
    return moves


def bench_spacebase(games: int = 100, timed: int = 40, seed: int = 3000) -> list[str]:
    """Random-buyer games per second (the games untimed), then the apply median and p99 over
    ``timed`` of the same games with each apply timed."""
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
            moves = sum(_play(rules, players, expansion, seed + game, None) for game in range(games))
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
