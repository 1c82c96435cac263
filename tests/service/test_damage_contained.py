"""Damage stays where it is: one unreadable timer row, one game whose saved values are wrong, a forged
game id or a strange name never stops the other games, the bot's start or the clocks."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.cogs.common import NAME_CHARS, seat_name
from bot.errors import NotAllowedError
from bot.games import Game, shipped_games
from bot.integrity import unloadable_games
from bot.replies import Where
from bot.service import GameService
from bot.store import Repository
from tests.service.conftest import ALICE, HERE, begin_two
from tests.service.fakegame import FRONTEND, RULES
from tests.service.raw_sql import is_sqlite, run_sql
from tests.service.turngame import FRONTEND as TURNS_FRONTEND
from tests.service.turngame import RULES as TURNS

T0 = datetime(2030, 5, 1, 12, 0, tzinfo=UTC)
THERE = Where(guild_id=1, channel_id=300)


@pytest.fixture
def clocked(repo: Repository) -> GameService:
    games = {"turns": Game(TURNS, TURNS_FRONTEND)}
    service = GameService(repo, render=False, games=games, seeds=lambda: 7)
    service.clock = lambda: T0
    return service


async def test_one_unreadable_timer_row_stops_no_other_games_clock(
    clocked: GameService, caplog: pytest.LogCaptureFixture
) -> None:
    here = await begin_two(clocked, HERE, "turns", {"turn_time": 60})
    there = await begin_two(clocked, THERE, "turns", {"turn_time": 60})
    # PostgreSQL keeps only valid JSON in a JSON column: there the damage is a payload of another shape.
    broken = "'{\"ends\": '" if is_sqlite(clocked.repo) else "'[1]'"
    await run_sql(clocked.repo, f"UPDATE deadlines SET payload = {broken} WHERE game_id = {here.id}")
    now = T0 + timedelta(minutes=61)
    with caplog.at_level(logging.ERROR):
        due = await clocked.due(now)
        posts = [await clocked.fire(row, now) for row in due]
    # The other game's deadline fired; each damaged row was logged and put aside once.
    told = [post.reply.text for post in posts if post is not None]
    assert any(text.startswith("Alice ran out of time") for text in told)
    after = await clocked.repo.open_game(THERE.channel_id)
    assert after is not None and after.version > there.version
    assert any("damaged" in record.getMessage() for record in caplog.records)
    assert [row for row in await clocked.due(now) if row.game_id == here.id] == []


async def test_a_game_that_does_not_load_with_the_shipped_cards_either_only_is_reported(
    repo: Repository, caplog: pytest.LogCaptureFixture
) -> None:
    games = shipped_games()
    service = GameService(repo, render=False, games=games, seeds=lambda: 7)
    await service.start(HERE, ALICE, "exobase", {})
    # A value of the wrong type, as a hand edit or a newer release could leave.
    await run_sql(repo, "UPDATE games SET snapshot = '{\"schema_version\": 99}'")
    rules = {key: game.rules for key, game in games.items()}
    # Without the shipped cards to compare with, the game blocks the start (as missing cards do).
    assert len(await unloadable_games(repo, rules)) == 1
    with caplog.at_level(logging.ERROR):
        assert await unloadable_games(repo, rules, rules) == []
    assert any("damaged" in record.getMessage() for record in caplog.records)


async def test_wrong_values_in_a_saved_game_are_reported_as_damage(repo: Repository) -> None:
    service = GameService(repo, render=False, games=shipped_games(), seeds=lambda: 7)
    await service.start(HERE, ALICE, "exobase", {})
    record = await repo.open_game(HERE.channel_id)
    assert record is not None and record.snapshot is not None
    broken = {**record.snapshot, "storage": []}
    await run_sql(repo, f"UPDATE games SET snapshot = '{_json(broken)}'")
    with pytest.raises(NotAllowedError, match="damaged"):
        await service.status(HERE, ALICE)
    await service.abandon(HERE, ALICE, confirm=True)


async def test_games_names_a_damaged_game_and_lists_the_others(repo: Repository) -> None:
    service = GameService(repo, render=False, games={"tally": Game(RULES, FRONTEND)}, seeds=lambda: 7)
    await service.start(HERE, ALICE, "tally", {})
    await service.start(THERE, ALICE, "tally", {})
    await run_sql(
        repo, f"UPDATE games SET snapshot = '{{\"schema_version\": 99}}' WHERE channel_id = {HERE.channel_id}"
    )
    lines = (await service.games_of(Where(1, 999), ALICE)).text.splitlines()
    assert lines[1:] == [
        f"• Tally in <#{HERE.channel_id}>: damaged; the host can abandon it",
        f"• Tally in <#{THERE.channel_id}>: waiting for Alice",
    ]


async def test_a_game_in_play_with_no_saved_state_is_damaged_not_waiting_to_begin(repo: Repository) -> None:
    service = GameService(repo, render=False, games={"tally": Game(RULES, FRONTEND)}, seeds=lambda: 7)
    await service.start(HERE, ALICE, "tally", {})
    await run_sql(repo, "UPDATE games SET snapshot = NULL")
    with pytest.raises(NotAllowedError, match="damaged"):
        await service.status(HERE, ALICE)


async def test_a_forged_game_id_finds_no_game(repo: Repository) -> None:
    assert await repo.get_game(10**30) is None
    assert await repo.get_game(2**40) is None
    assert await repo.game_with_recent(game_id=10**30, count=lambda game: 1) == (None, [])


def test_a_name_is_stored_printable_and_short() -> None:
    assert seat_name("Ann\x00ie\n") == "Annie"
    assert len(seat_name("x" * 6000)) == NAME_CHARS
    assert seat_name("\x00\x01") == "Player"


def _json(data: dict[str, Any]) -> str:
    import json

    return json.dumps(data).replace("'", "''")
