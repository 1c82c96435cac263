"""The shipped content loads and is big enough; broken files raise clear ContentErrors."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.colony import CONTENT, load_content
from engine.colony.content_load import DEFAULT_DIR
from engine.colony.model import COLOURS, ENVIRONMENT
from engine.core.errors import ContentError


def test_shipped_content_sizes() -> None:
    assert len(CONTENT.characters) >= 8
    assert any(c.ability == "heal_member" for c in CONTENT.characters.values())
    assert len(CONTENT.scenarios) >= 6
    assert {s.difficulty for s in CONTENT.scenarios.values()} == {1, 2, 3}
    assert 55 <= len(CONTENT.deck()) <= 65
    types = {c.type for c in CONTENT.cards.values()}
    assert types == {"module", "item", "plan"}
    assert {c.colour for c in CONTENT.cards.values() if c.type == "module"} == set(COLOURS)
    events = len(CONTENT.event_pool(False)) + len(CONTENT.event_pool(True))
    assert 38 <= events <= 45
    assert CONTENT.event_pool(True)


def test_some_cards_read_the_scenario_values() -> None:
    used = {
        a.lstrip("-") for c in CONTENT.cards.values() for a in c.production.values() if isinstance(a, str)
    }
    assert used == set(ENVIRONMENT)
    events = [e for e in CONTENT.events.values() if any(isinstance(a, str) for a in e.supply.values())]
    assert events and any(e.health for e in CONTENT.events.values())
    assert any(e.emergency for e in CONTENT.events.values()) and any(e.loss for e in CONTENT.events.values())


def test_loads_from_another_directory(tmp_path: Path) -> None:
    shutil.copytree(DEFAULT_DIR, tmp_path / "mine")
    other = load_content(tmp_path / "mine")
    assert other is not CONTENT and set(other.cards) == set(CONTENT.cards)


def _broken(tmp_path: Path, name: str, change: Callable[[Any], Any]) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_DIR, folder)
    data = json.loads((folder / name).read_text())
    (folder / name).write_text(json.dumps(change(data)))
    return folder


def _first(data: list[dict[str, Any]], **fields: Any) -> list[dict[str, Any]]:
    data[0].update(fields)
    return data


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        ("cards.json", lambda d: _first(d, production={"air": 1}), "unknown resource 'air'"),
        ("cards.json", lambda d: _first(d, cost={"purple": 1}), "'cost' is an object of colours"),
        ("cards.json", lambda d: _first(d, production={"oxygen": "gravity"}), "an amount is"),
        ("cards.json", lambda d: [*d, d[0]], "Duplicate card id"),
        ("cards.json", lambda d: [c for c in d if c["type"] != "plan"], "at least one Plan"),
        ("characters.json", lambda d: [c for c in d if c["ability"] != "heal_member"], "heal a team member"),
        ("characters.json", lambda d: d[:5], "at least 8 characters"),
        ("characters.json", lambda d: _first(d, ability="fly"), "'ability' must be one of"),
        ("scenarios.json", lambda d: _first(d, difficulty=4), "'difficulty' must be an integer from 1 to 3"),
        ("scenarios.json", lambda d: _first(d, events={"normal": 99, "critical": 1}), "more events than"),
        (
            "scenarios.json",
            lambda d: _first(d, production={"oxygen": 0, "water": 0, "food": 1, "energy": 0}),
            "already self-sustaining",
        ),
        ("scenarios.json", lambda d: _first(d, supplies={"oxygen": 5}), "must give every resource"),
        ("scenarios.json", lambda d: _first(d, deal={"1": 5, "2": 6}), "'deal' is an integer or an object"),
        ("scenarios.json", lambda d: _first(d, deal="six"), "'deal' must be an integer"),
        ("scenarios.json", lambda d: _first(d, deal={"1": 7, "2": 6, "3": 8, "4": 9}), "over the hand limit"),
        (
            "scenarios.json",
            lambda d: _first(d, events={"normal": {"1": 13, "4": 12}, "critical": 3}),
            "'normal' is an integer or an object",
        ),
        ("events.json", lambda d: _first(d, health="flu"), "'health' must be one of"),
        ("events.json", lambda d: _first(d, emergency=["roof"]), "'emergency' lists places"),
        ("events.json", lambda d: {"not": "a list"}, "expected a non-empty list"),
    ],
)
def test_broken_content_is_rejected(
    tmp_path: Path, name: str, change: Callable[[Any], Any], message: str
) -> None:
    folder = _broken(tmp_path, name, change)
    with pytest.raises(ContentError, match=message):
        load_content(folder)


def test_unreadable_files_are_named(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=r"characters\.json: cannot read it"):
        load_content(tmp_path)
    shutil.copytree(DEFAULT_DIR, tmp_path / "c")
    (tmp_path / "c" / "events.json").write_text("{oops")
    with pytest.raises(ContentError, match=r"events\.json: not valid JSON"):
        load_content(tmp_path / "c")


def test_one_number_serves_every_player_count(tmp_path: Path) -> None:
    folder = _broken(
        tmp_path, "scenarios.json", lambda d: _first(d, deal=4, events={"normal": 9, "critical": 2})
    )
    planet = next(iter(load_content(folder).scenarios.values()))
    assert dict(planet.deal) == {1: 4, 2: 4, 3: 4, 4: 4}
    assert dict(planet.normal_events) == {1: 9, 2: 9, 3: 9, 4: 9} and planet.critical_events == 2
