"""Turn clocks through real discord.py parsing: the start option, the scheduler's post, /games."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import discord
import pytest

from bot.app import GameBot
from bot.cogs.scheduler import Scheduler
from tests.bot.conftest import feed, posted, since, stored
from tests.bot.fake_discord import CHANNEL_ID, EPHEMERAL, FakeDiscord, Person

ALICE = Person(11, "Alice")
T0 = datetime(2030, 5, 1, 12, 0, tzinfo=UTC)


def _scheduler(bot: GameBot) -> Scheduler:
    # load_extension executes the module afresh, so the loaded class is not the imported one.
    cog = bot.get_cog("Scheduler")
    assert cog is not None and type(cog).__name__ == "Scheduler"
    return cog  # type: ignore[return-value]


async def _timed_solo(bot: GameBot, fake: FakeDiscord, minutes: int = 1) -> None:
    bot.service.clock = lambda: T0
    await feed(bot, fake.command(ALICE, "exobase", "start", **{"turn-time": minutes}))
    record = await stored(bot)
    assert record is not None and record.options["turn_time"] == minutes


async def test_every_start_takes_a_turn_time_and_games_is_a_command(bot: GameBot, fake: FakeDiscord) -> None:
    sync = next(call for call in fake.calls if call.method == "PUT" and call.path.endswith("/commands"))
    assert isinstance(sync.payload, list)
    commands = {command["name"]: command for command in sync.payload}
    assert "games" in commands and not commands["games"].get("options")
    for game in ("exobase", "colony"):
        start = next(sub for sub in commands[game]["options"] if sub["name"] == "start")
        [option] = [option for option in start["options"] if option["name"] == "turn-time"]
        assert option["type"] == 4 and not option.get("required")


async def test_a_deadline_posts_the_bot_move_in_the_games_channel(bot: GameBot, fake: FakeDiscord) -> None:
    await _timed_solo(bot, fake)
    before = await stored(bot)
    mark = len(fake.calls)
    sent = await _scheduler(bot).tick(T0 + timedelta(minutes=2))
    channel_posts = [
        call for call in posted(since(fake, mark)) if call.path == "/channels/{channel_id}/messages"
    ]
    assert sent == len(channel_posts) == 1
    [board] = channel_posts
    assert board.url.endswith(f"/channels/{CHANNEL_ID}/messages")
    assert board.content.startswith("Alice ran out of time; the bot played: ")
    assert board.files and board.custom_ids
    after = await stored(bot)
    assert after is not None and before is not None and after.version > before.version
    # Nothing more is due until the next full turn.
    assert await _scheduler(bot).tick(T0 + timedelta(minutes=2)) == 0


async def test_a_reminder_mentions_the_player_in_the_channel(bot: GameBot, fake: FakeDiscord) -> None:
    await _timed_solo(bot, fake, minutes=60)
    mark = len(fake.calls)
    assert await _scheduler(bot).tick(T0 + timedelta(minutes=30)) == 1
    [reminder] = posted(since(fake, mark))
    assert reminder.content == "<@11> your move in ExoBase: 30 min left."
    assert reminder.message["allowed_mentions"]["users"] == [11]


async def test_the_scheduler_runs_at_the_configured_interval(bot: GameBot) -> None:
    loop = _scheduler(bot).loop
    assert loop.seconds == bot.settings.scheduler_interval == 30.0
    assert loop.is_running()
    await bot.close()
    assert not loop.is_running()


async def test_the_loop_ticks_at_the_services_clock(bot: GameBot, fake: FakeDiscord) -> None:
    await _timed_solo(bot, fake, minutes=5)
    before = await stored(bot)
    bot.service.clock = lambda: T0 + timedelta(minutes=6)
    # One run of the loop's body, as each interval does once the bot is connected.
    await _scheduler(bot).loop()
    after = await stored(bot)
    assert after is not None and before is not None and after.version > before.version


async def test_a_refused_post_does_not_stop_the_game(
    bot: GameBot, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _timed_solo(bot, fake, minutes=5)

    async def refuse(*args: object, **kwargs: object) -> None:
        raise discord.HTTPException(type("R", (), {"status": 403, "reason": "Forbidden"})(), "no")

    monkeypatch.setattr(discord.PartialMessageable, "send", refuse)
    before = await stored(bot)
    assert await _scheduler(bot).tick(T0 + timedelta(minutes=6)) == 0
    after = await stored(bot)
    assert after is not None and before is not None and after.version > before.version
    assert await bot.service.due(T0 + timedelta(minutes=6)) == []


async def test_games_lists_the_callers_game_privately(bot: GameBot, fake: FakeDiscord) -> None:
    await _timed_solo(bot, fake, minutes=90)
    mark = len(fake.calls)
    await feed(bot, fake.raw_command(ALICE, "games"))
    reply = posted(since(fake, mark))[-1]
    assert reply.flags & EPHEMERAL
    assert reply.content.splitlines() == [
        "**Your open games here**",
        f"• ExoBase in <#{CHANNEL_ID}>: waiting for Alice (1 h 30 min left)",
    ]


async def test_a_missed_secret_choice_against_ai_plays_that_step_only(
    bot: GameBot, fake: FakeDiscord
) -> None:
    # Alice's only opponent is an AI seat, so the game waits on her at every step. Her missed base
    # choice is made for her; the undermining or the build that follows gets a turn of its own.
    from engine.europa import RULES

    bot.service.clock = lambda: T0
    await feed(bot, fake.command(ALICE, "europa", "start", ai=1, **{"turn-time": 60}))
    lobby = posted(fake.calls)[-1]
    begin = next(cid for cid in lobby.custom_ids if cid.endswith(":begin"))
    await feed(bot, fake.click(ALICE, lobby, begin))
    record = await stored(bot)
    assert record is not None and record.snapshot is not None
    assert RULES.from_json(record.snapshot).phase == "choose"
    due = T0 + timedelta(minutes=61)
    assert await _scheduler(bot).tick(due) == 1
    record = await stored(bot)
    assert record is not None and record.snapshot is not None
    state = RULES.from_json(record.snapshot)
    assert state.phase != "choose" and 0 in RULES.to_move(state)
    actions = await bot.service.repo.actions(record.id)
    assert sum(a.seat == 0 for a in actions) == 1
    [clock] = [r for r in await bot.service.repo.pending_deadlines([record.id]) if r.kind == "deadline"]
    assert clock.seat == 0 and clock.due_at == due + timedelta(minutes=60)
