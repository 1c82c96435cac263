"""Typed SQLAlchemy models: games, seats, the action log and deadlines."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

STATUSES = ("lobby", "active", "finished", "abandoned")
OPEN_STATUSES = ("lobby", "active")
# Written out, not bound: SQLite uses a partial index only for a WHERE that repeats its predicate.
OPEN_WHERE = text("status IN ('lobby', 'active')")
# A server game in play or just finished whose latest saved change its channel may not have been
# shown: what the scheduler's sweep looks for. Only server games have a channel to post in (the
# local console's games have none). Written out for the same reason as OPEN_WHERE.
UNSHOWN_WHERE = text(
    "guild_id IS NOT NULL AND status IN ('active', 'finished') "
    "AND (shown_version IS NULL OR shown_version < version)"
)

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class GameRow(Base):
    """One game in one channel (a thread is a channel of its own).

    ``updated_at`` is the game's last change, or the last time the sweep set out to show it.
    """

    __tablename__ = "games"
    __table_args__ = (
        CheckConstraint(f"status IN {STATUSES!r}", name="status"),
        # The database itself guarantees one open game per channel.
        Index(
            "uq_games_open_channel",
            "channel_id",
            unique=True,
            sqlite_where=OPEN_WHERE,
            postgresql_where=OPEN_WHERE,
        ),
        Index("ix_games_unshown", "updated_at", sqlite_where=UNSHOWN_WHERE, postgresql_where=UNSHOWN_WHERE),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    channel_id: Mapped[int] = mapped_column(BigInteger, index=True)
    kind: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16))
    version: Mapped[int] = mapped_column(Integer, default=0)
    snapshot: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    rules_version: Mapped[str] = mapped_column(String(32))
    host_id: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # The version whose public board reached the channel (None: none yet). Raised after the post,
    # never in the change's own transaction; a game left behind is posted late (the sweep).
    shown_version: Mapped[int | None] = mapped_column(Integer, nullable=True)


class SeatRow(Base):
    """A player's seat; seats are numbered 0.. in joining order."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "user_id", name="uq_seats_game_user"),)

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(100))


class ActionRow(Base):
    """One accepted action; replaying them in ``seq`` order from the seed rebuilds the state."""

    __tablename__ = "actions"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int] = mapped_column(BigInteger)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    undoable: Mapped[bool] = mapped_column(Boolean, default=False)
    # The game's snapshot before this action (undoable actions only): undo reads it, not the log.
    before_snapshot: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # The game version this action produced (None for actions stored before it was kept).
    version: Mapped[int | None] = mapped_column(Integer, nullable=True)


class DeadlineRow(Base):
    """A seat's reminder or deadline, kept in the database so a restart loses nothing.

    ``version`` is the game version the row was set at; ``done_at`` and ``outcome`` mark a row
    that fired or was closed (the seat acted or left the seats the game waits for), so a
    row is handled once; ``misses`` is the seat's run of missed deadlines when it was set.
    """

    __tablename__ = "deadlines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(32))
    due_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seat: Mapped[int | None] = mapped_column(Integer)
    version: Mapped[int | None] = mapped_column(Integer)
    misses: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    done_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    outcome: Mapped[str | None] = mapped_column(String(16))
