"""Start-up problems an operator can fix, each told in one line that says what to do.

The bot and the local console open the database through here, so a missing driver, an
unreachable server, a file that is not a database or a schema from a newer release ends in a
``StartupError`` with that line instead of a traceback.
"""

from __future__ import annotations

import asyncio
import re
import socket
import threading
from pathlib import Path

from alembic.util.exc import CommandError
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store import make_engine
from bot.store.migrate import upgrade

POSTGRES_EXTRA = "make install EXTRAS=postgres (or .venv/bin/pip install -e '.[postgres]')"
# How long a failed start waits for a database worker thread to finish.
WIND_DOWN_SECONDS = 2.0


class StartupError(Exception):
    """The bot cannot start; the message is one line for the operator."""


def open_engine(url: str, *, echo: bool = False) -> AsyncEngine:
    """The engine for ``url``; raises StartupError when its driver is not installed."""
    try:
        return make_engine(url, echo=echo)
    except ModuleNotFoundError as exc:
        if exc.name != "asyncpg":
            raise
        raise StartupError(
            f"DATABASE_URL names PostgreSQL but its driver is not installed: run {POSTGRES_EXTRA}."
        ) from exc


async def migrate(engine: AsyncEngine) -> None:
    """Bring the schema to the newest revision; raises StartupError on a problem the operator can fix."""
    url = engine.url
    if url.get_backend_name() == "sqlite" and url.database and Path(url.database).is_dir():
        # Caught before connecting: SQLite's own refusal would only say "unable to open".
        raise StartupError(
            f"DATABASE_URL names the folder {url.database}, not a file: add a file name to it."
        )
    try:
        await upgrade(engine)
    except Exception as exc:
        line = database_problem(exc, engine.url.render_as_string(hide_password=False))
        if line is None:
            raise
        await _wind_down(engine)
        raise StartupError(line) from exc


async def _wind_down(engine: AsyncEngine) -> None:
    """Close the engine and wait for aiosqlite's worker threads: a connection that failed to open
    still has its thread hand a result to the event loop, and once ``asyncio.run`` has closed the
    loop that hand-off ends in a traceback on stderr instead of our one line."""
    await engine.dispose()
    workers = [t for t in threading.enumerate() if t.name.endswith("(_connection_worker_thread)")]
    for worker in workers:
        await asyncio.to_thread(worker.join, WIND_DOWN_SECONDS)


def database_problem(exc: BaseException, url: str) -> str | None:
    """One line saying what is wrong with the database at ``url`` and what to do; None when
    ``exc`` is no problem we know."""
    parsed = make_url(url)
    where = _place(url)
    if isinstance(exc, CommandError):
        found = re.search(r"revision identified by '([^']+)'", str(exc))
        if found is None:
            return None
        return (
            f"The database {where} is at schema revision '{found.group(1)}', which this release does not "
            "know (a newer release wrote it): run that release, or set DATABASE_URL to another database."
        )
    if isinstance(exc, OSError):
        return f"Cannot reach PostgreSQL at {where} ({_reason(exc)}): start the server or fix DATABASE_URL."
    if isinstance(exc, DBAPIError):
        return _driver_problem(str(exc.orig), where, parsed.get_backend_name())
    if type(exc).__module__.startswith("asyncpg"):
        # Older SQLAlchemy releases let the driver's own refusals (a wrong password) through as they are.
        return _driver_problem(str(exc), where, "postgresql")
    return None


def _reason(exc: OSError) -> str:
    if isinstance(exc, socket.gaierror):
        return "unknown host"
    if isinstance(exc, TimeoutError):
        return "timed out"
    return exc.strerror or str(exc) or type(exc).__name__


def _driver_problem(message: str, where: str, backend: str) -> str:
    first = message.strip().splitlines()[0] if message.strip() else "no reason given"
    if backend != "sqlite":
        return f"PostgreSQL at {where} refused the bot ({first}): check DATABASE_URL and the server."
    if "file is not a database" in message:
        return f"{where} is not an SQLite database: move it aside, or set DATABASE_URL to another file."
    if "unable to open" in message:
        return (
            f"SQLite cannot open {where}: it must be a file in a folder this user may write to; "
            "fix the permissions or set DATABASE_URL to another path."
        )
    if "readonly" in message:
        return f"{where} is read-only for this user: fix its permissions or set DATABASE_URL to another file."
    return f"The SQLite database {where} failed ({first}): check DATABASE_URL."


def _place(url: str) -> str:
    """The SQLite file, or the PostgreSQL server and database (never the password)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return parsed.database or "the database"
    return f"{parsed.host or 'localhost'}:{parsed.port or 5432}/{parsed.database or ''}"
