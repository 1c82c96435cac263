"""The card set: its sizes, every reward kind on several cards, and validation messages."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from engine.core.errors import ContentError
from engine.spacebase import CONTENT, load_content
from engine.spacebase.content_load import DEFAULT_DIR
from engine.spacebase.docs import card_reference
from engine.spacebase.model import KINDS


def test_the_set_has_the_sizes_of_the_printed_boxes() -> None:
    cards = CONTENT.cards.values()
    sizes = Counter((c.set, c.type, c.level) for c in cards)
    assert sizes[("base", "starter", 0)] == 12
    assert [sizes[("base", "ship", level)] for level in (1, 2, 3)] == [48, 48, 36]
    assert sizes[("base", "colony", 0)] == 12
    assert sum(sizes[("genesis", "ship", level)] for level in (1, 2, 3)) == 102
    assert sizes[("genesis", "colony", 0)] == 36
    assert len({c.name for c in cards}) == len(CONTENT.cards)


def test_every_reward_kind_is_on_at_least_three_cards() -> None:
    seen: Counter[str] = Counter()
    for c in CONTENT.cards.values():
        rewards = [*c.blue, *c.red, *c.immediate, *c.end_turn, *c.shared]
        rewards += list(c.ability.effects) if c.ability else []
        seen.update({r.kind for r in rewards})
    assert {kind: seen[kind] for kind in KINDS if seen[kind] < 3} == {}
    clarified = {c.note for c in CONTENT.cards.values() if c.note}
    assert clarified == {f"clarify:{n}" for n in (28, 69, 70, 81, 84, 92, 114, 125, 128, 130)}


def _broken(tmp_path: Path, name: str, change: dict[str, object], index: int = 0) -> Path:
    for f in DEFAULT_DIR.glob("*.json"):
        shutil.copy(f, tmp_path / f.name)
    data = json.loads((tmp_path / name).read_text())
    data[index].update(change)
    (tmp_path / name).write_text(json.dumps(data))
    return tmp_path


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        ("ships.json", {"cost": "three"}, "ships.json 'l1_001': 'cost'"),
        ("ships.json", {"blue": [{"kind": "teleport"}]}, "ships.json 'l1_001' blue[0]: 'kind'"),
        ("ships.json", {"blue": [{"kind": "charge"}]}, "needs the card to have an 'ability'"),
        ("ships.json", {"blue": [{"kind": "arrow"}]}, "'arrow' needs 'dir'"),
        ("ships.json", {"red": [{"kind": "trade"}]}, "may only be an immediate reward or an ability"),
        ("starters.json", {"sector": 5}, "one starter for each sector"),
        ("colonies.json", {"condition": {"stat": "luck", "at_least": 2}}, "condition: 'stat'"),
        ("ships.json", {"id": "Bad Id"}, "lowercase slug"),
    ],
)
def test_a_broken_file_names_the_file_entry_and_field(
    tmp_path: Path, name: str, change: dict[str, object], message: str
) -> None:
    with pytest.raises(ContentError, match=re.escape(message)):
        load_content(_broken(tmp_path, name, change))


def test_a_missing_file_is_a_content_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=r"starters\.json: cannot read it"):
        load_content(tmp_path)


def test_the_card_reference_lists_every_card() -> None:
    text = card_reference()
    assert text.startswith("## Card reference")
    assert all(c.name in text for c in CONTENT.cards.values())
