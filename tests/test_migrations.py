from __future__ import annotations

import asyncio
import multiprocessing
import os
import re
from datetime import UTC, datetime
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import event, inspect, text
from sqlalchemy.engine import Connection

from bot.store import Repository, make_engine, make_sessionmaker
from bot.store.migrate import alembic_config, downgrade, upgrade
from bot.store.models import Base

TABLES = {"games", "seats", "actions", "deadlines"}
# Statements that change the schema or the version table: the points a crash can fall between.
_WRITES = re.compile(r"^\s*(CREATE|ALTER|DROP|INSERT|UPDATE)\b", re.IGNORECASE)
KILLED = 137


def _tables(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names()) - {"alembic_version"}


def _columns(connection: Connection, table: str) -> set[str]:
    return {column["name"] for column in inspect(connection).get_columns(table)}


def _drift(connection: Connection) -> list[object]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, Base.metadata))


async def _schema(url: str) -> tuple[set[str], list[object]]:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            return await conn.run_sync(_tables), await conn.run_sync(_drift)
    finally:
        await engine.dispose()


async def test_upgrade_downgrade_upgrade_and_no_drift(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        await upgrade(engine)
        async with engine.connect() as conn:
            assert await conn.run_sync(_tables) == TABLES
        await downgrade(engine, "base")
        async with engine.connect() as conn:
            assert await conn.run_sync(_tables) == set()
        await upgrade(engine)
        async with engine.connect() as conn:
            assert await conn.run_sync(_tables) == TABLES
            assert await conn.run_sync(_drift) == []
    finally:
        await engine.dispose()


async def test_0002_adds_and_removes_the_before_snapshot(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        await upgrade(engine, "0001")
        async with engine.begin() as conn:
            assert "before_snapshot" not in await conn.run_sync(_columns, "actions")
            await conn.execute(
                text(
                    "INSERT INTO games (id, channel_id, kind, options, seed, status, version, "
                    "rules_version, host_id, created_at, updated_at) VALUES (1, 5, 'k', '{}', 1, "
                    "'active', 1, '1', 7, '2026-01-01', '2026-01-01')"
                )
            )
            await conn.execute(
                text(
                    "INSERT INTO actions (game_id, seq, seat, user_id, action, undoable, created_at) "
                    "VALUES (1, 1, 0, 7, '{\"kind\": \"a\"}', true, '2026-01-01')"
                )
            )
        await upgrade(engine)
        async with engine.connect() as conn:
            assert "before_snapshot" in await conn.run_sync(_columns, "actions")
            assert (await conn.execute(text("SELECT before_snapshot FROM actions"))).scalar() is None
        await downgrade(engine, "0001")
        async with engine.connect() as conn:
            assert "before_snapshot" not in await conn.run_sync(_columns, "actions")
            # The log itself survives the round trip.
            assert (await conn.execute(text("SELECT count(*) FROM actions"))).scalar() == 1
    finally:
        await engine.dispose()


async def test_0005_counts_every_stored_game_as_shown_and_its_downgrade_keeps_them(database_url: str) -> None:
    engine = make_engine(database_url)
    games = [(1, 5, "active", 3), (2, 5, "finished", 7), (3, 5, "lobby", 2), (4, None, "active", 4)]
    try:
        await upgrade(engine, "0004")
        async with engine.begin() as conn:
            for game_id, guild, status, version in games:
                await conn.execute(
                    text(
                        "INSERT INTO games (id, guild_id, channel_id, kind, options, seed, status, version, "
                        "rules_version, host_id, created_at, updated_at) VALUES (:id, :guild, :channel, 'k', "
                        "'{}', 1, :status, :version, '1', 7, '2026-01-01', '2026-01-01')"
                    ),
                    {"id": game_id, "guild": guild, "channel": game_id, "status": status, "version": version},
                )
                await conn.execute(
                    text("INSERT INTO seats (game_id, seat, user_id, name) VALUES (:id, 0, 7, 'Host')"),
                    {"id": game_id},
                )
                await conn.execute(
                    text(
                        "INSERT INTO actions (game_id, seq, seat, user_id, action, undoable, created_at) "
                        "VALUES (:id, 1, 0, 7, '{\"kind\": \"a\"}', false, '2026-01-01')"
                    ),
                    {"id": game_id},
                )
        await upgrade(engine)
        async with engine.connect() as conn:
            rows = (
                await conn.execute(text("SELECT id, version, shown_version FROM games ORDER BY id"))
            ).all()
            # Stored before the sweep existed, every game counts as shown: none is posted again.
            assert [tuple(row) for row in rows] == [(g[0], g[3], g[3]) for g in games]
        repo = Repository(make_sessionmaker(engine))
        assert await repo.unshown_games(datetime.now(UTC)) == []
        await downgrade(engine, "0004")
        async with engine.connect() as conn:
            assert "shown_version" not in await conn.run_sync(_columns, "games")
            # Dropping the column keeps the games and everything that hangs off them.
            for table in ("games", "seats", "actions"):
                assert (await conn.execute(text(f"SELECT count(*) FROM {table}"))).scalar() == len(games)
    finally:
        await engine.dispose()


def test_alembic_check_command(database_url: str) -> None:
    config = alembic_config(database_url)
    command.upgrade(config, "head")
    # Raises AutogenerateDiffsDetected when the models and the migrations disagree.
    command.check(config)


def _migrate_until(url: str, crash_after: int | None) -> int:
    """Run migration 0001, dying like a killed process after its ``crash_after``-th schema write.

    Returns how many schema writes it made (when it was not told to die).
    """
    engine = make_engine(url)
    writes = 0

    def count(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        nonlocal writes
        if _WRITES.match(statement):
            writes += 1
            if writes == crash_after:
                os._exit(KILLED)

    event.listen(engine.sync_engine, "after_cursor_execute", count)

    async def run() -> None:
        try:
            await upgrade(engine, "0001")
        finally:
            await engine.dispose()

    asyncio.run(run())
    return writes


def test_a_crash_anywhere_in_the_first_migration_leaves_a_database_that_starts(database_url: str) -> None:
    # How many points there are: one clean run on a scratch database of the same kind.
    points = _migrate_until(database_url, None)
    asyncio.run(_reset(database_url))
    assert points >= 8
    fork = multiprocessing.get_context("fork")
    for point in range(1, points + 1):
        child = fork.Process(target=_migrate_until, args=(database_url, point))
        child.start()
        child.join(60)
        assert child.exitcode == KILLED, point
        # The next start migrates to head as if nothing had happened.
        tables, drift = asyncio.run(_restart(database_url))
        assert (tables, drift) == (TABLES, []), f"after a crash at write {point}"
        asyncio.run(_reset(database_url))


async def _restart(url: str) -> tuple[set[str], list[object]]:
    engine = make_engine(url)
    try:
        await upgrade(engine)
    finally:
        await engine.dispose()
    return await _schema(url)


async def _reset(url: str) -> None:
    engine = make_engine(url)
    try:
        await downgrade(engine, "base")
        async with engine.begin() as conn:
            await conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    finally:
        await engine.dispose()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_sqlite_ddl_is_transactional(database_url: str) -> None:
    # The driver's default would commit each CREATE at once; our own BEGIN keeps them together.
    async def run() -> set[str]:
        engine = make_engine(database_url)
        try:
            with pytest.raises(RuntimeError):
                async with engine.begin() as conn:
                    await conn.execute(text("CREATE TABLE scratch (id INTEGER)"))
                    raise RuntimeError("killed")
            async with engine.connect() as conn:
                return set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
        finally:
            await engine.dispose()

    assert "scratch" not in asyncio.run(run())


async def test_processes_starting_together_migrate_one_after_the_other(database_url: str) -> None:
    engines = [make_engine(database_url) for _ in range(3)]
    try:
        await asyncio.gather(*(upgrade(engine) for engine in engines))
    finally:
        for engine in engines:
            await engine.dispose()
    assert await _schema(database_url) == (TABLES, [])
