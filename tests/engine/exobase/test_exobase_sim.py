from __future__ import annotations

import pytest

from engine.core.errors import EngineError
from engine.exobase.docs import card_reference
from engine.exobase.sim import SimReport, play, simulate


def test_play_is_deterministic_per_seed() -> None:
    a = play(3, "greedy", "normal")
    b = play(3, "greedy", "normal")
    assert a == b and a.actions > 0 and 1 <= a.days <= 10


def test_simulate_reports_and_formats() -> None:
    report = simulate(4, "random", "hardcore", 10)
    assert report.games == 4 and 0 <= report.wins <= 4
    assert sum(report.losses.values()) == 4 - report.wins
    lines = report.lines()
    assert lines[0].startswith("ExoBase simulation: 4 games, policy random, mode hardcore, seed 10")
    assert any(line.startswith("win rate:") for line in lines)


def test_greedy_plays_better_than_random() -> None:
    greedy = simulate(12, "greedy", "normal", 100)
    assert greedy.wins > 0 and greedy.mean_score > 0


def test_unknown_policy_raises() -> None:
    with pytest.raises(EngineError):
        play(1, "clever", "normal")


def test_empty_report_is_safe() -> None:
    assert SimReport(0, "random", "normal", 1, 0, 0.0, 0.0).win_rate == 0.0


def test_card_reference_lists_every_card() -> None:
    text = card_reference()
    for name in ("Greenhouse", "Deep Well", "Storage Silo", "Tamsin", "Halvard", "Hardcore mode"):
        assert name in text
    assert text == card_reference()
