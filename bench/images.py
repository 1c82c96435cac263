"""Render speed and size of every image the bot posts, on a mid-game state."""

from __future__ import annotations

import statistics
import time
from typing import Any

from engine.core import Event, Rng
from engine.exobase import RULES
from engine.exobase.policies import POLICIES
from render.registry import render_images


def _mid_game(seed: int = 3) -> tuple[dict[str, Any], list[Event]]:
    """A greedy game played until its third day's hazard: a busy base and a fresh roll."""
    choose = POLICIES["greedy"]
    rng = Rng(seed)
    state = RULES.setup(["solo"], {"mode": "normal"}, seed)
    events: list[Event] = []
    while RULES.outcome(state) is None and not (
        state.day >= 3 and any(e.kind == "hazard_roll" for e in events)
    ):
        action = choose(RULES.content, state, RULES.legal_actions(state, 0), rng)
        state, events = RULES.apply(state, 0, action)
    return RULES.view(state, None), events


def bench_images(repeat: int = 20) -> list[str]:
    view, events = _mid_game()
    names = sorted({image.filename for image in render_images("exobase", view, events)})
    lines = []
    for name in names:
        stem = name.rsplit(".", 1)[0]
        times: list[float] = []
        size = 0
        for _ in range(repeat):
            t0 = time.perf_counter()
            (image,) = render_images("exobase", view, events, which={stem})
            times.append(time.perf_counter() - t0)
            size = len(image.data)
        lines.append(f"image {name}: median {statistics.median(times) * 1000:.1f} ms, {size / 1024:.0f} KB")
    return lines
