"""Engine and session factory: SQLite (WAL, foreign keys) or PostgreSQL via asyncpg."""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

# How long a SQLite connection waits for another process's write lock before it gives up.
BUSY_TIMEOUT_MS = 5000
# The pause between tries to switch a new SQLite file to WAL while another connection holds it.
WAL_RETRY_SECONDS = 0.005
# Execution option naming how a SQLite transaction begins: WRITE takes the write lock at once;
# SINGLE sends no BEGIN, for a read of one statement (SQLite makes each statement atomic).
BEGIN_OPTION = "sqlite_begin"
WRITE = "IMMEDIATE"
SINGLE = "single"
# A read of several statements: one snapshot of the database for all of them, no lock taken.
DEFERRED = "DEFERRED"
# A PostgreSQL connection back in the pool for less than this many seconds is used without asking
# the server first whether it is still there (``_ping_when_idle``).
PING_AFTER_IDLE = 1.0
_RETURNED = "returned_at"
# The clock ``_ping_when_idle`` reads (a test moves it on).
clock = time.monotonic


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    # The driver's own transaction handling sends no BEGIN before DDL (so a migration killed
    # half-way would leave half its tables) and only a deferred one before DML; we send our own.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    # Waiting for a lock is set first, so that the statements below wait too.
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    # WAL lets readers proceed while an action commits. It is a property of the file, and it is
    # enough that the file is in WAL already. Connections opening a new database together may find
    # the switch refused at once, without waiting: SQLite does not wait when waiting could deadlock
    # (two connections reading the header, each wanting the lock to switch). So the switch is tried
    # again, a few milliseconds apart, until the file is in WAL or the lock wait is used up.
    _use_wal(cursor, time.monotonic() + BUSY_TIMEOUT_MS / 1000)
    # SQLite ignores foreign keys unless asked.
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _use_wal(cursor: Any, deadline: float) -> None:
    """Switch the file to WAL; raises sqlite3.OperationalError if still refused at ``deadline``."""
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError:
            try:
                cursor.execute("PRAGMA journal_mode")
                if str(cursor.fetchone()[0]).lower() == "wal":
                    return
            except sqlite3.OperationalError:
                pass  # the mode cannot even be read while the file is held: try again
            if time.monotonic() >= deadline:
                raise
            time.sleep(WAL_RETRY_SECONDS)


def _sqlite_begin(connection: Connection) -> None:
    # A write transaction takes the write lock at BEGIN (IMMEDIATE): a deferred one that read
    # first would be refused outright, not queued, when another process wrote meanwhile.
    flavour = connection.get_execution_options().get(BEGIN_OPTION, "")
    if flavour != SINGLE:
        connection.exec_driver_sql(f"BEGIN {flavour}".strip())


def make_engine(url: str, *, echo: bool = False) -> AsyncEngine:
    """An async engine for ``url``; SQLite connections get WAL mode, foreign keys and real transactions.

    Statement parameters are never shown, neither by ``echo`` nor in an error's message: they hold
    whole snapshots, every hand in them."""
    engine = create_async_engine(url, echo=echo, hide_parameters=True)
    if engine.dialect.name == "sqlite":
        _sqlite_events(engine.sync_engine)
    else:
        _ping_when_idle(engine.sync_engine)
    return engine


def _ping_when_idle(engine: Engine) -> None:
    """Ask the server whether a pooled connection is still there before using it, as SQLAlchemy's
    ``pool_pre_ping`` does, but only after it has lain unused for ``PING_AFTER_IDLE`` seconds.

    Through asyncpg that ping is three round trips (BEGIN, an empty statement, ROLLBACK), and a
    command takes a connection from the pool several times within a few milliseconds: against a
    server across a network most of a move's round trips were pings. A connection the server
    dropped (a restart, an idle timeout) is found on its next use after a pause and replaced
    before any statement is sent; one dropped in the second after its last use fails that one
    call with a database error, as a server going down in the middle of a command does.
    """
    dialect = engine.dialect

    def returned(_dbapi_connection: Any, record: Any) -> None:
        # A new connection counts as just returned: it was made a moment ago.
        record.info[_RETURNED] = clock()

    def taken(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        if clock() - record.info.get(_RETURNED, float("-inf")) < PING_AFTER_IDLE:
            return
        try:
            dialect.do_ping(dbapi_connection)
        except Exception as error:
            # The pool drops this connection and checks out another (a new one if need be).
            raise DisconnectionError(f"The database connection was lost: {error}") from error

    event.listen(engine, "connect", returned)
    event.listen(engine, "checkin", returned)
    event.listen(engine, "checkout", taken)


def sqlite_file_engine(engine: AsyncEngine) -> Engine | None:
    """A blocking engine on the same SQLite file as ``engine`` (None for PostgreSQL or in memory).

    The repository runs each SQLite transaction whole in a worker thread through it: one
    hand-off per transaction instead of several per statement through the async driver.
    """
    url = engine.url
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    blocking = create_engine(url.set(drivername="sqlite"), echo=engine.echo, hide_parameters=True)
    _sqlite_events(blocking)
    return blocking


def _sqlite_events(engine: Engine) -> None:
    event.listen(engine, "connect", _sqlite_connect)
    event.listen(engine, "begin", _sqlite_begin)


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """The one session factory; objects stay readable after commit, nothing loads lazily."""
    return async_sessionmaker(engine, expire_on_commit=False)
