from __future__ import annotations

import io
import re
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.games import Game
from bot.local import Console, console_where, local_actor, open_table, run_console
from bot.service import GameService
from bot.store import Repository, make_engine, make_sessionmaker
from bot.store.migrate import upgrade
from tests.service.fakegame import FRONTEND, RULES

TALLY = console_where("tally")


class FakeRenderer:
    """Tally's one image, a stand-in PNG labelled with the total."""

    game = "tally"

    def plan(self, view: dict[str, Any], events: list[Any], which: Any = None) -> list[Any]:
        image = SimpleNamespace(
            filename="table.png", data=b"\x89PNG fake", description=f"total {view['total']}"
        )
        return [
            SimpleNamespace(name="table", standing=True, key=f"table:{view['total']}", draw=lambda: image)
        ]


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'local.db'}")
    await upgrade(engine)
    yield GameService(
        Repository(make_sessionmaker(engine)),
        # A stand-in for a registry Renderer on purpose: the bot only reads its game and plan.
        games={"tally": Game(RULES, FRONTEND, renderer=FakeRenderer())},  # type: ignore[arg-type]
        seeds=lambda: 5,
    )
    await engine.dispose()


async def play(service: GameService, tmp_path: Path, script: str, players: list[str]) -> tuple[str, Console]:
    out = io.StringIO()
    console = Console(service, "tally", tmp_path / "images", out, local_actor(players[0]))
    await open_table(console, players, {})
    await run_console(console, io.StringIO(script), interactive=False)
    return out.getvalue(), console


async def test_scripted_session_plays_and_writes_images(service: GameService, tmp_path: Path) -> None:
    script = "\n".join(
        [
            "/tally add n:2",
            "actions",
            "1",  # the first legal action: add 1
            "/tally undo",
            "/tally add n:5",
            "/tally add",
            "/tally status",
            "help",
            "quit",
            "/tally add n:1",  # never read: the session ended
        ]
    )
    text, console = await play(service, tmp_path, script, ["Ann"])
    assert "Ann starts a game of Tally." in text
    assert "Ann adds 2." in text
    assert "1. Add 1  [/tally add n:1]" in text
    assert "Ann adds 1." in text
    assert "Ann takes back: Add 1." in text
    # A refusal quotes the move as it was typed, not in the engine's form.
    assert "! '/tally add n:5' is not legal now." in text
    assert "! 'add' needs n." in text
    assert "Subcommands: start, status, rules, undo, abandon, add, roll" in text
    assert len(console.images_written) >= 4
    assert all(path.read_bytes() == b"\x89PNG fake" for path in console.images_written)
    assert f"[image] {console.images_written[0]}" in text
    game = await service.repo.open_game(TALLY.channel_id)
    assert game is not None and game.snapshot is not None and game.snapshot["total"] == 2


async def test_team_console_switches_speaker_and_uses_buttons(service: GameService, tmp_path: Path) -> None:
    # The abandon button joins the numbers already listed for this state of the game (1-4).
    script = "as Bob\n2\nas Zed\n/tally add n:1\nas Ann\n/tally abandon\n5\n"
    text, _ = await play(service, tmp_path, script, ["Ann", "Bob"])
    assert "The Tally game begins: Ann, Bob." in text
    assert "You are now Bob." in text
    assert "Bob adds 2." in text
    assert "! You are not a player of this game." in text
    assert "Ann abandoned the Tally game." in text
    assert await service.repo.open_game(TALLY.channel_id) is None


async def test_console_resumes_the_open_game(service: GameService, tmp_path: Path) -> None:
    await play(service, tmp_path, "/tally add n:2\n", ["Ann"])
    text, _ = await play(service, tmp_path, "/tally add n:1\n", ["Ann"])
    assert "Resuming game #1" in text
    game = await service.repo.open_game(TALLY.channel_id)
    assert game is not None and game.snapshot is not None and game.snapshot["total"] == 3


async def test_bad_input_is_explained(service: GameService, tmp_path: Path) -> None:
    text, _ = await play(
        service, tmp_path, "9\nadd\n/tally\n/tally nope\n/tally add n:x\n/tally add n:1 k:2\n", ["A"]
    )
    assert "! No choice 9 in the lists since the last move; pick one of 1, 2, 3." in text
    assert "! Commands start with /tally" in text
    assert "! Which subcommand?" in text
    assert "! Unknown subcommand 'nope'" in text
    assert "! 'n' must be a whole number (got 'x')." in text
    assert "! 'add' has no option k." in text


async def test_colony_console_gathers_the_table_and_takes_turns(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'colony.db'}")
    await upgrade(engine)
    service = GameService(Repository(make_sessionmaker(engine)), render=False, seeds=lambda: 1)
    out = io.StringIO()
    console = Console(service, "colony", tmp_path / "images", out, local_actor("Ann"))
    await open_table(console, ["Ann", "Bea"], {"scenario": "rustveil"})
    script = "\n".join(
        [
            "1",  # Ann picks her first character
            "1",  # the console now speaks for Bea, whose two characters are the only buttons left
            "/colony draw",  # the draft is over and the console speaks for Ann, whose turn it is
            "/colony undo",
            "as Bea",
            "/colony draw",
            "as Ann",
            "/colony end-turn",
            "help",
            "quit",
        ]
    )
    await run_console(console, io.StringIO(script), interactive=False)
    await engine.dispose()
    text = out.getvalue()
    assert "The Exoplanet Colony game begins: Ann, Bea." in text
    assert "**Character draft** — waiting for Ann, Bea to choose." in text
    assert "1. Ann: " in text and "3. Bea: " in text
    assert "Ann plays" in text and "Bea plays" in text
    assert "(It is Bea's move: you are now Bea.)" in text
    assert "(It is Ann's move: you are now Ann.)" in text
    assert "**Ann**'s turn · 4 actions left" in text
    assert "**Ann**'s turn · 3 actions left" in text
    # Colony hands are open on the table, so the console names the card drawn.
    assert re.search(r"^Ann draws (?!a card)[A-Z][\w ]+\.$", text, re.MULTILINE)
    assert "! Your last action revealed cards; it cannot be undone." in text
    assert "! It is Ann's move; wait for yours." in text
    assert "**Bea**'s turn" in text
    assert "Subcommands: start, status, rules, undo, abandon, character, draw" in text


async def test_each_game_writes_its_images_to_a_folder_of_its_own(
    service: GameService, tmp_path: Path
) -> None:
    # A game, then another in the same session, then the second resumed in a later session.
    text, console = await play(
        service, tmp_path, "/tally add n:2\n/tally abandon\n5\n/tally start\n", ["Ann"]
    )
    first, second = tmp_path / "images" / "tally-1", tmp_path / "images" / "tally-2"
    assert text.count(f"(Images of this game go to {first}/)") == 1
    assert text.count(f"(Images of this game go to {second}/)") == 1
    assert text.index(f"{first}/)") < text.index("Ann adds 2.") < text.index(f"{second}/)")
    mine = [path for path in console.images_written if path.parent == first]
    assert [path.name for path in mine] == [f"{n:04d}-table.png" for n in range(1, len(mine) + 1)]
    theirs = [path for path in console.images_written if path.parent == second]
    assert theirs[0].name == "0001-table.png"
    assert set(console.images_written) == {*first.iterdir(), *second.iterdir()}
    # A later session numbers on in the game's folder: nothing is overwritten.
    text, later = await play(service, tmp_path, "/tally add n:1\n", ["Ann"])
    assert "Resuming game #2" in text and f"(Images of this game go to {second}/)" in text
    assert later.images_written[0].name == f"{len(theirs) + 1:04d}-table.png"
    assert len(list(second.iterdir())) == len(theirs) + len(later.images_written)
