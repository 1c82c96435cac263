from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import Engine, event

from bot.store import ChannelBusyError, ConflictError, NewGame, Repository, StoreError


def new_game(channel: int = 10, host: int = 1, status: str = "lobby") -> NewGame:
    return NewGame(
        guild_id=5,
        channel_id=channel,
        kind="tally",
        options={"team": True},
        seed=42,
        rules_version="1",
        host_id=host,
        host_name="Host",
        status=status,
    )


async def test_create_seats_the_host(repo: Repository) -> None:
    game = await repo.create_game(new_game())
    assert game.version == 0
    assert game.status == "lobby"
    assert [(s.seat, s.user_id, s.name) for s in game.seats] == [(0, 1, "Host")]
    assert (await repo.open_game(10)) == game


async def test_one_open_game_per_channel(repo: Repository) -> None:
    await repo.create_game(new_game(channel=10))
    with pytest.raises(ChannelBusyError):
        await repo.create_game(new_game(channel=10, host=2))
    # A thread is a channel of its own and holds its own game.
    thread = await repo.create_game(new_game(channel=11, host=2))
    assert thread.channel_id == 11


async def test_finished_game_frees_the_channel(repo: Repository) -> None:
    first = await repo.create_game(new_game(status="active"))
    await repo.set_status(first.id, first.version, "finished")
    assert await repo.open_game(10) is None
    second = await repo.create_game(new_game())
    assert second.id != first.id
    assert (await repo.open_game(10)) == second


async def test_stale_version_is_refused(repo: Repository) -> None:
    game = await repo.create_game(new_game(status="active"))
    moved = await repo.record_action(
        game.id, 0, seat=0, user_id=1, action={"kind": "a"}, undoable=True, snapshot={"n": 1}
    )
    assert moved.version == 1
    with pytest.raises(ConflictError):
        await repo.record_action(
            game.id, 0, seat=0, user_id=1, action={"kind": "b"}, undoable=True, snapshot={"n": 2}
        )
    after = await repo.get_game(game.id)
    assert after is not None and after.snapshot == {"n": 1} and after.version == 1
    assert [a.action for a in await repo.actions(game.id)] == [{"kind": "a"}]


async def test_concurrent_writers_one_wins(repo: Repository) -> None:
    game = await repo.create_game(new_game(status="active"))

    async def write(n: int) -> bool:
        try:
            await repo.record_action(
                game.id, 0, seat=0, user_id=1, action={"n": n}, undoable=False, snapshot={"n": n}
            )
        except ConflictError:
            return False
        return True

    results = await asyncio.gather(*(write(n) for n in range(4)))
    assert sum(results) == 1
    assert len(await repo.actions(game.id)) == 1


async def test_action_and_snapshot_share_a_transaction(repo: Repository) -> None:
    game = await repo.create_game(new_game(status="active"))
    # A value JSON cannot encode fails the snapshot update: the action row must not stay behind.
    with pytest.raises(StoreError):
        await repo.record_action(
            game.id, 0, seat=0, user_id=1, action={"kind": "a"}, undoable=True, snapshot={"bad": object()}
        )
    after = await repo.get_game(game.id)
    assert after is not None and after.version == 0 and after.snapshot is None
    assert await repo.actions(game.id) == []


async def test_undo_drops_the_last_action(repo: Repository) -> None:
    game = await repo.create_game(new_game(status="active"))
    v = game.version
    for n in range(3):
        v = (
            await repo.record_action(
                game.id, v, seat=0, user_id=1, action={"n": n}, undoable=True, snapshot={"n": n}
            )
        ).version
    _game, (last,) = await repo.game_with_recent(game_id=game.id, count=lambda found: 1)
    assert last.seq == 3 and last.undoable
    undone = await repo.remove_action(game.id, v, 3, {"n": 1})
    assert undone.snapshot == {"n": 1}
    assert [a.seq for a in await repo.actions(game.id)] == [1, 2]
    # The action is gone: removing it again is a conflict, not a silent success.
    with pytest.raises(ConflictError):
        await repo.remove_action(game.id, undone.version, 3, {"n": 1})


async def test_seats_join_and_leave(repo: Repository) -> None:
    game = await repo.create_game(new_game())
    game = await repo.add_seat(game.id, game.version, 2, "Bob")
    game = await repo.add_seat(game.id, game.version, 3, "Cy")
    game = await repo.remove_seat(game.id, game.version, 2)
    assert [(s.seat, s.user_id) for s in game.seats] == [(0, 1), (1, 3)]
    assert game.seat_of(3) == 1 and game.seat_of(2) is None
    with pytest.raises(ConflictError):
        await repo.add_seat(game.id, game.version - 1, 4, "Di")


async def test_deadlines_survive_and_come_due(repo: Repository) -> None:
    game = await repo.create_game(new_game())
    now = datetime(2030, 1, 1, tzinfo=UTC)
    await repo.add_deadline(game.id, "remind", now - timedelta(minutes=1), {"who": 1})
    await repo.add_deadline(game.id, "remind", now + timedelta(hours=1))
    due = await repo.due_deadlines(now)
    assert [(d.kind, d.payload) for d in due] == [("remind", {"who": 1})]
    assert due[0].due_at.tzinfo is not None
    assert await repo.clear_deadlines(game.id) == 2


@contextmanager
def statements() -> Iterator[list[str]]:
    """The SQL sent to the database while the block runs, first word upper-cased."""
    sent: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        sent.append(statement.split(None, 1)[0].upper())

    event.listen(Engine, "before_cursor_execute", record)
    try:
        yield sent
    finally:
        event.remove(Engine, "before_cursor_execute", record)


async def test_an_action_is_saved_without_reading_the_game_back(repo: Repository) -> None:
    game = await repo.create_game(new_game(status="active"))
    game = await repo.add_seat(game.id, game.version, 2, "Bob")
    with statements() as sent:
        moved = await repo.record_action(
            game.id,
            game.version,
            seat=1,
            user_id=2,
            action={"kind": "a"},
            undoable=True,
            snapshot={"n": 1},
            seats=game.seats,
        )
    # The UPDATE's RETURNING gives the new record: one UPDATE, one INSERT, no SELECT.
    assert [word for word in sent if word not in ("BEGIN", "COMMIT")] == ["UPDATE", "INSERT"]
    assert moved == await repo.get_game(game.id)
    assert moved.version == game.version + 1 and moved.snapshot == {"n": 1}
    # Without the seats, only they are read (never the game row again).
    again = await repo.set_status(moved.id, moved.version, "finished")
    assert again == await repo.get_game(game.id)
    assert [s.user_id for s in again.seats] == [1, 2]


async def test_created_and_seated_records_match_what_is_stored(repo: Repository) -> None:
    game = await repo.create_game(new_game())
    assert game == await repo.get_game(game.id)
    game = await repo.add_seat(game.id, game.version, 2, "Bob")
    assert game == await repo.get_game(game.id)
    game = await repo.remove_seat(game.id, game.version, 1)
    assert game == await repo.get_game(game.id)
    assert [(s.seat, s.user_id) for s in game.seats] == [(0, 2)]


async def test_game_with_recent_reads_the_game_and_its_last_actions_together(repo: Repository) -> None:
    assert await repo.game_with_recent(channel_id=10, count=lambda game: 2) == (None, [])
    game = await repo.create_game(new_game(status="active"))
    for step in range(3):
        game = await repo.record_action(
            game.id,
            game.version,
            seat=0,
            user_id=1,
            action={"kind": "a", "n": step},
            undoable=True,
            snapshot={"n": step + 1},
            before={"n": step},
        )
    # The count may depend on the game found (an undo reaches back one turn per seat).
    by_channel = await repo.game_with_recent(channel_id=10, count=lambda found: len(found.seats) + 1)
    assert by_channel[0] == game
    assert [(a.seq, a.action["n"], a.before) for a in by_channel[1]] == [(2, 1, {"n": 1}), (3, 2, {"n": 2})]
    assert await repo.game_with_recent(game_id=game.id, count=lambda found: 1) == (game, by_channel[1][-1:])
    # A finished game is no channel's open game, but a button can still name it by id.
    finished = await repo.set_status(game.id, game.version, "finished")
    assert await repo.game_with_recent(channel_id=10, count=lambda found: 1) == (None, [])
    assert (await repo.game_with_recent(game_id=game.id, count=lambda found: 0))[0] == finished
