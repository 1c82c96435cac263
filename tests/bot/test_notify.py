"""Opt-in turn DMs in Space Base through real discord.py parsing: nobody is DMed unless they asked;
who asked gets "your move" with a link; a closed DM costs nothing; the choice outlasts a restart."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import GameBot
from bot.games.spacebase import FRONTEND
from engine.spacebase import RULES
from tests.bot.conftest import button, labels, posted, quiet_bot, run, stored
from tests.bot.fake_discord import CHANNEL_ID, EPHEMERAL, GUILD_ID, Call, FakeDiscord, Person, dm_recipient

ALICE = Person(11, "Alice")
BOB = Person(12, "Bob")
PEOPLE = (ALICE, BOB)
COMMAND = {spec.kind: spec.name for spec in FRONTEND.commands}
LINK = f"https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}"
# Seed 11 gives Bob the first turn, so Begin already waits for him.
SEED = 11


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
    assert "Your move" in text and LINK in text and not dms[0][1].custom_ids
    assert any("<@12>" in c.content for c in _channel(fake, calls))
    # Later turns DM Bob again whenever the game comes back to him, and never Alice.
    calls = await _play(qbot, fake, 8)
    assert {user for user, _ in _dms(fake, calls)} == {BOB.user_id}

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


async def test_the_choice_outlasts_a_restart(tmp_path: Path, fake: FakeDiscord) -> None:
    async with quiet_bot(tmp_path, SEED) as first:
        lobby = await _lobby(first, fake)
        await _notify(first, fake, BOB, "on")
    # A new bot and service over the same database file.
    async with quiet_bot(tmp_path, SEED) as second:
        calls = await run(second, fake, fake.click(ALICE, lobby, button(lobby, ":begin")))
        dms = _dms(fake, calls)
        assert [user for user, _ in dms] == [BOB.user_id] and LINK in dms[0][1].content


async def test_only_players_choose_and_other_games_keep_their_dms(qbot: GameBot, fake: FakeDiscord) -> None:
    await _lobby(qbot, fake)
    refusal = await _notify(qbot, fake, Person(13, "Carl"), "on")
    assert "not a player" in refusal.content
    record = await stored(qbot)
    assert record is not None and "notify" not in record.options
    # Europa's hands always go by DM, so it offers no such command.
    assert all(c.name != "notify" for c in qbot.tree.get_command("europa").commands)  # type: ignore[union-attr]
