"""Energy running short: the player chooses the locations that go dark; returning energy re-powers
them, the player choosing which when the spare cubes cannot power them all."""

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
    """Spare cubes power dark locations again.

    The rulebook has the player "redistribute" the cubes that come back: when they power every dark
    location, or every one whose need fits, there is nothing to choose and it happens at once;
    otherwise the player picks one location at a time (``power_up``) among those whose need fits."""
    levels = {b["card"]: b["level"] for b in state.base}
    # A destroyed location is off the base and no longer dark.
    dark = [cid for cid in state.dark if cid in levels]
    needs = {cid: content.cards[cid].needs(levels[cid]) for cid in dark}
    fits = [cid for cid in dark if needs[cid] <= d.bank]
    # Nothing to choose when the cubes power every location that fits (all of them, or one).
    lit = dark if sum(needs.values()) <= d.bank else fits if sum(needs[c] for c in fits) <= d.bank else []
    state.dark = [cid for cid in dark if cid not in lit]
    if len(fits) > 1 and not lit and state.pending is None:
        spare = "cube" if d.bank == 1 else "cubes"
        text = (
            f"Energy is back ({d.bank} spare {spare}) but cannot power every dark location: "
            "choose one to power again."
        )
        state.pending = {"kind": "power_up", "text": text, "options": fits}
        events.append(Event("energy_back", text, {"spare": d.bank}))
    if not lit:
        return d
    return _lit(state, content, d, lit, events)


def power_up(state: ExoState, content: Content, cid: str, events: list[Event]) -> None:
    """The player's pick of a dark location to power again."""
    before = derive(state, content)
    state.dark = [c for c in state.dark if c != cid]
    _lit(state, content, before, [cid], events)


def _lit(state: ExoState, content: Content, d: Derived, lit: list[str], events: list[Event]) -> Derived:
    """Narrate the locations ``lit`` (already off ``state.dark``), each with the production it brings
    back itself; ``d`` is the derived state from before."""
    dark = [*state.dark, *lit]
    before = d
    for cid in lit:
        dark.remove(cid)
        state.dark = list(dark)
        after = derive(state, content)
        text = f"{name(content, cid)} has power again{_change(before.production, after.production)}."
        events.append(Event("powered_up", text, {"card": cid}))
        before = after
    return before


def _delta(before: Mapping[str, int], after: Mapping[str, int]) -> dict[str, int]:
    return {r: after[r] - before[r] for r in RESOURCES if after[r] != before[r]}


def _change(before: Mapping[str, int], after: Mapping[str, int]) -> str:
    """How the production track moved, for the narration (empty when it did not)."""
    moves = [f"{r} production {before[r]} -> {after[r]}" for r in _delta(before, after)]
    return ": " + ", ".join(moves) if moves else ""
