from __future__ import annotations

import asyncio

import pytest

from bot.errors import NotAllowedError, NotAPlayerError, StaleError, StorageError
from bot.replay import replay
from bot.service import GameService
from bot.store import StoreError
from engine.core import Action, IllegalActionError
from tests.service.conftest import ALICE, BOB, HERE
from tests.service.fakegame import RULES


async def start_team(service: GameService) -> None:
    reply = await service.start(HERE, ALICE, "tally", {"team": True})
    reply = await service.lobby(HERE, BOB, "join", reply.buttons[0].game_id, reply.buttons[0].version)
    await service.lobby(HERE, ALICE, "begin", reply.buttons[0].game_id, reply.buttons[0].version)


async def total(service: GameService) -> int:
    game = await service.repo.open_game(HERE.channel_id)
    assert game is not None and game.snapshot is not None
    return int(game.snapshot["total"])


async def test_act_saves_action_and_snapshot(service: GameService) -> None:
    await service.start(HERE, ALICE, "tally", {})
    reply = await service.act(HERE, ALICE, Action.of("add", n=2))
    assert reply.text == "Alice adds 2."
    assert reply.buttons[-1].control == "undo"
    assert {b.version for b in reply.buttons} == {1}
    game = await service.repo.open_game(HERE.channel_id)
    assert game is not None
    assert [a.action for a in await service.repo.actions(game.id)] == [{"kind": "add", "args": {"n": 2}}]
    assert await total(service) == 2


async def test_illegal_action_changes_nothing(service: GameService) -> None:
    await service.start(HERE, ALICE, "tally", {})
    with pytest.raises(IllegalActionError):
        await service.act(HERE, ALICE, Action.of("add", n=5))
    game = await service.repo.open_game(HERE.channel_id)
    assert game is not None and game.version == 0


async def test_stale_button_is_refused(service: GameService) -> None:
    reply = await service.start(HERE, ALICE, "tally", {})
    click = reply.buttons[0]
    assert click.action is not None
    await service.act(HERE, ALICE, Action.of("add", n=1))
    with pytest.raises(StaleError):
        await service.act(HERE, ALICE, click.action, game_id=click.game_id, version=click.version)
    with pytest.raises(StaleError):
        await service.act(HERE, ALICE, Action.of("add", n=1), game_id=click.game_id + 1, version=1)
    assert await total(service) == 1


async def test_click_on_finished_game_is_stale(service: GameService) -> None:
    reply = await service.start(HERE, ALICE, "tally", {})
    game_id = reply.buttons[0].game_id
    for _ in range(6):
        reply = await service.act(HERE, ALICE, Action.of("add", n=2))
    # Only "Play again" is left under a finished game: no move of it.
    assert "Game over" in reply.text and [b.control for b in reply.buttons] == ["rematch"]
    assert await service.repo.open_game(HERE.channel_id) is None
    with pytest.raises(StaleError):
        await service.act(HERE, ALICE, Action.of("add", n=1), game_id=game_id, version=6)


async def test_undo_replays_to_the_previous_action(service: GameService) -> None:
    await service.start(HERE, ALICE, "tally", {})
    await service.act(HERE, ALICE, Action.of("add", n=1))
    await service.act(HERE, ALICE, Action.of("add", n=2))
    reply = await service.undo(HERE, ALICE)
    assert "takes back: Add 2" in reply.text
    assert await total(service) == 1
    game = await service.repo.open_game(HERE.channel_id)
    assert game is not None and [a.seq for a in await service.repo.actions(game.id)] == [1]


async def test_undo_refused_after_a_roll(service: GameService) -> None:
    await service.start(HERE, ALICE, "tally", {})
    reply = await service.act(HERE, ALICE, Action.of("roll"))
    assert "undo" not in [b.control for b in reply.buttons]
    with pytest.raises(NotAllowedError):
        await service.undo(HERE, ALICE)
    with pytest.raises(NotAPlayerError):
        await service.undo(HERE, BOB)


async def test_snapshot_matches_log_replay(service: GameService) -> None:
    await service.start(HERE, ALICE, "tally", {})
    for action in (Action.of("roll"), Action.of("add", n=1), Action.of("roll")):
        await service.act(HERE, ALICE, action)
    game = await service.repo.open_game(HERE.channel_id)
    assert game is not None
    state = replay(RULES, game, await service.repo.actions(game.id))
    assert RULES.to_json(state) == game.snapshot


async def test_concurrent_acts_are_serialised(service: GameService) -> None:
    await start_team(service)
    results = await asyncio.gather(
        *(service.act(HERE, who, Action.of("add", n=1)) for who in (ALICE, BOB, ALICE, BOB, ALICE)),
        return_exceptions=True,
    )
    assert all(not isinstance(r, Exception) for r in results)
    assert await total(service) == 5
    game = await service.repo.open_game(HERE.channel_id)
    assert game is not None and game.version == 7


async def test_concurrent_clicks_on_one_version_one_wins(service: GameService) -> None:
    reply = await service.start(HERE, ALICE, "tally", {})
    button = reply.buttons[0]
    assert button.action is not None
    results = await asyncio.gather(
        *(
            service.act(HERE, ALICE, button.action, game_id=button.game_id, version=button.version)
            for _ in range(3)
        ),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, StaleError) for r in results if isinstance(r, Exception))
    assert await total(service) == 1


async def test_database_error_leaves_state_unchanged(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await service.start(HERE, ALICE, "tally", {})
    await service.act(HERE, ALICE, Action.of("add", n=1))

    async def broken(*_args: object, **_kwargs: object) -> None:
        raise StoreError("disk full")

    monkeypatch.setattr(service.repo, "record_action", broken)
    with pytest.raises(StorageError):
        await service.act(HERE, ALICE, Action.of("add", n=2))
    monkeypatch.undo()
    assert await total(service) == 1
    game = await service.repo.open_game(HERE.channel_id)
    assert game is not None and game.version == 1


async def test_choices_autocomplete(service: GameService) -> None:
    assert await service.choices(HERE, ALICE, "tally", "add", "n", {}) == []
    await service.start(HERE, ALICE, "tally", {})
    assert await service.choices(HERE, ALICE, "tally", "add", "n", {}) == [("n 1", 1), ("n 2", 2)]
    assert await service.choices(HERE, BOB, "tally", "add", "n", {}) == []


async def test_each_player_takes_back_only_their_own_action(service: GameService) -> None:
    await start_team(service)
    reply = await service.act(HERE, ALICE, Action.of("add", n=2))
    assert reply.buttons[-1].control == "undo"
    with pytest.raises(NotAllowedError, match="Only Alice"):
        await service.undo(HERE, BOB)
    status = await service.status(HERE, BOB)
    assert "undo" not in [b.control for b in status.buttons]
    await service.act(HERE, ALICE, Action.of("add", n=1))
    reply = await service.undo(HERE, ALICE)
    # Her earlier step can be taken back too, one click at a time.
    assert reply.buttons[-1].control == "undo"
    await service.undo(HERE, ALICE)
    assert await total(service) == 0
