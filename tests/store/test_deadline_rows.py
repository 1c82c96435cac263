"""The 0003 migration and the deadline rows the repository writes with a game change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from bot.store import ConflictError, DeadlineChanges, NewDeadline, NewGame, Repository, make_engine
from bot.store.migrate import downgrade, upgrade

NOW = datetime(2030, 1, 1, tzinfo=UTC)


def _columns(connection: Connection) -> set[str]:
    return {column["name"] for column in inspect(connection).get_columns("deadlines")}


async def test_0003_adds_the_seat_columns_and_keeps_rows_both_ways(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'm.db'}")
    try:
        await upgrade(engine, "0001")
        async with engine.begin() as conn:
            await conn.execute(
                text(
                    "INSERT INTO games (id, channel_id, kind, options, seed, status, version, rules_version,"
                    " host_id, created_at, updated_at) VALUES (1, 5, 'x', '{}', 1, 'active', 0, '1', 1,"
                    " '2030-01-01', '2030-01-01')"
                )
            )
            await conn.execute(
                text(
                    "INSERT INTO deadlines (game_id, kind, due_at, payload)"
                    " VALUES (1, 'old', '2030-01-01', '{}')"
                )
            )
        await upgrade(engine)
        async with engine.connect() as conn:
            assert {"seat", "version", "misses", "done_at", "outcome"} <= await conn.run_sync(_columns)
            row = (await conn.execute(text("SELECT kind, seat, misses, done_at FROM deadlines"))).one()
            assert tuple(row) == ("old", None, 0, None)
        await downgrade(engine, "0001")
        async with engine.connect() as conn:
            assert "seat" not in await conn.run_sync(_columns)
            assert (await conn.execute(text("SELECT kind FROM deadlines"))).scalar_one() == "old"
    finally:
        await engine.dispose()


def _game(status: str = "lobby") -> NewGame:
    return NewGame(
        5, 10, "tally", {}, 1, "1", 1, "Host", status=status, snapshot={} if status == "active" else None
    )


async def test_an_action_settles_its_row_once_and_writes_rows_at_its_version(repo: Repository) -> None:
    game = await repo.create_game(_game("active"))
    fired = await repo.add_deadline(game.id, "deadline", NOW, seat=0, version=0)
    changes = DeadlineChanges(add=(NewDeadline(1, "deadline", NOW + timedelta(hours=1), 2),), fired=fired.id)
    game = await repo.record_action(
        game.id, 0, seat=0, user_id=0, action={"kind": "x"}, undoable=False, snapshot={}, deadlines=changes
    )
    rows = await repo.pending_deadlines([game.id])
    assert [(r.seat, r.version, r.misses) for r in rows] == [(1, 1, 2)]
    # The same row cannot settle a second action: nothing of that write lands.
    with pytest.raises(ConflictError):
        await repo.record_action(
            game.id,
            1,
            seat=0,
            user_id=0,
            action={"kind": "x"},
            undoable=False,
            snapshot={},
            deadlines=changes,
        )
    assert len(await repo.actions(game.id)) == 1
    assert (await repo.latest_deadlines(game.id))[0].outcome == "fired"
    assert await repo.due_deadlines(NOW + timedelta(days=1)) == rows


async def test_begin_and_close(repo: Repository) -> None:
    game = await repo.create_game(_game())
    opening = DeadlineChanges(add=(NewDeadline(0, "reminder", NOW), NewDeadline(0, "deadline", NOW)))
    game = await repo.begin_game(game.id, game.version, {}, deadlines=opening)
    rows = await repo.pending_deadlines([game.id])
    assert [(r.kind, r.version) for r in rows] == [("reminder", 1), ("deadline", 1)]
    assert await repo.close_deadline(rows[0].id, "fired") is True
    assert await repo.close_deadline(rows[0].id, "fired") is False
    assert [r.kind for r in await repo.due_deadlines(NOW)] == ["deadline"]
    assert [g.id for g in await repo.open_games_of(1, 5)] == [game.id]
    assert await repo.open_games_of(1, 6) == [] and await repo.open_games_of(2, 5) == []


async def test_idle_lobbies_are_the_lobbies_unchanged_since_a_time(repo: Repository) -> None:
    lobby = await repo.create_game(_game("lobby"))
    playing = await repo.create_game(
        NewGame(5, 11, "tally", {}, 1, "1", 1, "Host", status="active", snapshot={})
    )
    later = lobby.updated_at + timedelta(seconds=1)
    assert [g.id for g in await repo.idle_lobbies(later)] == [lobby.id]
    assert await repo.idle_lobbies(lobby.updated_at) == []
    # A finished lobby (abandoned) and a game in play are never idle lobbies.
    assert playing.status == "active"
    await repo.set_status(lobby.id, lobby.version, "abandoned")
    assert await repo.idle_lobbies(later + timedelta(days=30)) == []


async def test_open_channels_in_a_guild_are_its_lobbies_and_games_in_play(repo: Repository) -> None:
    lobby = await repo.create_game(_game("lobby"))
    playing = await repo.create_game(
        NewGame(5, 11, "tally", {}, 1, "1", 1, "Host", status="active", snapshot={})
    )
    elsewhere = await repo.create_game(
        NewGame(6, 12, "tally", {}, 1, "1", 1, "Host", status="active", snapshot={})
    )
    assert await repo.open_channels_in(5) == [lobby.channel_id, playing.channel_id] == [10, 11]
    assert await repo.open_channels_in(6) == [elsewhere.channel_id]
    await repo.set_status(playing.id, playing.version, "finished")
    assert await repo.open_channels_in(5) == [10] and await repo.open_channels_in(7) == []
