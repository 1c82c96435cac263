"""The rulings of docs/colony.md that other test files do not already pin down."""

from __future__ import annotations

from engine.colony import RULES
from tests.engine.colony.col_helpers import act, events_on_top, kinds, legal, put, started


def test_event_effects_resolve_supply_then_loss_then_emergency() -> None:
    state = started(21)
    put(state, "solar_field", "1,0")
    events_on_top(state, "reactor_scram")
    state, events = act(state, "end_turn")
    order = [e for e in kinds(events) if e in ("supply_changed", "token_placed")]
    placed = [e.data["token"] for e in events if e.kind == "token_placed"]
    assert order == ["supply_changed", "token_placed", "token_placed"] and placed == ["energy", "emergency"]
    assert state.grid["1,0"]["emergency"] == 1 and state.grid["1,0"]["loss"] == {"energy": 1}


def test_chemist_needs_two_in_the_source_and_may_empty_it() -> None:
    state = started(21, characters=["chemist", "medic"])
    state.supplies.update(water=1, food=2)
    sources = {a.arg("source") for a in legal(state) if a.kind == "special"}
    assert "water" not in sources and "food" in sources
    state, _ = act(state, "special", source="food", target="water")
    assert state.supplies["food"] == 0 and state.supplies["water"] == 4


def test_discard_top_is_public_but_the_rest_of_the_pile_is_not() -> None:
    state = started(21)
    state.discard = ["algae_vat", "wind_mast"]
    view = RULES.view(state, None)
    assert view["discard_top"]["id"] == "wind_mast" and view["discard_count"] == 2
    assert "algae_vat" not in str(view["discard_top"])


def test_any_module_includes_the_hub_and_one_module_may_hold_several_tokens() -> None:
    state = started(21)
    events_on_top(state, "dust_storm")
    state, _ = act(state, "end_turn")
    assert state.grid["0,0"]["loss"] == {"energy": 1, "oxygen": 1}
