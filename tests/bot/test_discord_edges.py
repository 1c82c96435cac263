"""Discord's rarer failure modes: a server that removed the bot while it was away, a kept board
outliving its game, a thread the bot may open but not post in, an answer after the token ran out."""

from __future__ import annotations

import gc
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

import discord
import pytest

from bot.app import GameBot
from bot.ui.errors import APOLOGY, LATE
from bot.ui.send import post_kept
from tests.bot.conftest import MakeBot, feed, gateway, posted, since, stored
from tests.bot.fake_discord import (
    BOT_USER,
    CHANNEL_ID,
    EPHEMERAL,
    GUILD_ID,
    Call,
    Person,
    guild_create,
    guild_delete,
)
from tests.bot.test_deadlines import _scheduler
from tests.bot.test_discord_failures import FlakyDiscord, _http

ALICE = Person(11, "Alice")
T0 = datetime(2030, 5, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FlakyDiscord:
    wire = FlakyDiscord()
    wire.install(monkeypatch)
    return wire


async def _timed_solo(bot: GameBot, fake: FlakyDiscord) -> int:
    """A solo ExoBase game with a five-minute turn in the test channel; its id."""
    bot.service.clock = lambda: T0
    await feed(bot, fake.command(ALICE, "exobase", "start", **{"turn-time": 5}))
    record = await stored(bot)
    assert record is not None and await bot.service.repo.pending_deadlines([record.id])
    return record.id


async def _ready(bot: GameBot, guilds: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    """The gateway's READY after a (re)start: the servers the bot is in now."""
    monkeypatch.setattr(gc, "freeze", lambda: None)
    bot._connection.guild_ready_timeout = 0.05
    application = {"id": str(bot.application_id), "flags": 0}
    ready = {"user": BOT_USER, "guilds": guilds, "session_id": "s", "v": 10, "application": application}
    await gateway(bot, "READY", ready)


async def _calls(bot: GameBot, fake: FlakyDiscord, payload: dict[str, Any]) -> list[Call]:
    mark = len(fake.calls)
    await feed(bot, payload)
    return [c for c in since(fake, mark) if c not in fake.refused]


def _refuse_thread_posts(fake: FlakyDiscord, error: Exception) -> None:
    """From now on every message posted in a thread the bot opened fails with ``error``."""

    def thread_posts(route: Any, call: Call) -> Exception | None:
        in_thread = route.path == "/channels/{channel_id}/messages" and any(
            str(t) in route.url for t in fake.threads
        )
        return error if in_thread and route.method == "POST" else None

    fake.refuse = thread_posts


async def test_a_server_that_removed_the_bot_while_it_was_away_has_its_games_ended(
    make_bot: MakeBot, fake: FlakyDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No GUILD_DELETE ever comes, and Discord refuses the posts with Missing Access, not Unknown
    # Channel: at ready, the server missing from those the bot is in tells it.
    first = await make_bot()
    game_id = await _timed_solo(first, fake)
    await first.close()
    bot = await make_bot()
    bot.service.clock = lambda: T0
    await _ready(bot, [], monkeypatch)
    assert bot.get_guild(GUILD_ID) is None
    fake.hidden_channels.add(CHANNEL_ID)
    before = len(await bot.service.repo.actions(game_id))
    for minutes in (6, 12, 18, 24):
        await _scheduler(bot).tick(T0 + timedelta(minutes=minutes))
    record = await bot.service.repo.get_game(game_id)
    assert record is not None and record.status == "abandoned"
    assert len(await bot.service.repo.actions(game_id)) == before


async def test_a_server_the_bot_is_still_in_keeps_its_games_at_ready(
    bot: GameBot, fake: FlakyDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await _timed_solo(bot, fake)
    await _ready(bot, [{"id": str(GUILD_ID), "unavailable": True}], monkeypatch)
    record = await bot.service.repo.get_game(game_id)
    assert record is not None and record.status == "active"


async def test_a_kept_board_is_dropped_when_its_server_removes_the_bot(
    bot: GameBot, fake: FlakyDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    game_id = await _timed_solo(bot, fake)
    await gateway(bot, "GUILD_CREATE", guild_create(channels=[CHANNEL_ID]))
    fake.hidden_channels.add(CHANNEL_ID)  # a permission change: the deadline's board is kept
    await _scheduler(bot).tick(T0 + timedelta(minutes=6))
    await gateway(bot, "GUILD_DELETE", guild_delete())
    record = await bot.service.repo.get_game(game_id)
    assert record is not None and record.status == "abandoned"
    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            await post_kept(bot)
    assert not [r for r in caplog.records if "kept board" in r.getMessage()]
    # Let back into the channel (same process): the ended game's board never goes up.
    fake.hidden_channels.discard(CHANNEL_ID)
    mark = len(fake.calls)
    assert await post_kept(bot) == 0
    assert not [c for c in posted(since(fake, mark)) if c.custom_ids]


async def test_a_thread_the_bot_may_open_but_not_post_in_is_told_clearly(
    bot: GameBot, fake: FlakyDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    # Create Public Threads without Send Messages in Threads: two permissions of their own.
    _refuse_thread_posts(fake, _http(discord.Forbidden, 403, 50013))
    with caplog.at_level(logging.INFO):
        calls = posted(await _calls(bot, fake, fake.command(ALICE, "exobase", "start", thread=True)))
    [thread] = fake.threads
    answer = calls[-1]
    assert answer.flags & EPHEMERAL and "Send Messages in Threads" in answer.content
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    # No game is left running where nobody can see it.
    assert await bot.service.repo.open_game(thread) is None


async def test_a_private_answer_after_its_token_ran_out_is_no_bug_of_ours(
    bot: GameBot, fake: FlakyDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    await _calls(bot, fake, fake.command(ALICE, "exobase", "start"))
    fake.expired_followups = True
    with caplog.at_level(logging.INFO):
        calls = posted(await _calls(bot, fake, fake.command(ALICE, "exobase", "status")))
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    public = [c for c in calls if c.path == "/channels/{channel_id}/messages"]
    assert public and all(APOLOGY not in c.content for c in public)
    assert LATE in public[-1].content and f"<@{ALICE.user_id}>" in public[-1].content


async def test_a_passing_failure_of_a_new_threads_first_post_keeps_the_game(
    bot: GameBot, fake: FlakyDiscord
) -> None:
    # Discord down for a moment (503) is no missing permission: the game stands, posted later.
    _refuse_thread_posts(fake, _http(discord.DiscordServerError, 503, 0))
    calls = posted(await _calls(bot, fake, fake.command(ALICE, "exobase", "start", thread=True)))
    [thread] = fake.threads
    answer = calls[-1]
    assert answer.flags & EPHEMERAL and "is saved in" in answer.content
    assert "Send Messages in Threads" not in answer.content
    assert await bot.service.repo.open_game(thread) is not None
