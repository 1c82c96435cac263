"""Energy running short: the player chooses the locations that go dark; returning energy re-powers them."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.game import Event
from engine.exobase.common import name
from engine.exobase.derive import Derived, derive, track
from engine.exobase.model import RESOURCES, Content
from engine.exobase.state import ExoState, Json


def shortage(state: ExoState, content: Content, d: Derived) -> Json | None:
    """The choice the player owes while the Power Bank is below zero, else None.

    The rulebook takes missing cubes first from the bank, then "from locations in your
    base": which ones is the player's call, one location at a time.
    """
    if d.bank >= 0:
        return None
    options = [
        b["card"]
        for b in state.base
        if b["card"] in d.powered and content.cards[b["card"]].needs(b["level"]) > 0
    ]
    text = f"Energy is short by {-d.bank}: choose a location to go dark (its cubes return to the bank)."
    return {"kind": "power_down", "text": text, "options": options}


def power_down(state: ExoState, content: Content, cid: str, events: list[Event]) -> None:
    before = derive(state, content).production
    # A new list, not an append: clones copy it, but keep the house habit of replacing.
    state.dark = [*state.dark, cid]
    after = derive(state, content).production
    text = f"{name(content, cid)} goes dark{_change(before, after)}."
    events.append(Event("powered_down", text, {"card": cid, "production": _delta(before, after)}))


def balance(state: ExoState, content: Content, events: list[Event], d: Derived | None = None) -> Derived:
    """After every action: spare cubes re-power dark locations, the production markers move,
    and a shortage becomes the player's choice. Returns the derived state that results.

    ``d`` may be passed when the action left everything derive reads as it was.
    """
    if d is None:
        d = derive(state, content)
    if state.outcome is not None:
        return d
    if state.dark and d.bank > 0:
        d = _relight(state, content, d, events)
    if track(state, content, d):
        d = derive(state, content)
    if state.pending is None:
        ask(state, content, d, events)
    return d


def ask(state: ExoState, content: Content, d: Derived, events: list[Event]) -> bool:
    """Make a shortage the pending choice (and say so); returns whether energy is short."""
    state.pending = shortage(state, content, d)
    if state.pending is None:
        return False
    events.append(Event("energy_short", state.pending["text"], {"short": -d.bank}))
    return True


def _relight(state: ExoState, content: Content, d: Derived, events: list[Event]) -> Derived:
    """Spare cubes power dark locations again, in the order they went dark, each whose need fits."""
    levels = {b["card"]: b["level"] for b in state.base}
    spare = d.bank
    lit: list[str] = []
    for cid in state.dark:
        need = content.cards[cid].needs(levels[cid]) if cid in levels else 0
        if cid in levels and need <= spare:
            spare -= need
            lit.append(cid)
    state.dark = [cid for cid in state.dark if cid in levels and cid not in lit]
    if not lit:
        return d
    after = derive(state, content)
    for cid in lit:
        text = f"{name(content, cid)} has power again{_change(d.production, after.production)}."
        events.append(Event("powered_up", text, {"card": cid}))
    return after


def _delta(before: Mapping[str, int], after: Mapping[str, int]) -> dict[str, int]:
    return {r: after[r] - before[r] for r in RESOURCES if after[r] != before[r]}


def _change(before: Mapping[str, int], after: Mapping[str, int]) -> str:
    """How the production track moved, for the narration (empty when it did not)."""
    moves = [f"{r} production {before[r]} -> {after[r]}" for r in _delta(before, after)]
    return ": " + ", ".join(moves) if moves else ""
