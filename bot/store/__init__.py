"""Persistence: SQLAlchemy models, the repository and migrations. Knows nothing of Discord."""

from __future__ import annotations

from bot.store.db import make_engine, make_sessionmaker
from bot.store.errors import ChannelBusyError, ConflictError, StoreError
from bot.store.records import (
    BOT_USER_ID,
    ActionRecord,
    DeadlineChanges,
    DeadlineRecord,
    GameRecord,
    NewDeadline,
    NewGame,
    SeatRecord,
)
from bot.store.repository import Repository

__all__ = [
    "BOT_USER_ID",
    "ActionRecord",
    "ChannelBusyError",
    "ConflictError",
    "DeadlineChanges",
    "DeadlineRecord",
    "GameRecord",
    "NewDeadline",
    "NewGame",
    "Repository",
    "SeatRecord",
    "StoreError",
    "make_engine",
    "make_sessionmaker",
]
