from __future__ import annotations

import pytest

from engine.core.action import Action
from engine.core.errors import EngineError
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
    to_task,
)


def fresh(seed: int = 1) -> ExoState:
    state = new(seed, founders=FOUR)
    rich(state, 0)
    return state


def test_work_gains_resources_and_takes_the_space() -> None:
    state = fresh()
    after, events = act(state, "work", founder="tamsin", card="greenhouse", space=0)
    assert after.storage["food"] == 2 and state.storage["food"] == 0
    assert kinds(events) == ["placed", "gained"]
    assert founder(after, "tamsin")["at"] == "greenhouse"
    assert after.spots["greenhouse:0"] == "tamsin"
    assert Action.of("work", founder="halvard", card="greenhouse", space=0) not in legal(after)
    with pytest.raises(EngineError):
        act(after, "work", founder="halvard", card="greenhouse", space=0)
    with pytest.raises(EngineError):
        act(after, "work", founder="tamsin", card="machine_shop", space=0)


def test_level_two_space_needs_an_upgrade_and_upgrades_go_in_order() -> None:
    state = fresh()
    rich(state)
    level2 = Action.of("work", founder="halvard", card="greenhouse", space=1)
    assert level2 not in legal(state)
    after, events = act(state, "upgrade", founder="tamsin", card="greenhouse")
    assert placed(after, "greenhouse")["level"] == 2
    assert after.storage["water"] == 3 and after.storage["minerals"] == 5
    assert derived(after).production["food"] == derived(state).production["food"] + 1
    assert ("upgraded", {"card": "greenhouse", "level": 2}) in [(e.kind, dict(e.data)) for e in events]
    assert level2 in legal(after)
    assert Action.of("work", founder="halvard", card="greenhouse", space=2, resource="food") not in legal(
        after
    )
    # The upgrade space holds one founder a day: level 3 waits for tomorrow.
    assert Action.of("upgrade", founder="halvard", card="greenhouse") not in legal(after)


def test_upgrade_needs_the_cost_and_the_energy_of_the_new_level() -> None:
    state = fresh()
    rich(state)
    placed(state, "greenhouse")["level"] = 2
    put(state, "well", 0, -1)  # takes the last spare cube
    assert derived(state).bank == 0
    assert Action.of("upgrade", founder="tamsin", card="greenhouse") not in legal(state)
    assert Action.of("upgrade", founder="tamsin", card="hab") in legal(
        state
    )  # level 2 of the Hab needs no more
    rich(state, 0)
    assert Action.of("upgrade", founder="tamsin", card="hab") not in legal(state)


def test_build_pays_moves_the_founder_and_gives_the_benefit() -> None:
    state = fresh()
    rich(state)
    to_row(state, "well", 1)
    after, events = act(state, "build", founder="mara", card="well", at="0,-1")
    assert after.placed("well") == {"card": "well", "x": 0, "y": -1, "level": 1, "damage": 0, "picks": []}
    assert after.location_row[1] is None
    assert after.storage["minerals"] == 3
    assert founder(after, "mara")["at"] == "well"
    assert derived(after).production["water"] == derived(state).production["water"] + 1
    assert derived(after).bank == derived(state).bank - 1
    assert "built" in kinds(events)


def test_build_doors_must_line_up_without_rotation() -> None:
    state = fresh()
    rich(state)
    to_row(state, "well", 0)
    spots = {str(a.get("at")) for a in legal(state) if a.kind == "build" and a.get("card") == "well"}
    assert "0,-1" in spots  # the Greenhouse's north door meets the Well's south door
    assert "2,0" not in spots  # the Hab's east door would face the Well's wall
    assert "0,0" not in spots  # occupied
    assert "5,5" not in spots  # not connected
    with pytest.raises(EngineError):
        act(state, "build", founder="mara", card="well", at="2,0")


def test_build_needs_a_spare_energy_cube_except_silo_and_generators() -> None:
    state = fresh()
    rich(state)
    put(state, "well", 0, -1)
    assert derived(state).bank == 0
    to_row(state, "gas_vent", 0)
    to_row(state, "storage_silo", 1)
    to_row(state, "solar_field", 2)
    built = {str(a.get("card")) for a in legal(state) if a.kind == "build"}
    assert "gas_vent" not in built
    assert {"storage_silo", "solar_field"} <= built


def test_build_benefit_can_take_an_adjacency_bonus_at_the_new_location() -> None:
    state = fresh()
    rich(state)
    state.storage["minerals"] = 0
    to_row(state, "quarry", 0)
    state, _ = act(state, "work", founder="vesna", card="machine_shop", space=0)
    state, _ = act(state, "build", founder="mara", card="quarry", at="0,2")
    assert state.storage["minerals"] == 1 + 1  # the build's gain and Vesna's help next door


def test_task_row_work_rolls_danger_and_marks_the_card() -> None:
    state = fresh()
    to_task(state, "well", 0)
    rig(state, 5)
    after, events = act(state, "task", founder="tamsin", card="well")
    assert after.storage["water"] == 2
    assert kinds(events) == ["placed", "danger_roll", "gained"]
    assert founder(after, "tamsin")["task"] == "well"
    assert founder(after, "tamsin")["at"] is None
    pile_top = state.pile[0]
    assert Action.of("task", founder="halvard", card="well") not in legal(after)
    assert any(a.kind == "task" and a.get("card") == pile_top for a in legal(after))


def test_repair_is_the_only_placement_on_a_damaged_location() -> None:
    state = fresh()
    rich(state)
    placed(state, "greenhouse")["damage"] = 1
    options = {(a.kind, a.get("card")) for a in legal(state) if a.get("founder") == "tamsin"}
    assert ("work", "greenhouse") not in options and ("upgrade", "greenhouse") not in options
    assert ("repair", "greenhouse") in options
    after, events = act(state, "repair", founder="tamsin", card="greenhouse")
    assert placed(after, "greenhouse")["damage"] == 0 and "repaired" in kinds(events)
    assert not [a for a in legal(after) if a.get("founder") == "tamsin" and a.kind != "instant"]
    assert Action.of("repair", founder="halvard", card="greenhouse") not in legal(after)


def test_danger_check_costs_one_health_per_roll_of_one_to_four() -> None:
    state = fresh()
    rig(state, 4)
    after, events = act(state, "work", founder="halvard", card="power_station", space=0)
    roll = next(e for e in events if e.kind == "danger_roll")
    assert roll.data == {"founder": "halvard", "dice": [4], "lost": 1}
    assert founder(after, "halvard")["health"] == CONTENT.founders["halvard"].max_health - 1
    assert roll.text.endswith("for danger: -1 health.")
    rig(state, 5)
    after, events = act(state, "work", founder="halvard", card="power_station", space=0)
    assert founder(after, "halvard")["health"] == CONTENT.founders["halvard"].max_health
    assert next(e for e in events if e.kind == "danger_roll").text.endswith("for danger: unhurt.")


def test_danger_less_passive_rolls_fewer_dice() -> None:
    state = new(1, founders=["idris", "okafor", "vesna", "mara"])
    rich(state, 0)
    after, events = act(state, "work", founder="idris", card="power_station", space=0)
    assert "danger_roll" not in kinds(events) and after.rng.position == state.rng.position


def test_injured_founders_gain_one_less() -> None:
    state = fresh()
    founder(state, "tamsin")["health"] = CONTENT.founders["tamsin"].injured_at
    after, _ = act(state, "work", founder="tamsin", card="greenhouse", space=0)
    assert after.storage["food"] == 1


def test_death_in_a_danger_check_cancels_the_work_and_removes_the_founder() -> None:
    state = fresh()
    tamsin = founder(state, "tamsin")
    tamsin["health"] = 1
    tamsin["tucked"] = [{"card": "hydroponics", "used": False}]
    food = derived(state).production["food"]
    rig(state, 1)
    after, events = act(state, "work", founder="tamsin", card="power_station", space=0)
    assert "founder_died" in kinds(events) and "gained" not in kinds(events)
    dead = founder(after, "tamsin")
    assert not dead["alive"] and dead["health"] == 0 and dead["tucked"] == []
    assert "hydroponics" in after.removed
    assert derived(after).production["food"] == food - 2  # her passive and the tucked one are gone
    assert after.storage["gas"] == 0
    assert not [a for a in legal(after) if a.get("founder") == "tamsin" and a.kind != "instant"]


def test_storage_is_capped_at_six() -> None:
    state = fresh()
    state.storage["food"] = 5
    after, _ = act(state, "work", founder="tamsin", card="greenhouse", space=0)
    assert after.storage["food"] == 6


def test_either_or_space_needs_a_resource_choice() -> None:
    state = fresh()
    placed(state, "machine_shop")["level"] = 2
    options = {
        a.get("resource") for a in legal(state) if a.get("card") == "machine_shop" and a.get("space") == 2
    }
    assert options == {"metal", "minerals"}
    with pytest.raises(EngineError):
        act(state, "work", founder="tamsin", card="machine_shop", space=2)
    after, _ = act(state, "work", founder="tamsin", card="machine_shop", space=2, resource="minerals")
    assert after.storage["minerals"] == 2 and after.storage["metal"] == 0


def test_pay_to_gain_needs_the_price() -> None:
    state = fresh()
    work = Action.of("work", founder="tamsin", card="machine_shop", space=1)
    assert work not in legal(state)
    state.storage["minerals"] = 1
    after, _ = RULES.apply(state, 0, work)
    assert after.storage["minerals"] == 0 and after.storage["metal"] == 2


def test_any_resource_space_offers_all_five() -> None:
    state = fresh()
    put(state, "lab", 2, 1)
    options = {a.get("resource") for a in legal(state) if a.get("card") == "lab" and a.kind == "work"}
    assert options == {"minerals", "metal", "water", "gas", "food"}


def test_hab_heals_in_full_when_injured_but_not_above_max() -> None:
    state = fresh()
    founder(state, "tamsin")["health"] = 2
    after, _ = act(state, "work", founder="tamsin", card="hab", space=0)
    assert founder(after, "tamsin")["health"] == 4
    founder(state, "vesna")["health"] = CONTENT.founders["vesna"].max_health - 1
    after, _ = act(state, "work", founder="vesna", card="hab", space=0)
    assert founder(after, "vesna")["health"] == CONTENT.founders["vesna"].max_health


def test_location_adjacency_bonus_needs_a_doorway() -> None:
    state = fresh()
    put(state, "well", 0, -1)  # water type, through the Greenhouse's north door
    after, _ = act(state, "work", founder="tamsin", card="greenhouse", space=0)
    assert after.storage["food"] == 3
    state = fresh()
    put(state, "algae_vats", -1, 0)  # farming, not water: no bonus
    put(state, "refinery", 0, -1)  # no south door: a wall faces the Greenhouse
    after, _ = act(state, "work", founder="tamsin", card="greenhouse", space=0)
    assert after.storage["food"] == 2


def test_adjacent_founder_bonus_depends_on_placement_order_and_caps_at_one() -> None:
    state = fresh()
    first, _ = act(state, "work", founder="vesna", card="greenhouse", space=0)
    after, _ = act(first, "work", founder="halvard", card="machine_shop", space=0)
    assert after.storage["metal"] == 2
    late, _ = act(state, "work", founder="halvard", card="machine_shop", space=0)
    late, _ = act(late, "work", founder="vesna", card="greenhouse", space=0)
    assert late.storage["metal"] == 1
    capped, _ = act(first, "work", founder="mara", card="machine_shop", space=0)
    assert capped.storage["metal"] == 2  # Mara's own metal bonus and Vesna's do not stack


def test_end_placement_moves_to_the_hazard_phase() -> None:
    state = fresh()
    after, events = act(state, "end_placement")
    assert after.phase == "hazard" and ("phase" in kinds(events))
    assert [a.kind for a in legal(after) if a.kind != "instant"] == ["roll_hazard"]
    with pytest.raises(EngineError):
        act(after, "work", founder="tamsin", card="greenhouse", space=0)


def test_a_build_gain_takes_no_work_bonus_of_the_builder() -> None:
    # Ruling 12: building is not working, so Halvard's "+1 when working for minerals" does not apply.
    state = fresh()
    state.storage["food"] = 3
    to_row(state, "quarry", 0)
    after, _ = act(state, "build", founder="halvard", card="quarry", at="0,2")
    assert after.storage["minerals"] == 1
    assert after.storage["food"] == 0
