"""A lobby nobody joins, leaves or begins for LOBBY_IDLE_HOURS closes, so a forgotten lobby does
not keep its channel from another game; the scheduler says so in the channel."""

from __future__ import annotations

from datetime import timedelta

from bot.app import GameBot
from tests.bot.conftest import button, posted, run, since, stored
from tests.bot.fake_discord import CHANNEL_ID, EPHEMERAL, FakeDiscord, Person
from tests.bot.test_deadlines import _scheduler

ALICE = Person(11, "Alice")
BOB = Person(12, "Bob")
IDLE = timedelta(hours=72)


async def test_a_lobby_left_alone_closes_and_frees_the_channel(bot: GameBot, fake: FakeDiscord) -> None:
    lobby = posted(await run(bot, fake, fake.command(ALICE, "spacebase", "start")))[-1]
    record = await stored(bot)
    assert record is not None and record.status == "lobby"
    assert bot.service.lobby_idle == IDLE == timedelta(hours=bot.settings.lobby_idle_hours)
    mark = len(fake.calls)
    assert await _scheduler(bot).tick(record.updated_at + IDLE + timedelta(minutes=1)) == 1
    [closed] = posted(since(fake, mark))
    assert closed.url.endswith(f"/channels/{CHANNEL_ID}/messages")
    assert closed.content == (
        "This Space Base lobby closed after 3 d without a start. `/spacebase start` opens a new one."
    )
    assert await stored(bot) is None
    gone = await bot.service.repo.get_game(record.id)
    assert gone is not None and gone.status == "abandoned"
    # Its old Join button changes nothing and says so privately; the channel takes a new game.
    refusal = posted(await run(bot, fake, fake.click(BOB, lobby, button(lobby, ":join"))))[-1]
    assert refusal.flags & EPHEMERAL
    assert await stored(bot) is None
    await run(bot, fake, fake.command(ALICE, "europa", "start"))
    fresh = await stored(bot)
    assert fresh is not None and fresh.kind == "europa"


async def test_a_lobby_within_its_time_stays_and_games_says_when_it_closes(
    bot: GameBot, fake: FakeDiscord
) -> None:
    await run(bot, fake, fake.command(ALICE, "spacebase", "start"))
    record = await stored(bot)
    assert record is not None
    games = posted(await run(bot, fake, fake.raw_command(ALICE, "games")))[-1]
    assert games.content.splitlines()[1] == (
        f"• Space Base in <#{CHANNEL_ID}>: lobby, 1 seated; "
        "closes in 3 d unless someone joins, leaves or begins"
    )
    mark = len(fake.calls)
    assert await _scheduler(bot).tick(record.updated_at + IDLE - timedelta(minutes=1)) == 0
    assert since(fake, mark) == []
    still = await stored(bot)
    assert still is not None and still.status == "lobby"


async def test_a_game_in_play_is_never_closed_as_idle(bot: GameBot, fake: FakeDiscord) -> None:
    await run(bot, fake, fake.command(ALICE, "exobase", "start"))
    record = await stored(bot)
    assert record is not None and record.status == "active"
    await _scheduler(bot).tick(record.updated_at + timedelta(days=100))
    after = await stored(bot)
    assert after is not None and after.status == "active"


async def test_without_an_idle_time_lobbies_wait_for_ever(bot: GameBot, fake: FakeDiscord) -> None:
    await run(bot, fake, fake.command(ALICE, "spacebase", "start"))
    record = await stored(bot)
    assert record is not None
    bot.service.lobby_idle = None
    assert await _scheduler(bot).tick(record.updated_at + timedelta(days=365)) == 0
    assert await stored(bot) is not None
