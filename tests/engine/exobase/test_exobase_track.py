"""The production track's ends and the Power Bank's bolt cubes behave like the printed components."""

from __future__ import annotations

from engine.exobase import RULES
from tests.engine.exobase.exo_helpers import FOUR, act, derived, founder, new, placed, put, rich, rig, to_row


def test_production_above_the_top_is_lost_not_banked() -> None:
    # Ruling 3: raw 9 shows 7; losing a +1 producer shows 6; regaining one shows 7 again.
    state = new(5, founders=FOUR)
    rich(state, 3)
    put(state, "lab", 2, 0)
    placed(state, "lab")["picks"] = ["food"] * 7  # raw food production 1 + 1 (Tamsin) + 7 = 9
    state, _ = act(state, "work", founder="vesna", card="greenhouse", space=0)
    assert derived(state).production["food"] == 7
    founder(state, "tamsin")["health"] = 1
    rig(state, 1)
    state, _ = act(state, "work", founder="tamsin", card="power_station", space=0)
    assert not founder(state, "tamsin")["alive"]
    assert derived(state).production["food"] == 6  # one step down from the top
    assert RULES.view(state, None)["production"]["food"] == 6
    loaded = RULES.from_json(RULES.to_json(state))
    assert derived(loaded).production["food"] == 6
    # The Survey Lab's level 2 adds +1 food production: the marker climbs back to the top, and
    # the two steps lost above it stay lost.
    state, events = act(state, "upgrade", founder="halvard", card="lab", resource="food")
    assert "Halvard upgrades Survey Lab (+1 food production)." in [e.text for e in events]
    assert (derived(state).raw["food"], derived(state).production["food"]) == (9, 7)
    assert RULES.view(state, None)["production"]["food"] == 7
    assert derived(RULES.from_json(RULES.to_json(state))).production["food"] == 7


def test_bolt_cubes_stay_in_the_bank_when_their_card_is_destroyed() -> None:
    state = new(5, founders=FOUR)
    rich(state)
    to_row(state, "algae_vats", 0)
    state, _ = act(state, "build", founder="tamsin", card="algae_vats", at="0,2")
    assert (derived(state).supply, derived(state).bank) == (5, 1)
    placed(state, "algae_vats")["damage"] = 1
    placed(state, "hab")["damage"] = 1
    state, _ = act(state, "end_placement")
    rig(state, 6, 2)  # 7: one target roll; 2 = the Hab or the Algae Vats, one token each
    state, _ = act(state, "roll_hazard")
    state, _ = act(state, "choose_target", card="algae_vats")
    assert "algae_vats" in state.removed
    # The bolt cube stays in the bank and the cube that powered the card comes back.
    assert (derived(state).supply, derived(state).bank) == (5, 2)


def test_a_game_saved_before_bolts_were_banked_counts_them_on_load() -> None:
    state = new(5, founders=FOUR)
    put(state, "algae_vats", 0, 2)
    put(state, "refinery", 2, 0, level=2)
    data = RULES.to_json(state)
    del data["bolts"]
    assert RULES.from_json(data).bolts == 2  # Algae Vats' build and the Refinery's level 2
