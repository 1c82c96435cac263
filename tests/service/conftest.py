from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

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
async def repo(tmp_path: Path) -> AsyncIterator[Repository]:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'service.db'}")
    await upgrade(engine)
    yield Repository(make_sessionmaker(engine))
    await engine.dispose()


@pytest.fixture
def service(repo: Repository) -> GameService:
    return GameService(
        repo, render=False, games={"tally": RULES}, frontends={"tally": FRONTEND}, seeds=lambda: 7
    )
