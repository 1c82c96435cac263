"""Items (own turn), Plans (anyone, any time) and every character's special action."""

from __future__ import annotations

from engine.colony import RULES
from engine.core.action import Action
from tests.engine.colony.col_helpers import act, hand, kinds, legal, levels, put, started


def test_items_only_on_your_own_turn() -> None:
    state = started(6)
    hand(state, 0)
    hand(state, 1, "oxygen_canister")
    assert legal(state, 1) == [] and 1 not in RULES.to_move(state)
    hand(state, 0, "oxygen_canister")
    before = state.supplies["oxygen"]
    state, events = act(state, "play", card="oxygen_canister")
    assert state.supplies["oxygen"] == before + 3 and state.actions_left == 4
    assert kinds(events)[:2] == ["card_played", "supply_changed"]


def test_plans_may_be_played_by_anyone_out_of_turn() -> None:
    state = started(6)
    hand(state, 1, "contingency_plan")
    assert RULES.to_move(state) == frozenset({0})  # waited for: the turn's player alone
    assert {a.kind for a in legal(state, 1)} == {"play"}
    before = state.supplies["water"]
    state, _ = act(state, "play", 1, card="contingency_plan", resource="water")
    assert state.supplies["water"] == before + 3 and state.hands[1] == [] and state.seat == 0


def test_stim_shot_gives_an_extra_action() -> None:
    state = started(6)
    hand(state, 0, "stim_shot")
    state, _ = act(state, "play", card="stim_shot")
    assert state.actions_left == 5


def test_first_aid_kit_cures_any_team_member() -> None:
    state = started(6)
    hand(state, 0, "first_aid_kit")
    state.health[1] = ["exhaustion"]
    state.pawns[1] = "5,5"
    state, _ = act(state, "play", card="first_aid_kit", seat=1, issue="exhaustion")
    assert state.health[1] == [] and "exhaustion" in state.event_discard


def test_hover_boots_and_evacuation_drill_move_pawns_anywhere() -> None:
    state = started(6)
    put(state, "moss_wall", "1,0")
    put(state, "ice_drill", "2,0")
    hand(state, 0, "hover_boots")
    state, _ = act(state, "play", card="hover_boots", at="2,0")
    assert state.pawns[0] == "2,0"
    hand(state, 1, "evacuation_drill")
    state, _ = act(state, "play", 1, card="evacuation_drill", seat=0, at="1,0")
    assert state.pawns[0] == "1,0"


def test_multitool_and_roster_repair_anywhere() -> None:
    state = started(6)
    put(state, "moss_wall", "1,0", loss={"oxygen": 1}, emergency=1)
    hand(state, 0, "multitool")
    hand(state, 1, "maintenance_roster")
    state, _ = act(state, "play", card="multitool", at="1,0", token="emergency")
    state, _ = act(state, "play", 1, card="maintenance_roster", at="1,0", token="oxygen")
    assert state.grid["1,0"]["emergency"] == 0 and state.grid["1,0"]["loss"] == {}


def test_salvage_takes_the_top_of_the_discard_pile() -> None:
    state = started(6)
    hand(state, 0, "salvage_protocol")
    state.discard = ["algae_vat", "solar_field"]
    state, events = act(state, "play", card="salvage_protocol")
    assert "solar_field" in state.hands[0] and state.discard == ["algae_vat", "salvage_protocol"]
    assert "card_salvaged" in kinds(events)


def test_medic_heals_a_team_member_on_the_same_module() -> None:
    state = started(6, characters=["medic", "pilot"])
    state.health[1] = ["radiation_sickness"]
    assert Action.of("special", seat=1, issue="radiation_sickness") in legal(state)
    put(state, "moss_wall", "1,0")
    state.pawns[1] = "1,0"
    assert not [a for a in legal(state) if a.kind == "special"]
    state.pawns[1] = "0,0"
    state, events = act(state, "special", seat=1, issue="radiation_sickness")
    assert state.health[1] == [] and state.actions_left == 3 and "special_used" in kinds(events)


def test_engineer_repairs_next_door() -> None:
    state = started(6, characters=["engineer", "pilot"])
    put(state, "moss_wall", "1,0", loss={"food": 1})
    put(state, "ice_drill", "2,0", loss={"water": 1})
    assert {(a.arg("at"), a.arg("token")) for a in legal(state) if a.kind == "special"} == {("1,0", "food")}
    state, _ = act(state, "special", at="1,0", token="food")
    assert state.grid["1,0"]["loss"] == {}


def test_pilot_dashes_anywhere() -> None:
    state = started(6, characters=["pilot", "medic"])
    put(state, "moss_wall", "1,0")
    put(state, "ice_drill", "2,0")
    state, _ = act(state, "special", at="2,0")
    assert state.pawns[0] == "2,0"


def test_botanist_boosts_food_with_a_green_card() -> None:
    state = started(6, characters=["botanist", "medic"])
    hand(state, 0, "ration_crate", "oxygen_canister")
    assert [a.arg("card") for a in legal(state) if a.kind == "special"] == ["ration_crate"]
    before = state.supplies["food"]
    state, _ = act(state, "special", card="ration_crate")
    assert state.supplies["food"] == before + 4


def test_quartermaster_draws_two() -> None:
    state = started(6, characters=["quartermaster", "medic"])
    hand(state, 0)
    state, events = act(state, "special")
    assert len(state.hands[0]) == 2 and kinds(events).count("card_drawn") == 2 and state.actions_left == 3


def test_chemist_converts_two_into_three() -> None:
    state = started(6, characters=["chemist", "medic"])
    state, _ = act(state, "special", source="food", target="energy")
    assert state.supplies["food"] == 10 and state.supplies["energy"] == 15


def test_courier_gives_across_the_base() -> None:
    state = started(6, characters=["courier", "medic"])
    hand(state, 0, "stim_shot")
    state.pawns[1] = "9,9"
    state, _ = act(state, "special", card="stim_shot", seat=1)
    assert "stim_shot" in state.hands[1]


def test_scavenger_takes_the_top_discard() -> None:
    state = started(6, characters=["scavenger", "medic"])
    hand(state, 0)
    assert not [a for a in legal(state) if a.kind == "special"]
    state.discard = ["wind_mast"]
    state, _ = act(state, "special")
    assert state.hands[0] == ["wind_mast"] and state.discard == []


def test_radiation_sickness_blocks_special_actions() -> None:
    state = started(6, characters=["pilot", "medic"])
    put(state, "moss_wall", "1,0")
    state.health[0] = ["radiation_sickness"]
    assert not [a for a in legal(state) if a.kind == "special"]


def test_plan_played_with_a_win_ends_the_game() -> None:
    state = started(6)
    put(state, "fission_core", "1,0")
    put(state, "algae_vat", "-1,0")
    put(state, "hydroponic_farm", "0,1")
    put(state, "dew_condenser", "2,0")
    put(state, "greywater_loop", "3,0")
    put(state, "greywater_loop", "0,-1", loss={"water": 1})
    assert levels(state) == {"oxygen": 1, "water": -1, "food": 2, "energy": 1}
    hand(state, 1, "maintenance_roster")
    state, events = act(state, "play", 1, card="maintenance_roster", at="0,-1", token="water")
    assert state.outcome is not None and state.outcome["won"] and kinds(events)[-1] == "game_over"
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == frozenset({0, 1})
    assert RULES.to_move(state) == frozenset() and legal(state) == []
