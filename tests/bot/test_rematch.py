""" "Play again" under a finished game: a new table of the same game, with the same options, in the
same channel, through real discord.py parsing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.app import GameBot
from bot.board import PLAY_AGAIN
from bot.games import Game
from bot.ui.custom_ids import encode_control
from tests.bot.conftest import button, labels, posted, quiet_bot, run, stored
from tests.bot.fake_discord import EPHEMERAL, Call, FakeDiscord, Person
from tests.service.fakegame import FRONTEND, TallyRules

ALICE = Person(11, "Alice")
BOB = Person(12, "Bob")
CARL = Person(13, "Carl")


@pytest.fixture
async def tbot(tmp_path: Path, fake: FakeDiscord) -> AsyncIterator[GameBot]:
    async with quiet_bot(tmp_path, 3, {"tally": Game(TallyRules(), FRONTEND)}) as bot:
        yield bot


async def _play_out(bot: GameBot, fake: FakeDiscord, *people: Person) -> Call:
    """Add 2 in turn until the tally is over; the last board."""
    board: Call | None = None
    for turn in range(6):
        board = posted(await run(bot, fake, fake.command(people[turn % len(people)], "tally", "add", n=2)))[
            -1
        ]
    assert board is not None and "Game over" in board.content
    return board


async def test_play_again_begins_a_new_solo_game_and_retires_the_button(
    tbot: GameBot, fake: FakeDiscord
) -> None:
    await run(tbot, fake, fake.command(ALICE, "tally", "start"))
    over = await _play_out(tbot, fake, ALICE)
    finished = await tbot.service.repo.get_game(1)
    assert finished is not None and finished.status == "finished"
    assert list(labels(over)) == [PLAY_AGAIN]
    calls = await run(tbot, fake, fake.click(ALICE, over, labels(over)[PLAY_AGAIN]))
    board = posted(calls)[-1]
    assert board.content.startswith("Alice starts a new game of Tally.") and not board.flags & EPHEMERAL
    again = await stored(tbot)
    assert again is not None and again.id != finished.id and again.status == "active"
    assert again.options == finished.options and again.host_id == ALICE.user_id
    # The finished game's message loses its button once it was used.
    assert any(c.method == "PATCH" and c.message.get("components") == [] for c in calls)


async def test_only_its_player_plays_a_solo_game_again(tbot: GameBot, fake: FakeDiscord) -> None:
    await run(tbot, fake, fake.command(ALICE, "tally", "start"))
    over = await _play_out(tbot, fake, ALICE)
    refusal = posted(await run(tbot, fake, fake.click(CARL, over, labels(over)[PLAY_AGAIN])))[-1]
    assert refusal.flags & EPHEMERAL and "Only its player" in refusal.content
    # Alice's own press still works.
    board = posted(await run(tbot, fake, fake.click(ALICE, over, labels(over)[PLAY_AGAIN])))[-1]
    assert board.content.startswith("Alice starts a new game of Tally.")


async def test_play_again_opens_a_lobby_that_mentions_the_last_players(
    tbot: GameBot, fake: FakeDiscord
) -> None:
    lobby = posted(await run(tbot, fake, fake.command(ALICE, "tally", "start", team=True)))[-1]
    lobby = posted(await run(tbot, fake, fake.click(BOB, lobby, button(lobby, ":join"))))[-1]
    await run(tbot, fake, fake.click(ALICE, lobby, button(lobby, ":begin")))
    over = await _play_out(tbot, fake, ALICE, BOB)
    # Anyone in the channel may press it; they host the new table.
    fresh = posted(await run(tbot, fake, fake.click(CARL, over, labels(over)[PLAY_AGAIN])))[-1]
    assert fresh.content.startswith("Carl opened a new Tally table. <@11>, <@12>: press Join to play again.")
    assert sorted(int(u) for u in fresh.message["allowed_mentions"]["users"]) == [11, 12]
    record = await stored(tbot)
    assert record is not None and record.status == "lobby" and record.options == {"team": True}
    assert record.host_id == CARL.user_id and record.player_names == ["Carl"]
    # A second press (two players pressing at once) finds the new table: a private pointer to it,
    # nothing changes.
    refusal = posted(await run(tbot, fake, fake.click(BOB, over, labels(over)[PLAY_AGAIN])))[-1]
    assert refusal.flags & EPHEMERAL and refusal.content == (
        "Someone pressed Play again first: a new Tally table is open here; press Join under its message."
    )
    again = posted(await run(tbot, fake, fake.click(CARL, over, labels(over)[PLAY_AGAIN])))[-1]
    assert again.flags & EPHEMERAL and again.content == "You are already seated at the new Tally table here."
    same = await stored(tbot)
    assert same is not None and same.id == record.id and same.version == record.version


async def test_play_again_for_a_game_still_in_play_changes_nothing(tbot: GameBot, fake: FakeDiscord) -> None:
    board = posted(await run(tbot, fake, fake.command(ALICE, "tally", "start")))[-1]
    record = await stored(tbot)
    assert record is not None
    # A forged button on the board: the game it names has not finished.
    forged = encode_control(record.id, record.version, "rematch")
    row = {"type": 1, "components": [{"type": 2, "style": 3, "label": PLAY_AGAIN, "custom_id": forged}]}
    board = replace(board, payload={**board.message, "components": [row]})
    refusal = posted(await run(tbot, fake, fake.click(ALICE, board, forged)))[-1]
    assert refusal.flags & EPHEMERAL and "did not finish here" in refusal.content
    same = await stored(tbot)
    assert same is not None and same.id == record.id and same.version == record.version
