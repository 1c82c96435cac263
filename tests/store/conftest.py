from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.store import Repository, make_engine, make_sessionmaker
from bot.store.migrate import upgrade


@pytest.fixture
async def repo(database_url: str) -> AsyncIterator[Repository]:
    engine = make_engine(database_url)
    await upgrade(engine)
    yield Repository(make_sessionmaker(engine))
    await engine.dispose()
