from __future__ import annotations

import json

from engine.core.action import Action
from engine.exobase import RULES
from engine.exobase.state import ExoState
from tests.engine.exobase.exo_helpers import FOUR, act, new, rich, rig, to_night, to_row, to_task

BASE_KEYS = {
    "needs",
    "card",
    "name",
    "x",
    "y",
    "dice",
    "doors",
    "core",
    "generator",
    "level",
    "max_level",
    "damage",
    "powered",
    "type",
    "bonus_from",
    "spaces",
    "upgrade",
    "repairer",
}
TOP_KEYS = {
    "hab",
    "game",
    "mode",
    "day",
    "days",
    "days_left",
    "phase",
    "storage",
    "storage_cap",
    "production",
    "green",
    "production_max",
    "energy",
    "base",
    "founders",
    "location_row",
    "task_row",
    "pile_count",
    "pending",
    "hazard",
    "outcome",
    "score",
    "goal",
    "ready",
    "seats",
    "players",
}


def test_table_view_has_the_contract_shape() -> None:
    state = new(8, founders=FOUR)
    view = RULES.view(state, None)
    assert set(view) == TOP_KEYS
    assert view["game"] == "exobase" and view["days"] == 10 and view["days_left"] == 10
    assert view["energy"] == {"supply": 4, "demand": 3, "bank": 1}
    assert all(set(b) == BASE_KEYS for b in view["base"])
    greenhouse = next(b for b in view["base"] if b["card"] == "greenhouse")
    assert greenhouse["doors"] == ["N", "E", "S", "W"] and greenhouse["powered"]
    assert greenhouse["spaces"][0] == {
        "index": 0,
        "level": 1,
        "label": "+2 food",
        "danger": 0,
        "occupant": None,
        "usable": True,
    }
    assert greenhouse["spaces"][1]["usable"] is False
    assert greenhouse["upgrade"]["label"].startswith("3 water, 1 minerals -> L2")
    assert len(view["location_row"]) == 4 and len(view["task_row"]) == 4
    assert view["task_row"][3]["from_pile"] is True and view["task_row"][0]["from_pile"] is False
    assert RULES.view(state, 0) == view
    json.dumps(view)


def test_view_shows_occupants_doing_and_hazard() -> None:
    state = new(8, founders=FOUR)
    rich(state)
    to_task(state, "well", 0)
    state, _ = act(state, "work", founder="tamsin", card="greenhouse", space=0)
    rig(state, 6)
    state, _ = act(state, "task", founder="vesna", card="well")
    state, _ = act(state, "upgrade", founder="mara", card="hab")
    view = RULES.view(state, None)
    greenhouse = next(b for b in view["base"] if b["card"] == "greenhouse")
    hab = next(b for b in view["base"] if b["card"] == "hab")
    assert greenhouse["spaces"][0]["occupant"] == "tamsin" and hab["upgrade"] is not None
    assert hab["upgrade"]["occupant"] == "mara"
    tamsin = next(f for f in view["founders"] if f["id"] == "tamsin")
    assert tamsin["at"] == "greenhouse" and tamsin["doing"] == "works Greenhouse: +2 food"
    assert view["task_row"][0]["worker"] == "vesna"
    state, _ = act(state, "end_placement")
    rig(state, 1)
    state, _ = act(state, "roll_hazard")
    assert RULES.view(state, None)["hazard"]["name"] == "Quiet Sky"


def test_describe_gives_short_labels() -> None:
    state = new(8, founders=FOUR)
    rich(state)
    to_row(state, "well", 0)
    assert RULES.describe(Action.of("work", founder="tamsin", card="greenhouse", space=0), state) == (
        "Tamsin works Greenhouse: +2 food"
    )
    assert RULES.describe(Action.of("build", founder="mara", card="well", at="0,-1"), state) == (
        "Mara: build Deep Well at (0,-1)"
    )
    assert RULES.describe(Action.of("end_placement"), state) == "End placement (Ready)"
    assert (
        RULES.describe(Action.of("instant", founder="mara", ability="founder:0"), state)
        == "Mara: Gain 2 metal."
    )
    for action in RULES.legal_actions(state, 0):
        assert RULES.describe(action, state)


def test_can_undo_only_without_dice_or_draws() -> None:
    state = new(8, founders=FOUR)
    rich(state)
    quiet, _ = act(state, "work", founder="tamsin", card="greenhouse", space=0)
    assert RULES.can_undo(state, quiet)
    risky, _ = act(state, "work", founder="vesna", card="power_station", space=0)
    assert not RULES.can_undo(state, risky)


def test_unpowered_location_shows_in_the_view() -> None:
    state = new(8, founders=FOUR)
    state.dark = ["machine_shop"]
    view = RULES.view(state, None)
    shop = next(b for b in view["base"] if b["card"] == "machine_shop")
    assert shop["powered"] is False and not any(s["usable"] for s in shop["spaces"])


def test_founders_leave_their_spaces_in_the_view_when_night_falls() -> None:
    state = new(seed=3)
    work = next(a for a in RULES.legal_actions(state, 0) if a.kind == "work" and a.get("resource") is None)
    state, _ = RULES.apply(state, 0, work)
    card = str(work.arg("card"))

    def occupants(s: ExoState) -> list[str | None]:
        view = RULES.view(s, None)
        spaces = next(c for c in view["base"] if c["card"] == card)["spaces"]
        return [sp["occupant"] for sp in spaces]

    assert work.arg("founder") in occupants(state)
    night = to_night(state)
    assert night.phase == "night"
    assert not any(occupants(night))


def test_the_view_shows_progress_towards_both_win_conditions() -> None:
    state = new(8, founders=FOUR)
    goal = RULES.view(state, None)["goal"]
    # Normal mode: green from 4; production starts 1/0/1/0/1 plus Tamsin's food.
    assert goal == {
        "tracks": 5,
        "tracks_green": 0,
        "short": {"minerals": 3, "metal": 4, "water": 3, "gas": 4, "food": 2},
        "station": "Power Station",
        "station_level": 1,
        "station_max": 3,
        "station_next": "4 metal, 3 minerals",
        "met": False,
    }
