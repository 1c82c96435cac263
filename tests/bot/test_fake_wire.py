"""The benchmark's fakes answer as the behaviour tests' fake does: the wire (a fake aiohttp session
under all of discord.py's HTTP code) and the loopback (a local HTTP server) record the same calls,
give the same answers and raise Discord's errors as such."""

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
from tests.bot.fake_loopback import loopback
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


def test_the_wire_and_the_loopback_record_what_the_request_layer_fake_records(tmp_path: Path) -> None:
    sessions = []
    for index, how in enumerate(("request layer", "wire", "loopback")):
        fake = FakeDiscord()
        # Each run on its own folder: the record of synced commands lives beside the database.
        (tmp_path / str(index)).mkdir()
        database = tmp_path / str(index) / "bot.db"
        if how == "loopback":
            with loopback(fake):
                sessions.append(asyncio.run(_session(fake, database)))
            continue
        with pytest.MonkeyPatch.context() as patch:
            install_wire(fake, patch) if how == "wire" else fake.install(patch)
            sessions.append(asyncio.run(_session(fake, database)))
    plain, wired_calls, served_calls = sessions
    assert wired_calls == plain
    assert served_calls == plain
    # Images went through the multipart upload and came out byte for byte.
    assert any(files for *_rest, files in served_calls)


@pytest.mark.parametrize("how", ["wire", "loopback"])
def test_discords_errors_are_raised_as_such(tmp_path: Path, how: str) -> None:
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

    with pytest.raises(discord.Forbidden) as refused:
        if how == "loopback":
            with loopback(fake):
                asyncio.run(send_dm())
        else:
            with pytest.MonkeyPatch.context() as patch:
                install_wire(fake, patch)
                asyncio.run(send_dm())
    assert refused.value.code == 50007
