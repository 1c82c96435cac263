from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Repository, make_engine, make_sessionmaker
from bot.store.migrate import upgrade


@pytest.fixture
async def repo(tmp_path: Path) -> AsyncIterator[Repository]:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'store.db'}")
    await upgrade(engine)
    yield Repository(make_sessionmaker(engine))
    await engine.dispose()
