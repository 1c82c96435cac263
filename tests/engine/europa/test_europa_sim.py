"""The balance simulation: seeded, per-seat report, greedy clearly better than random."""

from __future__ import annotations

import pytest

from engine.core.errors import EngineError
from engine.europa.sim import play, simulate


def test_play_is_seeded_and_reports_the_game() -> None:
    a = play(3, "greedy", players=3, invaders=True)
    assert a == play(3, "greedy", players=3, invaders=True)
    assert len(a.scores) == 3 and a.winners and a.built + a.failed > 0


def test_report_lines_and_win_shares() -> None:
    report = simulate(12, "greedy", players=2, seed=5)
    assert abs(sum(report.win_rates) - 1) < 1e-9
    text = "\n".join(report.lines())
    assert "12 games" in text and "win rate by seat" in text and "built" in text


def test_greedy_beats_random_seats() -> None:
    report = simulate(20, "greedy", players=3, seed=1, rival="random")
    assert report.win_rates[0] > 0.6
    assert report.mean_score[0] > max(report.mean_score[1:]) + 5


def test_unknown_policy_is_refused() -> None:
    with pytest.raises(EngineError):
        play(1, "clever")
