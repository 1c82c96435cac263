"""Every move the console lists says what to type for it, and that line, typed back, plays it."""

from __future__ import annotations

import io
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.console_input import command_action, read_command, typed_command
from bot.local import Console, local_actor, open_table
from bot.service import GameService
from bot.store import Repository, make_engine, make_sessionmaker
from bot.store.migrate import upgrade
from engine.core import Action
from tests.games import FRONTENDS
from tests.service.fakegame import FRONTEND

# "  3. Sum: sector 8  [/spacebase choose option:sum]": the number, and what to type, if anything.
LISTED = re.compile(r"^  (\d+)\. .*?(?:  \[(/[^\]]+)\])?$", re.MULTILINE)
GAMES = [
    ("exobase", ["Ann"], {}),
    ("colony", ["Ann", "Bea"], {"scenario": "rustveil"}),
    ("spacebase", ["Ann", "Bob"], {}),
    ("europa", ["Ann", "Bob"], {}),
]
STEPS = 30


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'typed.db'}")
    await upgrade(engine)
    yield GameService(Repository(make_sessionmaker(engine)), render=False, seeds=lambda: 7)
    await engine.dispose()


def _listed(console: Console, text: str) -> list[tuple[Action, str]]:
    """The moves numbered in ``text`` with what it says to type for each; a move listed without it
    must have no subcommand at all."""
    by_number = {number: key for key, number in console.numbers.items()}
    found: list[tuple[Action, str]] = []
    for number, typed in LISTED.findall(text):
        key = by_number[int(number)]
        if not isinstance(key, Action):
            assert not typed, f"a lifecycle button is no move: {typed}"
        elif typed:
            found.append((key, typed))
        else:
            assert all(spec.kind != key.kind for spec in console.frontend.commands), key
    return found


async def _play_by_typing(service: GameService, game: str, players: list[str], options: Any) -> int:
    out = io.StringIO()
    console = Console(service, game, Path("unused"), out, local_actor(players[0]))
    await open_table(console, players, options)
    rng, mark, typed_back = random.Random(game), 0, 0
    for _step in range(STEPS):
        record = await service.repo.open_game(console.where.channel_id)
        waiting = await service.waiting_seats(console.where)
        if record is None or not waiting:
            break
        seat = rng.choice(waiting)
        await console.handle(f"as {seat + 1}")
        listing = len(out.getvalue())
        await console.handle("actions")
        # The buttons under the last move and the `actions` list alike.
        for action, typed in _listed(console, out.getvalue()[mark:]):
            name, values = read_command(game, typed)
            assert command_action(console.frontend, name, values) == action, typed
            typed_back += 1
        mine = _listed(console, out.getvalue()[listing:])
        action, typed = rng.choice([(action, typed) for action, typed in mine if action.kind != "away"])
        before = len(await service.repo.actions(record.id))
        mark = len(out.getvalue())
        await console.handle(typed)
        after = await service.repo.actions(record.id)
        assert len(after) > before, out.getvalue()[mark:]
        assert (after[before].seat, Action.from_json(after[before].action)) == (seat, action), typed
    return typed_back


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
async def test_every_listed_move_typed_back_plays_that_move(
    service: GameService, game: str, players: list[str], options: dict[str, Any]
) -> None:
    assert await _play_by_typing(service, game, players, options) > STEPS


async def test_the_brackets_show_what_to_type_not_the_engine_form(service: GameService) -> None:
    out = io.StringIO()
    console = Console(service, "spacebase", Path("unused"), out, local_actor("Ann"))
    await open_table(console, ["Ann", "Bob"], {})
    await console.handle("actions")
    text = out.getvalue()
    assert "Sum: sector " in text and "  [/spacebase choose option:sum]\n" in text
    assert "Automatic choices on  [/spacebase auto on:true]\n" in text
    # The buttons of Ann's own message say it too.
    assert re.search(r"^  \d+\. Sum \d+: .*  \[/spacebase choose option:sum\]$", text, re.MULTILINE)
    assert "[choose option=sum]" not in text and "on=True" not in text
    # A lifecycle button is no move: no bracket.
    assert re.search(r"^  1\. My turn$", text, re.MULTILINE)


def test_a_move_without_a_subcommand_that_plays_it_has_no_typed_form() -> None:
    assert typed_command("tally", FRONTEND, Action.of("add", n=2)) == "/tally add n:2"
    # No subcommand submits the kind, or none has an option for an argument: nothing to type.
    assert typed_command("tally", FRONTEND, Action.of("pass")) is None
    assert typed_command("tally", FRONTEND, Action.of("add", n=2, twice=True)) is None
    # A value with a space is quoted as the console's reading of a line expects.
    exobase = FRONTENDS["exobase"]
    work = Action.of("work", founder="aoki", card="green house", space=0)
    typed = typed_command("exobase", exobase, work)
    assert typed == "/exobase work founder:aoki 'card:green house' space:0"
    assert command_action(exobase, *read_command("exobase", typed)) == work


def test_a_line_is_read_as_a_player_would_type_it() -> None:
    # A value with spaces need not be quoted; the game's and the subcommand's words in any case.
    assert read_command("spacebase", "/SpaceBase Buy card:Obsidian Clipper sector:8") == (
        "buy",
        {"card": "Obsidian Clipper", "sector": "8"},
    )
    assert read_command("exobase", 'exobase build card:"Gas Vent" at:0,2') == (
        "build",
        {"card": "Gas Vent", "at": "0,2"},
    )
    with pytest.raises(ValueError, match="name:value"):
        read_command("exobase", "/exobase build Gas Vent")
    with pytest.raises(ValueError, match='card:"Gas Vent"'):
        read_command("exobase", '/exobase build card:"Gas Vent')


async def test_the_consoles_own_words_in_any_case_and_no_discord_leftovers(service: GameService) -> None:
    out = io.StringIO()
    console = Console(service, "spacebase", Path("unused"), out, local_actor("Ann"))
    await open_table(console, ["Ann", "Bob"], {"variant": "lightspeed"})
    for line in ("HELP", "?", "Actions", "Hand"):
        assert await console.handle(line)
    text = out.getvalue()
    assert text.count("Commands (as in Discord):") == 2
    assert "Commands start with" not in text
    # A private message names no Discord channel, and a menu's pages read as one list.
    assert "<#" not in text and "— for Ann only." in text
    assert not re.search(r"… \(\d+\) ", text)
    assert not await console.handle("Quit")
