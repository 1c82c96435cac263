"""A write whose COMMIT reached the database but whose answer was lost (the connection dropped) is
found saved, so nobody is told that nothing changed; a write that did not land still fails."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from bot.store import NewGame, Repository, StoreError

LOST = OperationalError(
    "COMMIT", {}, sqlite3.OperationalError("connection was closed in the middle of operation")
)


def _game() -> NewGame:
    return NewGame(
        guild_id=5,
        channel_id=10,
        kind="tally",
        options={},
        seed=1,
        rules_version="1",
        host_id=1,
        host_name="Host",
        status="active",
        snapshot={"n": 0},
    )


def _failing_writes(repo: Repository, monkeypatch: pytest.MonkeyPatch, *, landed: bool) -> None:
    """The next write fails as a dropped connection does: after its commit (``landed``) or before."""
    runner = repo._runner
    real = runner.run
    failed = False

    async def dropped(work: Any, *, write: bool, statements: int = 1) -> Any:
        nonlocal failed
        if not write or failed:
            return await real(work, write=write, statements=statements)
        failed = True
        if landed:
            await real(work, write=write, statements=statements)
        raise LOST

    monkeypatch.setattr(runner, "run", dropped)


async def _move(repo: Repository, version: int, user_id: int = 1) -> Any:
    return await repo.record_action(
        1, version, seat=0, user_id=user_id, action={"kind": "add", "n": 1}, undoable=True, snapshot={"n": 1}
    )


async def test_a_saved_action_whose_answer_was_lost_is_returned_as_saved(
    repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await repo.create_game(_game())
    _failing_writes(repo, monkeypatch, landed=True)
    record = await _move(repo, game.version)
    assert record.version == game.version + 1 and record.snapshot == {"n": 1}
    assert record == await repo.get_game(game.id)
    assert [a.action for a in await repo.actions(game.id)] == [{"kind": "add", "n": 1}]


async def test_an_action_that_did_not_land_still_fails(
    repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await repo.create_game(_game())
    _failing_writes(repo, monkeypatch, landed=False)
    with pytest.raises(StoreError):
        await _move(repo, game.version)
    assert await repo.get_game(game.id) == game and await repo.actions(game.id) == []


async def test_someone_elses_action_at_that_version_is_not_taken_for_ours(
    repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await repo.create_game(_game())
    _failing_writes(repo, monkeypatch, landed=False)
    with pytest.raises(StoreError):
        await _move(repo, game.version)
    # Another player's identical move is stored meanwhile; ours still counts as failed.
    await _move(repo, game.version, user_id=2)
    _failing_writes(repo, monkeypatch, landed=False)
    with pytest.raises(StoreError):
        await _move(repo, game.version)
