"""Engine and session factory: SQLite (WAL, foreign keys) or PostgreSQL via asyncpg."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL lets readers proceed while an action commits; SQLite ignores foreign keys unless asked.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def make_engine(url: str, *, echo: bool = False) -> AsyncEngine:
    """An async engine for ``url``; SQLite connections get WAL mode and foreign keys."""
    engine = create_async_engine(url, echo=echo, pool_pre_ping=not url.startswith("sqlite"))
    if engine.dialect.name == "sqlite":
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """The one session factory; objects stay readable after commit, nothing loads lazily."""
    return async_sessionmaker(engine, expire_on_commit=False)
