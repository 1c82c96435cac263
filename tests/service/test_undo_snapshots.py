"""Undo reads the snapshot kept in the last action's row: no replay of the log, however long."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text

from bot.errors import NotAllowedError
from bot.service import GameService
from engine.core import Action
from tests.service.conftest import ALICE, HERE


async def _no_full_log(*args: Any) -> Any:
    raise AssertionError("undo read the whole log")


async def test_undo_reads_only_the_last_rows(service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    await service.start(HERE, ALICE, "tally", {})
    for n in (1, 2, 1, 2):
        await service.act(HERE, ALICE, Action.of("add", n=n))
    _game, recent = await service.repo.game_with_recent(channel_id=HERE.channel_id, count=lambda found: 2)
    assert [a.seq for a in recent] == [3, 4]
    assert [a.before["total"] for a in recent if a.before] == [3, 4]
    monkeypatch.setattr(service.repo, "actions", _no_full_log)
    reply = await service.undo(HERE, ALICE)
    assert "takes back: Add 2" in reply.text and any(b.control == "undo" for b in reply.buttons)
    reply = await service.undo(HERE, ALICE)
    assert "takes back: Add 1" in reply.text
    game = await service.repo.open_game(HERE.channel_id)
    assert game is not None and game.snapshot is not None and game.snapshot["total"] == 3


async def test_a_roll_keeps_no_before_snapshot(service: GameService) -> None:
    await service.start(HERE, ALICE, "tally", {})
    await service.act(HERE, ALICE, Action.of("roll"))
    _game, (last,) = await service.repo.game_with_recent(channel_id=HERE.channel_id, count=lambda found: 1)
    assert last.before is None and not last.undoable
    with pytest.raises(NotAllowedError):
        await service.undo(HERE, ALICE)


async def test_rows_from_before_the_column_fall_back_to_the_replay(service: GameService) -> None:
    await service.start(HERE, ALICE, "tally", {})
    await service.act(HERE, ALICE, Action.of("add", n=2))
    await service.act(HERE, ALICE, Action.of("add", n=1))

    def forget(connection: Any) -> None:
        connection.execute(text("UPDATE actions SET before_snapshot = NULL"))

    await service.repo._write(forget)
    reply = await service.undo(HERE, ALICE)
    assert "takes back: Add 1" in reply.text
    game = await service.repo.open_game(HERE.channel_id)
    assert game is not None and game.snapshot is not None and game.snapshot["total"] == 2


async def test_a_before_snapshot_that_disagrees_with_the_game_refuses_the_undo(service: GameService) -> None:
    await service.start(HERE, ALICE, "tally", {})
    await service.act(HERE, ALICE, Action.of("add", n=1))

    def tamper(connection: Any) -> None:
        connection.execute(
            text(
                "UPDATE actions SET before_snapshot = "
                '\'{"schema_version": 1, "players": ["Alice"], "total": 5, '
                '"rng": {"seed": 7, "position": 0}}\''
            )
        )

    await service.repo._write(tamper)
    with pytest.raises(NotAllowedError, match="cannot be replayed"):
        await service.undo(HERE, ALICE)
