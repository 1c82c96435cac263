"""The resource update, events (loss and emergency tokens, health issues), the emergency track, the end."""

from __future__ import annotations

from engine.colony import RULES
from engine.colony.derive import emergency_level
from engine.colony.turn import LOST_DECK, LOST_TRACK
from tests.engine.colony.col_helpers import act, events_on_top, hand, kinds, legal, levels, put, started


def test_resource_update_moves_supplies_by_production_within_0_to_20() -> None:
    state = started(8)
    put(state, "fission_core", "1,0")
    state.supplies = {"oxygen": 1, "water": 9, "food": 5, "energy": 19}
    events_on_top(state, "quiet_orbit")
    state, events = act(state, "end_turn")
    update = next(e for e in events if e.kind == "resource_update")
    assert update.data["after"] == {"oxygen": 0, "water": 6, "food": 3, "energy": 20}
    assert update.data["production"] == {"oxygen": -2, "water": -3, "food": -2, "energy": 2}
    assert "supply_depleted" in kinds(events)


def test_event_is_revealed_after_the_update_and_the_next_player_starts() -> None:
    state = started(8)
    events_on_top(state, "quiet_orbit")
    state, events = act(state, "end_turn")
    order = kinds(events)
    assert order.index("resource_update") < order.index("event_revealed") < order.index("turn_started")
    revealed = next(e for e in events if e.kind == "event_revealed")
    assert revealed.data == {"card": "quiet_orbit", "critical": False}
    assert state.last_event == "quiet_orbit" and state.event_discard == ["quiet_orbit"]
    assert state.seat == 1 and state.actions_left == 4
    assert RULES.view(state, None)["last_event"]["id"] == "quiet_orbit"
    hand(state, 0)
    events_on_top(state, "quiet_orbit")
    state, _ = act(state, "end_turn", 1)
    assert state.seat == 0 and state.turn == 3


def test_depleted_supplies_raise_the_level_and_cut_the_next_turns_actions() -> None:
    state = started(8)
    state.supplies.update(oxygen=2, water=1)
    events_on_top(state, "quiet_orbit")
    state, events = act(state, "end_turn")
    assert emergency_level(state) == 2 and kinds(events).count("supply_depleted") == 2
    assert state.actions_left == 3


def test_restoring_a_supply_lowers_the_level_but_not_this_turns_actions() -> None:
    state = started(8)
    state.supplies.update(oxygen=2, water=1)
    events_on_top(state, "quiet_orbit", "quiet_orbit")
    state, _ = act(state, "end_turn")
    hand(state, 1, "oxygen_canister", "water_bladder")
    state, events = act(state, "generate", 1, card="oxygen_canister", resource="oxygen")
    assert "supply_restored" in kinds(events) and emergency_level(state) == 1
    assert state.actions_left == 2
    state, _ = act(state, "end_turn", 1)
    # Oxygen 2 - 2 is depleted again and water still is: the next player has 3 actions.
    assert emergency_level(state) == 2 and state.actions_left == 3


def test_loss_token_waits_for_the_active_players_choice_when_several_modules_fit() -> None:
    state = started(8)
    put(state, "ice_drill", "1,0")
    put(state, "dew_condenser", "-1,0")
    events_on_top(state, "leaky_valve")
    before = levels(state)["water"]
    state, events = act(state, "end_turn")
    assert state.pending == {"kind": "place", "token": "water", "options": ["-1,0", "1,0"]}
    assert RULES.to_move(state) == frozenset({0}) and state.phase == "event"
    assert {a.kind for a in legal(state)} == {"place"} and legal(state, 1) == []
    state, events = act(state, "place", at="1,0")
    assert state.grid["1,0"]["loss"] == {"water": 1} and levels(state)["water"] == before - 1
    assert kinds(events)[-1] == "turn_started" and state.seat == 1


def test_a_single_fitting_module_takes_the_token_and_none_means_no_token() -> None:
    state = started(8)
    put(state, "ice_drill", "1,0")
    events_on_top(state, "leaky_valve", "blight")
    state, _ = act(state, "end_turn")
    assert state.grid["1,0"]["loss"] == {"water": 1}
    state, events = act(state, "end_turn", 1)
    assert "token_skipped" in kinds(events)


def test_no_loss_token_at_minus_five_production() -> None:
    state = started(8)
    put(state, "ice_drill", "1,0", loss={"water": 2})
    put(state, "moss_wall", "2,0")
    assert levels(state)["water"] == -2
    state.grid["1,0"]["card"] = "brine_refinery"
    put(state, "algae_vat", "0,1")
    put(state, "algae_vat", "0,-1")
    put(state, "algae_vat", "-1,0")
    assert levels(state)["water"] == -5
    events_on_top(state, "leaky_valve")
    state, events = act(state, "end_turn")
    assert "token_skipped" in kinds(events) and state.grid["1,0"]["loss"] == {"water": 2}


def test_at_most_three_loss_tokens_of_a_resource() -> None:
    state = started(8)
    put(state, "moss_wall", "1,0", loss={"oxygen": 3})
    put(state, "algae_vat", "2,0")
    put(state, "algae_vat", "3,0")
    events_on_top(state, "seal_failure")
    state, events = act(state, "end_turn")
    assert "token_skipped" in kinds(events)
    assert sum(m["loss"].get("oxygen", 0) for m in state.grid.values()) == 3


def test_emergency_token_raises_the_level_and_falls_back_to_the_hub() -> None:
    state = started(8)
    events_on_top(state, "reactor_scram")
    state, events = act(state, "end_turn")
    assert state.grid["0,0"]["emergency"] == 1 and emergency_level(state) == 1
    assert "event_revealed" in kinds(events) and state.actions_left == 4
    state.pawns[1] = "0,0"
    state, _ = act(state, "repair", 1, token="emergency")
    assert emergency_level(state) == 0


def test_event_supply_loss_reads_the_scenario() -> None:
    state = started(8, scenario="glass_dunes")
    events_on_top(state, "solar_flare")
    state, _ = act(state, "end_turn")
    assert state.supplies["energy"] == 11 - 1 - 3  # production -1, then radiation 3


def test_health_issue_stays_on_the_active_character_with_its_effect() -> None:
    state = started(8)
    events_on_top(state, "exhaustion", "quiet_orbit", "twisted_ankle")
    state, events = act(state, "end_turn")
    assert state.health[0] == ["exhaustion"] and "health_issue" in kinds(events)
    assert "exhaustion" not in state.event_discard
    state, _ = act(state, "end_turn", 1)
    assert state.seat == 0 and state.actions_left == 3
    put(state, "moss_wall", "1,0")
    state, _ = act(state, "end_turn")
    assert state.health[0] == ["exhaustion", "twisted_ankle"]
    state, _ = act(state, "end_turn", 1)
    assert not [a for a in legal(state) if a.kind == "move"]


def test_tremor_blocks_generating() -> None:
    state = started(8)
    hand(state, 0, "oxygen_canister")
    state.health[0] = ["tremor"]
    assert not [a for a in legal(state) if a.kind == "generate"]


def test_defeat_when_the_track_reaches_its_last_space() -> None:
    state = started(8)
    state.grid["0,0"]["emergency"] = 4
    state.supplies.update(oxygen=2, water=2)
    events_on_top(state, "quiet_orbit")
    state, events = act(state, "end_turn")
    assert state.outcome == {"won": False, "reason": LOST_TRACK}
    assert "event_revealed" not in kinds(events) and kinds(events)[-1] == "game_over"


def test_defeat_when_an_emergency_token_fills_the_track() -> None:
    state = started(8)
    put(state, "moss_wall", "1,0", emergency=5)
    events_on_top(state, "toxic_leak")
    state, _ = act(state, "end_turn")
    assert state.outcome is None and state.pending is not None
    state, _ = act(state, "place", at="0,0")
    assert state.outcome == {"won": False, "reason": LOST_TRACK}


def test_defeat_when_no_event_is_left_to_reveal() -> None:
    state = started(8)
    state.event_deck = []
    state, _ = act(state, "end_turn")
    assert state.outcome == {"won": False, "reason": LOST_DECK}
    outcome = RULES.outcome(state)
    assert outcome is not None and not outcome.won


def test_victory_the_moment_every_production_is_zero_or_more() -> None:
    state = started(8)
    put(state, "fission_core", "1,0")
    put(state, "algae_vat", "-1,0")
    put(state, "dew_condenser", "2,0")
    put(state, "greywater_loop", "3,0")
    put(state, "greywater_loop", "4,0")
    put(state, "hydroponic_farm", "0,-1")
    state.pawns[0] = "0,-1"
    hand(state, 0, "hydroponic_farm", "water_bladder", "water_bladder")
    assert levels(state)["food"] == 2 and levels(state)["water"] == 0
    state.grid["0,-1"]["off"] = True
    assert levels(state)["food"] == 0 and levels(state)["oxygen"] == 0 and levels(state)["energy"] == 2
    state, events = act(state, "switch")
    assert state.outcome is not None and state.outcome["won"]
    assert "resource_update" not in kinds(events)


def test_a_supply_stops_at_zero_and_a_depleted_one_lowered_again_moves_nothing() -> None:
    state = started(8)
    state.supplies.update(water=3)
    events_on_top(state, "dry_spell", "quiet_orbit")
    state, events = act(state, "end_turn")
    # The update takes water from 3 to 1; Dry Spell asks for 2 more but the supply stops at 0.
    assert state.supplies["water"] == 0 and emergency_level(state) == 1
    assert kinds(events).count("supply_depleted") == 1
    state, events = act(state, "end_turn", 1)
    # Water is already depleted: production -2 leaves it at 0 and the level where it was.
    assert state.supplies["water"] == 0 and emergency_level(state) == 1
    assert "supply_depleted" not in kinds(events)
