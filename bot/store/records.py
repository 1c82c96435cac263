"""Plain, immutable copies of rows: what the repository hands out (no sessions, no lazy loads)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    user_id: int
    name: str


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    kind: str
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    snapshot: dict[str, Any] | None
    rules_version: str
    host_id: int
    created_at: datetime
    updated_at: datetime
    seats: tuple[SeatRecord, ...]

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` holds, or None."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    @property
    def player_names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def is_open(self) -> bool:
        return self.status in ("lobby", "active")


@dataclass(frozen=True)
class ActionRecord:
    seq: int
    seat: int
    user_id: int
    action: dict[str, Any]
    undoable: bool
    created_at: datetime


@dataclass(frozen=True)
class DeadlineRecord:
    id: int
    game_id: int
    kind: str
    due_at: datetime
    payload: dict[str, Any]


@dataclass(frozen=True)
class NewGame:
    """What is needed to open a game; the host takes seat 0."""

    guild_id: int | None
    channel_id: int
    kind: str
    options: dict[str, Any]
    seed: int
    rules_version: str
    host_id: int
    host_name: str
    status: str = "lobby"
    snapshot: dict[str, Any] | None = None
