"""Tests for the rulings written in docs/exobase.md that other files do not already cover."""

from __future__ import annotations

from pathlib import Path

from engine.core.action import Action
from engine.exobase import RULES
from engine.exobase.docs import card_reference
from tests.engine.exobase.exo_helpers import FOUR, act, derived, founder, new, put, rich, rig, to_night

DOC = Path(__file__).resolve().parents[3] / "docs" / "exobase.md"


def test_docs_carry_the_current_card_reference() -> None:
    text = DOC.read_text(encoding="utf-8")
    begin, end = "<!-- card-reference:begin -->\n", "\n<!-- card-reference:end -->"
    assert text.split(begin, 1)[1].split(end, 1)[0] == card_reference().rstrip("\n")
    assert "## Rulings" in text and "## Balance" in text


def test_a_shrinking_cap_drops_the_surplus() -> None:
    state = new(9, founders=["jun", "tamsin", "vesna", "mara"])
    rich(state, 7)
    assert derived(state).cap["food"] == 7
    founder(state, "jun")["health"] = 1
    rig(state, 1)
    after, _ = act(state, "work", founder="jun", card="power_station", space=0)
    assert not founder(after, "jun")["alive"]
    assert after.storage == {r: 6 for r in after.storage}


def test_a_space_stays_taken_when_its_founder_dies() -> None:
    state = new(9, founders=FOUR)
    founder(state, "mara")["health"] = 1
    rig(state, 2)
    after, _ = act(state, "work", founder="mara", card="power_station", space=0)
    assert after.spots["power_station:0"] == "mara"
    assert Action.of("work", founder="tamsin", card="power_station", space=0) not in RULES.legal_actions(
        after, 0
    )


def test_a_relocated_founder_can_be_hit_by_the_next_target_roll() -> None:
    state = new(9, founders=FOUR)
    state.day = 6
    put(state, "hydroponics", -1, -1, damage=1)
    state.base[0]["damage"] = 1  # the Greenhouse
    founder(state, "vesna")["at"] = "greenhouse"
    state, _ = act(state, "end_placement")
    rig(state, 6, 1, 3)  # 12: two target rolls; the Greenhouse falls, then the Machine Shop is hit
    state, _ = act(state, "roll_hazard")
    assert state.pending is not None and state.pending["kind"] == "choose_target"
    state, _ = act(state, "choose_target", card="greenhouse")
    assert state.pending is not None and state.pending["kind"] == "relocate"
    health = founder(state, "vesna")["health"]
    state, events = act(state, "relocate", founder="vesna", card="machine_shop")
    assert [e.kind for e in events].count("damaged") == 1
    assert founder(state, "vesna")["health"] == health - 2


def test_team_seats_share_the_outcome() -> None:
    state = new(9, founders=FOUR, team=True)
    for f in state.founders:
        f["health"] = 1
    state.day = 4
    state, _ = act(state, "end_placement", seat=1)
    state, _ = act(state, "end_placement", seat=0)
    rig(state, 6)
    state, _ = act(state, "roll_hazard", seat=0)
    outcome = RULES.outcome(state)
    assert outcome is not None and not outcome.won and set(outcome.scores) == {0, 1}


def test_flip_is_asked_even_with_one_choice() -> None:
    state = to_night(new(9, founders=FOUR))
    state.task_row = [None, None, None]
    state.pile = state.pile[:1]
    state.location_row[0] = None
    only = state.pile[0]
    state, _ = act(state, "next_day")
    assert state.pending is not None and state.pending["options"] == [only]
