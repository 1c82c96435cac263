"""An owner's card id must stay short enough to travel in a Discord button: a longer one is
refused when the cards load, naming the entry, rather than failing a message mid-game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.games import MODULES, load_game
from bot.games.module import ContentSettingError
from engine.core.content import MAX_ID_LENGTH
from engine.europa import EuropaRules

SHIPPED = Path(__file__).resolve().parents[2] / "engine" / "europa" / "content"


def _with_first_id(tmp_path: Path, new_id: str) -> Path:
    folder = tmp_path / "europa"
    shutil.copytree(SHIPPED, folder)
    cards = folder / "cards.json"
    cards.write_text(cards.read_text(encoding="utf-8").replace('"nadir_gate"', f'"{new_id}"', 1), "utf-8")
    return folder


def test_a_card_id_longer_than_the_limit_is_refused_naming_it(tmp_path: Path) -> None:
    long_id = "a" * (MAX_ID_LENGTH + 1)
    with pytest.raises(ContentSettingError, match=f"cards.json.*{long_id}.*{MAX_ID_LENGTH} characters"):
        load_game(MODULES["europa"], _with_first_id(tmp_path, long_id))


def test_a_card_id_at_the_limit_loads(tmp_path: Path) -> None:
    game = load_game(MODULES["europa"], _with_first_id(tmp_path, "b" * MAX_ID_LENGTH))
    assert isinstance(game.rules, EuropaRules)
    assert "b" * MAX_ID_LENGTH in game.rules.content.cards
