"""A command's in-process round trip: raw interaction in, every HTTP answer sent.

The bot is the real one from ``create_bot`` on a temporary SQLite file; Discord's
side is the recording wire the bot tests use, so discord.py parses, routes and
answers exactly as in production, database commit and image rendering included.
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
from engine.registry import GAMES
from tests.bot.fake_discord import CHANNEL_ID, FakeDiscord, Person, settle

ALICE = Person(11, "Alice")
RULES = GAMES["exobase"]


async def _feed(bot: GameBot, payload: dict[str, Any]) -> float:
    before = set(asyncio.all_tasks())
    t0 = time.perf_counter()
    bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
    await settle(ignore=before)
    return time.perf_counter() - t0


async def _placement(bot: GameBot, fake: FakeDiscord) -> dict[str, Any]:
    """A `/exobase work ...` command for the first simple work space that is legal now."""
    record = await bot.service.repo.open_game(CHANNEL_ID)
    assert record is not None and record.snapshot is not None
    legal = RULES.legal_actions(RULES.from_json(record.snapshot), 0)
    work = next(a for a in legal if a.kind == "work" and a.get("resource") is None)
    return fake.command(ALICE, "exobase", "work", **work.params)


async def _measure(fake: FakeDiscord, render: bool, repeat: int, folder: Path) -> dict[str, list[float]]:
    settings = load_settings(
        database_url=f"sqlite+aiosqlite:///{folder / f'bench-{render}.db'}",
        dev_guild_id=None,
        render_images=render,
    )
    bot = create_bot(settings)
    bot.service = GameService(bot.service.repo, render=render, seeds=lambda: 7)
    await bot.login("bench-token")
    times: dict[str, list[float]] = {"work": [], "undo": [], "status": []}
    try:
        await _feed(bot, fake.command(ALICE, "exobase", "start"))
        for _ in range(repeat):
            times["work"].append(await _feed(bot, await _placement(bot, fake)))
            times["undo"].append(await _feed(bot, fake.command(ALICE, "exobase", "undo")))
            times["status"].append(await _feed(bot, fake.command(ALICE, "exobase", "status")))
        return times
    finally:
        await bot.close()


def bench_roundtrip(repeat: int = 20) -> list[str]:
    fake = FakeDiscord()
    lines = []
    with pytest.MonkeyPatch.context() as patch, tempfile.TemporaryDirectory() as tmp:
        fake.install(patch)
        for render in (True, False):
            label = "with images" if render else "text only"
            for command, times in asyncio.run(_measure(fake, render, repeat, Path(tmp))).items():
                median, worst = statistics.median(times) * 1000, max(times) * 1000
                name = f"/exobase {command} round trip, {label}"
                lines.append(f"{name}: median {median:.1f} ms, max {worst:.1f} ms over {repeat}")
    return lines
