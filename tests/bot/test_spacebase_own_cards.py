"""SPACEBASE_CONTENT_DIR: an owner's own Space Base cards are the ones the bot plays and names."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bot.app import games_for
from bot.settings import Settings, SettingsError, load_settings
from engine.spacebase.content_load import DEFAULT_DIR
from tests.bot.conftest import button, labels, posted, quiet_bot, run
from tests.bot.fake_discord import EPHEMERAL, FakeDiscord, Person, dm_recipient

ALICE = Person(11, "Alice")
BOB = Person(12, "Bob")


def _own_cards(tmp_path: Path) -> Path:
    """The shipped cards, with the sector-6 starter renamed and paying 9 credits instead of 4."""
    folder = tmp_path / "own-cards"
    shutil.copytree(DEFAULT_DIR, folder)
    starters = json.loads((folder / "starters.json").read_text())
    six = next(card for card in starters if card["sector"] == 6)
    six["name"] = "Owner's Own Hauler"
    six["blue"] = [{"kind": "credits", "n": 9}]
    (folder / "starters.json").write_text(json.dumps(starters))
    return folder


def _settings(tmp_path: Path) -> Settings:
    """Settings read from the environment, as at the bot's start."""
    return load_settings(database_url=f"sqlite+aiosqlite:///{tmp_path / 'settings.db'}", dev_guild_id=None)


async def test_the_bot_plays_the_owners_own_cards(
    tmp_path: Path, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SPACEBASE_CONTENT_DIR", str(_own_cards(tmp_path)))
    games = games_for(_settings(tmp_path))
    async with quiet_bot(tmp_path, 7, games=games) as bot:
        start = fake.command(ALICE, "spacebase", "start", **{"turn-time": 1440})
        lobby = posted(await run(bot, fake, start))[-1]
        lobby = posted(await run(bot, fake, fake.click(BOB, lobby, button(lobby, ":join"))))[-1]
        calls = await run(bot, fake, fake.click(ALICE, lobby, button(lobby, ":begin")))
        board = [c for c in posted(calls) if dm_recipient(fake, c) is None][-1]
        mine = posted(await run(bot, fake, fake.click(ALICE, board, labels(board)["My turn"])))[-1]
    assert mine.flags & EPHEMERAL
    # Seed 7 rolls 5 and 1: the sum's sector 6 now pays the owner's 9 credits, not the shipped 4.
    assert "Sum 6: +9 credits" in labels(mine)


def test_broken_space_base_cards_name_their_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "starters.json").write_text("[]")
    monkeypatch.setenv("SPACEBASE_CONTENT_DIR", str(folder))
    with pytest.raises(SettingsError, match="SPACEBASE_CONTENT_DIR"):
        games_for(_settings(tmp_path))
