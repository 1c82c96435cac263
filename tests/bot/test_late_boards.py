"""A saved change whose board never reached the channel is posted late, once, also after a restart.

The process may die between a move's commit and its post, or Discord may refuse the post and the
process restart before the board is posted again. A later bot on the same database file then finds
the change unshown and posts the table, mentioning whoever the game waits for; boards that did go
out are never posted again.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.app import GameBot, create_bot
from bot.cogs.scheduler import LATE_AFTER, Scheduler
from bot.replies import Actor, Where
from bot.service import LATE_NOTE, GameService
from bot.settings import load_settings
from bot.store import GameRecord
from engine.core import Action
from tests.bot.conftest import begin, feed, posted, since, stored
from tests.bot.fake_discord import CHANNEL_ID, EPHEMERAL, GUILD_ID, Call, FakeDiscord, Person, dm_recipient

ALICE, BOB = Person(11, "Alice"), Person(12, "Bob")
HERE = Where(GUILD_ID, CHANNEL_ID)
Start = Callable[[], Awaitable[GameBot]]


class RefusingDiscord(FakeDiscord):
    """The recording wire; while ``refusing``, every followup message is refused with a 503."""

    refusing = False

    def _respond(self, route: Any, call: Call) -> Any:
        if self.refusing and route.method == "POST" and route.path.startswith("/webhooks/"):
            raise discord.DiscordServerError(SimpleNamespace(status=503, reason="down"), "down")
        return super()._respond(route, call)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> RefusingDiscord:
    wire = RefusingDiscord()
    wire.install(monkeypatch)
    return wire


@pytest.fixture
async def start(tmp_path: Path, fake: RefusingDiscord) -> AsyncIterator[Start]:
    """Starts bot processes (as far as one test can) on one SQLite file: each logs in afresh."""
    settings = load_settings(
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", dev_guild_id=None, render_images=False
    )
    bots: list[GameBot] = []

    async def build() -> GameBot:
        bot = create_bot(settings)
        bot.service = GameService(bot.service.repo, render=False, seeds=lambda: 7)
        await bot.login("test-token")
        bots.append(bot)
        return bot

    yield build
    for bot in bots:
        if not bot.is_closed():
            await bot.close()


def _scheduler(bot: GameBot) -> Scheduler:
    cog = bot.get_cog("Scheduler")
    assert cog is not None and type(cog).__name__ == "Scheduler"
    return cog  # type: ignore[return-value]


def _late() -> datetime:
    """A moment past the grace period of every change saved so far."""
    return datetime.now(UTC) + LATE_AFTER + timedelta(seconds=5)


async def _tick(bot: GameBot, fake: FakeDiscord, now: datetime) -> tuple[int, list[Call]]:
    """One scheduler tick at ``now``: what it counted and the messages it posted in the channel."""
    mark = len(fake.calls)
    sent = await _scheduler(bot).tick(now)
    public = [
        call
        for call in posted(since(fake, mark))
        if dm_recipient(fake, call) is None and not call.flags & EPHEMERAL
    ]
    return sent, public


async def _current(bot: GameBot) -> GameRecord:
    record = await stored(bot)
    assert record is not None
    return record


async def _begun(bot: GameBot, fake: RefusingDiscord) -> None:
    """Alice and Bob begin Space Base and Alice chooses; every board reaches the channel."""
    await begin(bot, fake, "spacebase", ALICE, BOB)
    await feed(bot, fake.command(ALICE, "spacebase", "choose", option="sum"))
    # Alice's turn goes on (her buy is next): the game waits on her alone.
    assert (await _current(bot)).snapshot is not None


async def test_a_move_saved_before_a_crash_is_posted_once_after_the_restart(
    start: Start, fake: RefusingDiscord
) -> None:
    first = await start()
    await _begun(first, fake)
    # The process is alive and ticks: the boards it posted are stored as shown.
    assert await _tick(first, fake, datetime.now(UTC)) == (0, [])
    # Alice ends her turn; the move is saved and the process dies before its board is posted.
    await first.service.act(HERE, Actor(ALICE.user_id, "Alice"), Action.of("end"))
    saved = await _current(first)
    assert saved.shown_version is not None and saved.shown_version < saved.version

    second = await start()
    # Within the grace period the board may still be on its way: nothing is posted yet.
    assert await _tick(second, fake, datetime.now(UTC)) == (0, [])
    sent, public = await _tick(second, fake, _late())
    assert sent == 1
    [board] = public
    assert board.url.endswith(f"/channels/{CHANNEL_ID}/messages")
    assert LATE_NOTE in board.content
    # The turn passed to Bob with that move: he is mentioned, and really pinged.
    assert f"<@{BOB.user_id}>" in board.content
    assert BOB.user_id in board.message["allowed_mentions"]["users"]
    # Its buttons are those of the saved version, so they work.
    assert board.custom_ids and all(f":{saved.version}" in cid for cid in board.custom_ids if ":mine" in cid)
    assert (await _current(second)).shown_version == saved.version
    # Shown once: later ticks post nothing.
    assert await _tick(second, fake, _late()) == (0, [])
    assert await _tick(second, fake, _late() + timedelta(hours=1)) == (0, [])


async def test_boards_that_reached_the_channel_are_not_posted_again(
    start: Start, fake: RefusingDiscord
) -> None:
    bot = await start()
    await _begun(bot, fake)
    await feed(bot, fake.command(ALICE, "spacebase", "end"))
    assert await _tick(bot, fake, _late()) == (0, [])
    record = await _current(bot)
    assert record.shown_version == record.version


async def test_a_bot_stopped_on_purpose_leaves_nothing_to_post_late(
    start: Start, fake: RefusingDiscord
) -> None:
    first = await start()
    await _begun(first, fake)
    await feed(first, fake.command(ALICE, "spacebase", "end"))
    # No tick ran since those boards went out; closing the bot stores them as shown.
    await first.close()
    second = await start()
    assert await _tick(second, fake, _late()) == (0, [])


async def test_a_board_discord_refused_is_posted_after_a_restart(start: Start, fake: RefusingDiscord) -> None:
    first = await start()
    await _begun(first, fake)
    fake.refusing = True
    await feed(first, fake.command(ALICE, "spacebase", "end"))
    fake.refusing = False
    saved = await _current(first)
    # The refused board was only kept in the first process's memory, and that process is gone.
    await first.close()

    second = await start()
    sent, public = await _tick(second, fake, _late())
    assert sent == 1
    [board] = public
    assert LATE_NOTE in board.content and f"<@{BOB.user_id}>" in board.content
    assert (await _current(second)).shown_version == saved.version
    assert await _tick(second, fake, _late()) == (0, [])


async def test_a_kept_board_posted_later_counts_as_shown(start: Start, fake: RefusingDiscord) -> None:
    bot = await start()
    await _begun(bot, fake)
    fake.refusing = True
    await feed(bot, fake.command(ALICE, "spacebase", "end"))
    fake.refusing = False
    # The next tick posts the kept board (as before), and then nothing is late.
    sent, public = await _tick(bot, fake, datetime.now(UTC))
    assert sent == 1 and LATE_NOTE not in public[0].content
    assert await _tick(bot, fake, _late()) == (0, [])
    record = await _current(bot)
    assert record.shown_version == record.version


async def test_a_refused_late_board_is_posted_at_a_later_tick(start: Start, fake: RefusingDiscord) -> None:
    first = await start()
    await _begun(first, fake)
    await first.service.act(HERE, Actor(ALICE.user_id, "Alice"), Action.of("end"))
    second = await start()

    original = fake._respond

    def channel_down(route: Any, call: Call) -> Any:
        if route.method == "POST" and route.path == "/channels/{channel_id}/messages":
            raise discord.DiscordServerError(SimpleNamespace(status=503, reason="down"), "down")
        return original(route, call)

    fake._respond = channel_down  # type: ignore[method-assign]
    assert (await _tick(second, fake, _late()))[0] == 0
    fake._respond = original  # type: ignore[method-assign]
    # The refused late board is kept like any other and goes out at the next tick, once.
    sent, public = await _tick(second, fake, _late())
    assert sent == 1 and LATE_NOTE in public[0].content
    assert await _tick(second, fake, _late() + LATE_AFTER * 2) == (0, [])


async def test_the_final_board_of_a_finished_game_is_posted_late(start: Start, fake: RefusingDiscord) -> None:
    bot = await start()
    await feed(bot, fake.command(ALICE, "exobase", "start"))
    record = await _current(bot)
    # The game ends (as its last move would) and the process dies before the board is posted.
    await bot.service.repo.set_status(record.id, record.version, "finished")
    sent, public = await _tick(bot, fake, _late())
    assert sent == 1 and LATE_NOTE in public[0].content
    assert await _tick(bot, fake, _late()) == (0, [])


async def test_lobbies_and_abandoned_games_are_never_posted_late(start: Start, fake: RefusingDiscord) -> None:
    bot = await start()
    assert posted(await _run(bot, fake, fake.command(ALICE, "spacebase", "start")))
    record = await _current(bot)
    # A change to the lobby whose message never went out (Bob joined as the process died).
    await bot.service.repo.add_seat(record.id, record.version, BOB.user_id, "Bob")
    assert await _tick(bot, fake, _late()) == (0, [])
    record = await _current(bot)
    await bot.service.repo.set_status(record.id, record.version, "abandoned")
    assert await _tick(bot, fake, _late()) == (0, [])


async def _run(bot: GameBot, fake: FakeDiscord, payload: dict[str, Any]) -> list[Call]:
    mark = len(fake.calls)
    await feed(bot, payload)
    return since(fake, mark)


def _forbid(fake: RefusingDiscord) -> Callable[[Any, Call], Any]:
    """From now on the server's channel refuses every post (403 Missing Permissions); DMs still go.
    Returns the wire's own answer, to put back."""
    original = fake._respond

    def refuse(route: Any, call: Call) -> Any:
        to_server = route.method == "POST" and (
            route.path.startswith("/webhooks/")
            or (
                route.path == "/channels/{channel_id}/messages"
                and int(call.url.rsplit("/", 2)[-2]) not in fake._dm_owner
            )
        )
        if to_server:
            raise discord.Forbidden(
                SimpleNamespace(status=403, reason="Forbidden"),
                {"code": 50013, "message": "Missing Permissions"},
            )
        return original(route, call)

    fake._respond = refuse  # type: ignore[method-assign]
    return original


async def test_a_board_refused_for_long_is_posted_as_the_move_told_it_with_no_dm_again(
    start: Start, fake: RefusingDiscord
) -> None:
    # Refused, not lost: the sweep leaves it to the kept board, which carries the move's own words,
    # and never sends the DMs again.
    bot = await start()
    await _begun(bot, fake)
    await feed(bot, fake.command(BOB, "spacebase", "notify", dm="on"))
    await _scheduler(bot).tick(datetime.now(UTC))
    original = _forbid(fake)
    mark = len(fake.calls)
    await feed(bot, fake.command(ALICE, "spacebase", "end"))
    refused = [c for c in since(fake, mark) if c.path.startswith("/webhooks/") and c.content]
    told = refused[0].content.split("\n")[0].split("> ", 1)[-1]
    assert len([c for c in posted(since(fake, mark)) if dm_recipient(fake, c) == BOB.user_id]) == 1
    now = datetime.now(UTC)
    mark = len(fake.calls)
    for step in range(20):  # ten minutes of ticks while the channel refuses
        await _scheduler(bot).tick(now + timedelta(seconds=30 * (step + 1)))
    assert not [c for c in posted(since(fake, mark)) if dm_recipient(fake, c) is not None]
    fake._respond = original  # type: ignore[method-assign,assignment]
    mark = len(fake.calls)
    await _scheduler(bot).tick(now + timedelta(minutes=11))
    public = "\n".join(c.content for c in posted(since(fake, mark)) if dm_recipient(fake, c) is None)
    assert told in public and LATE_NOTE not in public
