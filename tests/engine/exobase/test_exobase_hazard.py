from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import EngineError
from engine.core.game import Event
from engine.exobase import CONTENT, RULES
from engine.exobase.state import ExoState
from tests.engine.exobase.exo_helpers import (
    FOUR,
    act,
    derived,
    founder,
    kinds,
    legal,
    new,
    placed,
    put,
    rich,
    rig,
    to_row,
)


def hazard_phase(day: int = 1) -> ExoState:
    state = new(4, founders=FOUR)
    rich(state, 3)
    state.day = day
    state, _ = act(state, "end_placement")
    return state


def event(events: list[Event], kind: str) -> dict[str, Any]:
    return dict(next(e for e in events if e.kind == kind).data)


def test_hazard_roll_is_d6_plus_day_on_the_mode_table() -> None:
    state = hazard_phase(day=3)
    rig(state, 1)
    after, events = act(state, "roll_hazard")
    assert event(events, "hazard_roll") == {"die": 1, "day": 3, "total": 4, "name": "Quiet Sky"}
    assert after.hazard == {"roll": 4, "die": 1, "name": "Quiet Sky", "text": "Nothing happens."}
    assert after.phase == "night" and not RULES.can_undo(state, after)


def test_resource_loss_is_paid_from_storage() -> None:
    state = hazard_phase()
    rig(state, 4)  # 4 + 1 = 5: lose 1 water
    after, _ = act(state, "roll_hazard")
    assert after.storage["water"] == 2 and after.phase == "night"


def test_missing_resources_are_paid_in_health_by_chosen_founders() -> None:
    state = hazard_phase()
    state.storage["food"] = 0
    rig(state, 5)  # 5 + 1 = 6: lose 2 food
    state, _ = act(state, "roll_hazard")
    assert state.pending is not None and state.pending["kind"] == "pay_health"
    assert {a.kind for a in legal(state) if a.kind != "instant"} == {"pay_health"}
    with pytest.raises(EngineError):
        act(state, "next_day")
    state, _ = act(state, "pay_health", founder="tamsin")
    assert state.pending is not None
    state, _ = act(state, "pay_health", founder="mara")
    assert state.pending is None and state.phase == "night"
    assert founder(state, "tamsin")["health"] == CONTENT.founders["tamsin"].max_health - 1
    assert founder(state, "mara")["health"] == CONTENT.founders["mara"].max_health - 1


def test_target_roll_damages_a_matching_location_and_hurts_its_founder() -> None:
    state = hazard_phase()
    founder(state, "vesna")["at"] = "greenhouse"
    rig(state, 6, 1)  # 7: one target roll; 1 = Greenhouse
    after, events = act(state, "roll_hazard")
    assert event(events, "target_roll") == {"die": 1, "card": "greenhouse", "name": "Greenhouse"}
    assert event(events, "damaged") == {"card": "greenhouse", "tokens": 1}
    assert founder(after, "vesna")["health"] == CONTENT.founders["vesna"].max_health - 2


def test_target_goes_to_the_location_with_fewest_tokens_and_ties_are_chosen() -> None:
    state = hazard_phase()
    put(state, "hydroponics", -1, -1)
    placed(state, "greenhouse")["damage"] = 1
    rig(state, 6, 1)
    after, _ = act(state, "roll_hazard")
    assert placed(after, "hydroponics")["damage"] == 1 and placed(after, "greenhouse")["damage"] == 1
    placed(state, "greenhouse")["damage"] = 0
    tied, events = act(state, "roll_hazard")
    assert event(events, "target_roll") == {"die": 1, "card": None, "tied": ["greenhouse", "hydroponics"]}
    assert tied.pending == {
        "kind": "choose_target",
        "text": "Target roll 1: choose a location.",
        "options": ["greenhouse", "hydroponics"],
        "die": 1,
    }
    done, _ = act(tied, "choose_target", card="hydroponics")
    assert placed(done, "hydroponics")["damage"] == 1 and placed(done, "greenhouse")["damage"] == 0
    with pytest.raises(EngineError):
        act(tied, "choose_target", card="hab")


def test_no_matching_location_means_roll_again() -> None:
    state = hazard_phase()
    rig(state, 6, 5, 6, 2)
    after, events = act(state, "roll_hazard")
    rolls = [dict(e.data) for e in events if e.kind == "target_roll"]
    assert rolls == [
        {"die": 5, "card": None, "reroll": True},
        {"die": 6, "card": None, "reroll": True},
        {"die": 2, "card": "hab", "name": "Hab"},
    ]
    assert placed(after, "hab")["damage"] == 1


def test_two_targets_are_rolled_one_at_a_time() -> None:
    state = hazard_phase(day=6)
    rig(state, 6, 3, 3)  # 12: two target rolls, both on the Machine Shop
    after, events = act(state, "roll_hazard")
    assert [dict(e.data)["card"] for e in events if e.kind == "target_roll"] == [
        "machine_shop",
        "machine_shop",
    ]
    assert "machine_shop" not in {b["card"] for b in after.base}
    assert "machine_shop" in after.removed


def test_second_token_destroys_hurts_three_and_relocates() -> None:
    state = hazard_phase()
    placed(state, "greenhouse")["level"] = 2
    placed(state, "greenhouse")["damage"] = 1
    founder(state, "vesna")["at"] = "greenhouse"
    food = derived(state).production["food"]
    rig(state, 6, 1)
    after, events = act(state, "roll_hazard")
    assert "destroyed" in kinds(events)
    assert founder(after, "vesna")["health"] == CONTENT.founders["vesna"].max_health - 3
    assert after.pending is not None and after.pending["kind"] == "relocate"
    assert after.pending["options"] == ["hab", "machine_shop"]
    assert derived(after).production["food"] == food - 1
    moved, events = act(after, "relocate", founder="vesna", card="machine_shop")
    assert event(events, "relocated") == {"founder": "vesna", "card": "machine_shop"}
    assert moved.phase == "night" and founder(moved, "vesna")["at"] is None  # night: back to the Hab


def test_a_new_location_can_fill_the_gap_if_its_doors_line_up() -> None:
    state = new(4, founders=FOUR)
    rich(state)
    state.base = [b for b in state.base if b["card"] != "greenhouse"]
    to_row(state, "hydroponics", 0)
    to_row(state, "well", 1)
    spots = {(a.get("card"), a.get("at")) for a in legal(state) if a.kind == "build"}
    assert ("hydroponics", "0,0") in spots
    assert ("well", "0,0") not in spots


def test_detached_locations_keep_working() -> None:
    state = new(4, founders=FOUR)
    rich(state, 0)
    put(state, "well", 0, -1)
    state.base = [b for b in state.base if b["card"] != "greenhouse"]
    after, _ = act(state, "work", founder="tamsin", card="well", space=0)
    assert after.storage["water"] == 2


def test_a_destroyed_hab_stops_resting() -> None:
    state = hazard_phase()
    rig(state, 1)
    night, _ = act(state, "roll_hazard")
    founder(night, "tamsin")["health"] = 2
    assert any(a.kind == "rest" for a in legal(night))
    night.base = [b for b in night.base if b["card"] != "hab"]
    assert not any(a.kind == "rest" for a in legal(night))


def test_everyone_dead_loses_the_game() -> None:
    state = hazard_phase(day=4)
    for f in state.founders:
        f["health"] = 1
    rig(state, 6)  # 10: every founder loses 1 health
    after, events = act(state, "roll_hazard")
    assert after.outcome == {"won": False, "reason": "Every founder has died.", "score": 0}
    assert kinds(events)[-1] == "game_over" and RULES.outcome(after) is not None
    assert RULES.legal_actions(after, 0) == [] and RULES.to_move(after) == frozenset()


def test_an_instant_that_brings_the_missing_resource_pays_the_health_owed_for_it() -> None:
    # "Instant abilities may be used once, at any time": food an instant brings while health is owed
    # for missing food pays that debt, as it would have if it had been in storage for the loss.
    state = new(1, founders=["tamsin", "okafor", "vesna", "mara"])
    state.storage["food"] = 1
    state, _ = act(state, "end_placement")
    rig(state, 5)  # day 1: 5 + 1 = 6, Mould Bloom (lose 2 food)
    state, _ = act(state, "roll_hazard")
    assert state.pending is not None and state.pending["kind"] == "pay_health" and state.owed == 1
    assert state.pending["text"].endswith("(food an instant brings in now pays instead).")
    health = {f["id"]: f["health"] for f in state.founders}
    state, events = act(state, "instant", founder="tamsin", ability="founder:0")
    assert [e.text for e in events][:2] == [
        "Tamsin uses an ability: +2 food.",
        "Paid 1 food from storage instead of health; nothing more is owed.",
    ]
    assert state.owed == 0 and state.short == {} and state.storage["food"] == 1
    assert {f["id"]: f["health"] for f in state.founders} == health
    assert state.pending is None or state.pending["kind"] != "pay_health"


def test_health_paid_for_a_loss_leaves_no_debt_for_a_later_instant_to_pay() -> None:
    state = new(1, founders=["tamsin", "okafor", "vesna", "mara"])
    state.storage["food"] = 0
    state, _ = act(state, "end_placement")
    rig(state, 5)
    state, _ = act(state, "roll_hazard")
    assert state.owed == 2 and state.short == {"food": 2}
    state, _ = act(state, "pay_health", founder="okafor")
    assert state.owed == 1 and state.short == {"food": 1}
    state, events = act(state, "instant", founder="tamsin", ability="founder:0")
    assert "Paid 1 food from storage instead of health; nothing more is owed." in [e.text for e in events]
    assert state.owed == 0 and state.storage["food"] == 1
