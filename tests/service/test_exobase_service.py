from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import NotAllowedError
from bot.replay import replay
from bot.replies import Reply
from bot.service import GameService
from bot.store import Repository
from engine.core import Action
from tests.games import GAMES
from tests.service.conftest import ALICE, BOB, HERE


@pytest.fixture
def exo(repo: Repository) -> GameService:
    return GameService(repo, render=False, seeds=lambda: 11)


def pressed(reply: Reply, label: str) -> Action:
    for button in reply.buttons:
        if button.label == label and button.action is not None:
            return button.action
    raise AssertionError(f"no button {label!r} in {[b.label for b in reply.buttons]}")


async def test_solo_game_plays_through_the_service(exo: GameService) -> None:
    reply = await exo.start(HERE, ALICE, "exobase", {"mode": "normal"})
    assert "Day 1/10" in reply.text
    assert [b.label for b in reply.buttons] == ["End placement"]
    steps = 0
    worked_today = False
    # Until the game is over: its last message offers only "Play again".
    while any(b.action is not None for b in reply.buttons) and steps < 400:
        steps += 1
        legal = [action for _, action in await exo.legal(HERE, ALICE)]
        work = [a for a in legal if a.kind == "work"]
        if work and not worked_today:
            action, worked_today = work[0], True
        else:
            action = next(b.action for b in reply.buttons if b.action is not None)
            worked_today = action.kind != "next_day" and worked_today
        reply = await exo.act(HERE, ALICE, action)
    game = await exo.repo.get_game(1)
    assert game is not None
    rules = GAMES["exobase"]
    # The snapshot is the fast path; replaying the log must land on the same state.
    state = replay(rules, game, await exo.repo.actions(game.id))
    assert rules.to_json(state) == game.snapshot
    assert steps < 400
    assert game.status == "finished" and "Game over" in reply.text
    assert [(b.label, b.control) for b in reply.buttons] == [("Play again", "rematch")]


async def test_undo_a_placement_but_not_a_roll(exo: GameService) -> None:
    await exo.start(HERE, ALICE, "exobase", {})
    before = await exo.repo.open_game(HERE.channel_id)
    work = next(a for _, a in await exo.legal(HERE, ALICE) if a.kind == "work")
    reply = await exo.act(HERE, ALICE, work)
    assert reply.buttons[-1].control == "undo"
    reply = await exo.undo(HERE, ALICE, game_id=reply.buttons[-1].game_id, version=reply.buttons[-1].version)
    after = await exo.repo.open_game(HERE.channel_id)
    assert before is not None and after is not None and after.snapshot == before.snapshot
    reply = await exo.act(HERE, ALICE, pressed(reply, "End placement"))
    reply = await exo.act(HERE, ALICE, pressed(reply, "Roll hazard"))
    with pytest.raises(NotAllowedError):
        await exo.undo(HERE, ALICE)


async def test_team_play_lets_every_seat_act(exo: GameService) -> None:
    reply = await exo.start(HERE, ALICE, "exobase", {"team": True, "mode": "hardcore"})
    assert [b.control for b in reply.buttons] == ["join", "leave", "begin"]
    reply = await exo.lobby(HERE, BOB, "join", reply.buttons[0].game_id, reply.buttons[0].version)
    reply = await exo.lobby(HERE, ALICE, "begin", reply.buttons[0].game_id, reply.buttons[0].version)
    assert "Alice, Bob" in reply.text
    work = next(a for _, a in await exo.legal(HERE, BOB) if a.kind == "work")
    reply = await exo.act(HERE, BOB, work)
    assert reply.text.startswith("**Bob**:")
    reply = await exo.act(HERE, ALICE, pressed(reply, "Ready"))
    assert reply.text.startswith("**Alice**: Ready to end placement; waiting for Bob.\n")
    assert "Ready: 1 of 2 seats" in reply.text
    # One seat's Ready does not end placement for the team.
    assert await exo.choices(HERE, BOB, "exobase", "work", "founder", {}) != []
    reply = await exo.act(HERE, BOB, Action.of("end_placement"))
    assert "Placement is over" in reply.text
    choices = await exo.choices(HERE, BOB, "exobase", "work", "founder", {})
    assert choices == []  # placement is over


async def test_autocomplete_offers_only_legal_values(exo: GameService) -> None:
    await exo.start(HERE, ALICE, "exobase", {})
    founders = await exo.choices(HERE, ALICE, "exobase", "work", "founder", {})
    assert founders and all(isinstance(value, str) for _, value in founders)
    founder = str(founders[0][1])
    cards = await exo.choices(HERE, ALICE, "exobase", "work", "card", {"founder": founder})
    assert ("Greenhouse", "greenhouse") in cards
    spaces = await exo.choices(
        HERE, ALICE, "exobase", "work", "space", {"founder": founder, "card": "greenhouse"}
    )
    assert spaces and all(isinstance(value, int) for _, value in spaces)
    assert await exo.choices(HERE, BOB, "exobase", "work", "founder", {}) == []


def test_rules_text_mentions_the_commands(tmp_path: Path, exo: GameService) -> None:
    assert "end-placement" in exo.rules_text("exobase").text
