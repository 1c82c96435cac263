"""Every SQL statement of the bot: games, seats, the action log and deadlines.

Each method is one transaction. Writes that change a game take the version the
caller saw and refuse with ConflictError when it moved on (optimistic concurrency).
Any database failure surfaces as StoreError after a rollback.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.store.errors import ChannelBusyError, ConflictError, StoreError
from bot.store.models import OPEN_STATUSES, ActionRow, DeadlineRow, GameRow, SeatRow, utcnow
from bot.store.records import ActionRecord, DeadlineRecord, GameRecord, NewGame, SeatRecord


def _aware(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; everything we store is UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _game(row: GameRow, seats: list[SeatRow]) -> GameRecord:
    return GameRecord(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        kind=row.kind,
        options=dict(row.options),
        seed=row.seed,
        status=row.status,
        version=row.version,
        snapshot=row.snapshot,
        rules_version=row.rules_version,
        host_id=row.host_id,
        created_at=_aware(row.created_at),
        updated_at=_aware(row.updated_at),
        seats=tuple(SeatRecord(s.seat, s.user_id, s.name) for s in sorted(seats, key=lambda s: s.seat)),
    )


class Repository:
    """All persistence; hands out immutable records, never ORM objects."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[AsyncSession]:
        try:
            async with self._sessions() as session, session.begin():
                yield session
        except StoreError:
            raise
        except SQLAlchemyError as exc:
            raise StoreError(f"database error: {type(exc).__name__}") from exc

    async def _load(self, session: AsyncSession, game_id: int) -> GameRecord | None:
        row = await session.get(GameRow, game_id, populate_existing=True)
        if row is None:
            return None
        seats = (
            await session.scalars(
                select(SeatRow).where(SeatRow.game_id == game_id).execution_options(populate_existing=True)
            )
        ).all()
        return _game(row, list(seats))

    async def _bump(self, session: AsyncSession, game_id: int, expected: int, **values: Any) -> GameRecord:
        """Move the game to ``expected + 1`` with ``values``; raises ConflictError if it moved on."""
        result = await session.execute(
            update(GameRow)
            .where(GameRow.id == game_id, GameRow.version == expected)
            .values(version=expected + 1, updated_at=utcnow(), **values)
            .execution_options(synchronize_session=False)
        )
        if result.rowcount != 1:  # type: ignore[attr-defined]
            raise ConflictError(f"game {game_id} is no longer at version {expected}")
        record = await self._load(session, game_id)
        assert record is not None
        return record

    # -- games -----------------------------------------------------------------------------------

    async def create_game(self, new: NewGame) -> GameRecord:
        """Open a game with its host in seat 0; raises ChannelBusyError when the channel has one."""
        try:
            async with self._tx() as session:
                row = GameRow(
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
                session.add(row)
                await session.flush()
                session.add(SeatRow(game_id=row.id, seat=0, user_id=new.host_id, name=new.host_name))
                await session.flush()
                record = await self._load(session, row.id)
        except StoreError as exc:
            if isinstance(exc.__cause__, IntegrityError):
                raise ChannelBusyError(f"channel {new.channel_id} already has a game") from exc
            raise
        assert record is not None
        return record

    async def open_game(self, channel_id: int) -> GameRecord | None:
        """The game in the lobby or in play in this channel, if any."""
        async with self._tx() as session:
            game_id = await session.scalar(
                select(GameRow.id).where(GameRow.channel_id == channel_id, GameRow.status.in_(OPEN_STATUSES))
            )
            return None if game_id is None else await self._load(session, game_id)

    async def get_game(self, game_id: int) -> GameRecord | None:
        async with self._tx() as session:
            return await self._load(session, game_id)

    async def set_status(self, game_id: int, expected: int, status: str) -> GameRecord:
        """Change the status (finish, abandon); raises ConflictError on a stale version."""
        async with self._tx() as session:
            return await self._bump(session, game_id, expected, status=status)

    async def begin_game(self, game_id: int, expected: int, snapshot: dict[str, Any]) -> GameRecord:
        """Lobby -> active with the set-up state; raises ConflictError on a stale version."""
        async with self._tx() as session:
            return await self._bump(session, game_id, expected, status="active", snapshot=snapshot)

    # -- seats -----------------------------------------------------------------------------------

    async def add_seat(self, game_id: int, expected: int, user_id: int, name: str) -> GameRecord:
        """Seat ``user_id`` at the next free index; raises ConflictError on a stale version."""
        async with self._tx() as session:
            record = await self._bump(session, game_id, expected)
            session.add(SeatRow(game_id=game_id, seat=len(record.seats), user_id=user_id, name=name))
            await session.flush()
            reloaded = await self._load(session, game_id)
            assert reloaded is not None
            return reloaded

    async def remove_seat(self, game_id: int, expected: int, user_id: int) -> GameRecord:
        """Unseat ``user_id`` and close the gap in the numbering; raises ConflictError when stale."""
        async with self._tx() as session:
            record = await self._bump(session, game_id, expected)
            await session.execute(delete(SeatRow).where(SeatRow.game_id == game_id))
            # The deleted rows are still in the identity map; new rows reuse their keys.
            session.expunge_all()
            keep = [s for s in record.seats if s.user_id != user_id]
            session.add_all(
                SeatRow(game_id=game_id, seat=i, user_id=s.user_id, name=s.name) for i, s in enumerate(keep)
            )
            await session.flush()
            reloaded = await self._load(session, game_id)
            assert reloaded is not None
            return reloaded

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
    ) -> GameRecord:
        """Append an action and store the new snapshot in one transaction.

        Raises ConflictError when the game is not at ``expected`` (nothing is written).
        """
        async with self._tx() as session:
            record = await self._bump(session, game_id, expected, snapshot=snapshot, status=status)
            last = await session.scalar(select(func.max(ActionRow.seq)).where(ActionRow.game_id == game_id))
            session.add(
                ActionRow(
                    game_id=game_id,
                    seq=(last or 0) + 1,
                    seat=seat,
                    user_id=user_id,
                    action=action,
                    undoable=undoable,
                )
            )
            await session.flush()
            return record

    async def undo_last(self, game_id: int, expected: int, seq: int, snapshot: dict[str, Any]) -> GameRecord:
        """Drop action ``seq`` (the last one) and store ``snapshot``; raises ConflictError when stale."""
        async with self._tx() as session:
            record = await self._bump(session, game_id, expected, snapshot=snapshot, status="active")
            result = await session.execute(
                delete(ActionRow).where(ActionRow.game_id == game_id, ActionRow.seq >= seq)
            )
            if result.rowcount != 1:  # type: ignore[attr-defined]
                raise ConflictError(f"action {seq} is not the last action of game {game_id}")
            return record

    async def actions(self, game_id: int) -> list[ActionRecord]:
        """The action log in order."""
        async with self._tx() as session:
            rows = await session.scalars(
                select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)
            )
            return [
                ActionRecord(r.seq, r.seat, r.user_id, dict(r.action), r.undoable, _aware(r.created_at))
                for r in rows
            ]

    async def last_action(self, game_id: int) -> ActionRecord | None:
        async with self._tx() as session:
            row = await session.scalar(
                select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq.desc()).limit(1)
            )
            if row is None:
                return None
            return ActionRecord(
                row.seq, row.seat, row.user_id, dict(row.action), row.undoable, _aware(row.created_at)
            )

    # -- deadlines -------------------------------------------------------------------------------

    async def add_deadline(
        self, game_id: int, kind: str, due_at: datetime, payload: dict[str, Any] | None = None
    ) -> DeadlineRecord:
        async with self._tx() as session:
            row = DeadlineRow(game_id=game_id, kind=kind, due_at=due_at, payload=payload or {})
            session.add(row)
            await session.flush()
            return DeadlineRecord(row.id, game_id, kind, _aware(row.due_at), dict(row.payload))

    async def due_deadlines(self, now: datetime) -> list[DeadlineRecord]:
        """Deadlines due at or before ``now``, soonest first."""
        async with self._tx() as session:
            rows = await session.scalars(
                select(DeadlineRow).where(DeadlineRow.due_at <= now).order_by(DeadlineRow.due_at)
            )
            return [DeadlineRecord(r.id, r.game_id, r.kind, _aware(r.due_at), dict(r.payload)) for r in rows]

    async def clear_deadlines(self, game_id: int, kind: str | None = None) -> int:
        """Delete the game's deadlines (of ``kind`` only, when given); returns how many went."""
        async with self._tx() as session:
            stmt = delete(DeadlineRow).where(DeadlineRow.game_id == game_id)
            if kind is not None:
                stmt = stmt.where(DeadlineRow.kind == kind)
            result = await session.execute(stmt)
            return int(result.rowcount)  # type: ignore[attr-defined]
