from __future__ import annotations

from exo_helpers import FOUR, act, derived, legal, new, placed, put, rich, to_row

from engine.core.action import Action


def fresh() -> object:
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


def test_damaged_generator_runs_at_half_capacity_and_locations_go_dark() -> None:
    state = fresh()
    put(state, "well", 0, -1)
    water = derived(state).production["water"]
    placed(state, "power_station")["damage"] = 1
    d = derived(state)
    assert d.supply == 2
    # Ruling: locations keep power in the order they joined the base; the rest go dark.
    assert d.powered == frozenset({"greenhouse", "hab", "power_station"})
    assert d.production["water"] == water - 1
    assert not [a for a in legal(state) if a.get("card") in ("machine_shop", "well") and a.kind == "work"]
    assert Action.of("upgrade", founder="tamsin", card="well") not in legal(state)


def test_repairing_the_generator_powers_everything_again() -> None:
    state = fresh()
    put(state, "well", 0, -1)
    placed(state, "power_station")["damage"] = 1
    after, _ = act(state, "repair", founder="tamsin", card="power_station")
    assert derived(after).powered == frozenset(b["card"] for b in after.base)
    assert any(a.get("card") == "well" and a.kind == "work" for a in legal(after))


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
