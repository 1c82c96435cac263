"""A command's in-process round trip: raw interaction in, every HTTP answer sent.

The bot is the real one from ``create_bot`` on a temporary SQLite file; Discord's
side is the recording wire the bot tests use, so discord.py parses, routes and
answers exactly as in production.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot, create_bot
from bot.service import GameService
from bot.settings import load_settings
from tests.bot.fake_discord import FakeDiscord, Person, settle

ALICE = Person(11, "Alice")


async def _feed(bot: GameBot, payload: dict[str, Any]) -> float:
    before = set(asyncio.all_tasks())
    t0 = time.perf_counter()
    bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
    await settle(ignore=before)
    return time.perf_counter() - t0


async def _measure(render: bool, repeat: int, folder: Path) -> list[float]:
    settings = load_settings(
        database_url=f"sqlite+aiosqlite:///{folder / f'bench-{render}.db'}",
        dev_guild_id=None,
        render_images=render,
    )
    bot = create_bot(settings)
    bot.service = GameService(bot.service.repo, render=render, seeds=lambda: 7)
    await bot.login("bench-token")
    try:
        await _feed(bot, FAKE.command(ALICE, "exobase", "start"))
        return [await _feed(bot, FAKE.command(ALICE, "exobase", "status")) for _ in range(repeat)]
    finally:
        await bot.close()


FAKE = FakeDiscord()


def bench_roundtrip(repeat: int = 30) -> list[str]:
    lines = []
    with pytest.MonkeyPatch.context() as patch, tempfile.TemporaryDirectory() as tmp:
        FAKE.install(patch)
        for render in (True, False):
            times = asyncio.run(_measure(render, repeat, Path(tmp)))
            label = "with images" if render else "text only"
            lines.append(
                f"/exobase status round trip, {label}: median {statistics.median(times) * 1000:.1f} ms, "
                f"max {max(times) * 1000:.1f} ms over {repeat}"
            )
    return lines
