"""The balance simulation: seeded, reported per seat and per policy."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.errors import EngineError
from engine.spacebase.docs import card_reference
from engine.spacebase.sim import play, seat_policies, simulate


def test_a_simulated_game_is_reproducible() -> None:
    first = play(3, "greedy", 3, "genesis")
    assert first == play(3, "greedy", 3, "genesis")
    assert len(first.scores) == 3 and first.winners and max(first.scores) >= 40


def test_greedy_beats_random_when_mixed() -> None:
    report = simulate(12, "greedy,random", 2, seed=5)
    assert report.policy_rate("greedy") > report.policy_rate("random")
    assert report.policy_seats == {"greedy": 12, "random": 12}
    text = "\n".join(report.lines())
    assert "win rate by seat" in text and "policy random" in text


def test_policies_rotate_round_the_seats_and_unknown_ones_are_refused() -> None:
    assert seat_policies("greedy,random", 3, 0) == ("greedy", "random", "greedy")
    assert seat_policies("greedy,random", 3, 1) == ("random", "greedy", "random")
    with pytest.raises(EngineError):
        play(1, "clever")


def test_the_docs_hold_the_current_card_reference() -> None:
    doc = (Path(__file__).resolve().parents[3] / "docs" / "spacebase.md").read_text(encoding="utf-8")
    # `exobase docs spacebase` writes it between the markers.
    assert f"<!-- card-reference:begin -->\n{card_reference().strip()}\n<!-- card-reference:end -->" in doc
