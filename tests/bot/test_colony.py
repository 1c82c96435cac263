"""Exoplanet Colony through real discord.py parsing: lobby, draft, turns, Plans, undo and restarts."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import GameBot
from bot.service import GameService
from engine.colony import ColonyRules
from engine.core import Action
from tests.bot.conftest import MakeBot, posted, stored
from tests.bot.conftest import button as _button
from tests.bot.conftest import labels as _labels
from tests.bot.conftest import run as _run
from tests.bot.fake_discord import EPHEMERAL, Call, FakeDiscord, Person
from tests.games import GAMES
from tests.service.colony_paths import plan_seed

ALICE = Person(11, "Alice")
BOB = Person(12, "Bob")
CARL = Person(13, "Carl")
RULES = GAMES["colony"]
# A seed where Bob holds a playable Plan after the draft and Alice can generate on her first turn.
SEED = plan_seed()


def _pings(message: Call) -> list[int]:
    return [int(user) for user in (message.message.get("allowed_mentions") or {}).get("users", [])]


async def _colony_bot(make_bot: MakeBot) -> GameBot:
    bot = await make_bot()
    bot.service = GameService(bot.service.repo, render=True, seeds=lambda: SEED)
    return bot


@pytest.fixture
async def cbot(make_bot: MakeBot) -> GameBot:
    return await _colony_bot(make_bot)


async def _state(bot: GameBot) -> Any:
    record = await stored(bot)
    assert record is not None and record.snapshot is not None
    return RULES.from_json(record.snapshot)


async def _lobby(bot: GameBot, fake: FakeDiscord) -> Call:
    """Alice opens a Verdance table and Bob joins; returns the lobby message."""
    lobby = posted(await _run(bot, fake, fake.command(ALICE, "colony", "start", scenario="verdance")))[-1]
    assert [cid.rsplit(":", 1)[1] for cid in lobby.custom_ids] == ["join", "leave", "begin"]
    return (await _run(bot, fake, fake.click(BOB, lobby, _button(lobby, ":join"))))[0]


async def _drafted(bot: GameBot, fake: FakeDiscord) -> Call:
    """Lobby, begin, each player picks their first character; returns Alice's first turn board."""
    lobby = await _lobby(bot, fake)
    draft = posted(await _run(bot, fake, fake.click(ALICE, lobby, _button(lobby, ":begin"))))[-1]
    board = draft
    for person in (ALICE, BOB):
        label = next(label for label in _labels(board) if label.startswith(f"{person.name}: "))
        board = posted(await _run(bot, fake, fake.click(person, board, _labels(board)[label])))[-1]
    return board


async def test_scenario_autocomplete_lists_planets_with_difficulty(cbot: GameBot, fake: FakeDiscord) -> None:
    calls = await _run(cbot, fake, fake.autocomplete(ALICE, "colony", "start", "scenario", scenario=""))
    choices = calls[-1].message["choices"]
    assert isinstance(RULES, ColonyRules)
    assert len(choices) == len(RULES.content.scenarios)
    assert choices[0] == {"name": "Verdance — difficulty 1", "value": "verdance"}
    calls = await _run(cbot, fake, fake.autocomplete(ALICE, "colony", "start", "scenario", scenario="frost"))
    assert [c["value"] for c in calls[-1].message["choices"]] == ["frostmaw"]


async def test_lobby_join_leave_and_only_the_host_begins(cbot: GameBot, fake: FakeDiscord) -> None:
    lobby = await _lobby(cbot, fake)
    assert "Alice, Bob" in lobby.content and "1-4" in lobby.content
    lobby = (await _run(cbot, fake, fake.click(BOB, lobby, _button(lobby, ":leave"))))[0]
    assert "Bob" not in lobby.content.split("Players")[1]
    lobby = (await _run(cbot, fake, fake.click(BOB, lobby, _button(lobby, ":join"))))[0]
    again = posted(await _run(cbot, fake, fake.click(BOB, lobby, _button(lobby, ":join"))))[-1]
    assert again.flags & EPHEMERAL and "already" in again.content

    refusal = posted(await _run(cbot, fake, fake.click(BOB, lobby, _button(lobby, ":begin"))))[-1]
    assert refusal.flags & EPHEMERAL and "host" in refusal.content
    record = await stored(cbot)
    assert record is not None and record.status == "lobby"

    draft = posted(await _run(cbot, fake, fake.click(ALICE, lobby, _button(lobby, ":begin"))))[-1]
    assert draft.flags & EPHEMERAL == 0 and "Character draft" in draft.content
    labels = list(_labels(draft))
    assert sum(label.startswith("Alice: ") for label in labels) == 2
    assert sum(label.startswith("Bob: ") for label in labels) == 2
    assert sorted(_pings(draft)) == sorted([ALICE.user_id, BOB.user_id])  # the draft opens: both are awaited


async def test_draft_refuses_another_players_pick_and_pings_the_first_player(
    cbot: GameBot, fake: FakeDiscord
) -> None:
    lobby = await _lobby(cbot, fake)
    draft = posted(await _run(cbot, fake, fake.click(ALICE, lobby, _button(lobby, ":begin"))))[-1]
    alices = next(cid for label, cid in _labels(draft).items() if label.startswith("Alice: "))
    before = await stored(cbot)
    refusal = posted(await _run(cbot, fake, fake.click(BOB, draft, alices)))[-1]
    assert refusal.flags & EPHEMERAL and "belongs to Alice" in refusal.content
    after = await stored(cbot)
    assert after is not None and before is not None and after.version == before.version

    board = posted(await _run(cbot, fake, fake.click(ALICE, draft, alices)))[-1]
    # Bob was already being waited on, so he is not pinged again.
    assert "waiting for Bob to choose" in board.content and _pings(board) == []
    bobs = next(cid for label, cid in _labels(board).items() if label.startswith("Bob: "))
    board = posted(await _run(cbot, fake, fake.click(BOB, board, bobs)))[-1]
    # Alice's turn starts: she alone is mentioned, and the actions left are shown.
    assert _pings(board) == [ALICE.user_id] and board.content.startswith(f"<@{ALICE.user_id}>")
    assert "**Alice**'s turn · 4 actions left" in board.content
    assert {"End turn", "Draw a card"} <= set(_labels(board))
    assert board.files and all(data.startswith(b"\x89PNG") for _, data in board.files)
    assert [embed["image"]["url"] for embed in board.message["embeds"]] == [
        f"attachment://{name}" for name, _ in board.files
    ]


async def test_acting_out_of_turn_is_refused_privately(cbot: GameBot, fake: FakeDiscord) -> None:
    board = await _drafted(cbot, fake)
    before = await stored(cbot)
    refusal = posted(await _run(cbot, fake, fake.command(BOB, "colony", "draw")))[-1]
    assert refusal.flags & EPHEMERAL and "Alice's move" in refusal.content
    refusal = posted(await _run(cbot, fake, fake.click(BOB, board, _labels(board)["End turn"])))[-1]
    assert refusal.flags & EPHEMERAL and "Alice's move" in refusal.content
    stranger = posted(await _run(cbot, fake, fake.command(CARL, "colony", "draw")))[-1]
    assert stranger.flags & EPHEMERAL and "not a player" in stranger.content
    after = await stored(cbot)
    assert after is not None and before is not None and after.version == before.version


async def test_a_plan_is_played_out_of_turn(cbot: GameBot, fake: FakeDiscord) -> None:
    await _drafted(cbot, fake)
    calls = await _run(cbot, fake, fake.autocomplete(BOB, "colony", "play", "card", card=""))
    offered = [c["value"] for c in calls[-1].message["choices"]]
    plan = next(a for a in RULES.legal_actions(await _state(cbot), 1) if a.kind == "play")
    state = await _state(cbot)
    assert plan.arg("card") in offered and set(offered) <= set(state.hands[1])
    # Alice's own autocomplete offers her cards, not Bob's.
    calls = await _run(cbot, fake, fake.autocomplete(ALICE, "colony", "generate", "card", card=""))
    assert {c["value"] for c in calls[-1].message["choices"]} <= set(state.hands[0])

    reply = posted(await _run(cbot, fake, fake.command(BOB, "colony", "play", **plan.params)))[-1]
    assert reply.flags & EPHEMERAL == 0 and "Bob" in reply.content
    after = await _state(cbot)
    assert after.seat == 0 and after.hands[1] != state.hands[1]
    assert "**Alice**'s turn · 4 actions left" in reply.content and _pings(reply) == []


async def test_undo_within_the_turn_and_refused_after_a_draw(cbot: GameBot, fake: FakeDiscord) -> None:
    await _drafted(cbot, fake)
    before = await stored(cbot)
    generate = next(a for a in RULES.legal_actions(await _state(cbot), 0) if a.kind == "generate")
    board = posted(await _run(cbot, fake, fake.command(ALICE, "colony", "generate", **generate.params)))[-1]
    assert "3 actions left" in board.content
    undo = _button(board, ":undo")

    refusal = posted(await _run(cbot, fake, fake.click(BOB, board, undo)))[-1]
    assert refusal.flags & EPHEMERAL and "Only Alice" in refusal.content
    reply = posted(await _run(cbot, fake, fake.click(ALICE, board, undo)))[-1]
    assert (
        reply.flags & EPHEMERAL == 0 and "takes back" in reply.content and "4 actions left" in reply.content
    )
    after = await stored(cbot)
    assert after is not None and before is not None and after.snapshot == before.snapshot

    board = posted(await _run(cbot, fake, fake.click(ALICE, reply, _labels(reply)["Draw a card"])))[-1]
    assert not any(cid.endswith(":undo") for cid in board.custom_ids)
    refusal = posted(await _run(cbot, fake, fake.command(ALICE, "colony", "undo")))[-1]
    assert refusal.flags & EPHEMERAL and "cannot be undone" in refusal.content


async def test_a_restart_mid_turn_resumes_with_working_buttons(make_bot: MakeBot, fake: FakeDiscord) -> None:
    first = await _colony_bot(make_bot)
    await _drafted(first, fake)
    generate = next(a for a in RULES.legal_actions(await _state(first), 0) if a.kind == "generate")
    board = posted(await _run(first, fake, fake.command(ALICE, "colony", "generate", **generate.params)))[-1]
    await first.close()

    second = await make_bot()
    reply = posted(await _run(second, fake, fake.click(ALICE, board, _button(board, ":undo"))))[-1]
    assert reply.flags & EPHEMERAL == 0 and "takes back" in reply.content
    reply = posted(await _run(second, fake, fake.click(ALICE, reply, _labels(reply)["End turn"])))[-1]
    state = await _state(second)
    assert state.turn == 2 and state.seat == 1
    assert _pings(reply) == [BOB.user_id] and "**Bob**'s turn" in reply.content
    # The turn's end reveals an event, and its card comes with the table's images.
    assert "event.png" in [name for name, _ in reply.files]


async def test_a_two_player_game_is_played_to_its_end_with_buttons(cbot: GameBot, fake: FakeDiscord) -> None:
    # Text only: hundreds of boards, and the images are covered by the other tests.
    cbot.service = GameService(cbot.service.repo, render=False, seeds=lambda: SEED)
    board = await _drafted(cbot, fake)
    people = {0: ALICE, 1: BOB}
    for _ in range(400):
        record = await stored(cbot)
        if record is None:
            break
        assert record.snapshot is not None
        state = RULES.from_json(record.snapshot)
        seat = min(RULES.to_move(state), key=lambda s: s != state.seat)
        legal = RULES.legal_actions(state, seat)
        useful = [a for a in legal if a.kind in ("deploy", "recover", "repair")]
        if useful:
            calls = await _run(
                cbot, fake, fake.command(people[seat], "colony", _sub(useful[0]), **useful[0].params)
            )
        else:
            ids = set(board.custom_ids)
            target = next(a for a in legal if _custom_id(record.id, record.version, a) in ids)
            calls = await _run(
                cbot, fake, fake.click(people[seat], board, _custom_id(record.id, record.version, target))
            )
        board = posted(calls)[-1]
        assert board.flags & EPHEMERAL == 0, board.content
    assert "Game over" in board.content
    finished = await cbot.service.repo.get_game(1)
    assert finished is not None and finished.status == "finished"


def _sub(action: Action) -> str:
    return action.kind.replace("_", "-")


def _custom_id(game_id: int, version: int, action: Action) -> str:
    from bot.ui.custom_ids import encode_action

    return encode_action(game_id, version, action)
