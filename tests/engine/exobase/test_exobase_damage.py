"""Who a hit location hurts, where survivors may flee, and ties re-checked after a repair."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.action import Action
from engine.core.errors import EngineError
from engine.exobase import CONTENT, Content
from engine.exobase.state import ExoState
from tests.engine.exobase.exo_helpers import FOUR, act, founder, legal, new, placed, put, rich, rig


def hazard_phase(founders: list[str] | None = None) -> ExoState:
    state = new(4, founders=founders or FOUR)
    rich(state, 3)
    return state


def full(fid: str) -> int:
    content: Content = CONTENT
    return content.founders[fid].max_health


def test_founders_left_in_the_hab_are_hurt_when_it_is_hit() -> None:
    state = hazard_phase()
    state, _ = act(state, "work", founder="tamsin", card="greenhouse", space=0)
    task = state.task_cards()[0]
    state, _ = act(state, "task", founder="halvard", card=task, **_choice(task))
    state, _ = act(state, "end_placement")
    health = founder(state, "halvard")["health"]
    rig(state, 6, 2)  # 7: one target roll; 2 = the Hab
    after, _ = act(state, "roll_hazard")
    assert placed(after, "hab")["damage"] == 1
    assert founder(after, "vesna")["health"] == full("vesna") - 2
    assert founder(after, "mara")["health"] == full("mara") - 2
    assert founder(after, "tamsin")["health"] == full("tamsin")  # in the Greenhouse
    assert founder(after, "halvard")["health"] == health  # out on a task card


def _choice(cid: str) -> dict[str, Any]:
    task = CONTENT.cards[cid].task
    assert task is not None
    return {"resource": task.reward.either[0]} if task.reward.either else {}


def test_a_destroyed_hab_sends_its_founders_only_through_doorways() -> None:
    state = hazard_phase()
    placed(state, "hab")["damage"] = 1
    put(state, "strip_mine", 1, -1)  # north of the Hab, whose north side is a wall
    state, _ = act(state, "end_placement")
    rig(state, 6, 2)
    after, _ = act(state, "roll_hazard")
    assert "hab" in after.removed
    assert founder(after, "vesna")["health"] == full("vesna") - 3
    assert after.pending is not None and after.pending["kind"] == "relocate"
    assert after.pending["options"] == ["greenhouse", "power_station"]
    relocations = [a for a in legal(after) if a.kind == "relocate"]
    assert Action.of("relocate", founder=after.pending["founder"], card="strip_mine") not in relocations


def test_a_repair_during_a_tie_changes_who_can_be_chosen() -> None:
    state = hazard_phase(["okafor", "tamsin", "vesna", "mara"])
    put(state, "hydroponics", -1, -1, damage=1)
    placed(state, "greenhouse")["damage"] = 1
    state, _ = act(state, "end_placement")
    rig(state, 6, 1)  # 7: one target roll; 1 = Greenhouse or Hydroponics Bay, one token each
    tied, _ = act(state, "roll_hazard")
    assert tied.pending is not None and tied.pending["options"] == ["greenhouse", "hydroponics"]
    fixed, _ = act(tied, "instant", founder="okafor", ability="founder:0", target="greenhouse")
    assert fixed.pending is not None and fixed.pending["options"] == ["greenhouse"]
    with pytest.raises(EngineError):
        act(fixed, "choose_target", card="hydroponics")
    done, _ = act(fixed, "choose_target", card="greenhouse")
    assert placed(done, "greenhouse")["damage"] == 1 and placed(done, "hydroponics")["damage"] == 1
