"""The balance simulation, its policies and the generated card reference."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.colony.docs import card_reference
from engine.colony.sim import SimReport, play, simulate
from engine.core.errors import EngineError

DOC = Path(__file__).resolve().parents[3] / "docs" / "colony.md"


def test_play_is_deterministic_per_seed() -> None:
    a = play(3, "greedy", 2, "verdance")
    assert a == play(3, "greedy", 2, "verdance")
    assert a.actions > 0 and a.turns >= 1


def test_simulate_reports_and_formats() -> None:
    report = simulate(4, "random", 3, "rustveil", 10)
    assert report.games == 4 and sum(report.losses.values()) == 4 - report.wins
    lines = report.lines()
    assert (
        lines[0]
        == "Exoplanet Colony simulation: 4 games, policy random, 3 players, scenario rustveil, seed 10"
    )
    assert lines[1].startswith("win rate:") and lines[2].startswith("mean turns played:")
    assert any(line.startswith("loss: ") for line in lines)


def test_greedy_beats_random_on_an_easy_planet() -> None:
    greedy = simulate(12, "greedy", 2, "verdance", 100)
    rand = simulate(12, "random", 2, "verdance", 100)
    assert greedy.wins > rand.wins and greedy.wins >= 5


def test_unknown_policy_raises() -> None:
    with pytest.raises(EngineError):
        play(1, "clever")


def test_empty_report_is_safe() -> None:
    assert SimReport(0, "random", 1, "verdance", 1, 0, 0.0).win_rate == 0.0


def test_card_reference_lists_every_card() -> None:
    text = card_reference()
    for name in ("Algae Vat", "Contingency Plan", "Hull Breach", "Frostmaw", "Medic", "red = oxygen"):
        assert name in text
    assert text == card_reference()


def test_docs_carry_the_current_card_reference() -> None:
    text = DOC.read_text(encoding="utf-8")
    begin, end = "<!-- card-reference:begin -->\n", "\n<!-- card-reference:end -->"
    assert text.split(begin, 1)[1].split(end, 1)[0] == card_reference().rstrip("\n")
    assert "## Rulings" in text and "## Simulation and balance" in text


def test_docs_and_data_agree_on_the_starting_supplies() -> None:
    from engine.colony import CONTENT
    from engine.colony.model import SUPPLY_MAX

    text = DOC.read_text(encoding="utf-8")
    starts = {v for s in CONTENT.scenarios.values() for v in s.supplies.values()}
    if starts != {SUPPLY_MAX}:
        assert "full supplies" not in text.split("## Rulings", 1)[0]
        ruling = text.split("4. **Start.**", 1)[1].split("\n5. ", 1)[0]
        assert all(str(v) in ruling for v in starts) and "full supply" in ruling
