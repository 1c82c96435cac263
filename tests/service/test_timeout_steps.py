"""A missed deadline plays the timed-out seat's step, as each game names its steps: a Colony turn
(its actions, then what its event asks of that player), never a second turn on the same clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.service import GameService
from bot.store import BOT_USER_ID, Repository
from engine.colony import RULES
from tests.service.conftest import ALICE, BOB, HERE


@pytest.mark.parametrize("seed", [6, 9, 10, 11])
async def test_a_missed_colony_turn_is_played_whole_and_only_once(repo: Repository, seed: int) -> None:
    now = datetime(2030, 5, 1, 12, 0, tzinfo=UTC)
    svc = GameService(repo, render=False, seeds=lambda: seed)
    svc.clock = lambda: now
    reply = await svc.start(HERE, ALICE, "colony", {"scenario": "verdance", "turn_time": 60})
    reply = await svc.lobby(HERE, BOB, "join", reply.buttons[0].game_id, reply.buttons[0].version)
    await svc.lobby(HERE, ALICE, "begin", reply.buttons[0].game_id, reply.buttons[0].version)
    for _ in range(8):
        record = await repo.open_game(HERE.channel_id)
        if record is None or record.snapshot is None:
            break
        before = RULES.view(RULES.from_json(record.snapshot), None)
        now += timedelta(minutes=61)
        fired = [row.seat for row in await svc.due(now) if row.kind == "deadline"]
        for row in await svc.due(now):
            await svc.fire(row, now)
        record = await repo.open_game(HERE.channel_id)
        if record is None or record.snapshot is None:
            break
        state = RULES.from_json(record.snapshot)
        after = RULES.view(state, None)
        # A seat the bot moved for and that the game still waits on is waited on in a new turn.
        if set(fired) & RULES.to_move(state):
            assert after["turn"] != before["turn"], (before["phase"], after["phase"])
    record = await repo.get_game(1)
    assert record is not None
    bot_moves = [row.action["kind"] for row in await repo.actions(record.id) if row.user_id == BOT_USER_ID]
    assert "end_turn" in bot_moves
