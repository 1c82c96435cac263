"""The local console's numbering, completion, channels and drawn-card names."""

from __future__ import annotations

import builtins
import io
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.console_input import Completer
from bot.console_text import name_drawn_cards
from bot.games import Game
from bot.games.spec import CommandSpec, opt
from bot.local import Console, console_where, local_actor, open_table, run_console
from bot.replies import Button
from bot.service import GameService
from bot.store import Repository, make_engine, make_sessionmaker
from bot.store.migrate import upgrade
from engine.core import Action
from tests.games import FRONTENDS
from tests.service.fakegame import FRONTEND, RULES


def _reversed_buttons(view: Any, legal: list[Action], game_id: int, version: int, **_: Any) -> list[Button]:
    return [Button(str(a), game_id, version, action=a) for a in reversed(legal)]


# Three games on one service: "tally", "count" whose buttons list the actions in reverse, and
# "give" with a subcommand that names a player by seat (the tally itself never takes it).
COUNT = replace(FRONTEND, key="count", title="Count", buttons=_reversed_buttons)
GIVE = replace(
    FRONTEND,
    key="give",
    commands=(*FRONTEND.commands, CommandSpec("give", "give", "Give", (opt("seat", "To whom", "int"),))),
)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'console.db'}")
    await upgrade(engine)
    yield GameService(
        Repository(make_sessionmaker(engine)),
        render=False,
        games={"tally": Game(RULES, FRONTEND), "count": Game(RULES, COUNT), "give": Game(RULES, GIVE)},
        seeds=lambda: 5,
    )
    await engine.dispose()


async def session(service: GameService, game: str, script: str, players: list[str]) -> str:
    out = io.StringIO()
    console = Console(service, game, Path("unused"), out, local_actor(players[0]))
    await open_table(console, players, {})
    await run_console(console, io.StringIO(script), interactive=False)
    return out.getvalue()


async def test_a_number_keeps_its_meaning_while_the_game_stands_still(service: GameService) -> None:
    # The buttons list the actions in reverse; `actions` and the status keep the numbers the
    # buttons gave, so a later list never turns an earlier number into another action.
    text = await session(service, "count", "actions\n/count status\n3\n", ["Ann"])
    buttons = "  1. roll  [/count roll]\n  2. add n=2  [/count add n:2]\n  3. add n=1  [/count add n:1]\n"
    assert text.startswith(f"Ann starts a game of Count.\n{buttons}")
    assert (
        "  3. Add 1  [/count add n:1]\n  2. Add 2  [/count add n:2]\n  1. Roll a die  [/count roll]\n" in text
    )
    assert f"Count\n{buttons}Ann adds 1." in text and "rolls" not in text


async def test_a_number_from_before_the_game_moved_on_is_refused(service: GameService) -> None:
    ann_out = io.StringIO()
    ann = Console(service, "tally", Path("unused"), ann_out, local_actor("Ann"))
    await open_table(ann, ["Ann", "Bob"], {})
    await ann.handle("actions")
    # Someone else moves the game on (another terminal, or the same channel from elsewhere).
    bob = Console(service, "tally", Path("unused"), io.StringIO(), local_actor("Bob"))
    await open_table(bob, ["Bob"], {})
    await bob.handle("/tally add n:2")
    await ann.handle("3")
    text = ann_out.getvalue()
    assert "! Number 3 was from a list the game has moved past; type actions or /tally status" in text
    game = await service.repo.open_game(console_where("tally").channel_id)
    assert game is not None and game.snapshot is not None and game.snapshot["total"] == 2


async def test_each_game_has_its_own_console_channel(service: GameService) -> None:
    await session(service, "tally", "/tally add n:2\n", ["Ann"])
    text = await session(service, "count", "", ["Ann"])
    assert "Ann starts a game of Count." in text and "Resuming" not in text
    text = await session(service, "tally", "", ["Ann"])
    assert "Resuming game #1 (tally)" in text
    assert console_where("exobase") != console_where("colony")
    assert console_where("exobase") == console_where("exobase")


def test_completion_offers_what_discord_autocomplete_offers() -> None:
    legal = [Action.of("add", n=1), Action.of("add", n=2), Action.of("roll")]
    completer = Completer("tally", FRONTEND, legal, ["Ann", "Bob"])
    assert completer.candidates("", "") == ["/tally ", "actions", "as ", "help", "quit"]
    assert completer.candidates("", "/t") == ["/tally "]
    assert completer.candidates("as ", "B") == ["Bob "]
    assert completer.candidates("/tally ", "a") == ["abandon ", "add "]
    assert completer.candidates("/tally add ", "") == ["n:"]
    assert completer.candidates("/tally add ", "n:") == ["n:1 ", "n:2 "]
    assert completer.candidates("/tally start ", "team:") == ["team:false ", "team:true "]
    assert completer.candidates("/chess ", "") == []
    # Nothing is legal for a seat that may not act: nothing to complete.
    assert Completer("tally", FRONTEND, [], []).candidates("/tally add ", "n:") == []


def test_completion_narrows_by_the_options_already_typed() -> None:
    legal = [
        Action.of("work", founder="aoki", card="greenhouse", space=0),
        Action.of("work", founder="aoki", card="mine", space=1),
        Action.of("work", founder="bell", card="mine", space=0),
        Action.of("end_placement"),
    ]
    completer = Completer("exobase", FRONTENDS["exobase"], legal, [])
    assert completer.candidates("/exobase work ", "card:") == ["card:greenhouse ", "card:mine "]
    assert completer.candidates("/exobase work founder:bell ", "card:") == ["card:mine "]
    # An option left empty narrows nothing, as in Discord.
    assert completer.candidates("/exobase work founder: ", "card:") == ["card:greenhouse ", "card:mine "]
    assert completer.candidates("/exobase work founder:aoki card:mine ", "s") == ["space:"]
    assert completer.candidates("/exobase work founder:aoki card:mine ", "space:") == ["space:1 "]


async def test_a_terminal_reads_with_line_editing_and_completion(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    readline = pytest.importorskip("readline")
    prompts: list[str] = []
    completers: list[Any] = []
    lines = iter(["/tally add n:2", "as Bob"])

    def fake_input(prompt: str) -> str:
        prompts.append(prompt)
        completers.append(readline.get_completer())
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(builtins, "input", fake_input)
    out = io.StringIO()
    console = Console(service, "tally", Path("unused"), out, local_actor("Ann"))
    await open_table(console, ["Ann"], {})
    await run_console(console, io.StringIO(), interactive=True)
    assert prompts == ["Ann> ", "Ann> ", "Bob> "]
    # The seated players are offered after `as`.
    assert completers[0].__self__.names == ["Ann"]
    assert "Ann adds 2." in out.getvalue()
    # Ann may act, so her completions hold the legal actions; Bob is no player and gets none.
    everything = [Action.of("add", n=1), Action.of("add", n=2), Action.of("roll")]
    assert [list(c.__self__.legal) for c in completers] == [everything, everything, []]


def test_drawn_cards_are_named_only_when_the_table_sees_the_hand() -> None:
    def view(*hand: str) -> dict[str, Any]:
        cards = [{"id": card.lower(), "name": card} for card in hand]
        return {"players": [{"name": "Kim", "hand": cards}, {"name": "Lee", "hand": []}]}

    text = "Kim draws a card.\nKim draws a card.\nLee passes."
    named = name_drawn_cards(text, view("Pump"), view("Pump", "Drill", "Antenna"))
    assert named in (
        "Kim draws Drill.\nKim draws Antenna.\nLee passes.",
        "Kim draws Antenna.\nKim draws Drill.\nLee passes.",
    )
    # Hidden hands never appear in a table view: the text stays as the engine wrote it.
    hidden = {"players": [{"name": "Kim", "hand_size": 3}]}
    assert name_drawn_cards(text, hidden, hidden) == text
    assert name_drawn_cards(text, None, None) == text


async def test_terminal_history_is_kept_across_sessions(
    service: GameService, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    readline = pytest.importorskip("readline")
    history = tmp_path / "history"
    history.write_text("/tally status\n")
    seen: list[str] = []

    def fake_input(prompt: str) -> str:
        # What the up arrow would bring back: the earlier session's line, then this one's.
        seen.append(readline.get_history_item(readline.get_current_history_length()))
        if len(seen) == 1:
            readline.add_history("/tally add n:1")  # input() records each line it reads
            return "/tally add n:1"
        return "quit"

    readline.clear_history()
    monkeypatch.setattr(builtins, "input", fake_input)
    console = Console(service, "tally", Path("unused"), io.StringIO(), local_actor("Ann"))
    await open_table(console, ["Ann"], {})
    await run_console(console, io.StringIO(), interactive=True, history=history)
    assert seen == ["/tally status", "/tally add n:1"]
    assert history.read_text().splitlines()[-2:] == ["/tally status", "/tally add n:1"]


def test_a_typed_true_or_false_option_is_a_bool() -> None:
    # `/spacebase auto on:true` and `/europa redraw ... six:true` are typed as words in the console.
    [auto] = [spec for spec in FRONTENDS["spacebase"].commands if spec.kind == "auto"]
    [on] = auto.options
    assert [on.parse(word) for word in ("true", "On", "yes", "1")] == [True] * 4
    assert [on.parse(word) for word in ("false", "off", "no", "0")] == [False] * 4
    with pytest.raises(ValueError, match="'on' must be true or false"):
        on.parse("maybe")


async def colony_console(tmp_path: Path, script: str) -> tuple[Console, str]:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'colony.db'}")
    await upgrade(engine)
    colony = GameService(Repository(make_sessionmaker(engine)), render=False, seeds=lambda: 1)
    out = io.StringIO()
    console = Console(colony, "colony", Path("unused"), out, local_actor("Ann"))
    await open_table(console, ["Ann", "Bea"], {"scenario": "rustveil"})
    # Both pick their first character; then it is Ann's turn.
    await run_console(console, io.StringIO(f"1\n1\n{script}"), interactive=False)
    await engine.dispose()
    return console, out.getvalue()


async def test_the_console_counts_seats_from_one(tmp_path: Path) -> None:
    # The engine counts Bea, the second player, as seat 1; at the console she is seat 2, as players count.
    script = "actions\n/colony give card:battery_pack seat:2\nas 2\nas 3\nhelp\n"
    _console, text = await colony_console(tmp_path, script)
    assert "Players are counted from 1: as 2 and seat:2 name the second player." in text
    assert "Give Battery Pack to Bea  [/colony give card:battery_pack seat:2]" in text
    assert "seat:1]" not in text
    assert "Ann gives Battery Pack to Bea." in text
    assert "You are now Bea." in text
    assert "! There is no seat 3 at this table; the seats are 1 Ann, 2 Bea." in text


def test_completion_offers_seats_counted_from_one() -> None:
    legal = [Action.of("give", card="pump", seat=1), Action.of("give", card="pump", seat=0)]
    completer = Completer("colony", FRONTENDS["colony"], legal, [])
    assert completer.candidates("/colony give card:pump ", "seat:") == ["seat:1 ", "seat:2 "]
    assert completer.candidates("/colony give seat:2 ", "card:") == ["card:pump "]


async def test_a_refusal_quotes_the_move_as_typed_with_its_seat_counted_from_one(
    service: GameService,
) -> None:
    text = await session(service, "give", "/give give seat:2\n", ["Ann", "Bob"])
    assert "! '/give give seat:2' is not legal now." in text
    assert "seat=1" not in text
