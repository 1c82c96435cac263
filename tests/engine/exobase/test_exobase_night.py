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
    rich,
    rig,
    to_night,
    to_row,
    to_task,
)


def worked_task(card: str) -> ExoState:
    state = new(6, founders=FOUR)
    rich(state, 3)
    to_task(state, card, 1)
    rig(state, 6, 6)
    state, _ = act(state, "task", founder="tamsin", card=card)
    return to_night(state)


def test_night_returns_founders_and_offers_tuck_rest_next_day() -> None:
    state = worked_task("hydroponics")
    assert state.phase == "night" and all(f["at"] is None for f in state.founders)
    night = {a.kind for a in legal(state) if a.kind != "instant"}
    assert night == {"tuck", "next_day"}  # everyone is at full health
    assert Action.of("tuck", founder="tamsin", card="hydroponics") in legal(state)
    assert Action.of("tuck", founder="vesna", card="hydroponics") not in legal(state)


def test_tucked_passive_is_always_on() -> None:
    state = worked_task("hydroponics")
    food = derived(state).production["food"]
    after, events = act(state, "tuck", founder="tamsin", card="hydroponics")
    assert "hydroponics" not in after.task_row and "tucked" in kinds(events)
    assert founder(after, "tamsin")["tucked"] == [{"card": "hydroponics", "used": False}]
    assert derived(after).production["food"] == food + 1
    assert not any(a.kind == "tuck" for a in legal(after))


def test_tucked_instant_is_used_once_at_any_time() -> None:
    state = worked_task("strip_mine")
    state, _ = act(state, "tuck", founder="tamsin", card="strip_mine")
    state.storage["minerals"] = 0
    use = Action.of("instant", founder="tamsin", ability="strip_mine")
    assert use in legal(state)
    after, _ = RULES.apply(state, 0, use)
    assert after.storage["minerals"] == 3
    assert founder(after, "tamsin")["tucked"] == [{"card": "strip_mine", "used": True}]
    assert use not in legal(after)
    with pytest.raises(EngineError):
        RULES.apply(after, 0, use)
    view = RULES.view(after, None)
    tucked = next(f for f in view["founders"] if f["id"] == "tamsin")["tucked"]
    assert tucked[0]["kind"] == "instant" and tucked[0]["used"] is True


def test_founder_instants_work_in_every_phase_and_need_targets() -> None:
    state = new(6, founders=["vesna", "okafor", "ruiz", "mara"])
    founder(state, "mara")["health"] = 2
    placed(state, "hab")["damage"] = 1
    options = {
        (a.get("founder"), a.get("target"), a.get("resource")) for a in legal(state) if a.kind == "instant"
    }
    assert ("vesna", "mara", None) in options and ("vesna", "vesna", None) not in options
    assert ("okafor", "hab", None) in options
    assert {r for f, _, r in options if f == "ruiz"} == {"minerals", "metal", "water", "gas", "food"}
    hazard, _ = act(state, "end_placement")
    healed, _ = act(hazard, "instant", founder="vesna", ability="founder:0", target="mara")
    assert founder(healed, "mara")["health"] == 4 and founder(healed, "vesna")["used"] == [True]
    fixed, _ = act(hazard, "instant", founder="okafor", ability="founder:0", target="hab")
    assert placed(fixed, "hab")["damage"] == 0
    rich(state, 0)
    got, _ = act(state, "instant", founder="ruiz", ability="founder:0", resource="gas")
    assert got.storage["gas"] == 2


def test_rest_turns_two_food_into_one_health() -> None:
    state = to_night(new(6, founders=FOUR))
    founder(state, "mara")["health"] = 2
    state.storage["food"] = 5
    state, events = act(state, "rest", founder="mara")
    state, _ = act(state, "rest", founder="mara")
    assert founder(state, "mara")["health"] == 4 and state.storage["food"] == 1 and "rested" in kinds(events)
    assert not any(a.kind == "rest" for a in legal(state))  # not enough food left
    state.storage["food"] = 6
    founder(state, "mara")["health"] = CONTENT.founders["mara"].max_health
    assert Action.of("rest", founder="mara") not in legal(state)


def test_next_day_refills_rows_with_a_chosen_flip_then_morning_production() -> None:
    state = new(6, founders=FOUR)
    rich(state)
    to_row(state, "well", 0)
    state, _ = act(state, "build", founder="tamsin", card="well", at="0,-1")
    state = to_night(state)
    rich(state, 0)
    offered = state.task_cards()
    state, events = act(state, "next_day")
    assert state.phase == "refill" and state.pending is not None
    assert state.pending["kind"] == "flip" and state.pending["options"] == offered
    assert RULES.view(state, None)["phase"] == "refill"
    pick = offered[-1]  # the top of the pile may be chosen too
    after, events = act(state, "flip", card=pick)
    assert after.location_row[0] == pick and None not in after.location_row
    assert None not in after.task_row and after.day == 2 and after.phase == "placement"
    assert kinds(events)[:3] == ["flipped", "day_started", "production"]
    production = derived(after).production
    assert after.storage == {r: production[r] for r in production}
    assert not RULES.can_undo(state, after)


def test_task_slots_refill_from_the_pile_and_run_empty_late() -> None:
    state = to_night(new(6, founders=FOUR))
    state.task_row = [None, state.task_row[1], None]
    state.pile = state.pile[:1]
    state.location_row[3] = None
    state, _ = act(state, "next_day")
    assert state.pending is not None and len(state.pending["options"]) == 2
    state, _ = act(state, "flip", card=state.pending["options"][0])
    assert None not in state.location_row
    assert state.task_row.count(None) == 2 and state.pile == []
    assert RULES.view(state, None)["task_row"][3] is None


def test_time_runs_out_on_the_final_space() -> None:
    state = new(6, founders=FOUR)
    state.day = CONTENT.modes["normal"].days
    state = to_night(state, dice=1)
    after, _ = act(state, "next_day")
    assert after.outcome is not None and after.outcome["won"] is False
    assert "meteorites" in after.outcome["reason"]
    assert RULES.view(after, None)["days_left"] == 0
    with pytest.raises(EngineError):
        act(after, "next_day")


def test_win_the_moment_production_is_green_and_the_station_is_full() -> None:
    state = new(6, founders=["vesna", "ruiz", "mara", "jun"])
    rich(state)
    green = CONTENT.modes["normal"].green
    production = derived(state).production
    picks = [r for r in green for _ in range(green[r] - production[r])]
    state.base[0]["picks"] = picks
    station = placed(state, "power_station")
    station["level"] = 2
    state.storage["metal"] = 6
    after, events = act(state, "upgrade", founder="vesna", card="power_station")
    assert after.outcome == {
        "won": True,
        "reason": "The base can power the shield generator.",
        "score": 5 + 10,
    }
    assert kinds(events)[-1] == "game_over"
    result = RULES.outcome(after)
    assert result is not None and result.won and result.scores == {0: 15}
    assert RULES.view(after, None)["phase"] == "over"


def test_score_counts_units_into_the_green_and_days_left() -> None:
    state = new(6, founders=FOUR)
    state.day = 4
    view = RULES.view(state, None)
    production, green = view["production"], view["green"]
    units = sum(max(0, production[r] - green[r] + 1) for r in green)
    assert view["score"] == units + (10 - 4 + 1) and view["days_left"] == 7
