"""The table view and the action labels a front end is built from."""

from __future__ import annotations

import json

from engine.colony import RULES
from tests.engine.colony.col_helpers import act, events_on_top, hand, new, put, started


def test_view_shape_is_json_ready() -> None:
    state = started(14, 3)
    put(state, "moss_wall", "1,0", loss={"food": 1}, emergency=1, off=True)
    state.pawns[2] = "1,0"
    state.health[1] = ["exhaustion"]
    view = RULES.view(state, None)
    assert json.loads(json.dumps(view)) == view
    keys = "scenario phase turn active_seat actions_left resources limits emergency grid players"
    keys += " deck_count discard_count event_deck_count last_event pending outcome"
    assert set(view) >= set(keys.split())
    module = next(m for m in view["grid"] if m["at"] == "1,0")
    assert (
        module["off"] and module["emergency"] == 1 and module["loss"]["food"] == 1 and module["pawns"] == [2]
    )
    assert module["colour"] == "red" and module["x"] == 1 and module["y"] == 0
    assert view["emergency"]["level"] == 1
    assert view["players"][1]["health"][0]["health"]["effect"] == "fatigue"
    assert all(p["character"] is not None and p["hand"] for p in view["players"])


def test_view_shows_pending_choices() -> None:
    state = started(14)
    hand(state, 0, "algae_vat", "moss_wall", "ice_drill", "solar_field", "wind_mast", "stim_shot")
    drawn, _ = act(state, "draw")
    assert RULES.view(drawn, 1)["pending"] == {"kind": "discard", "seat": 0, "count": 1}
    put(state, "ice_drill", "1,0")
    put(state, "dew_condenser", "-1,0")
    events_on_top(state, "leaky_valve")
    waiting, _ = act(state, "end_turn")
    assert RULES.view(waiting, None)["pending"] == {
        "kind": "place",
        "seat": 0,
        "token": "water",
        "options": ["-1,0", "1,0"],
    }


def test_draft_view_lists_the_dealt_characters() -> None:
    view = RULES.view(new(14, 2), None)
    assert view["phase"] == "draft" and view["active_seat"] is None
    assert all(len(p["dealt"]) == 2 and p["character"] is None for p in view["players"])


def test_every_legal_action_has_a_label() -> None:
    state = started(14, 2, characters=["medic", "courier"])
    put(state, "moss_wall", "1,0", loss={"food": 1})
    hand(state, 0, "algae_vat", "oxygen_canister", "water_bladder", "contingency_plan", "first_aid_kit")
    hand(state, 1, "salvage_protocol")
    state.health[0] = ["exhaustion"]
    labels = [RULES.describe(a, state) for a in RULES.legal_actions(state, 0)]
    labels += [RULES.describe(a, state) for a in RULES.legal_actions(state, 1)]
    assert all(labels) and len(set(labels)) == len(labels)
    assert "Deploy Algae Vat at 0,1 paying Oxygen Canister, Water Bladder" in labels
    draft = new(14, 1)
    assert RULES.describe(RULES.legal_actions(draft, 0)[0], draft).startswith("Play as ")
