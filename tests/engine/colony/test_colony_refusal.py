"""Refusals say precisely why a move is not legal: the card, the target, the cost, the timing."""

from __future__ import annotations

from typing import Any

import pytest

from engine.colony import CONTENT, RULES
from engine.colony.refusal import refusal
from engine.colony.state import ColonyState
from engine.core.action import Action
from engine.core.errors import EngineError, GameOverError, IllegalActionError, NotYourTurnError
from engine.core.rng import Rng
from tests.engine.colony.col_helpers import act, events_on_top, hand, new, put, started

FALLBACK = "is not possible right now"


def refused(state: ColonyState, actor: int, kind: str, /, **args: Any) -> str:
    """The refusal's text; apply raised IllegalActionError and left the state as it was."""
    before = RULES.to_json(state)
    with pytest.raises(IllegalActionError) as caught:
        act(state, kind, actor, **args)
    assert RULES.to_json(state) == before
    text = str(caught.value)
    assert FALLBACK not in text
    return text


def out_of_turn(state: ColonyState, actor: int, kind: str, /, **args: Any) -> str:
    with pytest.raises(NotYourTurnError) as caught:
        act(state, kind, actor, **args)
    return str(caught.value)


def placing(seed: int = 3) -> ColonyState:
    """Seat 0's event waits for a choice: where an oxygen loss token goes (two red modules)."""
    state = started(seed)
    put(state, "moss_wall", "1,0")
    put(state, "algae_vat", "-1,0")
    events_on_top(state, "clogged_filter")
    state, _ = act(state, "end_turn")
    assert state.pending is not None and state.pending["kind"] == "place"
    return state


def discarding(seed: int = 3) -> ColonyState:
    """Seat 0 (holding a Plan, so it may still act) gave seat 1 a seventh card: seat 1 must discard."""
    state = started(seed)
    hand(state, 0, "algae_vat", "oxygen_canister", "stim_shot", "contingency_plan")
    hand(state, 1, "moss_wall", "ice_drill", "solar_field", "wind_mast", "dew_condenser", "fungus_cellar")
    state, _ = act(state, "give", card="algae_vat", seat=1)
    assert state.pending == {"kind": "discard", "seat": 1}
    return state


# Whose move, and which moves exist


def test_an_unknown_move_is_named() -> None:
    assert "There is no move called 'fly'" in refused(started(3), 0, "fly")


def test_the_draft_asks_for_a_dealt_character() -> None:
    state = new(3)
    other = next(c for c in CONTENT.characters if c not in state.dealt[0])
    assert "was not dealt to you: choose" in refused(state, 0, "choose_character", character=other)
    assert "There is no character 'zorro'" in refused(state, 0, "choose_character", character="zorro")
    assert "Choose your character first" in refused(state, 0, "draw")


def test_a_second_pick_in_the_draft_is_refused() -> None:
    state = new(3)
    state, _ = act(state, "choose_character", 0, character=state.dealt[0][0])
    text = out_of_turn(state, 0, "choose_character", character=state.dealt[0][1])
    assert "You have chosen your character" in text


def test_characters_are_not_chosen_once_the_game_runs() -> None:
    state = started(3)
    assert "Characters are chosen before the first turn" in refused(
        state, 0, "choose_character", character="x"
    )


def test_a_finished_game_refuses_everything() -> None:
    state = started(3)
    state.outcome = {"won": False, "reason": "test"}
    with pytest.raises(GameOverError, match="This game is over"):
        act(state, "draw")


def test_out_of_turn_only_plans() -> None:
    state = started(3)
    hand(state, 1, "moss_wall")
    assert out_of_turn(state, 1, "draw") == "It is p1's turn; out of turn you may only play a Plan."
    hand(state, 1, "contingency_plan")
    assert refused(state, 1, "draw") == "It is p1's turn; out of turn you may only play a Plan."


def test_no_actions_left() -> None:
    state = started(3)
    state.actions_left = 0
    assert "You have no actions left" in refused(state, 0, "draw")


def test_a_move_with_the_wrong_options_says_what_it_takes() -> None:
    state = started(3)
    assert refused(state, 0, "draw", card="moss_wall") == "Draw a card takes no options."
    assert refused(state, 0, "give", card="moss_wall") == "Give a card needs a card and a player."
    assert refused(state, 0, "end_turn", at="1,0") == "End the turn takes no options."


# Pending choices


def test_a_token_placement_comes_first_and_names_its_options() -> None:
    state = placing()
    text = refused(state, 0, "place", at="0,0")
    assert text == "An oxygen loss token cannot go there: choose Algae Vat (-1,0) or Moss Wall (1,0)."
    assert "First choose where an oxygen loss token goes" in refused(state, 0, "draw")
    hand(state, 1, "contingency_plan")
    assert "p1 must first choose where an oxygen loss token goes" in refused(state, 1, "draw")


def test_a_discard_names_the_card_not_held() -> None:
    state = discarding()
    assert refused(state, 1, "discard", card="stim_shot") == "You hold no Stim Shot."
    assert "You hold more than 6 cards: discard one" in refused(state, 1, "draw")
    assert "A discard is pending: p2 must first get back to 6 cards" in refused(state, 0, "draw")


def test_nothing_to_discard_or_place() -> None:
    state = started(3)
    assert "there is nothing to discard" in refused(state, 0, "discard", card=state.hands[0][0])
    assert refused(state, 0, "place", at="0,0") == "No event token is waiting to be placed."


# Cards played: Items and Plans


def test_an_unknown_card() -> None:
    assert refused(started(3), 0, "play", card="warp_drive") == "There is no card 'warp_drive'."


def test_a_card_not_in_hand() -> None:
    state = started(3)
    hand(state, 0, "moss_wall")
    assert refused(state, 0, "play", card="multitool", at="0,0", token="oxygen") == "You hold no Multitool."


def test_a_module_is_deployed_not_played() -> None:
    state = started(3)
    hand(state, 0, "moss_wall")
    assert refused(state, 0, "play", card="moss_wall") == "Moss Wall is a module: deploy it instead."


def test_items_wait_for_your_own_turn() -> None:
    state = started(3)
    hand(state, 1, "oxygen_canister", "contingency_plan")
    assert "Items may only be played on your own turn" in refused(state, 1, "play", card="oxygen_canister")


def test_items_wait_for_another_players_discard() -> None:
    state = discarding()
    text = refused(state, 0, "play", card="oxygen_canister")
    assert text == "A discard is pending: p2 must first get back to 6 cards."


def test_an_extra_action_is_out_of_its_timing_during_the_event() -> None:
    state = placing()
    hand(state, 0, "stim_shot")
    assert "Stim Shot only helps during the actions step" in refused(state, 0, "play", card="stim_shot")


def test_a_played_card_says_what_it_needs() -> None:
    state = started(3)
    hand(state, 0, "contingency_plan", "oxygen_canister")
    assert refused(state, 0, "play", card="contingency_plan") == "Playing Contingency Plan needs a resource."
    assert "Playing Oxygen Canister takes no options" in refused(
        state, 0, "play", card="oxygen_canister", at="1,0"
    )
    assert "'air' is not a resource" in refused(state, 0, "play", card="contingency_plan", resource="air")


def test_first_aid_needs_a_health_issue_the_target_has() -> None:
    state = started(3)
    hand(state, 0, "first_aid_kit")
    kit = {"card": "first_aid_kit"}
    assert refused(state, 0, "play", seat=1, issue="exhaustion", **kit) == "p2 has no Health Issue to cure."
    state.health[1] = ["exhaustion"]
    assert "Quiet Orbit is not a Health Issue" in refused(
        state, 0, "play", seat=1, issue="quiet_orbit", **kit
    )
    text = refused(state, 0, "play", seat=1, issue="twisted_ankle", **kit)
    assert text == "p2 does not suffer from Twisted Ankle, only from Exhaustion."
    assert "There is no such player" in refused(state, 0, "play", seat=7, issue="exhaustion", **kit)


def test_a_teleport_needs_a_module_elsewhere() -> None:
    state = started(3)
    hand(state, 0, "hover_boots", "evacuation_drill")
    boots = {"card": "hover_boots"}
    assert "You are already on Central Hub (0,0)" in refused(state, 0, "play", at="0,0", **boots)
    assert refused(state, 0, "play", at="3,3", **boots) == "There is no module at 3,3."
    assert "'north' is not a space" in refused(state, 0, "play", at="north", **boots)
    drill = {"card": "evacuation_drill"}
    assert "p2 is already on Central Hub (0,0)" in refused(state, 0, "play", seat=1, at="0,0", **drill)


def test_a_remote_repair_needs_a_token_that_is_there() -> None:
    state = started(3)
    hand(state, 0, "maintenance_roster")
    put(state, "moss_wall", "1,0", loss={"oxygen": 1})
    roster = {"card": "maintenance_roster"}
    assert "There is nothing to repair on Central Hub (0,0)" in refused(
        state, 0, "play", at="0,0", token="oxygen", **roster
    )
    text = refused(state, 0, "play", at="1,0", token="water", **roster)
    assert text == "There is no water loss token on Moss Wall (1,0); it has an oxygen loss token."
    assert "'rust' is not a token" in refused(state, 0, "play", at="1,0", token="rust", **roster)


def test_salvage_needs_a_discard_pile() -> None:
    state = started(3)
    hand(state, 0, "salvage_protocol")
    state.discard = []
    text = refused(state, 0, "play", card="salvage_protocol")
    assert text == "The discard pile is empty: Salvage Protocol has nothing to take."


# The turn's actions


def test_a_health_issue_names_itself() -> None:
    state = started(3)
    put(state, "moss_wall", "1,0")
    state.health[0] = ["twisted_ankle", "tremor"]
    assert "Twisted Ankle keeps you from moving" in refused(state, 0, "move", at="1,0")
    assert "Tremor keeps you from generating" in refused(state, 0, "generate", card="x", resource="food")
    state.health[0] = ["radiation_sickness"]
    assert "Radiation Sickness keeps you from using your special action" in refused(state, 0, "special")


def test_nothing_to_draw() -> None:
    state = started(3)
    state.deck, state.discard = [], []
    assert "The player deck and the discard pile are both empty" in refused(state, 0, "draw")


def test_give_and_take_need_a_player_on_the_same_module() -> None:
    state = started(3)
    hand(state, 0, "moss_wall")
    hand(state, 1, "ice_drill")
    assert refused(state, 0, "give", card="moss_wall", seat=0) == "You cannot give a card to yourself."
    assert refused(state, 0, "give", card="moss_wall", seat=4) == "There is no such player at this table."
    assert refused(state, 0, "give", card="ice_drill", seat=1) == "You hold no Ice Drill."
    assert refused(state, 0, "take", card="moss_wall", seat=1) == "p2 holds no Moss Wall."
    put(state, "algae_vat", "1,0")
    state.pawns[1] = "1,0"
    text = refused(state, 0, "give", card="moss_wall", seat=1)
    assert text.startswith("p2 is on Algae Vat (1,0) and you are on Central Hub (0,0)")
    assert "same module" in refused(state, 0, "take", card="ice_drill", seat=1)


def test_deploy_names_the_card_and_the_space() -> None:
    state = started(3)
    hand(state, 0, "algae_vat", "oxygen_canister", "water_bladder")
    pay = "oxygen_canister,water_bladder"
    assert "Oxygen Canister is an Item, not a module" in refused(
        state, 0, "deploy", card="oxygen_canister", at="1,0", pay=pay
    )
    assert "'a' is not a space" in refused(state, 0, "deploy", card="algae_vat", at="a", pay=pay)
    text = refused(state, 0, "deploy", card="algae_vat", at="0,0", pay=pay)
    assert text == "Central Hub (0,0) is already built: a module goes on a free space."
    text = refused(state, 0, "deploy", card="algae_vat", at="2,0", pay=pay)
    assert text.startswith("2,0 is not next to you: a module goes on a free space up, down, left or right")


def test_deploy_keeps_production_in_range() -> None:
    state = started(3)
    put(state, "algae_vat", "0,1")
    put(state, "algae_vat", "0,-1")
    hand(state, 0, "algae_vat", "oxygen_canister", "water_bladder")
    text = refused(state, 0, "deploy", card="algae_vat", at="1,0", pay="oxygen_canister,water_bladder")
    assert text == "Deploying Algae Vat would take oxygen production to +4; it must stay between -5 and +3."


def test_deploy_names_the_cost_and_what_you_hold() -> None:
    state = started(3)
    hand(state, 0, "algae_vat", "ration_crate", "water_bladder")
    text = refused(state, 0, "deploy", card="algae_vat", at="1,0", pay="ration_crate,water_bladder")
    assert text == (
        "Algae Vat costs 1 red card and 1 blue card; besides it you hold 0 red, 1 blue and no Plan "
        "(Plans are wild)."
    )


def test_deploy_checks_each_card_paid() -> None:
    state = started(3)
    hand(state, 0, "algae_vat", "oxygen_canister", "water_bladder", "ration_crate")
    deploy = {"card": "algae_vat", "at": "1,0"}
    assert "Pay for Algae Vat with 2 cards" in refused(state, 0, "deploy", pay="oxygen_canister", **deploy)
    text = refused(state, 0, "deploy", pay="algae_vat,water_bladder", **deploy)
    assert text == "Algae Vat cannot pay for itself."
    text = refused(state, 0, "deploy", pay="stim_shot,water_bladder", **deploy)
    assert text == "You hold no Stim Shot to pay with."
    text = refused(state, 0, "deploy", pay="oxygen_canister,ration_crate", **deploy)
    assert text.startswith("Ration Crate is green; Algae Vat is paid with 1 red card and 1 blue card")


def test_the_cards_paid_may_be_listed_in_any_order() -> None:
    state = started(3)
    hand(state, 0, "algae_vat", "oxygen_canister", "water_bladder", "ration_crate")
    deploy = {"card": "algae_vat", "at": "1,0"}
    listed, _ = RULES.apply(state, 0, Action.of("deploy", pay="oxygen_canister,water_bladder", **deploy))
    typed, _ = RULES.apply(state, 0, Action.of("deploy", pay="water_bladder,oxygen_canister", **deploy))
    assert RULES.to_json(typed) == RULES.to_json(listed)
    assert "algae_vat" not in typed.hands[0] and "ration_crate" in typed.hands[0]


def test_a_move_goes_one_module_orthogonally() -> None:
    state = started(3)
    put(state, "moss_wall", "1,0")
    put(state, "algae_vat", "1,1")
    assert "There is no module at 0,1: you may only move onto modules" in refused(state, 0, "move", at="0,1")
    text = refused(state, 0, "move", at="1,1")
    assert text == (
        "Algae Vat (1,1) is not next to Central Hub (0,0): move one module up, down, left or right "
        "(no diagonals)."
    )
    assert refused(state, 0, "move", at="0,0") == "You are already on Central Hub (0,0)."


def test_generate_needs_a_card_of_the_colour() -> None:
    state = started(3)
    hand(state, 0)
    assert "You hold no card: generating costs a card" in refused(
        state, 0, "generate", card="moss_wall", resource="oxygen"
    )
    hand(state, 0, "moss_wall")
    text = refused(state, 0, "generate", card="moss_wall", resource="water")
    assert text == "Moss Wall is red: it generates oxygen, not water (a Plan generates any)."
    assert "'air' is not a resource" in refused(state, 0, "generate", card="moss_wall", resource="air")


def test_repair_needs_a_token_here_and_room_in_production() -> None:
    state = started(3)
    assert refused(state, 0, "repair", token="oxygen") == "There is nothing to repair on Central Hub (0,0)."
    put(state, "algae_vat", "1,0", loss={"oxygen": 1})
    put(state, "algae_vat", "-1,0")
    put(state, "algae_vat", "0,1")
    state.pawns[0] = "1,0"
    text = refused(state, 0, "repair", token="oxygen")
    assert text == "Removing the oxygen loss token would lift oxygen production above +3."


def test_switch_not_the_hub_and_not_out_of_range() -> None:
    state = started(3)
    assert "The Central Hub cannot be switched off" in refused(state, 0, "switch")
    put(state, "moss_wall", "1,0", loss={"oxygen": 3})
    put(state, "fungus_cellar", "-1,0")
    state.pawns[0] = "1,0"
    text = refused(state, 0, "switch")
    assert (
        text == "Switching Moss Wall off would take oxygen production to -6; it must stay between -5 and +3."
    )


def test_recover_needs_an_issue_and_two_cards() -> None:
    state = started(3)
    hand(state, 0, "moss_wall")
    assert refused(state, 0, "recover", issue="exhaustion", pay="a,b") == "You have no Health Issue to cure."
    state.health[0] = ["exhaustion"]
    text = refused(state, 0, "recover", issue="exhaustion", pay="moss_wall,moss_wall")
    assert text == "Recovering costs two cards from your hand; you hold 1."
    hand(state, 0, "moss_wall", "ice_drill")
    text = refused(state, 0, "recover", issue="exhaustion", pay="moss_wall")
    assert text == "Recovering costs exactly two cards from your hand."
    text = refused(state, 0, "recover", issue="exhaustion", pay="ice_drill,stim_shot")
    assert text == "You hold no Stim Shot to pay with."
    assert "You do not suffer from Tremor, only from Exhaustion" in refused(
        state, 0, "recover", issue="tremor", pay="ice_drill,moss_wall"
    )


# Special actions: what each character's needs


def test_a_special_says_what_the_character_needs() -> None:
    state = started(3, characters=["medic", "pilot"])
    text = refused(state, 0, "special", at="0,0")
    assert text == "The Medic's special action needs a Health Issue and a player."


def test_the_medic_heals_on_her_module() -> None:
    state = started(3, characters=["medic", "pilot"])
    put(state, "moss_wall", "1,0")
    state.health[1] = ["exhaustion"]
    state.pawns[1] = "1,0"
    text = refused(state, 0, "special", seat=1, issue="exhaustion")
    assert text == "The Medic heals a team member on your module; p2 is on Moss Wall (1,0)."
    assert refused(state, 0, "special", seat=0, issue="exhaustion") == "You have no Health Issue to cure."


def test_the_engineer_repairs_a_neighbouring_module() -> None:
    state = started(3, characters=["engineer", "pilot"])
    put(state, "moss_wall", "2,0", loss={"oxygen": 1})
    put(state, "algae_vat", "1,0")
    text = refused(state, 0, "special", at="2,0", token="oxygen")
    assert text == "The Engineer repairs a module up, down, left or right of yours; Moss Wall (2,0) is not."
    assert "use Repair a malfunction" in refused(state, 0, "special", at="0,0", token="oxygen")
    assert "There is nothing to repair on Algae Vat (1,0)" in refused(
        state, 0, "special", at="1,0", token="oxygen"
    )


def test_the_pilot_flies_to_another_module() -> None:
    state = started(3, characters=["pilot", "medic"])
    assert refused(state, 0, "special", at="0,0") == "You are already on Central Hub (0,0)."
    assert refused(state, 0, "special", at="4,4") == "There is no module at 4,4."


def test_the_botanist_discards_green() -> None:
    state = started(3, characters=["botanist", "medic"])
    hand(state, 0, "algae_vat", "contingency_plan")
    text = refused(state, 0, "special", card="algae_vat")
    assert text == "The Botanist discards a green card for food; Algae Vat is red."
    assert "Contingency Plan is a Plan" in refused(state, 0, "special", card="contingency_plan")


def test_the_quartermaster_and_scavenger_need_cards_to_take() -> None:
    state = started(3, characters=["quartermaster", "scavenger"])
    state.deck, state.discard = [], []
    assert "both empty" in refused(state, 0, "special")
    state = started(3, characters=["scavenger", "medic"])
    state.discard = []
    assert refused(state, 0, "special") == "The discard pile is empty: there is nothing to take."


def test_the_chemist_converts_between_two_resources_she_has() -> None:
    state = started(3, characters=["chemist", "medic"])
    text = refused(state, 0, "special", source="water", target="water")
    assert text == "The Chemist turns one resource into a different one."
    state.supplies["oxygen"] = 1
    text = refused(state, 0, "special", source="oxygen", target="food")
    assert text == "The Chemist takes 2 oxygen; the oxygen supply has only 1."
    assert "'rock' is not a resource" in refused(state, 0, "special", source="rock", target="food")


def test_the_courier_sends_to_someone_else() -> None:
    state = started(3, characters=["courier", "medic"])
    hand(state, 0, "moss_wall")
    text = refused(state, 0, "special", card="moss_wall", seat=0)
    assert text == "The Courier sends a card to another team member."
    assert refused(state, 0, "special", card="ice_drill", seat=1) == "You hold no Ice Drill."


# The fallback, and a sweep over random illegal moves


def test_the_fallback_names_the_move_as_players_know_it() -> None:
    state = started(3)
    hand(state, 0, "moss_wall")
    text = refusal(state, CONTENT, 0, Action.of("give", card="moss_wall", seat=1))
    assert text == "'Give Moss Wall to p2' is not possible right now."


def _mutants(state: ColonyState, seat: int, action: Action, rng: Rng) -> list[tuple[int, Action]]:
    """Legal ``action`` made wrong: another card, another target, another seat making it."""
    values: dict[str, list[Any]] = {
        "card": [*sorted(CONTENT.cards), "warp_drive"],
        "seat": [0, 1, 2, 3, 9],
        "at": ["0,0", "1,0", "0,1", "-1,0", "0,-1", "1,1", "2,0", "nowhere"],
        "resource": ["oxygen", "water", "food", "energy", "air"],
        "token": ["emergency", "oxygen", "water", "food", "energy", "rust"],
        "issue": sorted(CONTENT.events),
        "pay": [",".join(sorted(rng.choice(sorted(CONTENT.cards)) for _ in range(2)))],
        "source": ["oxygen", "water", "food", "energy"],
        "target": ["oxygen", "water", "food", "energy"],
        "character": sorted(CONTENT.characters),
    }
    params = action.params
    out = [Action.of(action.kind, **{**params, key: rng.choice(values[key])}) for key in params]
    out.append(Action.of(action.kind, **{**params, "seat": rng.choice(values["seat"])}))
    players = len(state.players)
    return [(seat, a) for a in out] + [((seat + 1) % players, action)]


@pytest.mark.parametrize("seed", [11, 12, 13, 14, 15, 16])
def test_random_illegal_moves_always_get_a_specific_reason(seed: int) -> None:
    players = 1 + seed % 4
    state = RULES.setup([f"p{i + 1}" for i in range(players)], {"scenario": "verdance"}, seed)
    rng = Rng(seed)
    tried = 0
    for _ in range(300):
        if state.outcome is not None:
            break
        seat = rng.choice(sorted(RULES.to_move(state)))
        action = rng.choice(RULES.legal_actions(state, seat))
        for who, wrong in _mutants(state, seat, action, rng):
            if wrong in RULES.legal_actions(state, who):
                continue
            with pytest.raises(EngineError) as caught:
                RULES.apply(state, who, wrong)
            text = str(caught.value)
            tried += 1
            assert FALLBACK not in text, (text, wrong)
            assert "Action(" not in text and "{" not in text and "None" not in text, text
        state, _ = RULES.apply(state, seat, action)
    assert tried > 50
