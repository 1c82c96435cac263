"""Two bot processes on one database sweeping for unshown changes at the same moment: each late
board is made by one of them only, and it is the table of the saved version."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from bot.deadlines import Post
from bot.games import Game
from bot.service import LATE_NOTE, GameService
from bot.store import Repository, make_engine, make_sessionmaker
from bot.store.migrate import upgrade
from engine.core import Action
from tests.service.conftest import ALICE, BOB, HERE
from tests.service.fakegame import FRONTEND, RULES

GRACE = timedelta(minutes=2)
ROUNDS = 4


@pytest.fixture
async def services(database_url: str) -> AsyncIterator[list[GameService]]:
    engines = [make_engine(database_url) for _ in range(2)]
    await upgrade(engines[0])
    yield [
        GameService(
            Repository(make_sessionmaker(engine)),
            render=False,
            games={"tally": Game(RULES, FRONTEND)},
            seeds=lambda: 7,
        )
        for engine in engines
    ]
    for engine in engines:
        await engine.dispose()


async def _sweep(service: GameService, now: datetime) -> list[Post]:
    before = now - GRACE
    posts = [await service.late_board(record, before, now) for record in await service.unshown(before)]
    return [post for post in posts if post is not None]


async def test_two_processes_sweeping_at_once_make_each_late_board_once(services: list[GameService]) -> None:
    first, second = services
    reply = await first.start(HERE, ALICE, "tally", {"team": True})
    lobby = reply.buttons[0]
    reply = await second.lobby(HERE, BOB, "join", lobby.game_id, lobby.version)
    begun = await first.lobby(HERE, ALICE, "begin", reply.buttons[0].game_id, reply.buttons[0].version)
    assert begun.version is not None and begun.game_id == lobby.game_id
    now = datetime.now(UTC)
    for round_ in range(ROUNDS):
        # A move is saved and its answer lost (the process died before posting it).
        await (first, second)[round_ % 2].act(HERE, BOB, Action.of("add", n=1))
        now += GRACE * 2
        found = await asyncio.gather(_sweep(first, now), _sweep(second, now))
        [post] = [post for posts in found for post in posts]
        game = await first.repo.get_game(lobby.game_id)
        assert game is not None
        assert post.channel_id == HERE.channel_id and post.reply.text.startswith(LATE_NOTE)
        assert (post.reply.game_id, post.reply.version) == (game.id, game.version)
        assert not post.reply.ephemeral and post.reply.buttons
        # Claimed: neither process takes it again while the claim holds.
        assert list(await asyncio.gather(_sweep(first, now), _sweep(second, now))) == [[], []]
        await first.repo.mark_shown({game.id: game.version})


async def test_a_game_that_cannot_be_shown_is_marked_shown_not_swept_for_ever(
    services: list[GameService],
) -> None:
    first, _second = services
    await first.start(HERE, ALICE, "tally", {"team": True})
    record = await first.repo.open_game(HERE.channel_id)
    assert record is not None
    # Its saved state no longer loads (the rules reject it), so there is no table to post.
    broken = await first.repo.begin_game(record.id, record.version, {"schema_version": 999})
    now = datetime.now(UTC) + GRACE * 2
    assert await _sweep(first, now) == []
    stored = await first.repo.get_game(broken.id)
    assert stored is not None and stored.shown_version == stored.version
    assert await first.unshown(now + GRACE * 2) == []
