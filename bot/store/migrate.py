"""Apply Alembic migrations from the application (the bot upgrades to head at start)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

import migrations

SCRIPT_LOCATION = Path(migrations.__file__).resolve().parent


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


async def upgrade(engine: AsyncEngine, revision: str = "head") -> None:
    """Bring the database schema to ``revision``; raises SQLAlchemyError on failure."""
    async with engine.begin() as connection:
        await connection.run_sync(_upgrade, revision)


async def downgrade(engine: AsyncEngine, revision: str) -> None:
    """Take the schema back to ``revision`` (``"base"`` empties it)."""
    async with engine.begin() as connection:
        await connection.run_sync(_downgrade, revision)
