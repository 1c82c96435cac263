from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from engine.core.action import Action
from engine.core.errors import IllegalActionError
from engine.core.game import Event
from engine.exobase import CONTENT, RULES
from engine.exobase.content_load import DEFAULT_DIR as CONTENT_DIR
from engine.exobase.content_load import load_content
from engine.exobase.derive import derive
from engine.exobase.power import _relight
from engine.exobase.state import ExoState
from tests.engine.exobase.exo_helpers import (
    FOUR,
    act,
    derived,
    founder,
    legal,
    new,
    placed,
    put,
    rich,
    rig,
    to_row,
)


def fresh() -> ExoState:
    state = new(2, founders=FOUR)
    rich(state)
    return state


def test_power_bank_is_supply_minus_demand_and_generators_add_per_level() -> None:
    state = fresh()
    assert (derived(state).supply, derived(state).bank) == (4, 1)
    put(state, "solar_field", 2, 1, level=2)
    assert derived(state).supply == 4 + 3
    placed(state, "power_station")["level"] = 3
    assert derived(state).supply == 8 + 3


def test_double_bolt_level_needs_two_cubes() -> None:
    state = fresh()
    placed(state, "greenhouse")["level"] = 3
    assert derived(state).demand == 4 and derived(state).bank == 0


def test_storage_silo_needs_no_energy_and_raises_the_cap() -> None:
    state = fresh()
    to_row(state, "storage_silo", 0)
    put(state, "well", 0, -1)
    after, _ = act(state, "build", founder="tamsin", card="storage_silo", at="-1,0")
    assert derived(after).bank == 0
    assert derived(after).cap["food"] == 8
    placed(after, "storage_silo")["level"] = 3
    assert derived(after).cap["gas"] == 10


def test_bolt_icons_add_energy_when_building() -> None:
    state = fresh()
    to_row(state, "algae_vats", 0)
    bank = derived(state).bank
    after, _ = act(state, "build", founder="tamsin", card="algae_vats", at="0,2")
    assert derived(after).supply == derived(state).supply + 1
    assert derived(after).bank == bank  # one cube in for the bolt, one out to power it


def hit_power_station(state: ExoState) -> ExoState:
    """End placement and roll a Tremor whose target roll hits the Power Station (dice 4)."""
    state, _ = act(state, "end_placement")
    rig(state, 6, 4)
    state, _ = act(state, "roll_hazard")
    return state


def test_damaged_generator_runs_at_half_capacity_and_the_player_darkens_locations() -> None:
    state = fresh()
    put(state, "well", 0, -1)
    water = derived(state).production["water"]
    state, _ = act(state, "end_placement")
    rig(state, 6, 4)
    state, events = act(state, "roll_hazard")
    texts = [e.text for e in events]
    assert (
        "Power Station takes damage (1 token): it runs at half capacity (2 energy) until repaired." in texts
    )
    assert texts[-1] == ("Energy is short by 2: choose a location to go dark (its cubes return to the bank).")
    assert derived(state).supply == 2
    # Ruling: the player chooses, one location at a time, until the bank is no longer short.
    assert state.pending is not None and state.pending["kind"] == "power_down"
    assert state.pending["options"] == ["greenhouse", "hab", "machine_shop", "well"]
    state, _ = act(state, "power_down", card="hab")
    assert state.pending is not None and state.pending["kind"] == "power_down"
    state, events = act(state, "power_down", card="well")
    assert events[0].text == f"Deep Well goes dark: water production {water} -> {water - 1}."
    d = derived(state)
    assert d.powered == frozenset({"greenhouse", "machine_shop", "power_station"})
    assert d.bank == 0 and d.production["water"] == water - 1
    assert state.phase == "night" and state.dark == ["hab", "well"]


def test_a_founder_dying_at_work_makes_the_player_choose_before_placing_more() -> None:
    state = new(2, founders=["okafor", "tamsin", "vesna", "mara"])
    rich(state)
    put(state, "well", 0, -1)
    put(state, "smelter", 2, 0)
    assert derived(state).bank == 0
    founder(state, "okafor")["health"] = 1
    rig(state, 1)
    state, _ = act(state, "work", founder="okafor", card="power_station", space=0)
    assert state.pending is not None and state.pending["kind"] == "power_down"
    assert {a.kind for a in legal(state)} <= {"power_down", "instant"}
    state, _ = act(state, "power_down", card="smelter")
    assert state.pending is None and state.dark == ["smelter"]
    assert any(a.kind == "work" and a.get("card") == "well" for a in legal(state))


def test_repairing_the_generator_powers_dark_locations_again() -> None:
    state = fresh()
    put(state, "well", 0, -1)
    state = hit_power_station(state)
    state, _ = act(state, "power_down", card="well")
    state, _ = act(state, "power_down", card="machine_shop")
    state = next_morning(state)
    after, events = act(state, "repair", founder="tamsin", card="power_station")
    assert after.dark == [] and derived(after).powered == frozenset(b["card"] for b in after.base)
    assert "Deep Well has power again" in " ".join(e.text for e in events)
    assert any(a.get("card") == "well" and a.kind == "work" for a in legal(after))


def next_morning(state: ExoState) -> ExoState:
    state, _ = act(state, "next_day")
    while state.pending is not None and state.pending["kind"] == "flip":
        state, _ = act(state, "flip", card=state.pending["options"][0])
    assert state.phase == "placement"
    return state


def test_a_dead_energy_founder_takes_the_cube_back() -> None:
    state = new(2, founders=["okafor", "tamsin", "vesna", "mara"])
    assert derived(state).bank == 2
    state.founders[0]["alive"] = False
    assert derived(state).bank == 1


def test_a_damaged_generator_takes_spare_cubes_from_the_bank_first() -> None:
    state = fresh()
    put(state, "solar_field", 2, 1)
    assert derived(state).bank == 3
    placed(state, "power_station")["damage"] = 1
    d = derived(state)
    assert d.bank == 1 and d.powered == frozenset(b["card"] for b in state.base)


def test_the_darkening_choice_is_described_for_buttons() -> None:
    state = fresh()
    assert RULES.describe(Action.of("power_down", card="well"), state) == (
        "Let Deep Well go dark (its cubes return to the bank)"
    )


def test_an_instant_repair_can_end_a_shortage_before_anything_goes_dark() -> None:
    state = new(2, founders=["okafor", "tamsin", "vesna", "mara"])
    rich(state)
    put(state, "well", 0, -1)
    put(state, "strip_mine", 2, 0)
    state = hit_power_station(state)
    assert state.pending is not None and state.pending["kind"] == "power_down"
    state, _ = act(state, "instant", founder="okafor", ability="founder:0", target="power_station")
    assert state.pending is None and state.phase == "night" and state.dark == []


def test_a_cards_own_bolt_cannot_power_it_when_the_bank_is_empty() -> None:
    # Player reference: "check energy requirement, pay build cost, receive benefit": the spare cube
    # must be in the bank before the card's own bolt arrives.
    state = fresh()
    put(state, "well", 0, -1)
    assert derived(state).bank == 0
    to_row(state, "algae_vats", 0)
    to_row(state, "storage_silo", 1)
    built = {str(a.get("card")) for a in legal(state) if a.kind == "build"}
    assert "algae_vats" not in built and "storage_silo" in built
    with pytest.raises(IllegalActionError, match="needs 1 energy and the Power Bank has 0 spare"):
        act(state, "build", founder="tamsin", card="algae_vats", at="0,2")


def test_an_upgrade_whose_level_brings_a_bolt_still_needs_a_spare_cube() -> None:
    state = fresh()
    put(state, "refinery", 2, 0)
    assert derived(state).bank == 0
    assert Action.of("upgrade", founder="mara", card="refinery") not in legal(state)
    # With one spare cube it is allowed, and the new level's bolt then returns a cube to the bank.
    placed(state, "power_station")["level"] = 2
    bank = derived(state).bank
    assert bank >= 1
    after, _ = act(state, "upgrade", founder="mara", card="refinery")
    assert placed(after, "refinery")["level"] == 2
    assert derived(after).bank == bank and "refinery" in derived(after).powered


def test_cubes_a_ruin_returns_power_a_dark_location_before_the_next_target_roll() -> None:
    # Ruling 7: energy that comes back re-powers dark locations at once, so a later shortage in
    # the same hazard lets the player choose among all lit locations, the re-powered one included.
    state = fresh()
    put(state, "well", 0, -1, damage=1)
    put(state, "strip_mine", -1, 0)
    state.dark = ["strip_mine"]
    assert derived(state).bank == 0
    state.day = 6
    state, _ = act(state, "end_placement")
    rig(state, 6, 5, 4)  # 6 + day 6 = Hailstones: the Deep Well is destroyed, then the Power Station hit
    state, events = act(state, "roll_hazard")
    texts = [e.text for e in events]
    assert texts.index("Strip Mine has power again: minerals production 1 -> 2.") < texts.index(
        "Power Station takes damage (1 token): it runs at half capacity (2 energy) until repaired."
    )
    assert state.dark == []
    assert state.pending is not None and state.pending["kind"] == "power_down"
    assert state.pending["text"].startswith("Energy is short by 2:")
    assert state.pending["options"] == ["greenhouse", "hab", "machine_shop", "strip_mine"]


def two_dark_one_spare() -> ExoState:
    """Deep Well and Arc Smelter dark (1 cube each) with one spare cube in the bank."""
    state = fresh()
    put(state, "well", 0, -1)
    put(state, "smelter", 2, 0)
    state.dark = ["well", "smelter"]
    assert derived(state).bank == 1
    return state


def test_energy_back_short_of_every_dark_location_lets_the_player_choose_which() -> None:
    # Ruling 7: the rulebook has the player "redistribute" the cubes that come back.
    state = two_dark_one_spare()
    state, events = act(state, "end_placement")
    assert state.pending is not None and state.pending["kind"] == "power_up"
    assert state.pending["options"] == ["well", "smelter"]
    assert state.pending["text"] == (
        "Energy is back (1 spare cube) but cannot power every dark location: choose one to power again."
    )
    assert {a.kind for a in legal(state)} <= {"power_up", "instant"}
    assert RULES.describe(Action.of("power_up", card="smelter"), state) == "Power Arc Smelter again (1 cube)"
    # The later one to go dark may be chosen, which the order they went dark would never give.
    state, events = act(state, "power_up", card="smelter")
    assert "Arc Smelter has power again" in events[0].text
    assert state.dark == ["well"] and state.pending is None
    assert derived(state).bank == 0 and "smelter" in derived(state).powered
    # The hazard still waits for its roll: answering did not end the phase.
    assert state.phase == "hazard"
    assert [a.kind for a in legal(state) if a.kind != "instant"] == ["roll_hazard"]


def test_energy_back_for_every_dark_location_powers_them_all_without_asking() -> None:
    state = two_dark_one_spare()
    put(state, "solar_field", 2, 1)
    assert derived(state).bank >= 2
    state, events = act(state, "end_placement")
    assert state.pending is None and state.dark == []
    assert [e.kind for e in events].count("powered_up") == 2


def test_only_one_dark_location_fitting_is_powered_without_asking() -> None:
    state = fresh()
    put(state, "smelter", 2, 0, level=2)
    put(state, "well", 0, -1)
    state.dark = ["smelter", "well"]
    assert derived(state).bank == 1 and CONTENT.cards["smelter"].needs(2) == 2
    state, events = act(state, "end_placement")
    assert state.pending is None and state.dark == ["smelter"]
    assert "Deep Well has power again" in " ".join(e.text for e in events)


def test_cubes_that_power_every_location_they_fit_need_no_choice(tmp_path: Path) -> None:
    # An owner's cards where Hydroponics Bay needs 3 cubes at level 3: two spare cubes fit Deep Well
    # and Arc Smelter (1 each) but never it, so powering both is the only outcome a choice could have.
    folder = tmp_path / "cards"
    shutil.copytree(CONTENT_DIR, folder)
    raw = json.loads((folder / "cards.json").read_text())
    hydroponics = next(card for card in raw if card["id"] == "hydroponics")
    hydroponics["levels"][2]["energy"] = 3
    (folder / "cards.json").write_text(json.dumps(raw))
    content = load_content(folder)
    state = two_dark_one_spare()
    put(state, "hydroponics", -1, 0, level=3)
    state.dark = ["well", "smelter", "hydroponics"]
    d = replace(derive(state, content), supply=derive(state, content).demand + 2)
    events: list[Event] = []
    _relight(state, content, d, events)
    assert state.pending is None and state.dark == ["hydroponics"]
    assert [e.kind for e in events] == ["powered_up", "powered_up"]
