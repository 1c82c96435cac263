"""The benchmark's wire (a fake aiohttp session under all of discord.py's HTTP code) answers as the
behaviour tests' fake does: same calls recorded, same answers, Discord's errors raised as such."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.app import create_bot
from bot.service import GameService
from bot.settings import load_settings
from tests.bot.conftest import SEED, feed
from tests.bot.fake_discord import FakeDiscord, Person
from tests.bot.fake_wire import install_wire

ALICE = Person(11, "Alice")


async def _session(fake: FakeDiscord, database: Path) -> list[tuple[Any, ...]]:
    """Start ExoBase, ask for the status, try an undo with nothing to take back, ask again; every call
    as (method, path, body, files)."""
    settings = load_settings(
        database_url=f"sqlite+aiosqlite:///{database}", dev_guild_id=None, render_images=True
    )
    bot = create_bot(settings)
    bot.service = GameService(bot.service.repo, render=True, seeds=lambda: SEED)
    await bot.login("wire-token")
    try:
        for command in ("start", "status", "undo", "status"):
            await feed(bot, fake.command(ALICE, "exobase", command))
    finally:
        await bot.close()
    return [(c.method, c.path, c.payload, c.files) for c in fake.calls]


def test_the_wire_records_what_the_request_layer_fake_records(tmp_path: Path) -> None:
    sessions = []
    for index, wired in enumerate((False, True)):
        fake = FakeDiscord()
        with pytest.MonkeyPatch.context() as patch:
            install_wire(fake, patch) if wired else fake.install(patch)
            # Each run on its own folder: the record of synced commands lives beside the database.
            (tmp_path / str(index)).mkdir()
            sessions.append(asyncio.run(_session(fake, tmp_path / str(index) / "bot.db")))
    plain, wired_calls = sessions
    assert wired_calls == plain
    # Images went through the multipart upload and came out byte for byte.
    assert any(files for *_rest, files in wired_calls)


def test_the_wire_raises_discords_errors(tmp_path: Path) -> None:
    fake = FakeDiscord()
    fake.closed_dms.add(ALICE.user_id)

    async def send_dm() -> None:
        bot = create_bot(
            load_settings(database_url=f"sqlite+aiosqlite:///{tmp_path / 'e.db'}", dev_guild_id=None)
        )
        await bot.login("wire-token")
        try:
            channel = await bot.http.start_private_message(ALICE.user_id)
            await bot.http.send_message(
                int(channel["id"]), params=discord.http.handle_message_parameters("hi")
            )
        finally:
            await bot.close()

    with pytest.MonkeyPatch.context() as patch:
        install_wire(fake, patch)
        with pytest.raises(discord.Forbidden) as refused:
            asyncio.run(send_dm())
    assert refused.value.code == 50007
