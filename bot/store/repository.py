"""Every SQL statement of the bot: games, seats, the action log and deadlines.

Each method is one transaction. Writes that change a game take the version the
caller saw and refuse with ConflictError when it moved on (optimistic concurrency).
Any database failure surfaces as StoreError after a rollback.

Statements are Core, not ORM (the hot paths are a handful of statements each), and
writes are short and, on SQLite, serialised in the process (SQLite has one writer
at a time; queueing here instead of in the driver keeps every channel's write
waiting its turn rather than failing with "database is locked"). A write the
database still refuses as busy (another process holds the lock, a PostgreSQL
serialisation failure) is retried a few times before it becomes a StoreError.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot.store import deadline_rows as timers
from bot.store import shown
from bot.store import statements as sql
from bot.store.errors import ChannelBusyError, ConflictError, StoreError
from bot.store.models import OPEN_WHERE, ActionRow, DeadlineRow, GameRow, SeatRow, utcnow
from bot.store.records import (
    ActionRecord,
    DeadlineChanges,
    DeadlineRecord,
    GameRecord,
    NewGame,
    SeatRecord,
)
from bot.store.rows import (
    GAME_COLUMNS,
    GAMES_WITH_SEATS,
    action_record,
    game_record,
    game_records,
    json_object,
    raw,
)
from bot.store.runner import Runner, Work

log = logging.getLogger(__name__)

T = TypeVar("T")
WRITE_ATTEMPTS = 6
_BUSY_SQLITE = ("database is locked", "database is busy", "database table is locked")
# PostgreSQL's serialization_failure and deadlock_detected: the transaction may simply be run again.
_BUSY_SQLSTATES = ("40001", "40P01")


def _busy(exc: SQLAlchemyError) -> bool:
    """Whether ``exc`` says only that the database was busy (worth running the transaction again)."""
    if not isinstance(exc, DBAPIError) or isinstance(exc, IntegrityError):
        return False
    if any(text in str(exc.orig).lower() for text in _BUSY_SQLITE):
        return True
    code = getattr(exc.orig, "sqlstate", None) or getattr(exc.orig, "pgcode", None)
    return code in _BUSY_SQLSTATES


def _games(connection: Connection, *where: Any) -> list[GameRecord]:
    return game_records(connection.execute(GAMES_WITH_SEATS.where(*where)))


def _seats(connection: Connection, game_id: int) -> tuple[SeatRecord, ...]:
    rows = connection.execute(
        select(SeatRow.seat, SeatRow.user_id, SeatRow.name)
        .where(SeatRow.game_id == game_id)
        .order_by(SeatRow.seat)
    )
    return tuple(SeatRecord(row.seat, row.user_id, row.name) for row in rows)


def _bump(
    connection: Connection,
    game_id: int,
    expected: int,
    seats: Sequence[SeatRecord] | None = None,
    **values: Any,
) -> GameRecord:
    """Move the game to ``expected + 1`` with ``values``; raises ConflictError if it moved on.

    The record comes from the UPDATE's own RETURNING, with ``seats`` when the caller knows them
    (seats change only with the version, so the seats seen at ``expected`` are still right); only
    without them are the seats read.
    """
    params = {f"p_{column}": value for column, value in values.items()}
    row = connection.execute(
        sql.bump(tuple(sorted(values))),
        {"p_game": game_id, "p_expected": expected, "p_version": expected + 1, "p_now": utcnow(), **params},
    ).first()
    if row is None:
        raise ConflictError(f"game {game_id} is no longer at version {expected}")
    known = _seats(connection, game_id) if seats is None else tuple(seats)
    return game_record(row._mapping, list(known))


def _actions(connection: Connection, game_id: int, *, newest: int | None = None) -> list[ActionRecord]:
    """The log in order; only its last ``newest`` rows, with their before-snapshots, when given."""
    if newest is None:
        rows = connection.execute(sql.LOG, {"p_game": game_id}).all()
    else:
        rows = connection.execute(sql.NEWEST, {"p_game": game_id, "p_count": newest}).all()
    records = [action_record(row._mapping) for row in rows]
    return records if newest is None else records[::-1]


# Game ids are 32-bit integers in every database the bot runs on.
MAX_ID = 2**31 - 1


class Repository:
    """All persistence; hands out immutable records, never ORM objects."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        bind = sessions.kw.get("bind")
        if not isinstance(bind, AsyncEngine):
            raise TypeError("the session factory must be bound to an AsyncEngine")
        self._runner = Runner(bind)

    async def _read(self, work: Work[T], *, statements: int = 1) -> T:
        """A read of ``statements`` statements; raises StoreError when the database fails."""
        try:
            return await self._runner.run(work, write=False, statements=statements)
        except SQLAlchemyError as exc:
            raise StoreError(f"database error: {type(exc).__name__}") from exc

    async def _write(self, work: Work[T]) -> T:
        """Run ``work`` as one write transaction, retried while the database is only busy.

        Raises ConflictError/ChannelBusyError from ``work``, StoreError when the database fails.
        """
        for attempt in range(1, WRITE_ATTEMPTS + 1):
            try:
                return await self._runner.run(work, write=True)
            except SQLAlchemyError as exc:
                if not _busy(exc) or attempt == WRITE_ATTEMPTS:
                    raise StoreError(f"database error: {type(exc).__name__}") from exc
                log.warning("database busy (attempt %d of %d); retrying", attempt, WRITE_ATTEMPTS)
                await asyncio.sleep(0.02 * 2**attempt * (1 + random.random()))
        raise AssertionError("unreachable")

    # -- games -----------------------------------------------------------------------------------

    async def create_game(self, new: NewGame, *, deadlines: DeadlineChanges | None = None) -> GameRecord:
        """Open a game with its host in seat 0 (and its first ``deadlines``, for a game that starts
        in play); raises ChannelBusyError when the channel has one."""

        def work(connection: Connection) -> GameRecord:
            row = connection.execute(
                insert(GameRow)
                .values(
                    guild_id=new.guild_id,
                    channel_id=new.channel_id,
                    kind=new.kind,
                    options=new.options,
                    seed=new.seed,
                    status=new.status,
                    version=0,
                    snapshot=new.snapshot,
                    rules_version=new.rules_version,
                    host_id=new.host_id,
                )
                .returning(*GAME_COLUMNS)
            ).one()
            connection.execute(
                insert(SeatRow).values(game_id=row.id, seat=0, user_id=new.host_id, name=new.host_name)
            )
            record = game_record(row._mapping, [SeatRecord(0, new.host_id, new.host_name)])
            timers.write_deadlines(connection, record, deadlines)
            return record

        try:
            return await self._write(work)
        except StoreError as exc:
            if isinstance(exc.__cause__, IntegrityError):
                raise ChannelBusyError(f"channel {new.channel_id} already has a game") from exc
            raise

    async def open_game(self, channel_id: int) -> GameRecord | None:
        """The game in the lobby or in play in this channel, if any (found through the partial index)."""
        found = await self._read(
            lambda connection: game_records(connection.execute(sql.OPEN_GAME, {"p_channel": channel_id}))
        )
        return found[0] if found else None

    async def game_with_recent(
        self, *, channel_id: int | None = None, game_id: int | None = None, count: Callable[[GameRecord], int]
    ) -> tuple[GameRecord | None, list[ActionRecord]]:
        """The channel's open game (or game ``game_id``) and its last ``count(game)`` actions with their
        before-snapshots, read in one hand-off to the database (a status or an undo needs both)."""
        if game_id is not None and not 0 < game_id <= MAX_ID:
            return None, []
        query, params = (
            (sql.OPEN_GAME, {"p_channel": channel_id})
            if game_id is None
            else (sql.GAME_BY_ID, {"p_game": game_id})
        )

        def work(connection: Connection) -> tuple[GameRecord | None, list[ActionRecord]]:
            found = game_records(connection.execute(query, params))
            if not found:
                return None, []
            return found[0], _actions(connection, found[0].id, newest=count(found[0]))

        return await self._read(work, statements=2)

    async def open_games(self) -> list[GameRecord]:
        """Every game in the lobby or in play, oldest first (for the checks at start)."""
        return await self._read(lambda connection: _games(connection, OPEN_WHERE))

    async def get_game(self, game_id: int) -> GameRecord | None:
        """Game ``game_id``; None when there is none (an id no game can have included: a forged
        button's, too large for the column)."""
        if not 0 < game_id <= MAX_ID:
            return None
        found = await self._read(
            lambda connection: game_records(connection.execute(sql.GAME_BY_ID, {"p_game": game_id}))
        )
        return found[0] if found else None

    async def set_status(
        self, game_id: int, expected: int, status: str, *, seats: Sequence[SeatRecord] | None = None
    ) -> GameRecord:
        """Change the status (finish, abandon); raises ConflictError on a stale version."""
        return await self._write(
            lambda connection: _bump(connection, game_id, expected, seats, status=status)
        )

    async def begin_game(
        self,
        game_id: int,
        expected: int,
        snapshot: dict[str, Any],
        *,
        deadlines: DeadlineChanges | None = None,
        seats: Sequence[SeatRecord] | None = None,
    ) -> GameRecord:
        """Lobby -> active with the set-up state and its first ``deadlines``; raises ConflictError
        on a stale version."""

        def work(connection: Connection) -> GameRecord:
            record = _bump(connection, game_id, expected, seats, status="active", snapshot=snapshot)
            timers.write_deadlines(connection, record, deadlines)
            return record

        return await self._write(work)

    async def update_options(
        self,
        game_id: int,
        change: Callable[[dict[str, Any]], dict[str, Any]],
        *,
        expected: int | None = None,
    ) -> GameRecord:
        """Store ``change(options)`` as the game's options, read and written in one transaction (so
        two players' preferences saved at once both stay).

        With ``expected`` the game also moves to the next version (a lobby change) and ConflictError
        says it had moved on; without, the version stays, so a preference makes no button stale.
        Raises ConflictError for a game that is gone, StoreError for options that cannot be read.
        """

        def work(connection: Connection) -> GameRecord:
            found = connection.execute(
                select(raw(GameRow.options)).where(GameRow.id == game_id).with_for_update()
            ).first()
            if found is None:
                raise ConflictError(f"game {game_id} is gone")
            options, damage = json_object(found[0])
            if damage is not None:
                raise StoreError(f"the options of game {game_id} are {damage}")
            changed = change(dict(options or {}))
            if expected is not None:
                return _bump(connection, game_id, expected, options=changed)
            row = connection.execute(
                update(GameRow).where(GameRow.id == game_id).values(options=changed).returning(*GAME_COLUMNS)
            ).one()
            return game_record(row._mapping, list(_seats(connection, game_id)))

        return await self._write(work)

    # -- seats -----------------------------------------------------------------------------------

    async def add_seat(self, game_id: int, expected: int, user_id: int, name: str) -> GameRecord:
        """Seat ``user_id`` at the next free index; raises ConflictError on a stale version."""

        def work(connection: Connection) -> GameRecord:
            record = _bump(connection, game_id, expected)
            seat = SeatRecord(len(record.seats), user_id, name)
            connection.execute(
                insert(SeatRow).values(game_id=game_id, seat=seat.seat, user_id=user_id, name=name)
            )
            return replace(record, seats=(*record.seats, seat))

        return await self._write(work)

    async def remove_seat(self, game_id: int, expected: int, user_id: int) -> GameRecord:
        """Unseat ``user_id`` and close the gap in the numbering; raises ConflictError when stale."""

        def work(connection: Connection) -> GameRecord:
            record = _bump(connection, game_id, expected)
            connection.execute(delete(SeatRow).where(SeatRow.game_id == game_id))
            others = (s for s in record.seats if s.user_id != user_id)
            keep = [SeatRecord(i, s.user_id, s.name) for i, s in enumerate(others)]
            if keep:
                connection.execute(
                    insert(SeatRow),
                    [
                        {"game_id": game_id, "seat": s.seat, "user_id": s.user_id, "name": s.name}
                        for s in keep
                    ],
                )
            return replace(record, seats=tuple(keep))

        return await self._write(work)

    # -- the action log --------------------------------------------------------------------------

    async def record_action(
        self,
        game_id: int,
        expected: int,
        *,
        seat: int,
        user_id: int,
        action: dict[str, Any],
        undoable: bool,
        snapshot: dict[str, Any],
        status: str = "active",
        before: dict[str, Any] | None = None,
        deadlines: DeadlineChanges | None = None,
        seats: Sequence[SeatRecord] | None = None,
    ) -> GameRecord:
        """Append an action, store the new snapshot and apply ``deadlines`` in one transaction.

        ``before`` is the snapshot the action was applied to, kept so undo needs no replay.
        ``seats`` (the record's, at ``expected``) spare reading them back.
        Raises ConflictError when the game is not at ``expected`` or the deadline the action
        settles is no longer pending (nothing is written); StoreError when the database fails and
        the action is not stored (when only the answer to the COMMIT was lost, the game is read
        again and, the action being there, returned as saved).
        """

        def work(connection: Connection) -> GameRecord:
            record = _bump(connection, game_id, expected, seats, snapshot=snapshot, status=status)
            # The game row's lock (taken by the update above) keeps the next seq ours alone.
            connection.execute(
                sql.APPEND,
                {
                    "p_game": game_id,
                    "p_seat": seat,
                    "p_user": user_id,
                    "p_action": action,
                    "p_undoable": undoable,
                    "p_before": before,
                    "p_version": record.version,
                },
            )
            timers.write_deadlines(connection, record, deadlines)
            return record

        try:
            return await self._write(work)
        except ConflictError:
            raise
        except StoreError:
            # A connection lost at COMMIT leaves it unknown whether the write landed: look before
            # anyone is told that nothing changed.
            landed = await self._landed(game_id, expected + 1, user_id, action)
            if landed is None:
                raise
            log.warning("game %d: the answer to its write was lost, but the action was saved", game_id)
            return landed

    async def _landed(
        self, game_id: int, version: int, user_id: int, action: dict[str, Any]
    ) -> GameRecord | None:
        """The game, when it stands at ``version`` by ``user_id``'s ``action`` (a write whose answer
        was lost did land); None when it does not, or the database cannot say."""

        def read(connection: Connection) -> GameRecord | None:
            found = game_records(connection.execute(sql.GAME_BY_ID, {"p_game": game_id}))
            if not found or found[0].version != version:
                return None
            row = connection.execute(
                select(ActionRow.user_id, raw(ActionRow.action)).where(
                    ActionRow.game_id == game_id, ActionRow.version == version
                )
            ).first()
            if row is None or row.user_id != user_id or json_object(row.action)[0] != action:
                return None
            return found[0]

        try:
            return await self._read(read, statements=2)
        except StoreError:
            return None

    async def acted_since(self, game_id: int, seat: int, version: int) -> int | None:
        """The user who made ``seat``'s latest action past game version ``version`` (the bot's
        moves for a timed-out seat carry user 0); None when the seat has not moved since."""

        def read(connection: Connection) -> int | None:
            return connection.scalar(
                select(ActionRow.user_id)
                .where(ActionRow.game_id == game_id, ActionRow.seat == seat, ActionRow.version > version)
                .order_by(ActionRow.seq.desc())
                .limit(1)
            )

        return await self._read(read)

    async def remove_action(
        self,
        game_id: int,
        expected: int,
        seq: int,
        snapshot: dict[str, Any],
        *,
        befores: Mapping[int, dict[str, Any]] | None = None,
        deadlines: DeadlineChanges | None = None,
        seats: Sequence[SeatRecord] | None = None,
    ) -> GameRecord:
        """Drop action ``seq`` (later actions stay, in order), store ``snapshot``, replace the
        before-snapshots of later actions with ``befores`` (by seq: they no longer hold the dropped
        action) and apply ``deadlines``; raises ConflictError when the game moved on or the action
        is gone."""

        def work(connection: Connection) -> GameRecord:
            record = _bump(connection, game_id, expected, seats, snapshot=snapshot, status="active")
            result = connection.execute(sql.DROP, {"p_game": game_id, "p_seq": seq})
            if result.rowcount != 1:
                raise ConflictError(f"action {seq} is not in the log of game {game_id}")
            for later, before in (befores or {}).items():
                connection.execute(sql.SET_BEFORE, {"p_game": game_id, "p_seq": later, "p_before": before})
            timers.write_deadlines(connection, record, deadlines)
            return record

        return await self._write(work)

    async def actions(self, game_id: int) -> list[ActionRecord]:
        """The action log in order (without the before-snapshots; ``game_with_recent`` has them)."""
        return await self._read(lambda connection: _actions(connection, game_id))

    # -- what the channels were shown (see bot.store.shown) ----------------------------------------

    async def mark_shown(self, marks: Mapping[int, int]) -> None:
        """Raise each game's shown version to ``marks[game_id]``, all in one transaction."""
        if marks:
            await self._write(lambda connection: shown.mark_shown(connection, marks))

    async def unshown_games(self, before: datetime) -> list[GameRecord]:
        """The server games whose latest change was not shown and is older than ``before``."""
        return await self._read(lambda connection: shown.unshown(connection, before))

    async def claim_unshown(self, record: GameRecord, before: datetime, now: datetime) -> bool:
        """Take ``record``'s game for one late post; False when another sweep or a change got there."""
        return await self._write(lambda connection: shown.claim(connection, record, before, now))

    # -- deadlines -------------------------------------------------------------------------------

    async def add_deadline(
        self,
        game_id: int,
        kind: str,
        due_at: datetime,
        payload: dict[str, Any] | None = None,
        *,
        seat: int | None = None,
        version: int | None = None,
    ) -> DeadlineRecord:
        return await self._write(
            lambda connection: timers.add_deadline(connection, game_id, kind, due_at, payload, seat, version)
        )

    async def due_deadlines(self, now: datetime) -> list[DeadlineRecord]:
        """Pending deadlines due at or before ``now``, soonest first."""
        return await self._read(lambda connection: timers.due_deadlines(connection, now))

    async def close_deadline(self, deadline_id: int, outcome: str) -> bool:
        """Mark a pending row done with ``outcome``; False when it was done already (handled once)."""
        return await self._write(lambda connection: timers.close_deadline(connection, deadline_id, outcome))

    async def pending_deadlines(self, game_ids: Sequence[int]) -> list[DeadlineRecord]:
        """The pending rows of these games, soonest first."""
        return await self._read(lambda connection: timers.pending_deadlines(connection, game_ids))

    async def latest_deadlines(self, game_id: int) -> dict[int, DeadlineRecord]:
        """Each seat's most recent "deadline" row (pending or done): where its run of misses stands."""
        return await self._read(lambda connection: timers.latest_deadlines(connection, game_id))

    async def clock_before(self, game_id: int, seat: int, seq: int) -> DeadlineRecord | None:
        """``seat``'s deadline row as it stood before action ``seq``: what an undo of it gives back."""
        return await self._read(lambda connection: timers.clock_before(connection, game_id, seat, seq))

    async def open_games_of(self, user_id: int, guild_id: int | None) -> list[GameRecord]:
        """The games in the lobby or in play in ``guild_id`` where ``user_id`` holds a seat, oldest first."""

        def read(connection: Connection) -> list[GameRecord]:
            ids = timers.open_game_ids_of(connection, user_id, guild_id)
            return (
                sorted(_games(connection, GameRow.id.in_(ids)), key=lambda record: record.id) if ids else []
            )

        return await self._read(read)

    async def open_channels_in(self, guild_id: int) -> list[int]:
        """The channels (and threads) of ``guild_id`` holding a game in the lobby or in play."""

        def read(connection: Connection) -> list[int]:
            query = select(GameRow.channel_id).where(OPEN_WHERE, GameRow.guild_id == guild_id)
            return list(connection.scalars(query.order_by(GameRow.id)))

        return await self._read(read)

    async def open_guilds(self) -> set[int]:
        """The servers holding a game in the lobby or in play."""

        def read(connection: Connection) -> set[int]:
            query = select(GameRow.guild_id).where(OPEN_WHERE, GameRow.guild_id.is_not(None)).distinct()
            return {int(guild) for guild in connection.scalars(query) if guild is not None}

        return await self._read(read)

    async def idle_lobbies(self, before: datetime) -> list[GameRecord]:
        """The lobbies last changed (created, joined, left) before ``before``, oldest first."""

        def read(connection: Connection) -> list[GameRecord]:
            # The open-games predicate is repeated so that SQLite reads only the partial index's games.
            found = _games(connection, OPEN_WHERE, GameRow.status == "lobby", GameRow.updated_at < before)
            return sorted(found, key=lambda record: (record.updated_at, record.id))

        return await self._read(read)

    async def clear_deadlines(self, game_id: int, kind: str | None = None) -> int:
        """Delete the game's deadlines (of ``kind`` only, when given); returns how many went."""

        def work(connection: Connection) -> int:
            stmt = delete(DeadlineRow).where(DeadlineRow.game_id == game_id)
            if kind is not None:
                stmt = stmt.where(DeadlineRow.kind == kind)
            return int(connection.execute(stmt).rowcount)

        return await self._write(work)
