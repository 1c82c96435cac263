from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.games import Game
from bot.replies import Actor, Where
from bot.service import GameService
from bot.store import GameRecord, Repository, make_engine, make_sessionmaker
from bot.store.migrate import upgrade
from tests.service.fakegame import FRONTEND, RULES

HERE = Where(guild_id=1, channel_id=100)
ALICE = Actor(11, "Alice")
BOB = Actor(12, "Bob")
CARL = Actor(13, "Carl")
MOD = Actor(99, "Mod", can_manage=True)


@pytest.fixture
async def repo(database_url: str) -> AsyncIterator[Repository]:
    engine = make_engine(database_url)
    await upgrade(engine)
    yield Repository(make_sessionmaker(engine))
    await engine.dispose()


@pytest.fixture
def service(repo: Repository) -> GameService:
    return GameService(repo, render=False, games={"tally": Game(RULES, FRONTEND)}, seeds=lambda: 7)


async def begin_two(service: GameService, where: Where, game: str, options: dict[str, object]) -> GameRecord:
    """Alice opens a ``game`` lobby in ``where``, Bob joins and Alice begins; the game in play."""
    await service.start(where, ALICE, game, options)
    record = await service.repo.open_game(where.channel_id)
    assert record is not None
    await service.lobby(where, BOB, "join", record.id, record.version)
    record = await service.repo.open_game(where.channel_id)
    assert record is not None
    await service.lobby(where, ALICE, "begin", record.id, record.version)
    record = await service.repo.open_game(where.channel_id)
    assert record is not None and record.status == "active"
    return record
