"""Paying for spaces and what the narration says about gains, losses and refusals."""

from __future__ import annotations

import pytest

from engine.core.action import Action
from engine.core.errors import IllegalActionError
from engine.exobase import CONTENT, RULES
from tests.engine.exobase.exo_helpers import (
    FOUR,
    act,
    founder,
    kinds,
    new,
    placed,
    put,
    rich,
    rig,
    to_night,
    to_row,
    to_task,
)


def test_a_paid_healing_space_takes_its_price() -> None:
    state = new(3, founders=FOUR)
    rich(state, 3)
    put(state, "med_bay", 2, 0, level=2)
    founder(state, "mara")["health"] = 1
    after, events = act(state, "work", founder="mara", card="med_bay", space=1)
    assert after.storage["food"] == 2
    assert founder(after, "mara")["health"] == 4
    assert "heals 3" in " ".join(e.text for e in events)


def test_a_gain_into_a_full_store_says_nothing_was_added() -> None:
    state = new(3, founders=FOUR)
    rich(state, 6)
    _, events = act(state, "work", founder="tamsin", card="greenhouse", space=0)
    gained = next(e for e in events if e.kind == "gained")
    assert gained.text == "Tamsin gains nothing: food storage is full (2 lost)."
    assert gained.data["resources"] == {"food": 0}


def test_a_gain_that_half_fits_names_what_was_lost() -> None:
    state = new(3, founders=FOUR)
    rich(state, 5)
    _, events = act(state, "work", founder="tamsin", card="greenhouse", space=0)
    assert "Tamsin gains 1 food; storage is full (1 lost)." in [e.text for e in events]


def test_a_hazard_loss_names_what_storage_paid_and_what_health_owes() -> None:
    state = new(4, founders=FOUR)
    state.day = 7
    state.storage["metal"] = 1
    state, _ = act(state, "end_placement")
    rig(state, 6)  # 6 + 7 = 13, Hull Fracture: lose 2 metal, then a target roll
    after, events = act(state, "roll_hazard")
    lost = next(e for e in events if e.kind == "lost")
    assert lost.text == "Lost 1 metal from storage; 1 metal missing must be paid in health."
    assert lost.data == {"resources": {"metal": 1}, "missing": {"metal": 1}}
    assert after.pending is not None and after.pending["kind"] == "pay_health"
    assert CONTENT.modes["normal"].hazard(13).name == "Hull Fracture"


def test_the_last_night_ends_the_game_without_asking_for_flips() -> None:
    state = new(3, founders=FOUR)
    rich(state)
    state.day = 10
    state = to_night(state)
    assert state.phase == "night"
    state.location_row[0] = None
    after, events = act(state, "next_day")
    assert after.pending is None and after.outcome is not None and not after.outcome["won"]
    assert "flipped" not in kinds(events) and after.location_row[0] is None


def test_an_upgrade_refusal_names_the_missing_energy_and_resources() -> None:
    state = new(3, founders=FOUR)
    rich(state)
    placed(state, "greenhouse")["level"] = 2
    put(state, "well", 0, -1)  # takes the last spare cube
    with pytest.raises(IllegalActionError) as refused:
        act(state, "upgrade", founder="tamsin", card="greenhouse")
    assert str(refused.value) == (
        "Upgrading Greenhouse to level 3 costs 3 water, 2 metal: "
        "it needs 1 energy and the Power Bank has 0 spare."
    )
    state.storage["metal"] = 0
    with pytest.raises(IllegalActionError, match="missing 2 metal; it needs 1 energy"):
        act(state, "upgrade", founder="tamsin", card="greenhouse")


def test_the_upgrade_line_shows_its_energy_need() -> None:
    state = new(3, founders=FOUR)
    placed(state, "greenhouse")["level"] = 2
    view = RULES.view(state, None)
    greenhouse = next(b for b in view["base"] if b["card"] == "greenhouse")
    assert greenhouse["upgrade"]["energy"] == 1
    assert greenhouse["upgrade"]["label"].startswith("3 water, 2 metal + 1 energy -> L3")


def test_a_build_refusal_names_the_missing_cost() -> None:
    state = new(3, founders=FOUR)
    state.storage["water"] = 0
    to_row(state, "algae_vats", 0)
    with pytest.raises(IllegalActionError, match=r"Building Algae Vats costs 3 water: missing 3 water\."):
        act(state, "build", founder="tamsin", card="algae_vats", at="0,2")


def test_a_flip_shows_the_location_side_first() -> None:
    state = to_night(new(9, founders=FOUR))
    state.location_row[0] = None
    to_task(state, "well", 0)
    state, _ = act(state, "next_day")
    flip = Action.of("flip", card="well")
    assert RULES.describe(flip, state) == (
        "Flip in Deep Well (build 3 minerals, needs 1 energy; gives +1 water production), "
        "from task Ice Core Survey"
    )
    _, events = act(state, "flip", card="well")
    flipped = next(e for e in events if e.kind == "flipped")
    assert flipped.text == (
        "Ice Core Survey flips over: Deep Well (build 3 minerals, needs 1 energy; "
        "gives +1 water production) joins the location row."
    )


def test_an_upgrade_label_shows_its_price_and_energy() -> None:
    state = new(3, founders=FOUR)
    placed(state, "greenhouse")["level"] = 2
    label = RULES.describe(Action.of("upgrade", founder="tamsin", card="greenhouse"), state)
    assert label == "Tamsin upgrades Greenhouse to L3 (3 water, 2 metal + 1 energy)"


def test_morning_and_instant_gains_say_what_they_added() -> None:
    state = to_night(new(3, founders=FOUR))
    state, events = act(state, "next_day")
    while state.pending is not None:
        state, more = act(state, "flip", card=state.pending["options"][0])
        events += more
    morning = next(e for e in events if e.kind == "production")
    assert (
        morning.text
        == "Morning production: " + ", ".join(f"+{n} {r}" for r, n in morning.data["gains"].items()) + "."
        and morning.data["gains"]
    )
    state.storage["metal"] = 5
    _, events = act(state, "instant", founder="mara", ability="founder:0")
    assert events[0].text == "Mara uses an ability: +1 metal."


def test_with_the_hab_destroyed_the_night_says_nobody_returns_to_it_or_rests() -> None:
    from render.exobase.panel import draw_panel

    state = new(3, founders=FOUR)
    hab = next(b for b in state.base if CONTENT.cards[b["card"]].type == "habitat")
    state.base.remove(hab)
    end, _ = act(state, "end_placement")
    rig(end, 1)
    night, events = act(end, "roll_hazard")
    told = next(e.text for e in events if e.kind == "phase" and e.data["phase"] == "night")
    assert "Hab destroyed" in told and "nobody can rest" in told
    assert all(a.kind != "rest" for a in RULES.legal_actions(night, 0))
    view = RULES.view(night, None)
    assert view["hab"] is False
    texts = [p.text for p in draw_panel(view).texts]
    assert "in the Hab's ruins" in texts and "in the Hab" not in texts


def test_an_out_of_phase_answer_or_night_step_says_why() -> None:
    state = new(6, founders=FOUR)
    with pytest.raises(IllegalActionError, match="belongs to the night phase"):
        RULES.apply(state, 0, Action.of("next_day"))
    for answer in (Action.of("flip", card="greenhouse"), Action.of("pay_health", founder="tamsin")):
        with pytest.raises(IllegalActionError, match="not asking that now"):
            RULES.apply(state, 0, answer)
