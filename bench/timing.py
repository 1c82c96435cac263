"""Shared timing helpers: feeding a raw interaction to a bot and summarising samples."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

from discord.ext import commands

from bench.engine import quantile
from tests.bot.fake_discord import settle


@dataclass(frozen=True)
class Sample:
    """One command: wall seconds, and CPU seconds of this process (all its threads) meanwhile.

    On a shared machine the wall time also counts waiting for a core; the CPU time does not.
    """

    wall: float
    cpu: float


async def feed(bot: commands.Bot, payload: dict[str, Any]) -> Sample:
    """The time from the raw interaction arriving until every task it started has finished."""
    before = set(asyncio.all_tasks())
    t0, c0 = time.perf_counter(), time.process_time()
    bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
    await settle(ignore=before)
    return Sample(time.perf_counter() - t0, time.process_time() - c0)


def summary(samples: list[Sample]) -> tuple[float, float, float]:
    """Wall p50 and p99 and CPU p50, in milliseconds."""
    walls = [s.wall for s in samples]
    return quantile_ms(walls, 0.5), quantile_ms(walls, 0.99), quantile_ms([s.cpu for s in samples], 0.5)


def machine_reference(runs: int = 7) -> float:
    """Milliseconds a fixed pure-Python loop takes here (median of ``runs``): the same code runs at
    very different speeds on different machines, so figures are read against this one."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        total = 0
        for i in range(1_000_000):
            total += i
        times.append(time.perf_counter() - t0)
    return sorted(times)[runs // 2] * 1000


def quantile_ms(samples: list[float], q: float) -> float:
    return float(quantile([int(s * 1e9) for s in samples], q)) / 1e6
