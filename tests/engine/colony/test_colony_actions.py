"""The actions of a turn: draw, transfer, deploy, move, generate, repair, switch, recover."""

from __future__ import annotations

import pytest

from engine.colony import RULES
from engine.core.action import Action
from engine.core.errors import IllegalActionError
from tests.engine.colony.col_helpers import act, hand, kinds, legal, levels, put, started


def test_draw_takes_the_top_card_and_an_action() -> None:
    state = started(4)
    top = state.deck[0]
    after, events = act(state, "draw")
    assert after.hands[0][-1] == top and after.actions_left == 3
    assert "card_drawn" in kinds(events)
    assert not RULES.can_undo(state, after)


def test_hand_limit_forces_an_immediate_discard() -> None:
    state = started(4)
    hand(state, 0, "algae_vat", "moss_wall", "ice_drill", "solar_field", "wind_mast", "stim_shot")
    state, events = act(state, "draw")
    assert "discard_required" in kinds(events)
    assert state.pending == {"kind": "discard", "seat": 0}
    assert {a.kind for a in legal(state)} == {"discard", "play"}  # or play the Stim Shot from that hand
    state, _ = act(state, "discard", card="stim_shot")
    assert state.pending is None and len(state.hands[0]) == 6 and state.discard[-1] == "stim_shot"


def test_health_issues_do_not_count_toward_the_hand_limit() -> None:
    state = started(4)
    hand(state, 0, "algae_vat", "moss_wall", "ice_drill", "solar_field", "wind_mast")
    state.health[0] = ["exhaustion", "tremor"]
    state, _ = act(state, "draw")
    assert state.pending is None and len(state.hands[0]) == 6


def test_an_empty_deck_is_refilled_from_the_shuffled_discard_pile() -> None:
    state = started(4)
    state.discard = state.deck[1:5]
    state.deck = state.deck[:1]
    state, events = act(state, "draw")
    assert "deck_reshuffled" in kinds(events)
    assert len(state.deck) == 4 and state.discard == []


def test_transfer_needs_the_same_module_and_costs_one_action_per_card() -> None:
    state = started(4)
    hand(state, 0, "algae_vat", "stim_shot")
    hand(state, 1, "moss_wall")
    assert Action.of("give", card="stim_shot", seat=1) in legal(state)
    state, _ = act(state, "give", card="stim_shot", seat=1)
    state, _ = act(state, "take", card="moss_wall", seat=1)
    assert sorted(state.hands[1]) == ["stim_shot"] and sorted(state.hands[0]) == ["algae_vat", "moss_wall"]
    assert state.actions_left == 2
    put(state, "moss_wall", "1,0")
    state.pawns[1] = "1,0"
    assert not [a for a in legal(state) if a.kind in ("give", "take")]


def test_receiving_over_the_limit_makes_the_receiver_discard() -> None:
    state = started(4)
    hand(state, 0, "algae_vat")
    hand(state, 1, "moss_wall", "ice_drill", "solar_field", "wind_mast", "stim_shot", "multitool")
    state, _ = act(state, "give", card="algae_vat", seat=1)
    assert state.pending == {"kind": "discard", "seat": 1}
    assert RULES.to_move(state) == frozenset({1}) and legal(state, 0) == []
    state, _ = act(state, "discard", 1, card="algae_vat")
    assert state.pending is None and len(state.hands[1]) == 6


def test_deploy_pays_the_cost_and_changes_production_at_once() -> None:
    state = started(4)
    hand(state, 0, "algae_vat", "oxygen_canister", "water_bladder")
    before = levels(state)
    deploy = Action.of("deploy", card="algae_vat", at="1,0", pay="oxygen_canister,water_bladder")
    assert deploy in legal(state)
    assert Action.of("deploy", card="algae_vat", at="2,0", pay="oxygen_canister,water_bladder") not in legal(
        state
    )
    state, events = RULES.apply(state, 0, deploy)
    assert "module_deployed" in kinds(events)
    # The cards paid are told: the table sees which left the hand.
    told = next(e.text for e in events if e.kind == "module_deployed")
    assert told.endswith("paying Oxygen Canister and Water Bladder.")
    assert state.grid["1,0"]["card"] == "algae_vat" and state.hands[0] == []
    assert levels(state)["oxygen"] == before["oxygen"] + 2 and levels(state)["water"] == before["water"] - 1
    assert state.discard[-2:] == ["oxygen_canister", "water_bladder"]


def test_plans_are_wild_for_deploy_costs_and_wrong_colours_are_not() -> None:
    state = started(4)
    hand(state, 0, "algae_vat", "contingency_plan", "water_bladder", "ration_crate")
    pays = {a.arg("pay") for a in legal(state) if a.kind == "deploy"}
    assert pays == {"contingency_plan,water_bladder"}
    hand(state, 0, "algae_vat", "ration_crate", "battery_pack")
    assert not [a for a in legal(state) if a.kind == "deploy"]


def test_deploy_is_next_to_the_pawn_on_a_free_space_only() -> None:
    state = started(4)
    hand(state, 0, "pressure_scrubber", "oxygen_canister", "stim_shot")
    put(state, "moss_wall", "1,0")
    spots = {a.arg("at") for a in legal(state) if a.kind == "deploy"}
    assert spots == {"0,-1", "0,1", "-1,0"}
    state.pawns[0] = "1,0"
    spots = {a.arg("at") for a in legal(state) if a.kind == "deploy"}
    assert spots == {"1,-1", "2,0", "1,1"}


def test_module_effects_read_the_scenario_values() -> None:
    wet = started(4, scenario="tethys_shallows")
    dry = started(4, scenario="cinder_reach")
    for state in (wet, dry):
        hand(state, 0, "pressure_scrubber", "oxygen_canister", "stim_shot")
    wet_after, _ = act(wet, "deploy", card="pressure_scrubber", at="1,0", pay="oxygen_canister,stim_shot")
    assert levels(wet_after)["oxygen"] == levels(wet)["oxygen"] + 3
    dry_after, _ = act(dry, "deploy", card="pressure_scrubber", at="1,0", pay="oxygen_canister,stim_shot")
    assert levels(dry_after) == levels(dry)


def test_no_action_may_push_production_outside_minus_five_to_plus_three() -> None:
    state = started(4)
    put(state, "moss_wall", "0,1", loss={"water": 3})
    assert levels(state)["water"] == -5
    hand(state, 0, "algae_vat", "oxygen_canister", "water_bladder")
    assert not [a for a in legal(state) if a.kind == "deploy"]
    state = started(4)
    put(state, "algae_vat", "0,1")
    put(state, "electrolysis_cell", "0,-1")
    assert levels(state)["oxygen"] == 2
    hand(state, 0, "algae_vat", "oxygen_canister", "water_bladder")
    assert not [a for a in legal(state) if a.kind == "deploy"]
    with pytest.raises(IllegalActionError):
        act(state, "deploy", card="algae_vat", at="1,0", pay="oxygen_canister,water_bladder")


def test_move_is_orthogonal_onto_modules() -> None:
    state = started(4)
    put(state, "moss_wall", "1,0")
    put(state, "ice_drill", "1,1")
    assert {a.arg("at") for a in legal(state) if a.kind == "move"} == {"1,0"}
    state, _ = act(state, "move", at="1,0")
    assert state.pawns[0] == "1,0" and state.actions_left == 3
    with pytest.raises(IllegalActionError):
        act(state, "move", at="2,2")


def test_generate_by_colour_or_with_a_plan_for_any_resource() -> None:
    state = started(4)
    hand(state, 0, "oxygen_canister", "contingency_plan")
    gens = {(a.arg("card"), a.arg("resource")) for a in legal(state) if a.kind == "generate"}
    assert gens == {("oxygen_canister", "oxygen")} | {
        ("contingency_plan", r) for r in ("oxygen", "water", "food", "energy")
    }
    before = state.supplies["food"]
    state, events = act(state, "generate", card="contingency_plan", resource="food")
    assert state.supplies["food"] == before + 2
    told = next(e.text for e in events if e.kind == "supply_changed")
    assert f"({state.players[0]} generated it, discarding Contingency Plan)" in told
    state.supplies["oxygen"] = 19
    state, _ = act(state, "generate", card="oxygen_canister", resource="oxygen")
    assert state.supplies["oxygen"] == 20


def test_repair_removes_a_token_from_your_module() -> None:
    state = started(4)
    put(state, "moss_wall", "1,0", loss={"water": 1}, emergency=1)
    state.pawns[0] = "1,0"
    before = levels(state)["water"]
    assert {a.arg("token") for a in legal(state) if a.kind == "repair"} == {"water", "emergency"}
    state, _ = act(state, "repair", token="water")
    assert levels(state)["water"] == before + 1 and state.grid["1,0"]["loss"] == {}
    state, _ = act(state, "repair", token="emergency")
    assert state.grid["1,0"]["emergency"] == 0 and state.actions_left == 2


def test_switching_off_reverses_production_but_tokens_stay() -> None:
    state = started(4)
    base = levels(state)
    put(state, "algae_vat", "1,0", loss={"food": 1})
    state.pawns[0] = "1,0"
    state, events = act(state, "switch")
    assert state.grid["1,0"]["off"] and "module_switched" in kinds(events)
    assert levels(state) == {**base, "food": base["food"] - 1}
    state, _ = act(state, "switch")
    assert levels(state)["oxygen"] == base["oxygen"] + 2
    state.pawns[0] = "0,0"
    assert not [a for a in legal(state) if a.kind == "switch"]


def test_recover_discards_two_cards_to_cure_a_health_issue() -> None:
    state = started(4)
    state.health[0] = ["twisted_ankle"]
    hand(state, 0, "stim_shot", "multitool", "algae_vat")
    state, events = act(state, "recover", issue="twisted_ankle", pay="multitool,stim_shot")
    assert state.health[0] == [] and state.hands[0] == ["algae_vat"]
    assert "health_recovered" in kinds(events) and state.event_discard[-1] == "twisted_ankle"
    assert next(e.text for e in events if e.kind == "health_recovered").endswith(
        ", discarding Multitool and Stim Shot."
    )


def test_recover_needs_two_cards() -> None:
    state = started(4)
    state.health[0] = ["twisted_ankle"]
    hand(state, 0, "stim_shot")
    assert not [a for a in legal(state) if a.kind == "recover"]


def test_illegal_action_raises_and_leaves_the_state_alone() -> None:
    state = started(4)
    before = RULES.to_json(state)
    for bad in (
        Action.of("deploy", card="algae_vat", at="1,0", pay="x"),
        Action.of("repair", token="water"),
        Action.of("fly"),
        Action.of("discard", card="algae_vat"),
        Action.of("place", at="0,0"),
    ):
        with pytest.raises(IllegalActionError):
            RULES.apply(state, 0, bad)
    assert RULES.to_json(state) == before


def test_the_last_action_leaves_the_turn_open_until_it_is_ended() -> None:
    state = started(4)
    hand(state, 0)
    for _ in range(4):
        state, events = act(state, "draw")
    assert kinds(events) == ["card_drawn"] and state.seat == 0 and state.actions_left == 0
    state, events = act(state, "end_turn")
    assert kinds(events)[-1] == "turn_started" and "resource_update" in kinds(events)
    assert "event_revealed" in kinds(events) and state.seat == 1 and state.turn == 2
