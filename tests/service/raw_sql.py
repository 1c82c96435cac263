"""Writing straight to the database, as damage or a hand edit would, past the repository."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from bot.store import Repository


async def run_sql(repo: Repository, statement: str) -> None:
    def run(connection: Any) -> None:
        connection.execute(text(statement))

    await repo._write(run)


def is_sqlite(repo: Repository) -> bool:
    return repo._runner._async.dialect.name == "sqlite"
