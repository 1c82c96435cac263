"""What each channel has been shown: the SQL of ``games.shown_version``.

A change is committed before its board is posted, so a crash (or Discord refusing) in between
leaves a saved change the channel never saw. The front end remembers the boards it posted and
raises ``shown_version`` to their versions now and then, in one statement for all of them; the
scheduler's sweep finds the games left behind and posts their table late.

A sweep first claims a game: the claim moves ``updated_at`` to the sweep's time, so no other
process (and no later tick) takes the same game until another grace period has passed. If the
post never happens (the process dies, Discord refuses), the claim simply runs out and the game is
swept again; nothing has to be put back.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import Update, bindparam, func, or_, select, update
from sqlalchemy.engine import Connection

from bot.store.models import UNSHOWN_WHERE, GameRow
from bot.store.records import GameRecord
from bot.store.rows import GAMES_WITH_SEATS, game_records

# Raising, never lowering: a board posted late (an older version) cannot hide a newer one.
_RAISE: Update = (
    update(GameRow)
    .where(
        GameRow.id == bindparam("p_game"),
        or_(GameRow.shown_version.is_(None), GameRow.shown_version < bindparam("p_version")),
    )
    .values(shown_version=bindparam("p_version"))
)


def mark_shown(connection: Connection, marks: Mapping[int, int]) -> None:
    """Raise each game's ``shown_version`` to the version in ``marks`` (game id -> version)."""
    if marks:
        rows = [{"p_game": game, "p_version": version} for game, version in marks.items()]
        connection.execute(_RAISE, rows)


def unshown(connection: Connection, before: datetime) -> list[GameRecord]:
    """The server games in play or finished whose latest change is not marked shown and was saved
    (or last claimed) before ``before``, oldest first."""
    # UNSHOWN_WHERE is the partial index's own predicate, so the ids come from that index's few
    # entries alone; joined to the seats directly, SQLite would scan every game instead.
    ids = select(GameRow.id).where(UNSHOWN_WHERE, GameRow.updated_at < before).scalar_subquery()
    found = game_records(connection.execute(GAMES_WITH_SEATS.where(GameRow.id.in_(ids))))
    return sorted(found, key=lambda record: (record.updated_at, record.id))


def claim(connection: Connection, record: GameRecord, before: datetime, now: datetime) -> bool:
    """Take ``record``'s game for one late post: True when it is still unshown at the record's
    version and nobody claimed or changed it since ``before`` (its claim then lasts from ``now``)."""
    conditions: list[Any] = [
        GameRow.id == record.id,
        GameRow.version == record.version,
        func.coalesce(GameRow.shown_version, -1) < GameRow.version,
        GameRow.updated_at < before,
    ]
    result = connection.execute(update(GameRow).where(*conditions).values(updated_at=now))
    return bool(result.rowcount == 1)
