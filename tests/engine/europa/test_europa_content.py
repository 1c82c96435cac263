"""The shipped content loads; broken files raise ContentError naming file, entry and field."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import ContentError
from engine.europa import CONTENT, EuropaRules, load_content
from engine.europa.content_load import DEFAULT_DIR
from engine.europa.docs import card_reference
from engine.europa.model import INGENUITY_KINDS, PLAN_KINDS, UNDERMINE_KINDS


def test_shipped_content_has_80_cards_and_12_invaders_covering_every_ability() -> None:
    assert len(CONTENT.deck(False)) == 80 and len(CONTENT.deck(True)) == 92
    for part, kinds in (("undermine", UNDERMINE_KINDS), ("ingenuity", INGENUITY_KINDS), ("plan", PLAN_KINDS)):
        present = Counter(getattr(c, part).kind for c in CONTENT.cards.values())
        assert set(kinds) <= set(present), part
    assert len({c.name for c in CONTENT.cards.values()}) == 92


def _broken(tmp_path: Path, name: str, change: Any) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_DIR, folder)
    data = json.loads((folder / name).read_text())
    change(data)
    (folder / name).write_text(json.dumps(data))
    return folder


@pytest.mark.parametrize(
    ("name", "change", "words"),
    [
        ("cards.json", lambda d: d[0].__setitem__("points", "lots"), ["cards.json", "points"]),
        ("cards.json", lambda d: d[1]["needs"].__setitem__("moon", 1), ["cards.json", "needs"]),
        (
            "cards.json",
            lambda d: d[2]["undermine"].__setitem__("kind", "explode"),
            ["cards.json", "undermine", "kind"],
        ),
        ("cards.json", lambda d: d[3].__setitem__("id", d[4]["id"]), ["Duplicate", "card"]),
        ("invaders.json", lambda d: d[0].__setitem__("points", 0), ["invaders.json", "points"]),
        ("dice.json", lambda d: d["faces"]["red"].pop(), ["dice.json", "red", "six"]),
        (
            "dice.json",
            lambda d: d["faces"]["blue"].__setitem__(0, ["silo", "tower"]),
            ["dice.json", "Double"],
        ),
    ],
)
def test_broken_content_names_the_problem(tmp_path: Path, name: str, change: Any, words: list[str]) -> None:
    folder = _broken(tmp_path, name, change)
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert all(w in str(err.value) for w in words), str(err.value)


def test_an_entry_is_named_by_its_id(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "cards.json", lambda d: d[5].pop("name"))
    with pytest.raises(ContentError, match=r"cards\.json '.+': 'name'"):
        load_content(folder)


def test_invader_abilities_belong_on_invaders_cards(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "cards.json", lambda d: d[0].__setitem__("plan", {"kind": "invader_main"}))
    with pytest.raises(ContentError, match="Invaders cards only"):
        load_content(folder)


def test_other_content_plays_and_the_reference_lists_every_card(tmp_path: Path) -> None:
    rules = EuropaRules(load_content(DEFAULT_DIR))
    assert rules.setup(["a", "b"], {}, 1).rounds == 4
    text = card_reference()
    assert all(c.name in text for c in CONTENT.cards.values())
    assert "## Card reference" in text
