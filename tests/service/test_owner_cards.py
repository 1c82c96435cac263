"""An owner's own card folder reaches every part of the bot: the Colony start choices and the console."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from bot import cli
from bot.games import MODULES, load_game
from bot.service import GameService
from bot.store import Repository
from tests.service.conftest import ALICE, HERE

SHIPPED = Path(__file__).resolve().parents[2] / "engine" / "colony" / "content"


def renamed_planet(tmp_path: Path) -> Path:
    """The shipped Colony cards with the first planet renamed to "ashfall"."""
    folder = tmp_path / "colony"
    shutil.copytree(SHIPPED, folder)
    scenarios = folder / "scenarios.json"
    text = scenarios.read_text(encoding="utf-8")
    scenarios.write_text(text.replace('"verdance"', '"ashfall"').replace('"Verdance"', '"Ashfall"'), "utf-8")
    return folder


async def test_a_renamed_scenario_is_offered_and_accepted(repo: Repository, tmp_path: Path) -> None:
    game = load_game(MODULES["colony"], renamed_planet(tmp_path))
    [option] = game.frontend.start_options
    assert option.choices is not None and "ashfall" in option.choices and "verdance" not in option.choices
    assert option.default == "ashfall"
    service = GameService(repo, render=False, games={"colony": game})
    reply = await service.start(HERE, ALICE, "colony", {"scenario": "ashfall"})
    assert [button.control for button in reply.buttons] == ["join", "leave", "begin"]
    record = await service.repo.open_game(HERE.channel_id)
    assert record is not None and record.options["scenario"] == "ashfall"


def test_the_console_simulates_the_owners_cards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLONY_CONTENT_DIR", str(renamed_planet(tmp_path)))
    out = io.StringIO()
    assert cli.main(["sim", "colony", "--games", "2", "--scenario", "ashfall"], stdout=out) == 0
    assert out.getvalue()
    assert cli.main(["docs", "colony"], stdout=(docs := io.StringIO())) == 0
    assert "Ashfall" in docs.getvalue() and "Verdance" not in docs.getvalue()
