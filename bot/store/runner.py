"""How a transaction reaches the database: whole in a worker thread (SQLite file) or on the event loop.

SQLite has one writer at a time. Its transactions run as plain blocking code on a
dedicated writer thread (so writes queue in the process instead of failing with
"database is locked") or on a few reader threads; each is one hand-off from the
event loop. PostgreSQL (and SQLite in memory) run the same blocking code through
the async engine's ``run_sync``; there, rows lock themselves (and an in-memory
SQLite database, having one connection, takes an asyncio lock for writes), and a
PostgreSQL read of one statement is sent without BEGIN and COMMIT.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from sqlalchemy import Engine
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store.db import BEGIN_OPTION, DEFERRED, SINGLE, WRITE, sqlite_file_engine

T = TypeVar("T")
Work = Callable[[Connection], T]
READERS = 4


def _transaction(connection: Connection, work: Work[T], begin: str) -> T:
    connection = connection.execution_options(**{BEGIN_OPTION: begin})
    result = work(connection)
    connection.commit()
    return result


class Runner:
    """Runs blocking ``work(connection)`` as one transaction; raises what ``work`` or the database raises."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._async = engine
        self._blocking = sqlite_file_engine(engine)
        self._lock = asyncio.Lock() if engine.dialect.name == "sqlite" else None
        self._postgres = engine.dialect.name == "postgresql"
        self._writer: ThreadPoolExecutor | None = None
        self._readers: ThreadPoolExecutor | None = None
        if self._blocking is not None:
            self._writer = ThreadPoolExecutor(1, thread_name_prefix="db-writer")
            self._readers = ThreadPoolExecutor(READERS, thread_name_prefix="db-reader")
            weakref.finalize(self, _close, self._blocking, self._writer, self._readers)

    async def run(self, work: Work[T], *, write: bool, statements: int = 1) -> T:
        """``work`` as one transaction. On SQLite a write takes the lock at BEGIN; a read of one
        statement sends no BEGIN (each statement is atomic); a read of several begins a deferred
        transaction, so they all see the same committed state."""
        begin = WRITE if write else SINGLE if statements == 1 else DEFERRED
        if self._blocking is not None:
            executor = self._writer if write else self._readers
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(executor, self._in_thread, work, begin)
        if write and self._lock is not None:
            async with self._lock:
                return await self._on_loop(work, begin)
        return await self._on_loop(work, begin)

    def _in_thread(self, work: Work[T], begin: str) -> T:
        assert self._blocking is not None
        with self._blocking.connect() as connection:
            return _transaction(connection, work, begin)

    async def _on_loop(self, work: Work[T], begin: str) -> T:
        async with self._async.connect() as connection:
            if begin == SINGLE and self._postgres:
                # One statement is atomic by itself, so a read of one goes without
                # BEGIN and COMMIT, two round trips fewer to a server across a network.
                connection = await connection.execution_options(isolation_level="AUTOCOMMIT")
            return await connection.run_sync(_transaction, work, begin)


def _close(engine: Engine, *executors: ThreadPoolExecutor) -> None:
    for executor in executors:
        executor.shutdown(wait=False)
    engine.dispose()
