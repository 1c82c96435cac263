"""A button or menu option whose custom id would pass Discord's 100 characters is left off the
message (and logged by its kind alone), instead of failing the whole message after a saved move."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot
from bot.games import Game
from bot.replies import Button, Option
from engine.core import Action
from tests.bot.conftest import posted, quiet_bot, run
from tests.bot.fake_discord import EPHEMERAL, FakeDiscord, Person
from tests.service.fakegame import FRONTEND, TallyRules

ALICE = Person(11, "Alice")
SECRET = "hidden_card_" + "x" * 100


def _buttons(
    view: Mapping[str, Any], legal: list[Action], game_id: int, version: int, *, can_undo: bool = False
) -> list[Button]:
    """The tally's buttons, plus a menu with one option too long, a menu of nothing but such
    options and a button too long: only the parts that fit may reach Discord."""
    long = Action.of("add", n=1, card=SECRET)
    fits = Option("Add one", action=Action.of("add", n=1))
    return [
        Button("Pick…", game_id, version, options=(Option("Too long", action=long), fits)),
        Button("Nothing fits…", game_id, version, options=(Option("Too long", action=long),)),
        Button("Too long", game_id, version, action=long),
        *(Button(str(a), game_id, version, action=a) for a in legal),
    ]


@pytest.fixture
async def tbot(tmp_path: Path, fake: FakeDiscord) -> Any:
    game = Game(TallyRules(), replace(FRONTEND, buttons=_buttons))
    async with quiet_bot(tmp_path, 3, {"tally": game}) as bot:
        yield bot


async def test_a_move_posts_its_board_without_the_components_that_do_not_fit(
    tbot: GameBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    await run(tbot, fake, fake.command(ALICE, "tally", "start"))
    board = posted(await run(tbot, fake, fake.command(ALICE, "tally", "add", n=2)))[-1]
    assert not board.flags & EPHEMERAL and "sorry" not in board.content.lower()
    rows = board.message["components"]
    [menu] = rows[0]["components"]
    assert menu["type"] == 3 and [o["label"] for o in menu["options"]] == ["Add one"]
    ids = [c["custom_id"] for row in rows[1:] for c in row["components"]]
    assert ids == ["xa:1:1:add|n#1", "xa:1:1:add|n#2", "xa:1:1:roll"]
    assert all(len(cid) <= 100 for cid in [menu["custom_id"], *ids])
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("does not fit" in w for w in warnings)
    assert all(SECRET not in r.getMessage() for r in caplog.records)
