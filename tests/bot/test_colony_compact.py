"""Colony through real discord.py parsing: a move that changes only hands posts no grid or board
picture again, and a list of cards typed by name may end with a comma."""

from __future__ import annotations

from bot.app import GameBot
from bot.service import GameService
from tests.bot.conftest import button, labels, posted, run
from tests.bot.fake_discord import EPHEMERAL, Call, FakeDiscord, Person

ALICE, BOB = Person(11, "Alice"), Person(12, "Bob")


def _pictures(call: Call) -> dict[str, bytes]:
    return dict(call.files)


async def _drafted(bot: GameBot, fake: FakeDiscord, seed: int, picks: dict[str, str]) -> Call:
    bot.service = GameService(bot.service.repo, render=True, seeds=lambda: seed)
    lobby = posted(await run(bot, fake, fake.command(ALICE, "colony", "start", scenario="verdance")))[-1]
    lobby = posted(await run(bot, fake, fake.click(BOB, lobby, button(lobby, ":join"))))[-1]
    board = posted(await run(bot, fake, fake.click(ALICE, lobby, button(lobby, ":begin"))))[-1]
    for person in (ALICE, BOB):
        label = next(t for t in labels(board) if t.startswith(f"{person.name}: ") and picks[person.name] in t)
        board = posted(await run(bot, fake, fake.click(person, board, labels(board)[label])))[-1]
    return board


async def test_an_item_that_changes_only_hands_posts_no_grid_again(bot: GameBot, fake: FakeDiscord) -> None:
    first = await _drafted(bot, fake, 51, {"Alice": "Quartermaster", "Bob": "Rover Pilot"})
    assert "grid.png" in _pictures(first)
    reply = posted(await run(bot, fake, fake.click(ALICE, first, labels(first)["Play Ration Crate"])))[-1]
    assert not reply.flags & EPHEMERAL and "Ration Crate" in reply.content
    assert "grid.png" not in _pictures(reply)
    assert "hands.png" in _pictures(reply)
