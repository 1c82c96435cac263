from __future__ import annotations

import pytest

from bot.errors import NotAllowedError
from bot.replay import replay
from bot.replies import Actor, Reply
from bot.service import GameService
from bot.store import Repository
from engine.core import Action, EngineError
from tests.games import FRONTENDS, GAMES
from tests.service.colony_paths import deploy_path, discard_path
from tests.service.conftest import ALICE, BOB, HERE


@pytest.fixture
def svc(repo: Repository) -> GameService:
    return GameService(repo, render=False, seeds=lambda: 21)


async def begin(svc: GameService, *players: Actor, scenario: str = "verdance") -> Reply:
    """The first player opens the table, the others join, the first begins."""
    reply = await svc.start(HERE, players[0], "colony", {"scenario": scenario})
    assert [b.control for b in reply.buttons] == ["join", "leave", "begin"]
    for friend in players[1:]:
        reply = await svc.lobby(HERE, friend, "join", reply.buttons[0].game_id, reply.buttons[0].version)
    return await svc.lobby(HERE, players[0], "begin", reply.buttons[0].game_id, reply.buttons[0].version)


async def test_colony_is_playable_and_replays(svc: GameService) -> None:
    assert "colony" in svc.games
    reply = await begin(svc, ALICE)
    assert "draft" in reply.text and reply.buttons[0].label.startswith("Alice: ")
    steps = 0
    # Until the game is over: its last message offers only "Play again".
    while any(b.action is not None for b in reply.buttons) and steps < 300:
        steps += 1
        legal = [action for _, action in await svc.legal(HERE, ALICE)]
        # Prefer what changes the colony, then the buttons' next steps.
        useful = [a for a in legal if a.kind in ("deploy", "generate", "recover", "repair")]
        action = useful[0] if useful else next(b.action for b in reply.buttons if b.action is not None)
        reply = await svc.act(HERE, ALICE, action)
    game = await svc.repo.get_game(1)
    assert game is not None
    rules = GAMES["colony"]
    assert rules.to_json(replay(rules, game, await svc.repo.actions(game.id))) == game.snapshot
    assert game.status == "finished" and "Game over" in reply.text


async def test_team_colony_takes_turns_and_pings_the_next_player(svc: GameService) -> None:
    reply = await begin(svc, ALICE, BOB)
    assert sorted(reply.mentions) == [ALICE.user_id, BOB.user_id]  # the draft opens for both at once
    # The draft is simultaneous: both choose a character.
    for who in (ALICE, BOB):
        choice = next(a for _, a in await svc.legal(HERE, who) if a.kind == "choose_character")
        reply = await svc.act(HERE, who, choice)
    assert reply.mentions == [ALICE.user_id]
    with pytest.raises(NotAllowedError, match="Alice's move"):
        await svc.act(HERE, BOB, Action.of("end_turn"))
    reply = await svc.act(HERE, ALICE, Action.of("end_turn"))
    assert "**Bob**'s turn" in reply.text and reply.mentions == [BOB.user_id]


async def test_undo_is_refused_after_a_draw(svc: GameService) -> None:
    await begin(svc, ALICE)
    choice = next(a for _, a in await svc.legal(HERE, ALICE) if a.kind == "choose_character")
    await svc.act(HERE, ALICE, choice)
    await svc.act(HERE, ALICE, Action.of("draw"))
    with pytest.raises(NotAllowedError):
        await svc.undo(HERE, ALICE)


async def test_colony_autocomplete_names_cards(svc: GameService) -> None:
    await begin(svc, ALICE)
    options = await svc.choices(HERE, ALICE, "colony", "choose_character", "character", {})
    assert len(options) == 2 and all(label != value for label, value in options)


def test_colony_frontend_options() -> None:
    frontend = FRONTENDS["colony"]
    assert frontend.clean_options({})["scenario"] == frontend.start_options[0].default
    with pytest.raises(ValueError, match="scenario"):
        frontend.clean_options({"scenario": "mars"})
    assert {c.kind for c in frontend.commands} >= {"draw", "deploy", "end_turn", "choose_character", "place"}


async def test_a_discard_goes_to_its_owner_out_of_turn(repo: Repository) -> None:
    seed, path, gift = discard_path()
    svc = GameService(repo, render=False, seeds=lambda: seed)
    await begin(svc, ALICE, BOB)
    people = [ALICE, BOB]
    for seat, action in path:
        await svc.act(HERE, people[seat], action)
    receiver = people[int(gift.arg("seat"))]
    giver = people[1 - int(gift.arg("seat"))]
    reply = await svc.act(HERE, giver, gift)
    assert reply.mentions == [receiver.user_id]
    assert f"**Waiting for {receiver.name}** to discard 1" in reply.text
    discards = [b for b in reply.buttons if b.action is not None and b.action.kind == "discard"]
    assert discards and all(b.label.startswith(f"{receiver.name} discards ") for b in discards)
    with pytest.raises(NotAllowedError, match=f"{receiver.name}'s move"):
        await svc.act(HERE, giver, Action.of("draw"))
    discard = discards[0].action
    assert discard is not None
    with pytest.raises(NotAllowedError, match=f"{receiver.name}'s move"):
        await svc.act(HERE, giver, discard)
    reply = await svc.act(HERE, receiver, discard)
    assert f"**{giver.name}**'s turn" in reply.text and reply.mentions == [giver.user_id]


async def test_deploy_autocomplete_offers_free_neighbours_and_payments(repo: Repository) -> None:
    seed, path = deploy_path()
    svc = GameService(repo, render=False, seeds=lambda: seed)
    await begin(svc, ALICE, BOB)
    for seat, action in path:
        await svc.act(HERE, [ALICE, BOB][seat], action)
    deploy = next(a for _, a in await svc.legal(HERE, ALICE) if a.kind == "deploy")
    card = str(deploy.arg("card"))
    spaces = await svc.choices(HERE, ALICE, "colony", "deploy", "at", {"card": card})
    assert spaces and all(label == f"Free space ({at})" for label, at in spaces)
    assert all(abs(int(x)) + abs(int(y)) == 1 for x, y in (str(at).split(",") for _, at in spaces))
    filled: dict[str, str | int] = {"card": card, "at": str(deploy.arg("at"))}
    pays = await svc.choices(HERE, ALICE, "colony", "deploy", "pay", filled)
    assert deploy.arg("pay") in [value for _, value in pays]
    assert all(", " in label or "," not in str(value) for label, value in pays)
    assert await svc.choices(HERE, BOB, "colony", "deploy", "at", {"card": card}) == []
    # Bob shares the hub with Alice: he is the one player she can give to (seat 1, typed as 2).
    assert {value for _, value in await svc.choices(HERE, ALICE, "colony", "give", "seat", {})} <= {2}


async def test_the_turn_stays_open_after_the_last_action_until_end_turn(svc: GameService) -> None:
    reply = await begin(svc, ALICE, BOB)
    for who in (ALICE, BOB):
        choice = next(a for _, a in await svc.legal(HERE, who) if a.kind == "choose_character")
        reply = await svc.act(HERE, who, choice)
    for _ in range(12):
        if "no actions left" in reply.text:
            break
        labels = {b.label: b.action for b in reply.buttons if b.action is not None}
        step = next((a for label, a in labels.items() if "discards" in label), None) or labels["Draw a card"]
        reply = await svc.act(HERE, ALICE, step)
    assert "**Alice**'s turn · no actions left" in reply.text and "Event" not in reply.text
    end = next(b.action for b in reply.buttons if b.label == "End turn")
    assert end is not None
    reply = await svc.act(HERE, ALICE, end)
    assert "Alice ends the turn." in reply.text and "Event (" in reply.text
    assert "**Bob**'s turn" in reply.text


async def test_the_discarder_is_told_the_discard_comes_first(repo: Repository) -> None:
    seed, path, gift = discard_path()
    svc = GameService(repo, render=False, seeds=lambda: seed)
    await begin(svc, ALICE, BOB)
    people = [ALICE, BOB]
    for seat, action in path:
        await svc.act(HERE, people[seat], action)
    await svc.act(HERE, people[1 - int(gift.arg("seat"))], gift)
    with pytest.raises(EngineError, match="discard one"):
        await svc.act(HERE, people[int(gift.arg("seat"))], Action.of("draw"))


async def test_a_plan_out_of_turn_that_cannot_be_played_now_gets_the_engines_reason(repo: Repository) -> None:
    # Plans may be played at any time (ruling 7): refused now, the reason is the card's, not the turn's.
    rules = GAMES["colony"]
    for seed in range(1, 300):
        state = rules.setup(["Alice", "Bob"], {"scenario": "verdance"}, seed)
        for seat in (0, 1):
            state, _ = rules.apply(state, seat, rules.legal_actions(state, seat)[0])
        cards = rules.content.cards  # type: ignore[attr-defined]
        stuck = [
            c
            for c in state.hands[1]
            if cards[c].type == "plan" and not any(a.get("card") == c for a in rules.legal_actions(state, 1))
        ]
        if stuck:
            break
    else:
        raise AssertionError("no seed deals Bob a Plan he cannot play at once")
    svc = GameService(repo, render=False, seeds=lambda: seed)
    await begin(svc, ALICE, BOB)
    for who in (ALICE, BOB):
        await svc.act(
            HERE, who, next(a for _, a in await svc.legal(HERE, who) if a.kind == "choose_character")
        )
    with pytest.raises(EngineError) as refused:
        await svc.act(HERE, BOB, Action.of("play", card=stuck[0]))
    with pytest.raises(EngineError) as engine_says:
        rules.apply(state, 1, Action.of("play", card=stuck[0]))
    assert str(refused.value) == str(engine_says.value) and "turn" not in str(refused.value)
