"""Reading rows into records without trusting their JSON: a damaged value is reported, never raised.

JSON columns are read as raw text (``type_coerce(column, Text)``) and parsed here,
so one corrupt snapshot or log row cannot make every query about its channel fail:
the record comes back with ``damage`` saying what is wrong, and the service decides.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import ColumnElement, Row, RowMapping, Select, Text, select, type_coerce

from bot.store.models import ActionRow, GameRow, SeatRow
from bot.store.records import ActionRecord, GameRecord, SeatRecord


def raw(column: Any) -> ColumnElement[Any]:
    """``column`` as the text the database holds, labelled with its own name."""
    return type_coerce(column, Text).label(column.key)


GAME_COLUMNS = tuple(raw(c) if c.key in ("snapshot", "options") else c for c in GameRow.__table__.c)
# A game and its seats in one statement: one row per seat (a game always has its host).
GAMES_WITH_SEATS: Select[Any] = (
    select(
        *GAME_COLUMNS,
        SeatRow.seat.label("seat_no"),
        SeatRow.user_id.label("seat_user"),
        SeatRow.name.label("seat_name"),
    )
    .select_from(GameRow.__table__.outerjoin(SeatRow.__table__, SeatRow.game_id == GameRow.id))
    .order_by(GameRow.id, SeatRow.seat)
)
ACTION_COLUMNS = (
    ActionRow.seq,
    ActionRow.seat,
    ActionRow.user_id,
    raw(ActionRow.action),
    ActionRow.undoable,
    ActionRow.created_at,
)


def aware(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; everything we store is UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def json_object(value: Any) -> tuple[dict[str, Any] | None, str | None]:
    """The stored JSON object (None for SQL or JSON null) and a description of any damage."""
    if value is None or isinstance(value, dict):
        return value, None
    try:
        parsed = json.loads(value)
    except (TypeError, ValueError) as exc:
        return None, f"not valid JSON ({exc})"
    if parsed is None or isinstance(parsed, dict):
        return parsed, None
    return None, f"a JSON {type(parsed).__name__}, not an object"


def game_records(rows: Iterable[Row[Any]]) -> list[GameRecord]:
    """Records from rows of ``GAMES_WITH_SEATS``, in their order."""
    grouped: dict[int, tuple[RowMapping, list[SeatRecord]]] = {}
    for row in rows:
        values = row._mapping
        _first, seats = grouped.setdefault(values["id"], (values, []))
        if values["seat_no"] is not None:
            seats.append(SeatRecord(values["seat_no"], values["seat_user"], values["seat_name"]))
    return [game_record(values, seats) for values, seats in grouped.values()]


def game_record(row: RowMapping, seats: list[SeatRecord]) -> GameRecord:
    snapshot, damage = json_object(row["snapshot"])
    options, options_damage = json_object(row["options"])
    if options_damage is not None:
        damage = f"its options are {options_damage}"
    elif damage is not None:
        damage = f"its saved state is {damage}"
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        kind=row["kind"],
        options=options or {},
        seed=row["seed"],
        status=row["status"],
        version=row["version"],
        snapshot=snapshot,
        rules_version=row["rules_version"],
        host_id=row["host_id"],
        created_at=aware(row["created_at"]),
        updated_at=aware(row["updated_at"]),
        seats=tuple(seats),
        damage=damage,
        shown_version=row["shown_version"],
    )


def action_record(row: RowMapping) -> ActionRecord:
    action, damage = json_object(row["action"])
    # An unreadable before-snapshot only costs speed: undo replays the log instead.
    before, _unreadable = json_object(row.get("before"))
    if action is None and damage is None:
        damage = "empty"
    return ActionRecord(
        seq=row["seq"],
        seat=row["seat"],
        user_id=row["user_id"],
        action=action or {},
        undoable=row["undoable"],
        created_at=aware(row["created_at"]),
        before=before,
        damage=None if damage is None else f"action {row['seq']} of its log is {damage}",
    )
