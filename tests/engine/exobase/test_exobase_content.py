from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import ContentError
from engine.exobase import CONTENT, load_content
from engine.exobase.content_load import DEFAULT_DIR
from engine.exobase.model import RESOURCES


def test_default_content_has_the_full_set() -> None:
    assert len(CONTENT.founders) == 8
    assert set(CONTENT.core) == {"greenhouse", "hab", "machine_shop", "power_station"}
    assert len(CONTENT.deck) == 13
    assert all(1 <= CONTENT.cards[c].dice <= 6 for c in CONTENT.cards)
    assert all(CONTENT.cards[c].task is not None for c in CONTENT.deck)
    assert set(CONTENT.modes) == {"normal", "hardcore"}
    passives = [f.passive.effect for f in CONTENT.founders.values()]
    assert {"production": {"food": 1}} in passives
    assert {"energy": 1} in passives
    assert sum(1 for p in passives if p.get("adjacent_bonus")) == 2
    generators = [c for c in CONTENT.deck if CONTENT.cards[c].generator]
    assert generators and any(CONTENT.cards[c].silo for c in CONTENT.deck)


def test_hazard_tables_cover_every_roll_in_both_modes() -> None:
    for mode in CONTENT.modes.values():
        for roll in range(2, 17):
            assert mode.hazard(roll).name
        assert set(mode.green) == set(RESOURCES)


def copy_content(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(DEFAULT_DIR, target)
    return target


def edit(folder: Path, name: str, change: Any) -> None:
    data = json.loads((folder / name).read_text())
    change(data)
    (folder / name).write_text(json.dumps(data))


def test_a_copied_content_directory_loads(tmp_path: Path) -> None:
    folder = copy_content(tmp_path)
    edit(folder, "founders.json", lambda d: d[0].update(name="Someone Else"))
    content = load_content(folder)
    assert content.founders["tamsin"].name == "Someone Else"


def _card(d: list[dict[str, Any]], cid: str) -> dict[str, Any]:
    return next(c for c in d if c["id"] == cid)


BROKEN = [
    ("cards.json", lambda d: d.append(dict(d[5])), "Duplicate card id"),
    ("cards.json", lambda d: _card(d, "well").update(doors=["X"]), "doors"),
    ("cards.json", lambda d: _card(d, "well").update(doors=[]), "doors"),
    ("cards.json", lambda d: _card(d, "well").update(dice=7), "dice"),
    ("cards.json", lambda d: _card(d, "well").update(cost={"gold": 1}), "unknown resource"),
    ("cards.json", lambda d: _card(d, "well")["spaces"].append({"level": 1}), "exactly one"),
    ("cards.json", lambda d: _card(d, "well").update(bonus_from="nothing"), "type 'nothing'"),
    ("cards.json", lambda d: _card(d, "hab").update(doors=["N"]), "line up"),
    ("founders.json", lambda d: d[0].update(injured_at=99), "injured_at"),
    ("founders.json", lambda d: d[0]["passive"].update(effect={"fly": 1}), "passive effect"),
    ("modes.json", lambda d: d["normal"]["hazards"].pop(), "roll 16"),
    ("modes.json", lambda d: d["hardcore"]["hazards"][0].update(to=5), "covered 2 times"),
    ("modes.json", lambda d: d["normal"]["green"].pop("gas"), "needs a value"),
]


@pytest.mark.parametrize(("name", "change", "message"), BROKEN)
def test_broken_content_raises_a_clear_error(tmp_path: Path, name: str, change: Any, message: str) -> None:
    folder = copy_content(tmp_path)
    edit(folder, name, change)
    with pytest.raises(ContentError, match=message):
        load_content(folder)


def test_an_unobtainable_resource_is_rejected(tmp_path: Path) -> None:
    def no_gas(cards: list[dict[str, Any]]) -> None:
        for card in cards:
            spaces = card.get("spaces", []) + ([card["task"]["reward"]] if "task" in card else [])
            for space in spaces:
                if "gas" in space.get("gain", {}):
                    space["gain"] = {"water": 1}
                if "gas" in space.get("either", []):
                    space["either"] = ["water", "food"]

    folder = copy_content(tmp_path)
    edit(folder, "cards.json", no_gas)
    with pytest.raises(ContentError, match="gas"):
        load_content(folder)


def test_an_unplaceable_card_is_rejected(tmp_path: Path) -> None:
    def walls(cards: list[dict[str, Any]]) -> None:
        for card in cards:
            if card.get("core"):
                card["doors"] = ["N", "E", "S", "W"] if card["id"] != "hab" else ["S", "W"]
        _card(cards, "well")["doors"] = ["N"]
        for card in cards:
            if card.get("core"):
                card["doors"] = [s for s in card["doors"] if _inner(card["start"], s)]

    folder = copy_content(tmp_path)
    edit(folder, "cards.json", walls)
    with pytest.raises(ContentError, match="cannot be placed"):
        load_content(folder)


def _inner(start: list[int], side: str) -> bool:
    """Whether a door of a core card at ``start`` faces another core card."""
    x, y = start
    dx, dy = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}[side]
    return 0 <= x + dx <= 1 and 0 <= y + dy <= 1


@pytest.mark.parametrize("name", ["cards.json", "founders.json", "modes.json"])
def test_missing_or_invalid_files_raise(tmp_path: Path, name: str) -> None:
    folder = copy_content(tmp_path)
    (folder / name).write_text("{not json")
    with pytest.raises(ContentError, match="not valid JSON"):
        load_content(folder)
    (folder / name).unlink()
    with pytest.raises(ContentError, match="cannot read"):
        load_content(folder)
