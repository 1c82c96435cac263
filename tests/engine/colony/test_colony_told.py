"""What players are told matches what happens: one step that empties one supply and refills another
never passes through the losing space, and refusals offer only remedies the player has."""

from __future__ import annotations

from engine.colony import RULES
from engine.colony.derive import emergency_level
from engine.colony.model import TRACK
from engine.colony.state import ColonyState
from engine.core.action import Action
from engine.core.errors import EngineError
from engine.core.game import Event
from tests.engine.colony.col_helpers import act, events_on_top, hand, legal, put, started

LAST = len(TRACK) - 1


def _levels(events: list[Event]) -> list[int]:
    return [int(e.data["level"]) for e in events if e.kind in ("supply_depleted", "supply_restored")]


def _refusal(state: ColonyState, who: int, kind: str, **args: str | int) -> str:
    try:
        RULES.apply(state, who, Action.of(kind, **args))
    except EngineError as exc:
        return str(exc)
    raise AssertionError("the move was accepted")


def test_a_chemists_conversion_is_one_step_and_never_told_through_the_losing_space() -> None:
    # Ruling 18: emptying oxygen into an empty water supply leaves the level where it was.
    state = started(3, players=1, characters=["chemist"])
    state.supplies.update(oxygen=2, water=0, food=9, energy=9)
    state.grid["0,0"]["emergency"] = 4  # one supply empty, four Emergency tokens: level 5
    assert emergency_level(state) == LAST - 1
    state, events = act(state, "special", source="oxygen", target="water")
    assert _levels(events) == [LAST - 2, LAST - 1]
    assert state.outcome is None and emergency_level(state) == LAST - 1


def test_a_resource_update_that_empties_one_supply_and_refills_another_tells_the_refill_first() -> None:
    state = started(3, players=1, characters=["chemist"])
    put(state, "ice_drill", "1,0")
    put(state, "ice_drill", "2,0")  # water production +2
    state.supplies.update(oxygen=2, water=0, food=9, energy=9)
    state.grid["0,0"]["emergency"] = 4
    events_on_top(state, "quiet_orbit")
    state, events = act(state, "end_turn")
    levels = _levels(events)
    assert levels and max(levels) < LAST and state.outcome is None


def test_a_hand_over_the_limit_on_anothers_turn_is_told_only_plans_help() -> None:
    state = started(3, players=2, characters=["courier", "medic"])
    hand(state, 0, "moss_wall")
    cards = ("oxygen_canister", "ice_drill", "ice_drill", "fungus_cellar", "fungus_cellar", "solar_field")
    hand(state, 1, *cards)
    state, _ = act(state, "special", 0, card="moss_wall", seat=1)
    assert state.pending == {"kind": "discard", "seat": 1}
    told = _refusal(state, 1, "draw")
    assert "play a Plan" in told and "Item" not in told


def test_a_medic_kept_from_her_special_is_not_told_to_ask_the_medic() -> None:
    state = started(3, players=1, characters=["medic"])
    state.health[0] = ["radiation_sickness"]
    assert not any(a.kind == "special" for a in legal(state))
    told = _refusal(state, 0, "special", seat=0, issue="radiation_sickness")
    assert "recover first (Recover or a First Aid Kit)" in told
