"""PostgreSQL connections the server dropped: found before use after a pause, and never a lost write."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store import Repository, StoreError, db, make_engine, make_sessionmaker
from bot.store.migrate import upgrade
from tests.postgres import Server, wipe
from tests.store.test_repository import new_game


class Clock:
    """A monotonic clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(db, "clock", fake)
    return fake


@pytest.fixture
async def engine(postgres: Server | str) -> AsyncIterator[AsyncEngine]:
    if isinstance(postgres, str):
        pytest.skip(postgres)
    await wipe(postgres.url)
    made = make_engine(postgres.url)
    await upgrade(made)
    yield made
    await made.dispose()


@pytest.fixture
def pings(engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per ping the engine sends."""
    sent: list[int] = []
    real = engine.dialect.do_ping

    def counted(dbapi_connection: Any) -> bool:
        sent.append(1)
        return real(dbapi_connection)

    monkeypatch.setattr(engine.dialect, "do_ping", counted)
    return sent


async def _drop_the_pools_connections(url: str) -> int:
    """What a server restart does to the pool: every session of the database but this one ends."""
    connection = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        ended = await connection.fetch(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE pid <> pg_backend_pid() AND datname = current_database()"
        )
        return len(ended)
    finally:
        await connection.close()


async def test_connections_in_use_moments_ago_are_not_pinged_idle_ones_are(
    engine: AsyncEngine, clock: Clock, pings: list[int]
) -> None:
    repo = Repository(make_sessionmaker(engine))
    for channel in range(5):
        assert await repo.open_game(channel) is None
    # Five reads in a row take the same connection back out at once: no round trip spent asking.
    assert pings == []
    clock.now += db.PING_AFTER_IDLE + 0.1
    assert await repo.open_game(9) is None
    assert pings == [1]


async def test_a_connection_the_server_dropped_is_replaced_after_a_pause(
    engine: AsyncEngine, postgres: Server, clock: Clock, pings: list[int]
) -> None:
    repo = Repository(make_sessionmaker(engine))
    assert await repo.open_game(1) is None
    assert await _drop_the_pools_connections(postgres.url) >= 1
    clock.now += db.PING_AFTER_IDLE + 0.1
    # The ping finds the pooled connection gone; the pool opens another before any statement.
    assert await repo.open_game(1) is None
    assert pings


async def test_a_connection_dropped_right_after_use_fails_one_call_and_loses_nothing(
    engine: AsyncEngine, postgres: Server, clock: Clock
) -> None:
    repo = Repository(make_sessionmaker(engine))
    game = await repo.create_game(new_game(status="active"))
    await repo.record_action(
        game.id, 0, seat=0, user_id=1, action={"kind": "a"}, undoable=True, snapshot={"turn": 1}
    )
    assert await _drop_the_pools_connections(postgres.url) >= 1
    # Within the pause no ping is sent: the next move meets the dropped connection and is refused
    # whole, as when the server goes down in the middle of a command.
    with pytest.raises(StoreError):
        await repo.record_action(
            game.id, 1, seat=0, user_id=1, action={"kind": "b"}, undoable=True, snapshot={"turn": 2}
        )
    # The move accepted before is there; sent again, the refused one is taken on a new connection.
    after = await repo.get_game(game.id)
    assert after is not None and after.version == 1 and after.snapshot == {"turn": 1}
    await repo.record_action(
        game.id, 1, seat=0, user_id=1, action={"kind": "b"}, undoable=True, snapshot={"turn": 2}
    )
    assert [a.action["kind"] for a in await repo.actions(game.id)] == ["a", "b"]
