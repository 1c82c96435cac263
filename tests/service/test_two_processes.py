"""Two bot processes on one database (two engines, two services) acting on the same game at once:
no update is lost and none is applied twice."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.errors import NoGameError, StaleError
from bot.games import Game
from bot.replay import replay
from bot.service import GameService
from bot.store import Repository, make_engine, make_sessionmaker
from bot.store.migrate import upgrade
from engine.core import Action
from tests.service.conftest import ALICE, BOB, HERE
from tests.service.fakegame import FRONTEND, RULES

ATTEMPTS = 12


@pytest.fixture
async def services(database_url: str) -> AsyncIterator[list[GameService]]:
    engines = [make_engine(database_url) for _ in range(2)]
    await upgrade(engines[0])
    yield [
        GameService(
            Repository(make_sessionmaker(engine)),
            render=False,
            games={"tally": Game(RULES, FRONTEND)},
            seeds=lambda: 7,
        )
        for engine in engines
    ]
    for engine in engines:
        await engine.dispose()


async def test_two_processes_lose_no_update_and_apply_none_twice(services: list[GameService]) -> None:
    first, second = services
    reply = await first.start(HERE, ALICE, "tally", {"team": True})
    lobby = reply.buttons[0]
    reply = await second.lobby(HERE, BOB, "join", lobby.game_id, lobby.version)
    await first.lobby(HERE, ALICE, "begin", reply.buttons[0].game_id, reply.buttons[0].version)

    async def add(service: GameService, who: int) -> bool:
        actor = ALICE if who % 2 == 0 else BOB
        try:
            await service.act(HERE, actor, Action.of("add", n=1))
        except (StaleError, NoGameError):
            return False
        return True

    outcomes = await asyncio.gather(*(add(services[i % 2], i) for i in range(ATTEMPTS)))
    game = await first.repo.get_game(lobby.game_id)
    assert game is not None and game.snapshot is not None
    log = await first.repo.actions(game.id)
    # Every accepted move is in the log once (versions: opened 0, joined 1, begun 2), and the
    # snapshot is the replay of that log.
    assert sum(outcomes) == len(log) == game.snapshot["total"] == game.version - 2
    assert [a.seq for a in log] == list(range(1, len(log) + 1))
    assert RULES.to_json(replay(RULES, game, log)) == game.snapshot
    # Whichever process answers next sees the same game.
    assert await second.repo.get_game(game.id) == game
