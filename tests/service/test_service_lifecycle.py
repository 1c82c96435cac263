from __future__ import annotations

import pytest

from bot.errors import (
    GameExistsError,
    NoGameError,
    NotAllowedError,
    NotAPlayerError,
    StaleError,
    UnknownGameError,
)
from bot.replies import Reply, Where
from bot.service import GameService
from engine.core import Action
from tests.service.conftest import ALICE, BOB, CARL, HERE, MOD


def controls(reply: Reply) -> list[str | None]:
    return [b.control for b in reply.buttons]


async def test_solo_starts_at_once(service: GameService) -> None:
    reply = await service.start(HERE, ALICE, "tally", {})
    assert "Alice starts" in reply.text
    assert [str(b.action) for b in reply.buttons] == ["add n=1", "add n=2", "roll"]
    assert all(b.version == 0 for b in reply.buttons)
    game = await service.repo.open_game(HERE.channel_id)
    assert game is not None and game.status == "active"


async def test_unknown_game_and_bad_option(service: GameService) -> None:
    with pytest.raises(UnknownGameError):
        await service.start(HERE, ALICE, "chess", {})
    with pytest.raises(NotAllowedError):
        await service.start(HERE, ALICE, "tally", {"colour": "red"})


async def test_one_game_per_channel_but_threads_are_separate(service: GameService) -> None:
    await service.start(HERE, ALICE, "tally", {})
    with pytest.raises(GameExistsError):
        await service.start(HERE, BOB, "tally", {})
    thread = Where(guild_id=1, channel_id=101)
    reply = await service.start(thread, BOB, "tally", {})
    assert "Bob starts" in reply.text


async def test_lobby_join_leave_begin(service: GameService) -> None:
    reply = await service.start(HERE, ALICE, "tally", {"team": True})
    assert controls(reply) == ["join", "leave", "begin"]
    game_id, version = reply.buttons[0].game_id, reply.buttons[0].version
    reply = await service.lobby(HERE, BOB, "join", game_id, version)
    assert "Alice, Bob" in reply.text
    reply = await service.lobby(HERE, CARL, "join", game_id, reply.buttons[0].version)
    reply = await service.lobby(HERE, CARL, "leave", game_id, reply.buttons[0].version)
    assert "Carl" not in reply.text.split("\n")[1]
    with pytest.raises(NotAllowedError):
        await service.lobby(HERE, BOB, "begin", game_id, reply.buttons[0].version)
    with pytest.raises(NotAllowedError):
        await service.lobby(HERE, ALICE, "leave", game_id, reply.buttons[0].version)
    with pytest.raises(NotAllowedError):
        await service.act(HERE, BOB, Action.of("add", n=1))
    reply = await service.lobby(HERE, ALICE, "begin", game_id, reply.buttons[0].version)
    assert "begins: Alice, Bob" in reply.text
    game = await service.repo.open_game(HERE.channel_id)
    assert game is not None and game.status == "active" and game.player_names == ["Alice", "Bob"]


async def test_a_join_on_a_lobby_that_moved_on_still_seats_but_a_begin_is_refused(
    service: GameService,
) -> None:
    reply = await service.start(HERE, ALICE, "tally", {"team": True})
    old = reply.buttons[0]
    await service.lobby(HERE, BOB, "join", old.game_id, old.version)
    # Two people pressing Join on the same message both sit down.
    seated = await service.lobby(HERE, CARL, "join", old.game_id, old.version)
    assert "Carl joins" in seated.text
    # Begin acts on the table as shown: a message older than the last join is refused.
    with pytest.raises(StaleError):
        await service.lobby(HERE, ALICE, "begin", old.game_id, old.version)


async def test_team_play_narrates_who_acted(service: GameService) -> None:
    reply = await service.start(HERE, ALICE, "tally", {"team": True})
    reply = await service.lobby(HERE, BOB, "join", reply.buttons[0].game_id, reply.buttons[0].version)
    await service.lobby(HERE, ALICE, "begin", reply.buttons[0].game_id, reply.buttons[0].version)
    reply = await service.act(HERE, BOB, Action.of("add", n=2))
    assert reply.text.startswith("Bob adds 2.")
    with pytest.raises(NotAPlayerError):
        await service.act(HERE, CARL, Action.of("add", n=1))


async def test_status_and_no_game(service: GameService) -> None:
    with pytest.raises(NoGameError):
        await service.status(HERE, ALICE)
    await service.start(HERE, ALICE, "tally", {})
    reply = await service.status(HERE, BOB)
    assert reply.ephemeral
    assert [b.control for b in reply.buttons if b.control] == []


async def test_abandon_needs_host_or_manager_and_confirmation(service: GameService) -> None:
    await service.start(HERE, ALICE, "tally", {})
    with pytest.raises(NotAllowedError):
        await service.abandon(HERE, BOB, confirm=False)
    ask = await service.abandon(HERE, MOD, confirm=False)
    assert ask.ephemeral and ask.buttons[0].control == "abandon" and ask.buttons[0].style == "danger"
    assert await service.repo.open_game(HERE.channel_id) is not None
    done = await service.abandon(HERE, MOD, confirm=True, game_id=ask.buttons[0].game_id)
    assert "abandoned" in done.text
    assert await service.repo.open_game(HERE.channel_id) is None
    with pytest.raises(StaleError):
        await service.abandon(HERE, MOD, confirm=True, game_id=ask.buttons[0].game_id)


def test_rules_text(service: GameService) -> None:
    assert service.rules_text("tally").ephemeral
    with pytest.raises(UnknownGameError):
        service.rules_text("nope")
