"""Undo refusals say why in the game's own words: whose move came after, and what it revealed."""

from __future__ import annotations

import pytest

from bot.errors import NotAllowedError
from bot.games import Game, shipped_games
from bot.service import GameService
from bot.store import Repository
from engine.core import Action
from tests.service.conftest import ALICE, BOB, HERE
from tests.service.turngame import FRONTEND, RULES


@pytest.fixture
def svc(repo: Repository) -> GameService:
    games = {**shipped_games(), "turns": Game(RULES, FRONTEND)}
    return GameService(repo, render=False, games=games, seeds=lambda: 21)


async def begin(svc: GameService, game: str, options: dict[str, object]) -> None:
    reply = await svc.start(HERE, ALICE, game, options)
    reply = await svc.lobby(HERE, BOB, "join", reply.buttons[0].game_id, reply.buttons[0].version)
    await svc.lobby(HERE, ALICE, "begin", reply.buttons[0].game_id, reply.buttons[0].version)


async def test_a_later_move_that_only_its_player_may_take_back(svc: GameService) -> None:
    await begin(svc, "turns", {})
    await svc.act(HERE, ALICE, Action.of("end"))
    await svc.act(HERE, BOB, Action.of("mark"))
    with pytest.raises(NotAllowedError) as refused:
        await svc.undo(HERE, ALICE)
    assert str(refused.value) == "Bob moved after you, so only Bob can take a move back now."
    # Bob may.
    assert "takes back" in (await svc.undo(HERE, BOB)).text


async def test_a_later_move_that_revealed_cards_is_named_without_dice(svc: GameService) -> None:
    await begin(svc, "colony", {"scenario": "verdance"})
    for who in (ALICE, BOB):
        choice = next(a for _, a in await svc.legal(HERE, who) if a.kind == "choose_character")
        await svc.act(HERE, who, choice)
    await svc.act(HERE, ALICE, Action.of("end_turn"))
    await svc.act(HERE, BOB, Action.of("draw"))
    with pytest.raises(NotAllowedError) as refused:
        await svc.undo(HERE, ALICE)
    assert str(refused.value) == "Bob's draw revealed cards; nothing can be taken back."
    with pytest.raises(NotAllowedError, match=r"^Your last action revealed cards; it cannot be undone\.$"):
        await svc.undo(HERE, BOB)


async def test_the_bots_move_for_a_seat_is_named_as_the_bots_even_when_it_revealed_cards(
    svc: GameService,
) -> None:
    from datetime import UTC, datetime, timedelta

    now = datetime(2030, 5, 1, 12, 0, tzinfo=UTC)
    svc.clock = lambda: now
    await begin(svc, "colony", {"scenario": "verdance", "turn_time": 60})
    for who in (ALICE, BOB):
        choice = next(a for _, a in await svc.legal(HERE, who) if a.kind == "choose_character")
        await svc.act(HERE, who, choice)
    # Alice lets her turn run out: the bot plays it, ending it (which reveals an event).
    now += timedelta(minutes=61)
    for row in await svc.due(now):
        await svc.fire(row, now)
    with pytest.raises(NotAllowedError) as refused:
        await svc.undo(HERE, ALICE)
    assert str(refused.value) == "The bot moved for Alice when their time ran out; nothing can be taken back."
