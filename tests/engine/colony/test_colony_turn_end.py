"""The end of a turn is its own step: Items and Plans have a window after the last action, Plans
may be played during any pending choice, and every change of supply checks the track."""

from __future__ import annotations

from engine.colony import RULES
from engine.colony.derive import actions_for, emergency_level
from engine.colony.state import ColonyState
from engine.core.action import Action
from tests.engine.colony.col_helpers import act, events_on_top, hand, kinds, legal, put, started


def test_spending_the_last_action_waits_for_end_turn() -> None:
    state = started(21)
    state.actions_left = 1
    state, events = act(state, "draw")
    assert "resource_update" not in kinds(events) and state.phase == "actions" and state.actions_left == 0
    assert RULES.to_move(state) == frozenset({0}) and Action.of("end_turn") in legal(state)
    assert not any(a.kind == "draw" for a in legal(state))
    state, events = act(state, "end_turn")
    assert kinds(events)[:2] == ["actions_ended", "resource_update"] and state.seat == 1


def test_a_canister_drawn_with_the_last_action_can_still_save_the_supply() -> None:
    state = started(21)
    hand(state, 0)
    state.supplies["oxygen"] = 2  # Verdance produces -2 oxygen: the update would empty it
    state.deck.remove("oxygen_canister")
    state.deck.insert(0, "oxygen_canister")
    state.actions_left = 1
    events_on_top(state, "quiet_orbit")
    state, _ = act(state, "draw")
    state, _ = act(state, "play", card="oxygen_canister")
    state, events = act(state, "end_turn")
    assert state.supplies["oxygen"] == 3 and "supply_depleted" not in kinds(events)


def test_a_plan_after_the_last_action_gives_the_next_player_back_an_action() -> None:
    state = started(21)
    state.supplies.update(water=0, food=0)  # level 2: three actions
    state.actions_left = 0
    hand(state, 1, "contingency_plan")
    events_on_top(state, "quiet_orbit")
    state, events = act(state, "play", 1, card="contingency_plan", resource="water")
    assert "supply_restored" in kinds(events) and emergency_level(state) == 1
    state, _ = act(state, "end_turn")
    assert state.seat == 1 and state.actions_left == 4


def test_a_discard_after_the_last_action_leaves_the_turn_open() -> None:
    state = started(21)
    hand(state, 0, "algae_vat", "moss_wall", "ice_drill", "solar_field", "wind_mast", "stim_shot")
    state.actions_left = 1
    state, _ = act(state, "draw")
    state, events = act(state, "discard", card="stim_shot")
    assert "resource_update" not in kinds(events) and state.seat == 0 and state.phase == "actions"
    assert {a.kind for a in legal(state)} == {"end_turn"}


def test_plans_may_be_played_while_someone_must_discard() -> None:
    state = started(21)
    hand(state, 0, "algae_vat", "moss_wall", "ice_drill", "solar_field", "wind_mast", "stim_shot")
    hand(state, 1, "contingency_plan")
    state, _ = act(state, "draw")
    assert RULES.to_move(state) == frozenset({0})  # the discarder is the one waited for
    assert {a.kind for a in legal(state, 1)} == {"play"}
    state, _ = act(state, "play", 1, card="contingency_plan", resource="food")
    assert state.pending is not None and RULES.to_move(state) == frozenset({0})


def test_plans_may_be_played_while_an_event_token_waits_for_its_place() -> None:
    state = started(21)
    put(state, "solar_field", "1,0", emergency=1)
    put(state, "wind_mast", "-1,0")
    hand(state, 1, "maintenance_roster")
    events_on_top(state, "reactor_scram")
    state, _ = act(state, "end_turn")
    assert state.pending is not None and state.pending["token"] == "energy"
    assert RULES.to_move(state) == frozenset({0})
    state, events = act(state, "play", 1, card="maintenance_roster", at="1,0", token="emergency")
    assert "token_removed" in kinds(events) and state.pending is not None and state.phase == "event"
    state, _ = act(state, "place", at="1,0")
    state, _ = act(state, "place", at="-1,0")
    assert state.grid["-1,0"]["emergency"] == 1 and state.seat == 1 and state.phase == "actions"


def test_items_belong_to_the_turn_not_to_someone_elses_discard() -> None:
    state = started(21)
    hand(state, 0, "oxygen_canister", "stim_shot")
    hand(state, 1, "algae_vat", "moss_wall", "ice_drill", "solar_field", "wind_mast", "fungus_cellar")
    state, _ = act(state, "give", card="stim_shot", seat=1)
    assert state.pending == {"kind": "discard", "seat": 1}
    assert legal(state, 0) == []
    state, _ = act(state, "discard", 1, card="stim_shot")
    assert Action.of("play", card="oxygen_canister") in legal(state, 0)


def test_the_deadline_plays_a_rescue_then_ends_the_turn() -> None:
    state = started(21)
    hand(state, 0, "oxygen_canister", "algae_vat")
    state.supplies["oxygen"] = 1
    state.actions_left = 0
    move = RULES.timeout_action(state, 0)
    assert move == Action.of("play", card="oxygen_canister")
    state, _ = RULES.apply(state, 0, move)
    assert RULES.timeout_action(state, 0) == Action.of("end_turn")


def test_the_chemist_emptying_a_supply_on_the_last_space_ends_the_game() -> None:
    state = started(21, characters=["chemist", "medic"])
    state.supplies.update(oxygen=0, water=0, food=2)
    put(state, "moss_wall", "1,0", emergency=3)  # level 5: one more space is the last
    state, events = act(state, "special", source="food", target="energy")
    assert "supply_depleted" in kinds(events) and kinds(events)[-1] == "game_over"
    assert state.outcome == {
        "won": False,
        "reason": "The emergency level reached the last space of its track.",
    }


def test_the_chemist_emptying_a_supply_narrates_the_depletion() -> None:
    state = started(21, characters=["chemist", "medic"])
    state.supplies["food"] = 2
    state, events = act(state, "special", source="food", target="water")
    depleted = [e for e in events if e.kind == "supply_depleted"]
    assert len(depleted) == 1 and depleted[0].data == {"resource": "food", "level": 1}
    assert state.outcome is None


def _emptied_by_the_event() -> ColonyState:
    """Seat 0 ends its turn with the food gone and the water emptied (its production, then Dry
    Spell): seat 1 begins with the level two spaces up, at 3 actions."""
    state = started(21)
    state.supplies.update(water=3, food=0)
    hand(state, 0, "contingency_plan")
    hand(state, 1, "contingency_plan")
    events_on_top(state, "dry_spell")
    before = state.supplies["water"]
    state, _ = act(state, "end_turn")
    assert before > 0 == state.supplies["water"] and state.seat == 1 and state.actions_left == 3
    return state


def test_a_supply_refilled_after_the_event_gives_the_actions_back_only_from_the_next_turn() -> None:
    # The rulebook's example: water emptied by an event leaves the next player fewer actions "even if
    # he or she increases the supply of that resource"; the lost actions come back the turn after.
    state = _emptied_by_the_event()
    counted, level = state.actions_left, emergency_level(state)
    # Seat 1 refills the water before its first move: the level falls at once, the actions stay.
    state, _ = act(state, "play", 1, card="contingency_plan", resource="water")
    assert emergency_level(state) == level - 1 and state.actions_left == counted
    # A turn starting now would be counted from the level restored: one action more.
    assert actions_for(state, RULES.content, 1) == counted + 1
    # The same from another seat between the turns, and after a game is saved and loaded.
    state = RULES.from_json(RULES.to_json(_emptied_by_the_event()))
    state, _ = act(state, "play", 0, card="contingency_plan", resource="water")
    assert emergency_level(state) == level - 1 and state.actions_left == counted


def test_a_game_saved_with_the_old_between_turns_mark_still_loads() -> None:
    state = _emptied_by_the_event()
    saved = {**RULES.to_json(state), "unstarted": True}
    assert RULES.to_json(RULES.from_json(saved)) == RULES.to_json(state)


def test_two_supplies_emptied_at_once_are_told_one_level_at_a_time() -> None:
    state = started(1, players=2)
    state.supplies.update(oxygen=1, water=1)
    events_on_top(state, "quiet_orbit")
    state, events = act(state, "end_turn")
    told = [e.text for e in events if e.kind == "supply_depleted"]
    assert told == [
        "Oxygen is depleted: the emergency level rises to 1.",
        "Water is depleted: the emergency level rises to 2.",
    ]
    assert emergency_level(state) == 2
