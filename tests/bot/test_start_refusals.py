"""Bad start options are refused privately at start, before anything is stored or opened: a Europa
undermining limit other than 1 or 2, and (with thread:true) a bad turn time or reminder points,
which must not leave an empty thread behind."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import GameBot
from tests.bot.conftest import posted, run
from tests.bot.fake_discord import CHANNEL_ID, EPHEMERAL, FakeDiscord, Person

ALICE = Person(11, "Alice")


async def _refused(bot: GameBot, fake: FakeDiscord, **options: Any) -> str:
    calls = await run(bot, fake, fake.command(ALICE, "europa", "start", **options))
    reply = posted(calls)[-1]
    assert reply.flags & EPHEMERAL
    assert await bot.service.repo.open_game(CHANNEL_ID) is None
    return reply.content


@pytest.mark.parametrize("limit", [-5, 0, 3, 10**12])
async def test_a_bad_undermining_limit_is_refused_at_start(
    bot: GameBot, fake: FakeDiscord, limit: int
) -> None:
    assert "undermine_limit" in await _refused(bot, fake, undermine_limit=limit)


async def test_the_beginners_limit_opens_a_lobby(bot: GameBot, fake: FakeDiscord) -> None:
    await run(bot, fake, fake.command(ALICE, "europa", "start", undermine_limit=1))
    record = await bot.service.repo.open_game(CHANNEL_ID)
    assert record is not None and record.options["undermine_limit"] == 1


@pytest.mark.parametrize(
    ("options", "word"),
    [
        ({"turn-time": -3}, "turn time"),
        ({"reminders": "soon"}, "Reminders"),
        ({"undermine_limit": 7}, "undermine"),
    ],
)
async def test_bad_options_open_no_thread(
    bot: GameBot, fake: FakeDiscord, options: dict[str, Any], word: str
) -> None:
    assert word in await _refused(bot, fake, thread=True, **options)
    assert fake.threads == []


async def test_a_thread_whose_game_cannot_start_is_deleted(bot: GameBot, fake: FakeDiscord) -> None:
    # Four AI seats pass the option check but leave the host no seat: the service refuses at start.
    content = await _refused(bot, fake, thread=True, ai=4)
    assert "AI seats" in content
    [thread] = fake.threads
    deleted = [c for c in fake.calls if c.method == "DELETE" and c.url.endswith(f"/channels/{thread}")]
    assert deleted and await bot.service.repo.open_game(thread) is None
