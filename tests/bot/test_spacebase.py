"""Space Base through real discord.py parsing: a lobby with an AI seat, secret activation choices by
DM, and a whole game played to its end with slash commands."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot
from bot.games.spacebase import FRONTEND
from engine.spacebase import RULES
from tests.bot.conftest import button, posted, quiet_bot, run, since, stored
from tests.bot.fake_discord import EPHEMERAL, FakeDiscord, Person, dm_recipient

ALICE = Person(11, "Alice")
BOB = Person(12, "Bob")
PEOPLE = {0: ALICE, 1: BOB}
COMMAND = {spec.kind: spec.name for spec in FRONTEND.commands}
T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture
async def sbot(tmp_path: Path, fake: FakeDiscord) -> Any:
    async with quiet_bot(tmp_path, 11) as bot:
        yield bot


async def _state(bot: GameBot, game_id: int = 1) -> Any:
    record = await bot.service.repo.get_game(game_id)
    assert record is not None and record.snapshot is not None
    return RULES.from_json(record.snapshot)


async def test_a_game_with_an_ai_seat_is_played_to_its_end(sbot: GameBot, fake: FakeDiscord) -> None:
    # Bob lets his first activation choice run out, and later the turn player lets a buy run out:
    # at each deadline the bot moves for them, and that very move is logged and applied.
    clock = [T0]
    sbot.service.clock = lambda: clock[0]
    # discord.py loads each extension as a module of its own, so the cog is checked by its class name.
    scheduler: Any = sbot.get_cog("Scheduler")
    assert type(scheduler).__name__ == "Scheduler"
    lobby = posted(
        await run(sbot, fake, fake.command(ALICE, "spacebase", "start", ai=1, **{"turn-time": 60}))
    )[-1]
    assert "AI 1" in lobby.content and "(2, 2-5 needed)" in lobby.content
    lobby = posted(await run(sbot, fake, fake.click(BOB, lobby, button(lobby, ":join"))))[-1]
    calls = await run(sbot, fake, fake.click(ALICE, lobby, button(lobby, ":begin")))
    board = [c for c in posted(calls) if dm_recipient(fake, c) is None][-1]
    assert "My turn" in [b["label"] for row in board.message["components"] for b in row["components"]]
    state = await _state(sbot)
    assert state.players[2] == "AI 1" and state.ai == [False, False, True]

    turns, timed_out, bought_for = 0, False, False
    while RULES.outcome(state) is None:
        seat = min(RULES.to_move(state))
        expected = RULES.timeout_action(state, seat)
        assert expected is not None
        human = seat in PEOPLE and not state.robot(seat)
        buying = expected.kind == "buy" and seat == state.active and not bought_for
        if human and ((seat == 1 and not timed_out and state.phase == "choose") or buying):
            logged = len(await sbot.service.repo.actions(1))
            clock[0] += timedelta(minutes=61)
            mark = len(fake.calls)
            assert await scheduler.tick(clock[0]) >= 1
            told = [c for c in posted(since(fake, mark)) if "ran out of time" in c.content]
            assert told and PEOPLE[seat].name in told[0].content
            # The move the AI made for the seat is the next one in the log, and it was applied.
            made = (await sbot.service.repo.actions(1))[logged]
            assert (made.seat, made.action) == (seat, expected.to_json())
            after = await _state(sbot)
            assert after != state
            if expected.kind == "buy":
                card = str(expected.arg("card"))
                board = after.boards[seat]
                assert card in board.station or any(card in stack for stack in board.deployed)
                bought_for = True
            else:
                timed_out = True
            state = after
            continue
        options = dict(expected.params)
        calls = await run(
            sbot, fake, fake.command(PEOPLE[seat], "spacebase", COMMAND[expected.kind], **options)
        )
        refused = [c for c in posted(calls) if c.flags & EPHEMERAL]
        assert not refused, refused[0].content
        state = await _state(sbot)
        turns += 1
        assert turns < 2000
    record = await sbot.service.repo.get_game(1)
    assert record is not None and record.status == "finished" and await stored(sbot) is None
    assert any("Game over" in c.content for c in posted(calls))
    assert max(state.boards[s].vp for s in range(3)) >= 40 and timed_out and bought_for


async def test_a_seat_whose_choice_was_made_for_it_is_told_it_has_nothing_to_do(
    tmp_path: Path, fake: FakeDiscord
) -> None:
    # Seed 1: the first roll gives Bob the same either way, so only Alice is waited for. Bob's own
    # view offers no button (automatic choices and away stay legal but have none): it says so.
    async with quiet_bot(tmp_path, 1) as bot:
        lobby = posted(await run(bot, fake, fake.command(ALICE, "spacebase", "start")))[-1]
        lobby = posted(await run(bot, fake, fake.click(BOB, lobby, button(lobby, ":join"))))[-1]
        await run(bot, fake, fake.click(ALICE, lobby, button(lobby, ":begin")))
        record = await stored(bot)
        assert record is not None and record.snapshot is not None
        assert RULES.to_move(RULES.from_json(record.snapshot)) == {0}
        reply = posted(await run(bot, fake, fake.command(BOB, "spacebase", "hand")))[-1]
        assert reply.flags & EPHEMERAL
        assert "Nothing to do until the others have moved." in reply.content
        assert not reply.custom_ids
