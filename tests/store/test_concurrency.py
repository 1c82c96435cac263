"""Many channels writing at once, and writers the database keeps waiting, on both databases."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import pytest
from sqlalchemy import Engine, event
from sqlalchemy.exc import OperationalError

from bot.store import ConflictError, Repository, make_engine, make_sessionmaker
from bot.store.migrate import upgrade
from tests.store.test_repository import new_game

CHANNELS = 300
ACTIONS = 5


async def _play(repo: Repository, channel: int) -> int:
    game = await repo.create_game(new_game(channel=channel, host=channel, status="active"))
    version = game.version
    for n in range(ACTIONS):
        opened = await repo.open_game(channel)
        assert opened is not None and opened.version == version
        moved = await repo.record_action(
            game.id, version, seat=0, user_id=channel, action={"n": n}, undoable=True, snapshot={"n": n}
        )
        version = moved.version
    return version


async def test_three_hundred_channels_at_once_are_all_saved(repo: Repository) -> None:
    versions = await asyncio.gather(*(_play(repo, 1000 + c) for c in range(CHANNELS)))
    assert versions == [ACTIONS] * CHANNELS
    game = await repo.open_game(1000 + CHANNELS - 1)
    assert game is not None and [a.seq for a in await repo.actions(game.id)] == list(range(1, ACTIONS + 1))


async def test_a_busy_write_is_retried(repo: Repository, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = repo._runner
    real = runner.run
    calls = 0

    async def flaky(work: Any, *, write: bool, statements: int = 1) -> Any:
        nonlocal calls
        if write:
            calls += 1
            if calls < 3:
                raise OperationalError("INSERT ...", {}, sqlite3.OperationalError("database is locked"))
        return await real(work, write=write, statements=statements)

    monkeypatch.setattr(runner, "run", flaky)
    game = await repo.create_game(new_game())
    assert calls == 3 and (await repo.open_game(10)) == game


async def test_a_conflict_is_not_retried(repo: Repository) -> None:
    game = await repo.create_game(new_game(status="active"))
    await repo.set_status(game.id, 0, "active")
    with pytest.raises(ConflictError):
        await repo.set_status(game.id, 0, "finished")


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_sqlite_writer_waits_for_another_process(database_url: str) -> None:
    engine = make_engine(database_url)
    await upgrade(engine)
    repo = Repository(make_sessionmaker(engine))
    game = await repo.create_game(new_game(status="active"))
    # Another process holds SQLite's write lock for a while: our writes queue, none is refused.
    other = sqlite3.connect(database_url.split("///", 1)[1], isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    release = asyncio.get_running_loop().call_later(0.5, lambda: other.execute("COMMIT"))
    try:
        version = game.version
        for n in range(10):
            version = (
                await repo.record_action(
                    game.id, version, seat=0, user_id=1, action={"n": n}, undoable=False, snapshot={"n": n}
                )
            ).version
        assert version == 10
    finally:
        release.cancel()
        other.close()
        await engine.dispose()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_open_game_lookup_uses_the_partial_index(database_url: str) -> None:
    engine = make_engine(database_url)
    await upgrade(engine)
    repo = Repository(make_sessionmaker(engine))
    seen: list[tuple[str, Any]] = []

    def capture(conn: Any, cursor: Any, statement: str, parameters: Any, *rest: Any) -> None:
        if "status IN" in statement and "channel_id" in statement:
            seen.append((statement, parameters))

    # Every engine: the repository may run its SQLite statements through an engine of its own.
    event.listen(Engine, "before_cursor_execute", capture)
    try:
        for _ in range(3):
            old = await repo.create_game(new_game(status="active"))
            await repo.set_status(old.id, old.version, "finished")
        await repo.create_game(new_game())
        assert (await repo.open_game(10)) is not None
        statement, parameters = seen[-1]
        async with engine.connect() as conn:
            plan = (await conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", parameters)).all()
        details = " ".join(str(row[-1]) for row in plan)
        assert "uq_games_open_channel" in details, details
        # The finished games of the channel are not read: no other index, no table scan.
        assert "ix_games_channel_id" not in details and "SCAN games" not in details, details
    finally:
        event.remove(Engine, "before_cursor_execute", capture)
        await engine.dispose()
