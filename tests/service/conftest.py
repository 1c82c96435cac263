from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.games import Game
from bot.replies import Actor, Where
from bot.service import GameService
from bot.store import Repository, make_engine, make_sessionmaker
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
