"""What the engine tells players: events that say what happened, labels without ids, refusals
that say why."""

from __future__ import annotations

from typing import Any

import pytest

from engine.colony import RULES
from engine.colony.state import ColonyState
from engine.core.action import Action
from engine.core.errors import EngineError
from engine.core.game import Event
from tests.engine.colony.col_helpers import act, events_on_top, hand, put, started


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def test_the_pilot_says_where_she_flew() -> None:
    state = started(6, characters=["pilot", "medic"])
    put(state, "moss_wall", "1,0")
    state, events = act(state, "special", at="1,0")
    assert "p1 flies to Moss Wall (1,0)." in texts(events)


def test_the_courier_says_which_card_went_to_whom() -> None:
    state = started(6, characters=["courier", "medic"])
    hand(state, 0, "algae_vat")
    state.pawns[1] = "5,5"
    state, events = act(state, "special", card="algae_vat", seat=1)
    assert "p1 sends Algae Vat to p2 by radio." in texts(events)


def test_the_scavenger_names_the_card_she_took() -> None:
    state = started(6, characters=["scavenger", "medic"])
    state.discard = ["algae_vat", "solar_field"]
    state, events = act(state, "special")
    assert "p1 takes Solar Field from the discard pile." in texts(events)


def test_hover_boots_and_evacuation_drill_say_who_went_where() -> None:
    state = started(6)
    put(state, "moss_wall", "1,0")
    hand(state, 0, "hover_boots")
    hand(state, 1, "evacuation_drill")
    state, events = act(state, "play", card="hover_boots", at="1,0")
    assert "p1 is carried to Moss Wall (1,0)." in texts(events)
    state, events = act(state, "play", 1, card="evacuation_drill", seat=0, at="0,0")
    assert "p1 is carried to Central Hub (0,0)." in texts(events)


def test_tokens_take_the_right_article_and_say_their_effect() -> None:
    state = started(6)
    events_on_top(state, "seal_failure")
    state, events = act(state, "end_turn")
    assert "An oxygen loss token goes on Central Hub (0,0): oxygen production falls by 1." in texts(events)
    state, events = act(state, "repair", 1, token="oxygen")
    assert "An oxygen loss token is removed from Central Hub (0,0)" in texts(events)


def test_labels_name_cards_players_and_modules_never_ids() -> None:
    state = started(6, characters=["medic", "engineer"])
    state.health[1] = ["toxic_leak"]
    heal = RULES.describe(Action.of("special", seat=1, issue="toxic_leak"), state)
    assert heal == "Special: heal p2's Toxic Leak"
    # A seat that is no player is counted from 1, as players type it.
    assert RULES.describe(Action.of("give", card="moss_wall", seat=5), state).endswith("to player 6")
    put(state, "moss_wall", "1,0", emergency=1)
    roster = Action.of("play", card="maintenance_roster", at="1,0", token="emergency")
    assert (
        RULES.describe(roster, state)
        == "Play Maintenance Roster: remove the Emergency token on Moss Wall (1,0)"
    )
    plan = Action.of("play", card="contingency_plan", resource="water")
    assert RULES.describe(plan, state) == "Play Contingency Plan: +3 water"


def refused(state: ColonyState, seat: int, kind: str, **args: Any) -> str:
    with pytest.raises(EngineError) as caught:
        act(state, kind, seat, **args)
    return str(caught.value)


def test_refusals_say_a_discard_is_pending() -> None:
    state = started(21)
    hand(state, 0, "algae_vat", "moss_wall", "ice_drill", "solar_field", "wind_mast", "stim_shot")
    state, _ = act(state, "draw")
    assert "discard" in refused(state, 0, "draw")
    assert "A discard is pending: p1 must first get back to 6 cards" in refused(state, 1, "draw")


def test_refusals_say_the_actions_are_spent_or_whose_turn_it_is() -> None:
    state = started(21)
    state.actions_left = 0
    assert refused(state, 0, "draw") == "You have no actions left: play an Item or a Plan, or end your turn."
    assert refused(state, 1, "draw") == "It is p1's turn; out of turn you may only play a Plan."


def test_a_refused_item_out_of_turn_says_items_wait_for_your_turn() -> None:
    state = started(21)
    hand(state, 1, "oxygen_canister", "contingency_plan")
    assert "Items may only be played on your own turn" in refused(state, 1, "play", card="oxygen_canister")


def test_an_emergency_token_keeps_its_capital_and_says_the_new_level() -> None:
    state = started(6)
    events_on_top(state, "blackout")
    state, events = act(state, "end_turn")
    assert "An Emergency token goes on Central Hub (0,0): the emergency level rises to 1." in texts(events)
