"""Fixtures for every test that touches a database: each runs on SQLite and on PostgreSQL; and
each test starts with no picture remembered as shown (game ids repeat from one test to the next)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import rendering
from tests.postgres import Server, start, wipe

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(autouse=True)
def fresh_pictures() -> Iterator[None]:
    """What channels were shown is process-wide and keyed by game id: a test must not inherit it."""
    rendering.forget_all()
    yield


@pytest.fixture(scope="session")
def postgres() -> Iterator[Server | str]:
    """The test PostgreSQL server, started on first use; a string says why there is none."""
    server = start()
    yield server
    if isinstance(server, Server):
        server.stop()


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path, postgres: Server | str) -> str:
    """An empty database: a SQLite file, or the PostgreSQL test database wiped clean."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'test.db'}"
    if isinstance(postgres, str):
        pytest.skip(postgres)
    asyncio.run(wipe(postgres.url))
    return postgres.url
