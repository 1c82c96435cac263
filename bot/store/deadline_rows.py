"""The SQL of timer rows, as Core statements on a synchronous connection.

The repository runs them inside its own transactions (``write_deadlines`` inside the
transaction of the game change it belongs to), so a row is settled, closed or set in
the same commit as the move that settles, closes or sets it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.engine import Connection

from bot.store.errors import ConflictError
from bot.store.models import OPEN_STATUSES, ActionRow, DeadlineRow, GameRow, SeatRow, utcnow
from bot.store.records import DeadlineChanges, DeadlineRecord, GameRecord
from bot.store.rows import aware, json_object, raw

_TABLE = DeadlineRow.__table__
# The payload is read as the text the database holds: one damaged row is reported, never raised,
# so it cannot stop every game's clock.
_COLUMNS = tuple(raw(c) if c.key == "payload" else c for c in _TABLE.c)
_PENDING = DeadlineRow.done_at.is_(None)


def deadline_record(row: Any) -> DeadlineRecord:
    """A record from a deadlines row (a Core row or an ORM object: the same attribute names)."""
    payload, damage = json_object(row.payload)
    return DeadlineRecord(
        id=row.id,
        game_id=row.game_id,
        kind=row.kind,
        due_at=aware(row.due_at),
        payload=payload or {},
        damage=damage,
        seat=row.seat,
        version=row.version,
        misses=row.misses or 0,
        done_at=None if row.done_at is None else aware(row.done_at),
        outcome=row.outcome,
    )


def _records(connection: Connection, *where: Any) -> list[DeadlineRecord]:
    rows = connection.execute(select(*_COLUMNS).where(*where).order_by(DeadlineRow.due_at, DeadlineRow.id))
    return [deadline_record(row) for row in rows]


def write_deadlines(connection: Connection, record: GameRecord, changes: DeadlineChanges | None) -> None:
    """Settle, close and add timer rows inside the caller's transaction, at the record's version.

    Raises ConflictError when the settled row is no longer pending (it fired or was closed).
    """
    if changes is None:
        return
    now = utcnow()
    if changes.fired is not None:
        settled = connection.execute(
            update(DeadlineRow)
            .where(DeadlineRow.id == changes.fired, DeadlineRow.game_id == record.id, _PENDING)
            .values(done_at=now, outcome="fired")
        )
        if settled.rowcount != 1:
            raise ConflictError(f"deadline {changes.fired} was handled already")
    for seat, outcome in sorted(changes.close.items()):
        connection.execute(
            update(DeadlineRow)
            .where(DeadlineRow.game_id == record.id, DeadlineRow.seat == seat, _PENDING)
            .values(done_at=now, outcome=outcome)
        )
    if changes.add:
        connection.execute(
            insert(DeadlineRow),
            [
                {
                    "game_id": record.id,
                    "kind": new.kind,
                    "due_at": new.due_at,
                    "payload": dict(new.payload),
                    "seat": new.seat,
                    "version": record.version,
                    "misses": new.misses,
                    "done_at": None if new.outcome is None else now,
                    "outcome": new.outcome,
                }
                for new in changes.add
            ],
        )


def add_deadline(
    connection: Connection,
    game_id: int,
    kind: str,
    due_at: datetime,
    payload: dict[str, Any] | None,
    seat: int | None,
    version: int | None,
) -> DeadlineRecord:
    values = {"game_id": game_id, "kind": kind, "due_at": due_at, "payload": payload or {}}
    deadline_id = connection.scalar(
        insert(DeadlineRow).values(**values, seat=seat, version=version).returning(DeadlineRow.id)
    )
    assert deadline_id is not None
    return DeadlineRecord(deadline_id, game_id, kind, aware(due_at), dict(payload or {}), seat, version)


def due_deadlines(connection: Connection, now: datetime) -> list[DeadlineRecord]:
    return _records(connection, DeadlineRow.due_at <= now, _PENDING)


def close_deadline(connection: Connection, deadline_id: int, outcome: str) -> bool:
    closed = connection.execute(
        update(DeadlineRow)
        .where(DeadlineRow.id == deadline_id, _PENDING)
        .values(done_at=utcnow(), outcome=outcome)
    )
    return closed.rowcount == 1


def pending_deadlines(connection: Connection, game_ids: Sequence[int]) -> list[DeadlineRecord]:
    return _records(connection, DeadlineRow.game_id.in_(list(game_ids)), _PENDING)


def latest_deadlines(connection: Connection, game_id: int) -> dict[int, DeadlineRecord]:
    # Each seat's newest row only, found by the database: every move asks, and a game played over
    # weeks leaves hundreds of settled rows behind.
    newest = (
        select(func.max(DeadlineRow.id))
        .where(DeadlineRow.game_id == game_id, DeadlineRow.kind == "deadline", DeadlineRow.seat.is_not(None))
        .group_by(DeadlineRow.seat)
    )
    return {row.seat: row for row in _records(connection, DeadlineRow.id.in_(newest)) if row.seat is not None}


def clock_before(connection: Connection, game_id: int, seat: int, seq: int) -> DeadlineRecord | None:
    """``seat``'s last deadline row set before action ``seq`` was recorded: the clock that action
    closed, when ``seat`` made it while the game waited for them."""
    made = (
        select(ActionRow.version).where(ActionRow.game_id == game_id, ActionRow.seq == seq).scalar_subquery()
    )
    row = connection.execute(
        select(*_COLUMNS)
        .where(
            DeadlineRow.game_id == game_id,
            DeadlineRow.seat == seat,
            DeadlineRow.kind == "deadline",
            DeadlineRow.version < made,
        )
        .order_by(DeadlineRow.id.desc())
        .limit(1)
    ).first()
    return None if row is None else deadline_record(row)


def open_game_ids_of(connection: Connection, user_id: int, guild_id: int | None) -> list[int]:
    """Games in the lobby or in play in ``guild_id`` where ``user_id`` holds a seat, oldest first."""
    ids = connection.scalars(
        select(GameRow.id)
        .join(SeatRow, SeatRow.game_id == GameRow.id)
        .where(SeatRow.user_id == user_id, GameRow.guild_id == guild_id, GameRow.status.in_(OPEN_STATUSES))
        .order_by(GameRow.id)
    )
    return list(ids)
