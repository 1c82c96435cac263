from __future__ import annotations

import pytest

from engine.core.errors import EngineError
from engine.exobase import CONTENT, RULES
from engine.exobase.derive import adjacency
from tests.engine.exobase.exo_helpers import derived, new


def test_core_square_with_matching_doors() -> None:
    state = new(3)
    cells = {b["card"]: (b["x"], b["y"]) for b in state.base}
    assert cells == {"greenhouse": (0, 0), "hab": (1, 0), "machine_shop": (0, 1), "power_station": (1, 1)}
    assert all(b["level"] == 1 and b["damage"] == 0 for b in state.base)
    near = adjacency(state, CONTENT)
    pairs = [
        ("greenhouse", "hab"),
        ("greenhouse", "machine_shop"),
        ("hab", "power_station"),
        ("machine_shop", "power_station"),
    ]
    for a, b in pairs:
        assert b in near[a] and a in near[b]


def test_three_locations_powered_and_one_cube_in_the_bank() -> None:
    state = new(3, founders=["tamsin", "vesna", "mara", "jun"])
    d = derived(state)
    assert d.powered >= {"greenhouse", "hab", "machine_shop"}
    assert (d.supply, d.demand, d.bank) == (4, 3, 1)


def test_energy_passive_adds_to_the_bank_and_food_passive_to_production() -> None:
    plain = derived(new(3, founders=["vesna", "mara", "jun", "idris"]))
    state = new(3, founders=["okafor", "tamsin", "jun", "idris"])
    d = derived(state)
    assert d.bank == plain.bank + 1
    assert d.production["food"] == plain.production["food"] + 1


def test_four_of_eight_founders_dealt_by_the_seed() -> None:
    a, b = new(11), new(11)
    assert [f["id"] for f in a.founders] == [f["id"] for f in b.founders]
    assert len(a.founders) == 4 and len({f["id"] for f in a.founders}) == 4
    dealt = {tuple(sorted(f["id"] for f in new(seed).founders)) for seed in range(20)}
    assert len(dealt) > 5
    for f in a.founders:
        card = CONTENT.founders[f["id"]]
        assert f["health"] == card.max_health and f["alive"] and f["at"] is None
        assert f["used"] == [False] * len(card.instants)


def test_rows_and_pile_and_first_morning() -> None:
    state = new(5)
    assert len(state.location_row) == 4 and None not in state.location_row
    assert len(state.task_row) == 3 and None not in state.task_row
    assert len(state.pile) == 13 - 7
    assert len(state.task_cards()) == 4 and state.task_cards()[-1] == state.pile[0]
    mode = CONTENT.modes["normal"]
    production = derived(state).production
    assert state.day == 1 and state.phase == "placement"
    assert state.storage == {r: min(6, mode.start_storage[r] + production[r]) for r in mode.start_storage}


def test_hardcore_has_its_own_table_and_green_area() -> None:
    state = new(5, mode="hardcore")
    view = RULES.view(state, None)
    assert view["mode"] == "hardcore"
    assert view["green"] == dict(CONTENT.modes["hardcore"].green)
    assert CONTENT.modes["hardcore"].hazards != CONTENT.modes["normal"].hazards


def test_bad_options_raise() -> None:
    with pytest.raises(EngineError):
        RULES.setup(["a"], {"mode": "easy"}, 1)
    with pytest.raises(EngineError):
        RULES.setup(["a", "b"], {"mode": "normal"}, 1)
    with pytest.raises(EngineError):
        RULES.setup([], {"team": True}, 1)
    with pytest.raises(EngineError):
        RULES.setup([str(i) for i in range(RULES.meta.max_players + 1)], {"team": True}, 1)


def test_team_play_every_seat_is_active() -> None:
    state = RULES.setup(["a", "b", "c"], {"mode": "normal", "team": True}, 2)
    assert RULES.to_move(state) == frozenset({0, 1, 2})
    assert RULES.legal_actions(state, 1) == RULES.legal_actions(state, 0)
    after, _ = RULES.apply(state, 2, RULES.legal_actions(state, 2)[0])
    assert after is not state
    assert RULES.legal_actions(state, 7) == []


def test_registry() -> None:
    from bot.games import MODULES

    assert MODULES["exobase"].rules(None) is RULES and RULES.meta.key == "exobase"
