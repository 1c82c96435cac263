"""How the game store scales: an undo after a long action log, finding a channel's game among many.

Measured through the service (no Discord, no images) on a temporary SQLite file. The game is an
endless counter, since no real game's log reaches hundreds of actions; its apply is nearly free, so
the undo time is the store's and the service's share (a real game adds its own apply per action
replayed, ~30 µs for ExoBase).
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.games import Game
from bot.replies import Actor, Where
from bot.service import GameService
from bot.store import Repository, make_engine, make_sessionmaker
from bot.store.migrate import upgrade
from bot.store.models import DeadlineRow, GameRow, SeatRow
from engine.core import Action
from tests.service.fakegame import FRONTEND, Tally, TallyRules

WHERE = Where(1, 100)
ANNA = Actor(1, "Anna")
ADD = Action.of("add", n=1)
LENGTHS = (10, 200, 800)
# The bot's default LOBBY_IDLE_HOURS.
IDLE_LOBBY = timedelta(hours=72)
# Of the games ``_lookup_time`` stores, every other one is in play.
OPEN_GAMES = 5_000


class Endless(TallyRules):
    """The test tally without its target: it never ends, and every add can be undone."""

    def legal_actions(self, state: Tally, seat: int) -> list[Action]:
        return [ADD] if 0 <= seat < len(state.players) else []

    def to_move(self, state: Tally) -> frozenset[int]:
        return frozenset(range(len(state.players)))

    def outcome(self, state: Tally) -> Any:
        return None


async def _undo_times(service: GameService, repeat: int) -> dict[int, float]:
    """Median seconds of an undo when the log holds each of LENGTHS actions."""
    await service.start(WHERE, ANNA, "tally", {})
    done, found = 0, {}
    for length in LENGTHS:
        for _ in range(length - done):
            await service.act(WHERE, ANNA, ADD)
        done = length
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            await service.undo(WHERE, ANNA)
            times.append(time.perf_counter() - t0)
            await service.act(WHERE, ANNA, ADD)
        found[length] = statistics.median(times)
    return found


async def _lookup_time(
    repo: Repository, sessions: async_sessionmaker[AsyncSession], games: int, repeat: int
) -> float:
    """Median seconds to load a channel's open game when ``games`` games are stored."""
    rows = [
        {
            "guild_id": 1,
            "channel_id": 10_000 + n,
            "kind": "tally",
            "options": {},
            "seed": n,
            "status": "active" if n % 2 else "finished",
            "version": 0,
            "snapshot": Endless().to_json(Tally(("Anna",), 0, n, 0)),
            "rules_version": "1",
            "host_id": 1,
        }
        for n in range(games)
    ]
    async with sessions() as session, session.begin():
        ids = (await session.scalars(insert(GameRow).returning(GameRow.id), rows)).all()
        await session.execute(
            insert(SeatRow), [{"game_id": i, "seat": 0, "user_id": 1, "name": "Anna"} for i in ids]
        )
    times = []
    for n in range(repeat):
        t0 = time.perf_counter()
        await repo.open_game(10_000 + (n * 7919) % games)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


async def _tick_time(
    service: GameService, sessions: async_sessionmaker[AsyncSession], repeat: int
) -> tuple[float, float, float]:
    """Median seconds of the scheduler's look for due rows with 1,000 games on the clock (a reminder
    and a deadline each, none due yet), of its look for idle lobbies (none) among the open games,
    and of its look for saved changes the channels were not shown (none: every board was posted):
    together the cost of every quiet tick."""
    now = datetime.now(UTC)
    async with sessions() as session, session.begin():
        ids = (await session.scalars(select(GameRow.id).where(GameRow.status == "active").limit(1000))).all()
        await session.execute(
            insert(DeadlineRow),
            [
                {"game_id": i, "kind": kind, "due_at": now + timedelta(hours=hours), "payload": {}, "seat": 0}
                for i in ids
                for kind, hours in (("reminder", 12), ("deadline", 24))
            ],
        )
    async with sessions() as session:
        versions = dict((await session.execute(select(GameRow.id, GameRow.version))).tuples().all())
    await service.repo.mark_shown(versions)
    service.lobby_idle = IDLE_LOBBY
    due, idle, unshown = [], [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        assert await service.due(now) == []
        t1 = time.perf_counter()
        assert await service.close_idle_lobbies(now) == []
        t2 = time.perf_counter()
        assert await service.unshown(now) == []
        due.append(t1 - t0)
        idle.append(t2 - t1)
        unshown.append(time.perf_counter() - t2)
    return statistics.median(due), statistics.median(idle), statistics.median(unshown)


async def _run(folder: Path, repeat: int) -> list[str]:
    engine = make_engine(f"sqlite+aiosqlite:///{folder / 'store.db'}")
    await upgrade(engine)
    sessions = make_sessionmaker(engine)
    service = GameService(
        Repository(sessions),
        render=False,
        games={"tally": Game(Endless(), FRONTEND)},
    )
    try:
        undo = await _undo_times(service, repeat)
        lookup = await _lookup_time(service.repo, sessions, 10_000, repeat * 5)
        tick = await _tick_time(service, sessions, repeat * 5)
    finally:
        await engine.dispose()
    times = ", ".join(f"{length} actions {seconds * 1000:.1f} ms" for length, seconds in undo.items())
    return [
        f"undo (service, no images) after {times}",
        f"open-game lookup among 10,000 stored games: median {lookup * 1000:.2f} ms",
        f"scheduler tick with 1,000 games on the clock (nothing due): median {tick[0] * 1000:.2f} ms; "
        f"its look for idle lobbies among {OPEN_GAMES:,} games in play: median {tick[1] * 1000:.2f} ms; "
        f"its look for boards not shown: median {tick[2] * 1000:.2f} ms",
    ]


def bench_store(repeat: int = 10) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(_run(Path(tmp), repeat))
