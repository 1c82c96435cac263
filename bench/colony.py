"""Exoplanet Colony: apply time, random games per second by player count, and its images."""

from __future__ import annotations

import statistics
import time

from bench.engine import quantile
from engine.colony import RULES
from engine.colony.policies import POLICIES
from engine.colony.sim import acting_seat
from engine.core import Event, Rng
from render.colony import renderer


def bench_colony(games: int = 100, seed: int = 2000) -> list[str]:
    choose = POLICIES["random"]
    lines = []
    for players in (1, 2, 3, 4):
        applies: list[int] = []
        started = time.perf_counter()
        for game in range(games):
            rng = Rng(seed + game)
            state = RULES.setup([f"p{i}" for i in range(players)], {"scenario": "verdance"}, seed + game)
            while RULES.outcome(state) is None:
                seat = acting_seat(state)
                action = choose(RULES.content, state, seat, RULES.legal_actions(state, seat), rng)
                t0 = time.perf_counter_ns()
                state, _ = RULES.apply(state, seat, action)
                applies.append(time.perf_counter_ns() - t0)
        elapsed = time.perf_counter() - started
        lines.append(
            f"colony, {players} player(s): apply median {statistics.median(applies) / 1000:.1f} µs, "
            f"p99 {quantile(applies, 0.99) / 1000:.1f} µs; {games / elapsed:.0f} random games/s"
        )
    return lines + _images()


def _images(seed: int = 5, repeat: int = 10) -> list[str]:
    """A greedy four-player game up to its first event after turn 12: a busy grid and full hands."""
    choose = POLICIES["greedy"]
    rng = Rng(seed)
    state = RULES.setup([f"p{i}" for i in range(4)], {"scenario": "verdance"}, seed)
    events: list[Event] = []
    while RULES.outcome(state) is None and not (
        state.turn >= 12 and any(e.kind == "event_revealed" for e in events)
    ):
        seat = acting_seat(state)
        state, events = RULES.apply(
            state, seat, choose(RULES.content, state, seat, RULES.legal_actions(state, seat), rng)
        )
    view = RULES.view(state, None)
    images = renderer(RULES.content)
    lines = []
    for image in images.render(view, events):
        stem = image.filename.rsplit(".", 1)[0]
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            images.render(view, events, which={stem})
            times.append(time.perf_counter() - t0)
        lines.append(
            f"colony image {image.filename}: median {statistics.median(times) * 1000:.1f} ms, "
            f"{len(image.data) / 1024:.0f} KB"
        )
    return lines
