"""A game whose channel or thread is deleted ends: told by the gateway, or by a refused post.

Nobody can see or play a game in a channel that no longer exists, so it is abandoned and its clocks
stop; otherwise its deadlines would play it on unseen for days and ``/games`` would list it.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.app import GameBot
from bot.games import Game, shipped_games
from bot.ui.send import post_kept
from tests.bot.conftest import begin, button, feed, gateway, labels, posted, quiet_bot, run, since, stored
from tests.bot.fake_discord import (
    CHANNEL_ID,
    EPHEMERAL,
    GUILD_ID,
    Call,
    FakeDiscord,
    Person,
    channel_delete,
    dm_click,
    dm_recipient,
    guild_create,
    guild_delete,
    thread_delete,
)
from tests.bot.test_deadlines import _scheduler
from tests.bot.test_threads import _in_thread
from tests.service.duel import DUEL, DUEL_FRONTEND

ALICE = Person(11, "Alice")
BOB = Person(12, "Bob")
T0 = datetime(2030, 5, 1, 12, 0, tzinfo=UTC)
OTHER_CHANNEL = CHANNEL_ID + 1


async def _timed_solo(bot: GameBot, fake: FakeDiscord) -> int:
    """A solo ExoBase game with a five-minute turn in the test channel; its id."""
    bot.service.clock = lambda: T0
    await feed(bot, fake.command(ALICE, "exobase", "start", **{"turn-time": 5}))
    record = await stored(bot)
    assert record is not None and await bot.service.repo.pending_deadlines([record.id])
    return record.id


async def _ended(bot: GameBot, game_id: int) -> bool:
    record = await bot.service.repo.get_game(game_id)
    assert record is not None
    return record.status == "abandoned" and not await bot.service.repo.pending_deadlines([game_id])


async def _thread_game(bot: GameBot, fake: FakeDiscord) -> tuple[int, int]:
    """A Space Base lobby in a thread of the test channel, Bob seated; (thread id, game id)."""
    calls = await run(bot, fake, fake.command(ALICE, "spacebase", "start", thread=True))
    [thread] = fake.threads
    lobby = next(c for c in posted(calls) if str(thread) in c.url)
    join = next(cid for cid in lobby.custom_ids if cid.endswith(":join"))
    await feed(bot, _in_thread(fake.click(BOB, lobby, join), thread))
    record = await bot.service.repo.open_game(thread)
    assert record is not None
    return thread, record.id


async def test_deleting_the_channel_ends_its_game_and_stops_its_clock(
    bot: GameBot, fake: FakeDiscord
) -> None:
    game_id = await _timed_solo(bot, fake)
    await gateway(bot, "GUILD_CREATE", guild_create(channels=[CHANNEL_ID, OTHER_CHANNEL]))
    await gateway(bot, "CHANNEL_DELETE", channel_delete(CHANNEL_ID))
    assert await _ended(bot, game_id) and await stored(bot) is None
    # Its deadline never comes due: nothing is played or posted for it.
    mark = len(fake.calls)
    assert await _scheduler(bot).tick(T0 + timedelta(days=1)) == 0
    assert since(fake, mark) == []
    games = posted(await run(bot, fake, fake.raw_command(ALICE, "games")))[-1]
    assert games.content == "You have no open games in this server."
    # ExoBase sends no DMs, so none tells of its end either.
    assert not [call for call in since(fake, mark) if call.path == "/users/@me/channels"]


async def test_deleting_another_channel_leaves_the_game_alone(bot: GameBot, fake: FakeDiscord) -> None:
    game_id = await _timed_solo(bot, fake)
    await gateway(bot, "GUILD_CREATE", guild_create(channels=[CHANNEL_ID, OTHER_CHANNEL]))
    await gateway(bot, "CHANNEL_DELETE", channel_delete(OTHER_CHANNEL))
    record = await bot.service.repo.get_game(game_id)
    assert record is not None and record.status == "active"


async def test_deleting_a_thread_ends_the_game_in_it_only(bot: GameBot, fake: FakeDiscord) -> None:
    await _timed_solo(bot, fake)
    thread, game_id = await _thread_game(bot, fake)
    await gateway(bot, "GUILD_CREATE", guild_create(channels=[CHANNEL_ID], threads=[thread]))
    await gateway(bot, "THREAD_DELETE", thread_delete(thread, CHANNEL_ID))
    assert await _ended(bot, game_id)
    channel_game = await stored(bot)
    assert channel_game is not None and channel_game.status == "active"


async def test_deleting_a_channel_ends_the_games_in_its_threads(bot: GameBot, fake: FakeDiscord) -> None:
    channel_game = await _timed_solo(bot, fake)
    thread, thread_game = await _thread_game(bot, fake)
    await gateway(bot, "GUILD_CREATE", guild_create(channels=[CHANNEL_ID], threads=[thread]))
    await gateway(bot, "CHANNEL_DELETE", channel_delete(CHANNEL_ID))
    assert await _ended(bot, channel_game) and await _ended(bot, thread_game)


async def test_a_deadline_in_a_channel_deleted_unseen_saves_its_move_then_ends_the_game(
    bot: GameBot, fake: FakeDiscord
) -> None:
    game_id = await _timed_solo(bot, fake)
    before = await stored(bot)
    assert before is not None
    # Deleted while the bot was offline: no gateway event, the post is refused as "Unknown Channel".
    fake.gone_channels.add(CHANNEL_ID)
    mark = len(fake.calls)
    assert await _scheduler(bot).tick(T0 + timedelta(minutes=6)) == 0
    assert await _ended(bot, game_id)
    # The timeout move was saved before the post was tried: an accepted move is never lost.
    actions = await bot.service.repo.actions(game_id)
    after = await bot.service.repo.get_game(game_id)
    assert actions and after is not None and after.version > before.version
    # No DM says "your move" for a game that cannot be played, and nothing more comes due.
    assert not [call for call in since(fake, mark) if call.path == "/users/@me/channels"]
    mark = len(fake.calls)
    assert await _scheduler(bot).tick(T0 + timedelta(days=2)) == 0
    assert since(fake, mark) == []


async def test_a_post_refused_for_another_reason_keeps_the_game(bot: GameBot, fake: FakeDiscord) -> None:
    game_id = await _timed_solo(bot, fake)
    # The channel exists but the bot may not see it (a permission may come back): not a gone channel.
    fake.hidden_channels.add(CHANNEL_ID)
    assert await _scheduler(bot).tick(T0 + timedelta(minutes=6)) == 0
    record = await bot.service.repo.get_game(game_id)
    assert record is not None and record.status == "active"
    assert await bot.service.repo.pending_deadlines([game_id])


async def _duel_pick(bot: GameBot, fake: FakeDiscord) -> tuple[Call, str]:
    """A two-player Duel begun by Alice with Bob: Alice's DM and the id of its first Pick button."""
    calls = await begin(bot, fake, "duel", ALICE, BOB)
    alice_dm = [c for c in posted(calls) if dm_recipient(fake, c) == ALICE.user_id][-1]
    return alice_dm, next(cid for label, cid in labels(alice_dm).items() if label.startswith("Pick"))


async def test_a_move_from_a_dm_for_a_deleted_channel_is_saved_and_the_game_ends(
    tmp_path: Path, fake: FakeDiscord
) -> None:
    async with quiet_bot(tmp_path, 5, {**shipped_games(), "duel": Game(DUEL, DUEL_FRONTEND)}) as bot:
        alice_dm, pick = await _duel_pick(bot, fake)
        record = await stored(bot)
        assert record is not None
        fake.gone_channels.add(CHANNEL_ID)
        mark = len(fake.calls)
        answer = posted(await run(bot, fake, dm_click(fake, ALICE, alice_dm, pick)))[-1]
        # Both players get DMs in this game: both hear why it ended (the server is not known here).
        told = _dms(fake, since(fake, mark))
        assert told[BOB.user_id] == (
            "Your **Duel** game has ended: its channel was deleted. "
            "`/duel start` in another channel opens a new one."
        )
        assert ALICE.user_id in told
        assert answer.flags & EPHEMERAL
        assert answer.content == (
            "Your move was saved, but the game's channel no longer exists, so the game has ended."
        )
        assert len(await bot.service.repo.actions(record.id)) == 1
        assert await _ended(bot, record.id)


async def test_a_move_from_a_dm_whose_channel_refuses_its_board_is_told_saved(
    tmp_path: Path, fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    # The channel exists but refuses the bot (a lost permission, a locked thread): the move stands,
    # the player is told so (not "something went wrong, try again") and the board waits to be posted.
    async with quiet_bot(tmp_path, 5, {**shipped_games(), "duel": Game(DUEL, DUEL_FRONTEND)}) as bot:
        alice_dm, pick = await _duel_pick(bot, fake)
        before = await stored(bot)
        fake.hidden_channels.add(CHANNEL_ID)
        with caplog.at_level(logging.INFO):
            answer = posted(await run(bot, fake, dm_click(fake, ALICE, alice_dm, pick)))[-1]
        after = await stored(bot)
        assert before is not None and after is not None and after.version == before.version + 1
        assert answer.flags & EPHEMERAL
        assert answer.content == (
            "Your move was saved, but Discord would not post it in the game's channel just now "
            "(HTTP 403); it is posted there as soon as Discord lets it."
        )
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert after.status == "active"
        # Once the channel lets the bot in again, the kept board goes up.
        fake.hidden_channels.discard(CHANNEL_ID)
        assert await post_kept(bot) == 1


async def test_removing_the_bot_from_the_server_ends_its_games_there(bot: GameBot, fake: FakeDiscord) -> None:
    channel_game = await _timed_solo(bot, fake)
    thread, thread_game = await _thread_game(bot, fake)
    await gateway(bot, "GUILD_CREATE", guild_create(channels=[CHANNEL_ID], threads=[thread]))
    # An outage makes the server unavailable for a while: nothing ends.
    await gateway(bot, "GUILD_DELETE", guild_delete(unavailable=True))
    record = await bot.service.repo.get_game(channel_game)
    assert record is not None and record.status == "active"
    await gateway(bot, "GUILD_CREATE", guild_create(channels=[CHANNEL_ID], threads=[thread]))
    await gateway(bot, "GUILD_DELETE", guild_delete())
    assert await _ended(bot, channel_game) and await _ended(bot, thread_game)
    assert await bot.service.repo.open_channels_in(GUILD_ID) == []


def _dms(fake: FakeDiscord, calls: list[Call]) -> dict[int, str]:
    """The DMs delivered among ``calls`` (a refused one gets no message id): their texts by recipient."""
    return {
        user: c.content
        for c in posted(calls)
        if (user := dm_recipient(fake, c)) is not None and c.message_id is not None
    }


async def test_players_of_a_game_with_hands_are_told_by_dm_that_its_channel_went(
    tmp_path: Path, fake: FakeDiscord
) -> None:
    async with quiet_bot(tmp_path, 5, {**shipped_games(), "duel": Game(DUEL, DUEL_FRONTEND)}) as bot:
        await begin(bot, fake, "duel", ALICE, BOB)
        fake.closed_dms.add(BOB.user_id)
        await gateway(bot, "GUILD_CREATE", guild_create(channels=[CHANNEL_ID, OTHER_CHANNEL]))
        mark = len(fake.calls)
        await gateway(bot, "CHANNEL_DELETE", channel_delete(CHANNEL_ID))
        assert await stored(bot) is None
        # Alice's DMs are open: she hears where and why; Bob's closed DMs cost nothing.
        assert _dms(fake, since(fake, mark)) == {
            ALICE.user_id: f"Your **{DUEL_FRONTEND.title}** game in **#games** (**Test guild**) has ended: "
            "its channel was deleted. `/duel start` in another channel opens a new one."
        }


async def test_a_server_that_removes_the_bot_has_its_players_told_by_dm(
    tmp_path: Path, fake: FakeDiscord
) -> None:
    async with quiet_bot(tmp_path, 5, {**shipped_games(), "duel": Game(DUEL, DUEL_FRONTEND)}) as bot:
        await begin(bot, fake, "duel", ALICE, BOB)
        await gateway(bot, "GUILD_CREATE", guild_create(channels=[CHANNEL_ID]))
        mark = len(fake.calls)
        await gateway(bot, "GUILD_DELETE", guild_delete())
        told = _dms(fake, since(fake, mark))
        assert set(told) == {ALICE.user_id, BOB.user_id}
        assert "in **Test guild** has ended: the bot was removed from its server." in told[ALICE.user_id]


async def test_a_space_base_player_with_dms_on_is_told_that_its_game_ended(
    bot: GameBot, fake: FakeDiscord
) -> None:
    thread, game_id = await _thread_game(bot, fake)
    # A lobby ends without a word: nothing was played yet.
    await gateway(bot, "GUILD_CREATE", guild_create(channels=[CHANNEL_ID], threads=[thread]))
    await gateway(bot, "THREAD_DELETE", thread_delete(thread, CHANNEL_ID))
    assert await _ended(bot, game_id)
    assert not [call for call in fake.calls if call.path == "/users/@me/channels"]
    # A game in play: only who turned DMs on hears of it.
    lobby = posted(await run(bot, fake, fake.command(ALICE, "spacebase", "start")))[-1]
    lobby = posted(await run(bot, fake, fake.click(BOB, lobby, button(lobby, ":join"))))[-1]
    await feed(bot, fake.command(BOB, "spacebase", "notify", dm="on"))
    await feed(bot, fake.click(ALICE, lobby, button(lobby, ":begin")))
    record = await stored(bot)
    assert record is not None and record.status == "active"
    mark = len(fake.calls)
    await gateway(bot, "CHANNEL_DELETE", channel_delete(CHANNEL_ID))
    assert await _ended(bot, record.id)
    told = _dms(fake, since(fake, mark))
    assert list(told) == [BOB.user_id] and told[BOB.user_id].startswith(
        "Your **Space Base** game in **#games** (**Test guild**) has ended: its channel was deleted."
    )
