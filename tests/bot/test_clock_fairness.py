"""Space Base played over days, through real discord.py parsing on a SQLite file with a fake clock:
runs of missed deadlines, an undo that buys no time, reminders after downtime, who is mentioned,
boards Discord refused once, and what the table is told when the bot moves for someone."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.app import GameBot
from bot.games.spacebase import FRONTEND
from bot.store import DeadlineRecord
from engine.spacebase import RULES
from engine.spacebase.state import SpaceState
from tests.bot.conftest import button, labels, posted, quiet_bot, run, since, stored
from tests.bot.fake_discord import EPHEMERAL, Call, FakeDiscord, Person, dm_recipient

ALICE, BOB, CY = Person(11, "Alice"), Person(12, "Bob"), Person(13, "Cy")
T0 = datetime(2030, 5, 1, 12, 0, tzinfo=UTC)
COMMAND = {spec.kind: spec.name for spec in FRONTEND.commands}


class Table:
    """A Space Base game with a turn time in a bot whose service and scheduler read ``now``."""

    def __init__(self, bot: GameBot, fake: FakeDiscord, people: list[Person]) -> None:
        self.bot, self.fake, self.people = bot, fake, people
        self.now = T0
        bot.service.clock = lambda: self.now

    async def begin(self, minutes: int) -> None:
        host, *others = self.people
        start = self.fake.command(host, "spacebase", "start", **{"turn-time": minutes})
        lobby = posted(await run(self.bot, self.fake, start))[-1]
        for person in others:
            lobby = posted(
                await run(self.bot, self.fake, self.fake.click(person, lobby, button(lobby, ":join")))
            )[-1]
        await run(self.bot, self.fake, self.fake.click(host, lobby, button(lobby, ":begin")))

    async def state(self) -> SpaceState:
        record = await stored(self.bot)
        assert record is not None and record.snapshot is not None
        state: SpaceState = RULES.from_json(record.snapshot)
        return state

    async def clock(self, seat: int) -> list[DeadlineRecord]:
        """``seat``'s pending rows, soonest first."""
        return [row for row in await self.bot.service.repo.pending_deadlines([1]) if row.seat == seat]

    async def deadline(self, seat: int) -> datetime:
        [row] = [row for row in await self.clock(seat) if row.kind == "deadline"]
        return row.due_at

    async def tick(self, at: datetime) -> list[Call]:
        self.now = at
        scheduler: Any = self.bot.get_cog("Scheduler")
        mark = len(self.fake.calls)
        await scheduler.tick(at)
        return since(self.fake, mark)

    async def command(self, seat: int, name: str, **options: Any) -> list[Call]:
        return await run(
            self.bot, self.fake, self.fake.command(self.people[seat], "spacebase", name, **options)
        )

    async def move(self, seat: int) -> list[Call]:
        """``seat`` makes the AI's move itself, by slash command."""
        action = RULES.timeout_action(await self.state(), seat)
        assert action is not None
        return await self.command(seat, COMMAND[action.kind], **dict(action.params))

    async def until_waiting(self, seat: int) -> None:
        """The other seats move at once until the game waits on ``seat``."""
        for _ in range(60):
            waiting = RULES.to_move(await self.state())
            if seat in waiting:
                return
            await self.move(min(waiting))
        raise AssertionError(f"seat {seat} is never waited on")

    async def miss(self, seat: int) -> list[Call]:
        """The others move at once; ``seat`` lets its deadline pass."""
        await self.until_waiting(seat)
        return await self.tick(await self.deadline(seat))

    def channel(self, calls: list[Call]) -> list[Call]:
        return [c for c in posted(calls) if dm_recipient(self.fake, c) is None and not c.flags & EPHEMERAL]


@pytest.fixture
async def two(tmp_path: Path, fake: FakeDiscord) -> AsyncIterator[Table]:
    async with quiet_bot(tmp_path, 7) as bot:
        table = Table(bot, fake, [ALICE, BOB])
        await table.begin(60)
        yield table


async def _away_after_three(table: Table) -> None:
    for _ in range(3):
        await table.miss(1)
    assert (await table.state()).away[1]


async def test_coming_back_ends_the_run_of_missed_deadlines(two: Table) -> None:
    await _away_after_three(two)
    [board] = two.channel(await two.command(1, "back"))
    assert "Bob is back." in board.content
    # One more miss after coming back is the first of a new run, not the fourth of the old one.
    [timeout] = [c for c in two.channel(await two.miss(1)) if "ran out of time" in c.content]
    assert timeout.content.splitlines()[0].endswith("Bob ran out of time; the bot moved for them.")
    assert not (await two.state()).away[1]


async def test_a_setting_changed_out_of_turn_ends_the_run_too(two: Table) -> None:
    for _ in range(2):
        await two.miss(1)
    # Not waited on now, Bob shows he is there.
    await two.until_waiting(0)
    await two.command(1, "auto", on=True)
    await two.command(1, "auto", on=False)
    await two.miss(1)
    assert not (await two.state()).away[1]


async def test_the_last_player_at_the_table_is_never_marked_away(two: Table) -> None:
    calls: list[Call] = []
    for day in range(1, 8):
        calls += await two.tick(T0 + timedelta(days=day))
        state = await two.state()
        assert state.outcome is None, f"the game ended on day {day} with nobody playing"
        assert not all(state.away), "every player is marked away"
    # The first to miss three in a row was marked away and told how to come back; the other one
    # keeps being played for, a deadline at a time, and can come back whenever they like.
    text = "\n".join(c.content for c in two.channel(calls))
    assert text.count("is away; the AI plays for them.") == 1
    assert "`/spacebase back` brings" in text


async def test_a_move_and_its_undo_buy_no_time(two: Table) -> None:
    await two.until_waiting(1)
    due = await two.deadline(1)
    reminders = [row.due_at for row in await two.clock(1) if row.kind == "reminder"]
    two.now = due - timedelta(minutes=1)
    await two.move(1)
    [answer] = two.channel(await two.command(1, "undo"))
    assert answer.content.startswith("Bob takes back their last move.")
    # The same deadline, and no reminder again for the half of the turn already gone.
    assert await two.deadline(1) == due
    assert [row.due_at for row in await two.clock(1) if row.kind == "reminder"] == [
        at for at in reminders if at > two.now
    ]
    # Nor is the player who undid named: it is their own choice they got back.
    assert "<@12>" not in answer.content and answer.message["allowed_mentions"]["users"] == []


async def test_an_undo_after_the_deadline_leaves_a_last_minute(two: Table) -> None:
    await two.until_waiting(1)
    due = await two.deadline(1)
    await two.move(1)
    two.now = due + timedelta(hours=2)
    await two.command(1, "undo")
    assert await two.deadline(1) == two.now + timedelta(minutes=1)


async def test_reminders_due_together_after_downtime_are_sent_once(two: Table) -> None:
    # Nobody moves and the bot is down until three minutes before the first deadline: both of
    # each waiting seat's reminders are due at once; each seat hears it once.
    waiting = RULES.to_move(await two.state())
    calls = two.channel(await two.tick(T0 + timedelta(minutes=57)))
    assert sorted(c.content for c in calls) == [
        f"<@{two.people[seat].user_id}> your move in Space Base: 3 min left." for seat in sorted(waiting)
    ]
    assert two.channel(await two.tick(T0 + timedelta(minutes=58))) == []


async def test_a_seat_the_bot_moved_for_is_named_when_the_game_waits_on_it_again(two: Table) -> None:
    # Both miss the first roll's choice; the bot moves for each; the game then waits on both again.
    calls = await two.tick(await two.deadline(0))
    waiting = RULES.to_move(await two.state())
    named = {user for c in two.channel(calls) for user in c.message["allowed_mentions"]["users"]}
    assert {two.people[seat].user_id for seat in waiting} <= named


async def test_a_board_discord_refused_is_posted_at_the_next_tick(
    two: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = discord.PartialMessageable.send
    refusals = [1]

    async def once(self: discord.PartialMessageable, *args: Any, **kwargs: Any) -> Any:
        if refusals:
            refusals.pop()
            raise discord.HTTPException(type("R", (), {"status": 503, "reason": "Unavailable"})(), "busy")
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(discord.PartialMessageable, "send", once)
    due = await two.deadline(0)
    assert two.channel(await two.tick(due)) == []
    [board] = two.channel(await two.tick(due + timedelta(seconds=30)))
    assert "ran out of time" in board.content and board.message["allowed_mentions"]["users"]
    # Posted once: the next tick has nothing left to catch up.
    assert two.channel(await two.tick(due + timedelta(seconds=60))) == []


async def test_a_click_after_the_bot_moved_says_so(two: Table) -> None:
    await two.until_waiting(1)
    # Bob opens his own buttons, then lets his time run out.
    mine = posted(await two.command(1, "hand"))[-1]
    await two.tick(await two.deadline(1))
    choice = next(custom for label, custom in labels(mine).items() if label.startswith(("Sum", "Dice")))
    [reply] = posted(await run(two.bot, two.fake, two.fake.click(BOB, mine, choice)))
    assert reply.flags & EPHEMERAL
    assert reply.content == "Your time ran out and the bot moved for you; see the latest message."


async def test_undo_passes_over_the_bots_secret_choice_for_another_seat(
    tmp_path: Path, fake: FakeDiscord
) -> None:
    # Seed 2 opens with all three players choosing how to take the first roll.
    async with quiet_bot(tmp_path, 2) as bot:
        table = Table(bot, fake, [ALICE, BOB, CY])
        await table.begin(60)
        state = await table.state()
        assert state.phase == "choose" and RULES.to_move(state) == {0, 1, 2}
        # Alice chooses, then Cy's time runs out while Bob is still thinking: nothing is revealed.
        table.now = T0 + timedelta(minutes=30)
        await table.move(0)
        [cy] = [row for row in await table.clock(2) if row.kind == "deadline"]
        table.now = cy.due_at
        assert await bot.service.fire(cy, cy.due_at) is not None
        assert RULES.to_move(await table.state()) == {1}
        [answer] = table.channel(await table.command(0, "undo"))
        assert answer.content.startswith("Alice takes back their last move.")
        # Cy's choice stays made; Alice chooses again.
        assert RULES.to_move(await table.state()) == {0, 1}
        # Cy cannot take back what the bot chose for him.
        [refusal] = posted(await table.command(2, "undo"))
        assert refusal.flags & EPHEMERAL and "nothing" in refusal.content.lower()
