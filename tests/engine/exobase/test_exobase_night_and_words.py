"""The night, the power and the words: energy a night repair brings back is placed before the
morning, storage spilled by a shrinking cap is told, each location powered again names its own
production, and refusals at night or of an instant say why."""

from __future__ import annotations

import pytest

from engine.core.action import Action
from engine.core.errors import EngineError
from engine.core.game import Event
from engine.exobase import RULES
from engine.exobase.state import ExoState
from tests.engine.exobase.exo_helpers import (
    FOUR,
    act,
    derived,
    founder,
    new,
    placed,
    put,
    rich,
    rig,
    to_night,
)

# Energy a night repair brings back is placed before the morning counts production.


def three_dark_and_a_damaged_station() -> ExoState:
    """Deep Well, Arc Smelter and Strip Mine dark (1 cube each); the Power Station damaged; bank 0."""
    state = new(2, founders=["okafor", "tamsin", "vesna", "mara"])
    rich(state, 3)
    put(state, "well", 0, -1)
    put(state, "smelter", 2, 0)
    put(state, "strip_mine", -1, 0)
    placed(state, "power_station")["damage"] = 1
    state.dark = ["well", "smelter", "strip_mine"]
    assert derived(state).bank == 0
    return state


def test_energy_a_night_repair_brings_back_powers_locations_before_the_morning() -> None:
    # Ruling 7: energy that comes back re-powers dark locations at once; when the spare cubes do not
    # fit them all, the power_up choice "comes before anything else". Okafor repairs the Power Station
    # while the refill asks for a flip: 2 spare cubes for 3 dark locations. The choice is asked before
    # the morning, so the two locations the player powers produce that morning.
    state = to_night(three_dark_and_a_damaged_station())
    state.location_row[0] = None  # a gap to refill
    state, _ = act(state, "next_day")
    assert state.pending is not None and state.pending["kind"] == "flip"
    state, _ = act(state, "instant", founder="okafor", ability="founder:0", target="power_station")
    assert derived(state).bank == 2
    events: list[Event] = []
    while state.phase != "placement" or (state.pending is not None and state.pending["kind"] == "power_up"):
        assert state.pending is not None
        if state.pending["kind"] == "power_up":
            options = state.pending["options"]
            choice = "well" if "well" in options else "smelter"
        else:
            choice = state.pending["options"][0]
        state, step = act(state, state.pending["kind"], card=choice)
        events += step
        if any(e.kind == "day_started" for e in step):
            break
    morning = next(e for e in events if e.kind == "production")
    # Deep Well (+1 water production) and Arc Smelter (+1 metal production) were powered by the
    # player's choice: the morning adds their production (water 1 + 1, metal 0 + 1).
    assert morning.data["gains"].get("water") == 2
    assert morning.data["gains"].get("metal") == 1


# A shrinking storage cap tells what it spills.


def test_resources_lost_to_a_destroyed_silo_are_narrated() -> None:
    state = new(2, founders=FOUR)
    put(state, "storage_silo", -1, 0, damage=1)
    rich(state, 8)
    assert derived(state).cap["minerals"] == 8
    state, _ = act(state, "end_placement")
    rig(state, 6, 5)  # 6 + day 1 = Tremor; target roll 5: the Storage Silo (its second token)
    state, events = act(state, "roll_hazard")
    assert "Storage Silo is destroyed." in [e.text for e in events]
    # The target roll names the location in its data too: a picture drawn after it is gone needs it.
    assert any(e.kind == "target_roll" and e.data.get("name") == "Storage Silo" for e in events)
    assert state.storage["minerals"] == 6  # 2 of each of the five resources are gone
    texts = " ".join(e.text for e in events)
    # The player is told the 10 resources spilled.
    assert "minerals" in texts and "food" in texts, texts


def test_resources_lost_when_a_storage_founder_dies_are_narrated() -> None:
    state = new(2, founders=["jun", "tamsin", "vesna", "mara"])
    rich(state, 7)
    assert derived(state).cap["gas"] == 7
    founder(state, "jun")["health"] = 1
    rig(state, 1)  # Jun's danger die at the Power Station: -1 health, dead
    state, events = act(state, "work", founder="jun", card="power_station", space=0)
    assert not founder(state, "jun")["alive"] and state.storage["gas"] == 6
    texts = " ".join(e.text for e in events)
    assert "minerals" in texts and "food" in texts, texts


# Locations powered again together each name their own production.


def test_each_location_powered_again_names_only_its_own_production() -> None:
    state = new(2, founders=FOUR)
    rich(state)
    put(state, "well", 0, -1)  # +1 water production
    put(state, "hydroponics", -1, 0)  # +1 food production
    put(state, "solar_field", 2, 1)
    state.dark = ["well", "hydroponics"]
    assert derived(state).bank == 3
    state, events = act(state, "end_placement")
    lines = {e.data["card"]: e.text for e in events if e.kind == "powered_up"}
    assert set(lines) == {"well", "hydroponics"}
    assert "food" not in lines["well"], lines["well"]
    assert "water" not in lines["hydroponics"], lines["hydroponics"]


# Refusals outside placement say why.


def _refusal(state: ExoState, kind: str, **args: str | int) -> str:
    with pytest.raises(EngineError) as caught:
        RULES.apply(state, 0, Action.of(kind, **args))
    return str(caught.value)


def night_state() -> ExoState:
    state = new(2, founders=["okafor", "tamsin", "vesna", "mara"])
    rich(state)
    return to_night(state)


def test_rest_with_the_hab_destroyed_says_why() -> None:
    state = night_state()
    founder(state, "tamsin")["health"] = 3
    state.base = [b for b in state.base if b["card"] != "hab"]
    assert "that way now" not in _refusal(state, "rest", founder="tamsin")


def test_rest_at_full_health_says_why() -> None:
    assert "that way now" not in _refusal(night_state(), "rest", founder="tamsin")


def test_rest_without_food_says_why() -> None:
    state = night_state()
    founder(state, "tamsin")["health"] = 3
    state.storage["food"] = 1
    assert "that way now" not in _refusal(state, "rest", founder="tamsin")


def test_tuck_of_a_task_not_worked_says_why() -> None:
    state = night_state()
    card = next(c for c in state.task_row if c is not None)
    assert "that way now" not in _refusal(state, "tuck", founder="tamsin", card=card)


def test_an_instant_already_used_says_why() -> None:
    state = new(2, founders=["okafor", "tamsin", "vesna", "mara"])
    state, _ = act(state, "instant", founder="tamsin", ability="founder:0")
    assert "that way now" not in _refusal(state, "instant", founder="tamsin", ability="founder:0")


def test_healing_a_founder_at_full_health_says_why() -> None:
    state = new(2, founders=["okafor", "tamsin", "vesna", "mara"])
    assert "that way now" not in _refusal(
        state, "instant", founder="vesna", ability="founder:0", target="tamsin"
    )


def refill_waiting_for_power_up() -> ExoState:
    """Two seats; the Power Station and a Solar Field damaged; Deep Well, Arc Smelter and Strip Mine
    dark (1 cube each); Okafor repairs the Power Station while the refill asks for a flip, so after
    the flip the refill waits for a power_up choice (2 spare cubes, 3 dark locations)."""
    state = new(2, founders=["okafor", "halvard", "vesna", "mara"], team=True)
    rich(state, 3)
    put(state, "well", 0, -1)
    put(state, "smelter", 2, 0)
    put(state, "strip_mine", -1, 0)
    put(state, "hydroponics", 5, 5)
    put(state, "solar_field", 6, 6, damage=1)
    placed(state, "power_station")["damage"] = 1
    # Halvard kept Drill the Hot Spring (instant: remove a damage token) on an earlier night.
    founder(state, "halvard")["tucked"] = [{"card": "geo_tap", "used": False}]
    state.dark = ["well", "smelter", "strip_mine"]
    assert derived(state).bank == 0
    state, _ = act(state, "end_placement", 0)
    state, _ = act(state, "end_placement", 1)
    rig(state, 1)  # Quiet Sky
    state, _ = act(state, "roll_hazard")
    for i, cid in enumerate(state.location_row):
        if cid is None:
            state.location_row[i] = state.pile.pop()
    state.location_row[0] = None  # one gap to refill
    state, _ = act(state, "next_day", 0)
    state, _ = act(state, "next_day", 1)
    assert state.pending is not None and state.pending["kind"] == "flip"
    state, _ = act(state, "instant", 0, founder="okafor", ability="founder:0", target="power_station")
    assert state.pending is not None
    state, _ = act(state, "flip", 1, card=state.pending["options"][0])
    assert state.phase == "refill" and state.pending is not None and state.pending["kind"] == "power_up"
    return state


def test_a_repair_that_powers_every_dark_location_during_the_refill_lets_the_day_go_on() -> None:
    state = refill_waiting_for_power_up()
    # Halvard's kept instant repairs the Solar Field: 3 spare cubes now power all three at once.
    state, events = act(state, "instant", 1, founder="halvard", ability="geo_tap", target="solar_field")
    assert "Strip Mine has power again" in " ".join(e.text for e in events)
    # Nothing is left to choose: the refill goes on and the next day begins.
    assert state.phase == "placement" and "day_started" in [e.kind for e in events]


def test_a_timed_out_teammate_never_spends_the_teams_instants() -> None:
    state = refill_waiting_for_power_up()
    for seat in (0, 1):
        action = RULES.timeout_action(state, seat)
        assert action is not None and action.kind != "instant"
