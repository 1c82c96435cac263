"""Apply Alembic migrations from the application (the bot upgrades to head at start).

Each run is one transaction that first takes a database-wide lock (PostgreSQL's advisory
lock, SQLite's write lock), so processes started together migrate one after the other:
the later ones find the schema at head and do nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

import migrations
from bot.store.db import BEGIN_OPTION, WRITE

SCRIPT_LOCATION = Path(migrations.__file__).resolve().parent
# Any fixed number: the key of the PostgreSQL advisory lock all our migrations take.
MIGRATION_LOCK = 7_240_001


def alembic_config(url: str | None = None) -> Config:
    """An Alembic config pointing at our scripts (no ini file needed)."""
    config = Config()
    config.set_main_option("script_location", str(SCRIPT_LOCATION))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    # The app has configured logging already; the ini's logging section is for the CLI.
    config.attributes["configure_logging"] = False
    return config


def _upgrade(connection: Connection, revision: str) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


def _downgrade(connection: Connection, revision: str) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    command.downgrade(config, revision)


async def _locked(engine: AsyncEngine, step: Callable[[Connection, str], None], revision: str) -> None:
    async with engine.connect() as connection:
        await connection.execution_options(**{BEGIN_OPTION: WRITE})
        async with connection.begin():
            if connection.dialect.name == "postgresql":
                await connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
            await connection.run_sync(step, revision)


async def upgrade(engine: AsyncEngine, revision: str = "head") -> None:
    """Bring the database schema to ``revision``; raises SQLAlchemyError on failure."""
    await _locked(engine, _upgrade, revision)


async def downgrade(engine: AsyncEngine, revision: str) -> None:
    """Take the schema back to ``revision`` (``"base"`` empties it)."""
    await _locked(engine, _downgrade, revision)
