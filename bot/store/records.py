"""Plain, immutable copies of rows: what the repository hands out (no sessions, no lazy loads)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
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
    # What is wrong with the stored snapshot when it cannot be read (the game can only be abandoned).
    damage: str | None = None
    # The version whose public board reached the channel, as far as the database knows (None: none).
    shown_version: int | None = None

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


# The action log names who acted; the bot's own moves for a timed-out seat carry this user.
BOT_USER_ID = 0


@dataclass(frozen=True)
class ActionRecord:
    seq: int
    seat: int
    user_id: int
    action: dict[str, Any]
    undoable: bool
    created_at: datetime
    # The snapshot before this action, kept for undoable actions so undo need not replay the log.
    before: dict[str, Any] | None = None
    # What is wrong with the stored row when it cannot be read (then ``action`` is empty).
    damage: str | None = None


@dataclass(frozen=True)
class DeadlineRecord:
    id: int
    game_id: int
    kind: str
    due_at: datetime
    payload: dict[str, Any]
    seat: int | None = None
    version: int | None = None
    misses: int = 0
    done_at: datetime | None = None
    outcome: str | None = None
    # What is wrong with the stored payload when it cannot be read (then ``payload`` is empty).
    damage: str | None = None

    @property
    def pending(self) -> bool:
        return self.done_at is None


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


@dataclass(frozen=True)
class NewDeadline:
    """A reminder or deadline to set for ``seat``; the game and its version come from the write.

    With ``outcome`` the row is written settled: a mark in the seat's history (a player who acted
    while no clock ran for them ends their run of misses), never due."""

    seat: int
    kind: str
    due_at: datetime
    misses: int = 0
    payload: dict[str, Any] = field(default_factory=dict)
    outcome: str | None = None


@dataclass(frozen=True)
class DeadlineChanges:
    """Timer rows written in the same transaction as a game change.

    ``close`` maps a seat to the outcome its pending rows get ("acted", "left", ...);
    ``add`` rows are written after that; ``fired`` is the deadline row the change settles,
    which must still be pending (else nothing is written: it fired already).
    """

    add: tuple[NewDeadline, ...] = ()
    close: Mapping[int, str] = field(default_factory=dict)
    fired: int | None = None
