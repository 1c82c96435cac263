"""Render speed and size of every image the bot posts, on a mid-game state of ExoBase, Space Base and
Europa Base Alpha (Colony's images are timed in bench.colony)."""

from __future__ import annotations

import statistics
import time
from typing import Any

from bot.games import MODULES, load_game
from engine.core import Event, Rng
from engine.europa import RULES as EUROPA
from engine.exobase import RULES
from engine.exobase.policies import POLICIES
from engine.spacebase import RULES as SPACEBASE
from engine.spacebase.policies import POLICIES as SPACEBASE_POLICIES
from tests.render.europa_playout import europa_playout


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


def _spacebase_mid_game(seed: int = 5) -> tuple[dict[str, Any], list[Event]]:
    """A seeded three-player greedy game with Genesis, stopped halfway through its moves."""
    choose = SPACEBASE_POLICIES["greedy"]

    def play(stop: int | None) -> tuple[Any, list[Event], int]:
        rng = Rng(seed)
        state = SPACEBASE.setup(["Ann", "Bob", "Cy"], {"expansion": "genesis"}, seed)
        events: list[Event] = []
        moves = 0
        while SPACEBASE.outcome(state) is None and moves != stop:
            seat = min(SPACEBASE.to_move(state))
            action = choose(SPACEBASE.content, state, seat, SPACEBASE.legal_actions(state, seat), rng)
            state, events = SPACEBASE.apply(state, seat, action)
            moves += 1
        return state, events, moves

    _, _, total = play(None)
    state, events, _ = play(total // 2)
    return SPACEBASE.view(state, None), events


def _europa_mid_game(seed: int = 5) -> tuple[dict[str, Any], list[Event]]:
    """The halfway state of a seeded three-player Europa playout with Invaders (no fresh events)."""
    states = list(europa_playout(seed, 3, invaders=True))
    return EUROPA.view(states[len(states) // 2], None), []


def _timed(game: str, view: dict[str, Any], events: list[Event], repeat: int) -> list[str]:
    renderer = load_game(MODULES[game]).renderer
    assert renderer is not None
    names = sorted({image.filename for image in renderer.render(view, events)})
    lines = []
    for name in names:
        stem = name.rsplit(".", 1)[0]
        times: list[float] = []
        size = 0
        for _ in range(repeat):
            t0 = time.perf_counter()
            (image,) = renderer.render(view, events, which={stem})
            times.append(time.perf_counter() - t0)
            size = len(image.data)
        lines.append(
            f"image {game} {name}: median {statistics.median(times) * 1000:.1f} ms, {size / 1024:.0f} KB"
        )
    return lines


def bench_images(repeat: int = 20) -> list[str]:
    lines = _timed("exobase", *_mid_game(), repeat)
    lines += _timed("spacebase", *_spacebase_mid_game(), repeat)
    lines += _timed("europa", *_europa_mid_game(), repeat)
    return lines
