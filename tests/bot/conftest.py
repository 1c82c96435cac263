"""A real bot from the app factory, on a temporary SQLite file, talking to the fake Discord wire."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot, create_bot
from bot.games import Game
from bot.service import GameService
from bot.settings import load_settings
from bot.store import GameRecord
from tests.bot.fake_discord import CHANNEL_ID, Call, FakeDiscord, Person, settle, wire

SEED = 7
MakeBot = Callable[[], Awaitable[GameBot]]


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeDiscord:
    wire = FakeDiscord()
    wire.install(monkeypatch)
    return wire


@pytest.fixture
async def make_bot(tmp_path: Path, fake: FakeDiscord) -> AsyncIterator[MakeBot]:
    """Builds bots on one database file; each logs in (setup_hook: migrate, load cogs, sync)."""
    settings = load_settings(
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", dev_guild_id=None, render_images=True
    )
    bots: list[GameBot] = []

    async def build() -> GameBot:
        bot = create_bot(settings)
        # Same service, fixed seed: every test game deals the same cards and rolls the same dice.
        bot.service = GameService(bot.service.repo, render=True, seeds=lambda: SEED)
        await bot.login("test-token")
        bots.append(bot)
        return bot

    yield build
    for bot in bots:
        if not bot.is_closed():
            await bot.close()


@pytest.fixture
async def bot(make_bot: MakeBot) -> GameBot:
    return await make_bot()


async def feed(bot: GameBot, payload: dict[str, Any]) -> None:
    """Hand a raw INTERACTION_CREATE to discord.py, as the gateway would, and wait for every answer."""
    before = set(asyncio.all_tasks())
    bot._connection.parse_interaction_create(wire(payload))
    await settle(ignore=before)


async def gateway(bot: GameBot, event: str, data: dict[str, Any]) -> None:
    """Hand a raw gateway event (``GUILD_CREATE``, ``CHANNEL_DELETE``...) to discord.py and wait for
    every listener it started."""
    before = set(asyncio.all_tasks())
    bot._connection.parsers[event](data)
    await settle(ignore=before)


async def stored(bot: GameBot) -> GameRecord | None:
    return await bot.service.repo.open_game(CHANNEL_ID)


def since(fake: FakeDiscord, mark: int) -> list[Call]:
    return fake.calls[mark:]


def posted(calls: list[Call]) -> list[Call]:
    """Messages the bot sent (callbacks carrying a message, followups, channel messages)."""
    return [
        call
        for call in calls
        if call.method in ("POST", "PATCH") and (call.content or call.custom_ids or call.files)
    ]


async def run(bot: GameBot, fake: FakeDiscord, payload: dict[str, Any]) -> list[Call]:
    """Feed one interaction and return every HTTP call it led to."""
    mark = len(fake.calls)
    await feed(bot, payload)
    return since(fake, mark)


async def begin(bot: GameBot, fake: FakeDiscord, game: str, host: Person, *others: Person) -> list[Call]:
    """``host`` opens a ``game`` lobby in the channel, ``others`` join, the host begins; the calls of
    Begin."""
    lobby = posted(await run(bot, fake, fake.command(host, game, "start")))[-1]
    for person in others:
        lobby = posted(await run(bot, fake, fake.click(person, lobby, button(lobby, ":join"))))[-1]
    return await run(bot, fake, fake.click(host, lobby, button(lobby, ":begin")))


def button(message: Call, suffix: str) -> str:
    """The custom id of the message's button ending in ``suffix`` (":join", ":begin"...)."""
    return next(cid for cid in message.custom_ids if cid.endswith(suffix))


def labels(message: Call) -> dict[str, str]:
    """Button label -> custom id."""
    return {
        item["label"]: item["custom_id"]
        for row in message.message.get("components") or []
        for item in row.get("components", [])
    }


@asynccontextmanager
async def quiet_bot(
    tmp_path: Path, seed: int, games: Mapping[str, Game] | None = None
) -> AsyncIterator[GameBot]:
    """A logged-in bot on its own SQLite file: fixed seed, no images, the given games (default: all)."""
    settings = load_settings(database_url=f"sqlite+aiosqlite:///{tmp_path / 'quiet.db'}", dev_guild_id=None)
    bot = create_bot(settings)
    bot.service = GameService(bot.service.repo, render=False, games=games, seeds=lambda: seed)
    await bot.login("test-token")
    try:
        yield bot
    finally:
        await bot.close()
