"""Opt-in turn DMs in Space Base through real discord.py parsing: nobody is DMed unless they asked;
who asked gets "your move" with a link to the channel message that named them (the channel, when
Discord refused that message), also after a deadline; a closed DM costs nothing; the choice outlasts a
restart."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot import rendering
from bot.app import GameBot
from bot.games.spacebase import FRONTEND
from engine.spacebase import RULES
from tests.bot.conftest import MakeBot, button, labels, posted, quiet_bot, run, stored
from tests.bot.fake_discord import CHANNEL_ID, EPHEMERAL, GUILD_ID, Call, FakeDiscord, Person, dm_recipient

ALICE = Person(11, "Alice")
BOB = Person(12, "Bob")
PEOPLE = (ALICE, BOB)
COMMAND = {spec.kind: spec.name for spec in FRONTEND.commands}
LINK = f"https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}"
# Seed 11 gives Bob the first turn, so Begin already waits for him.
SEED = 11
T0 = datetime(2030, 5, 1, 12, 0, tzinfo=UTC)


class RefusingDiscord(FakeDiscord):
    """The recording wire, refusing every followup message while ``refusing`` (a failing Discord)."""

    refusing = False

    def _respond(self, route: Any, call: Call) -> Any:
        if self.refusing and route.method == "POST" and route.path.startswith("/webhooks/"):
            raise discord.DiscordServerError(SimpleNamespace(status=503, reason="refused"), "refused")
        return super()._respond(route, call)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> RefusingDiscord:
    wire = RefusingDiscord()
    wire.install(monkeypatch)
    return wire


@pytest.fixture
async def qbot(tmp_path: Path, fake: FakeDiscord) -> AsyncIterator[GameBot]:
    async with quiet_bot(tmp_path, SEED) as bot:
        yield bot


async def _lobby(bot: GameBot, fake: FakeDiscord) -> Call:
    lobby = posted(await run(bot, fake, fake.command(ALICE, "spacebase", "start")))[-1]
    return posted(await run(bot, fake, fake.click(BOB, lobby, button(lobby, ":join"))))[-1]


async def _notify(bot: GameBot, fake: FakeDiscord, who: Person, dm: str) -> Call:
    answer = posted(await run(bot, fake, fake.command(who, "spacebase", "notify", dm=dm)))[-1]
    assert answer.flags & EPHEMERAL
    return answer


async def _play(bot: GameBot, fake: FakeDiscord, moves: int) -> list[Call]:
    """Each waited-for seat makes the AI's move, by slash command, ``moves`` times."""
    calls: list[Call] = []
    for _ in range(moves):
        record = await stored(bot)
        assert record is not None and record.snapshot is not None
        state = RULES.from_json(record.snapshot)
        seat = min(RULES.to_move(state))
        action = RULES.timeout_action(state, seat)
        assert action is not None
        command = fake.command(PEOPLE[seat], "spacebase", COMMAND[action.kind], **dict(action.params))
        calls += await run(bot, fake, command)
    return calls


def _dms(fake: FakeDiscord, calls: list[Call]) -> list[tuple[int, Call]]:
    return [(user, call) for call in calls if (user := dm_recipient(fake, call)) is not None]


def _channel(fake: FakeDiscord, calls: list[Call]) -> list[Call]:
    return [c for c in posted(calls) if dm_recipient(fake, c) is None and not c.flags & EPHEMERAL]


def _assert_links_the_naming_message(fake: FakeDiscord, calls: list[Call]) -> int:
    """Each turn DM in ``calls`` links the channel message posted before it that named its player
    (which Discord gave an id); returns how many DMs there were."""
    dms = 0
    for index, call in enumerate(calls):
        user = dm_recipient(fake, call)
        if user is None:
            continue
        named = [c for c in _channel(fake, calls[:index]) if f"<@{user}>" in c.content]
        assert named and named[-1].message_id is not None
        assert call.content.endswith(f": {LINK}/{named[-1].message_id}"), call.content
        dms += 1
    return dms


async def test_nobody_is_dmed_by_default(qbot: GameBot, fake: FakeDiscord) -> None:
    lobby = await _lobby(qbot, fake)
    calls = await run(qbot, fake, fake.click(ALICE, lobby, button(lobby, ":begin")))
    calls += await _play(qbot, fake, 8)
    assert _dms(fake, calls) == []
    # Both were named in the channel when the game came to them, with the "My turn" button there.
    board = _channel(fake, calls)
    assert any("<@12>" in c.content for c in board) and any("<@11>" in c.content for c in board)
    assert "My turn" in labels(board[-1])


async def test_a_player_who_turned_dms_on_gets_a_link_when_the_game_waits_for_them(
    qbot: GameBot, fake: FakeDiscord
) -> None:
    lobby = await _lobby(qbot, fake)
    answer = await _notify(qbot, fake, BOB, "on")
    assert "DM" in answer.content
    calls = await run(qbot, fake, fake.click(ALICE, lobby, button(lobby, ":begin")))
    dms = _dms(fake, calls)
    assert [user for user, _ in dms] == [BOB.user_id]
    text = dms[0][1].content
    assert "Your move" in text and not dms[0][1].custom_ids
    # The link opens the very message that named Bob, posted before the DM.
    [named] = [c for c in _channel(fake, calls) if "<@12>" in c.content]
    assert named.message_id is not None and text.endswith(f"{LINK}/{named.message_id}")
    assert _assert_links_the_naming_message(fake, calls) == 1
    # Later turns DM Bob again whenever the game comes back to him, and never Alice.
    calls = await _play(qbot, fake, 8)
    assert {user for user, _ in _dms(fake, calls)} == {BOB.user_id}
    assert _assert_links_the_naming_message(fake, calls) >= 1

    await _notify(qbot, fake, BOB, "off")
    calls = await _play(qbot, fake, 8)
    assert _dms(fake, calls) == []


async def test_a_closed_dm_blocks_nothing_and_the_mention_stays(qbot: GameBot, fake: FakeDiscord) -> None:
    lobby = await _lobby(qbot, fake)
    await _notify(qbot, fake, BOB, "on")
    fake.closed_dms.add(BOB.user_id)
    calls = await run(qbot, fake, fake.click(ALICE, lobby, button(lobby, ":begin")))
    assert [user for user, _ in _dms(fake, calls)] == [BOB.user_id]  # tried, and refused (50007)
    channel = _channel(fake, calls)
    assert any("<@12>" in c.content and "My turn" in labels(c) for c in channel)
    assert not [c for c in posted(calls) if c.flags & EPHEMERAL]
    record = await stored(qbot)
    assert record is not None and record.status == "active"
    # The game goes on: Bob plays from the channel.
    calls = await _play(qbot, fake, 2)
    assert not [c for c in posted(calls) if c.flags & EPHEMERAL]


async def test_a_refused_channel_message_leaves_the_dm_linking_the_channel(
    qbot: GameBot, fake: RefusingDiscord
) -> None:
    lobby = await _lobby(qbot, fake)
    await _notify(qbot, fake, BOB, "on")
    fake.refusing = True
    calls = await run(qbot, fake, fake.click(ALICE, lobby, button(lobby, ":begin")))
    assert not [c for c in _channel(fake, calls) if c.message_id is not None and "<@12>" in c.content]
    [(user, dm)] = _dms(fake, calls)
    assert user == BOB.user_id and dm.content.endswith(f": {LINK}")
    record = await stored(qbot)
    assert record is not None and record.status == "active"


async def test_a_deadline_dm_links_the_schedulers_message(qbot: GameBot, fake: FakeDiscord) -> None:
    clock = [T0]
    qbot.service.clock = lambda: clock[0]
    # discord.py loads each extension as a module of its own, so the cog is checked by its class name.
    scheduler: Any = qbot.get_cog("Scheduler")
    assert type(scheduler).__name__ == "Scheduler"
    lobby = posted(await run(qbot, fake, fake.command(ALICE, "spacebase", "start", **{"turn-time": 60})))[-1]
    lobby = posted(await run(qbot, fake, fake.click(BOB, lobby, button(lobby, ":join"))))[-1]
    await _notify(qbot, fake, ALICE, "on")
    await _notify(qbot, fake, BOB, "on")
    await run(qbot, fake, fake.click(ALICE, lobby, button(lobby, ":begin")))
    # Nobody moves: each deadline's move is posted by the scheduler, then the DMs follow.
    mark = len(fake.calls)
    for _ in range(4):
        clock[0] += timedelta(minutes=61)
        assert await scheduler.tick(clock[0]) >= 1
    calls = fake.calls[mark:]
    assert all(call.path == "/channels/{channel_id}/messages" for call in posted(calls))
    # Each seat the bot moved for is named (and DMed) again whenever the game waits on it afresh.
    assert _assert_links_the_naming_message(fake, calls) == 5


async def test_the_choice_outlasts_a_restart(tmp_path: Path, fake: FakeDiscord) -> None:
    async with quiet_bot(tmp_path, SEED) as first:
        lobby = await _lobby(first, fake)
        await _notify(first, fake, BOB, "on")
    # A new bot and service over the same database file.
    async with quiet_bot(tmp_path, SEED) as second:
        calls = await run(second, fake, fake.click(ALICE, lobby, button(lobby, ":begin")))
        dms = _dms(fake, calls)
        assert [user for user, _ in dms] == [BOB.user_id] and f"{LINK}/" in dms[0][1].content


async def test_only_players_choose_and_other_games_keep_their_dms(qbot: GameBot, fake: FakeDiscord) -> None:
    await _lobby(qbot, fake)
    refusal = await _notify(qbot, fake, Person(13, "Carl"), "on")
    assert "not a player" in refusal.content
    record = await stored(qbot)
    assert record is not None and "notify" not in record.options
    # Europa's hands always go by DM, so it offers no such command.
    europa = qbot.tree.get_command("europa")
    assert isinstance(europa, discord.app_commands.Group)
    assert all(c.name != "notify" for c in europa.commands)


async def test_in_a_server_no_seat_picture_is_drawn_for_messages_that_never_go_out(
    make_bot: MakeBot, fake: FakeDiscord
) -> None:
    # Turn DMs carry a link, not the seat's view: each move draws only what the channel shows.
    bot = await make_bot()
    lobby = await _lobby(bot, fake)
    await _notify(bot, fake, BOB, "on")
    calls = await run(bot, fake, fake.click(ALICE, lobby, button(lobby, ":begin")))
    calls += await _play(bot, fake, 12)
    record = await stored(bot)
    assert record is not None
    assert not any(rendering.remembers((record.id, seat)) for seat in range(len(PEOPLE)))
    dms = _dms(fake, calls)
    assert dms and all(user == BOB.user_id and not call.files for user, call in dms)
    assert any(call.files for call in _channel(fake, calls))
