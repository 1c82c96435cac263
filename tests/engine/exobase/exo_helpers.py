"""Helpers for building ExoBase states in tests: a fresh game, forced dice, cards put in place."""

from __future__ import annotations

from typing import Any

from engine.core.action import Action
from engine.core.game import Event
from engine.core.rng import Rng
from engine.exobase import CONTENT, RULES
from engine.exobase.derive import Derived, derive
from engine.exobase.setup import founder_entry
from engine.exobase.state import ExoState

FOUR = ["tamsin", "halvard", "vesna", "mara"]


def new(seed: int = 1, mode: str = "normal", founders: list[str] | None = None, **options: Any) -> ExoState:
    """A game on day 1 (placement); ``founders`` swaps in chosen founders at full health."""
    state: ExoState = RULES.setup(
        ["p1"] if not options.get("team") else ["p1", "p2"], {"mode": mode, **options}, seed
    )
    if founders is not None:
        state.founders = [founder_entry(CONTENT, fid) for fid in founders]
    return state


def act(state: ExoState, kind: str, seat: int = 0, **args: Any) -> tuple[ExoState, list[Event]]:
    result: tuple[ExoState, list[Event]] = RULES.apply(state, seat, Action.of(kind, **args))
    return result


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def rig(state: ExoState, *dice: int) -> None:
    """Move the state's RNG to a position whose next d6 rolls are ``dice``."""
    for position in range(200_000):
        probe = Rng(state.rng.seed, position)
        if all(probe.d6() == d for d in dice):
            state.rng = Rng(state.rng.seed, position)
            return
    raise AssertionError(f"no position rolls {dice}")


def take_out(state: ExoState, cid: str) -> None:
    """Remove a card from the rows and the pile (wherever it is)."""
    for row in (state.location_row, state.task_row):
        if cid in row:
            row[row.index(cid)] = None
    if cid in state.pile:
        state.pile.remove(cid)


def put(state: ExoState, cid: str, x: int, y: int, level: int = 1, damage: int = 0) -> None:
    """Place a card straight into the base (skipping the build rules)."""
    take_out(state, cid)
    state.base.append({"card": cid, "x": x, "y": y, "level": level, "damage": damage, "picks": []})


def to_row(state: ExoState, cid: str, slot: int = 0) -> None:
    """Put a card in the location row at ``slot``."""
    take_out(state, cid)
    displaced = state.location_row[slot]
    state.location_row[slot] = cid
    if displaced is not None:
        state.pile.append(displaced)


def to_task(state: ExoState, cid: str, slot: int = 0) -> None:
    take_out(state, cid)
    displaced = state.task_row[slot]
    state.task_row[slot] = cid
    if displaced is not None:
        state.pile.append(displaced)


def rich(state: ExoState, amount: int = 6) -> None:
    state.storage = {r: amount for r in state.storage}


def derived(state: ExoState) -> Derived:
    return derive(state, CONTENT)


def founder(state: ExoState, fid: str) -> dict[str, Any]:
    found = state.founder(fid)
    assert found is not None
    return found


def placed(state: ExoState, cid: str) -> dict[str, Any]:
    found = state.placed(cid)
    assert found is not None
    return found


def legal(state: ExoState) -> list[Action]:
    actions: list[Action] = RULES.legal_actions(state, 0)
    return actions


def to_night(state: ExoState, dice: int = 1) -> ExoState:
    """End placement and roll a quiet hazard (die ``dice`` on day 1 -> Quiet Sky)."""
    state, _ = act(state, "end_placement")
    rig(state, dice)
    state, _ = act(state, "roll_hazard")
    return state
