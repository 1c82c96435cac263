"""Small shared steps: hurting founders, storing resources, ending the game."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from engine.core.action import Action
from engine.core.errors import IllegalActionError
from engine.core.game import Event
from engine.exobase.derive import Derived, days_left, derive, in_green
from engine.exobase.model import RESOURCES, Content
from engine.exobase.state import ExoState, Json

# Legal lists offer the same actions step after step; actions are immutable, so each is built once.
action_of = lru_cache(maxsize=1 << 16, typed=True)(Action.of)


def founder_or_fail(state: ExoState, fid: str) -> Json:
    """The living founder ``fid``; raises IllegalActionError when unknown or dead."""
    founder = state.founder(fid)
    if founder is None or not founder["alive"]:
        raise IllegalActionError(f"There is no living founder '{fid}'.")
    return founder


def name(content: Content, ident: str) -> str:
    if ident in content.founders:
        return content.founders[ident].name
    if ident in content.cards:
        return content.cards[ident].name
    return ident


def hurt(state: ExoState, content: Content, founder: Json, amount: int, events: list[Event]) -> None:
    """Take health from a founder; at zero they die and their tucked cards leave the game."""
    if amount <= 0 or not founder["alive"]:
        return
    founder["health"] = max(0, founder["health"] - amount)
    who = name(content, founder["id"])
    events.append(
        Event("founder_hurt", f"{who} loses {amount} health.", {"founder": founder["id"], "amount": amount})
    )
    if founder["health"] == 0:
        founder["alive"] = False
        founder["at"] = None
        state.removed.extend(t["card"] for t in founder["tucked"])
        founder["tucked"] = []
        events.append(Event("founder_died", f"{who} has died.", {"founder": founder["id"]}))


def store(state: ExoState, cap: Mapping[str, int], gains: dict[str, int]) -> dict[str, int]:
    """Add resources up to the storage cap; returns what was actually added."""
    added: dict[str, int] = {}
    for r, n in gains.items():
        before = state.storage[r]
        state.storage[r] = min(cap[r], before + n)
        if state.storage[r] != before:
            added[r] = state.storage[r] - before
    return added


def afford(state: ExoState, cost: Mapping[str, int] | None) -> bool:
    if cost:
        storage = state.storage
        for r, n in cost.items():
            if storage[r] < n:
                return False
    return True


def pay(state: ExoState, cost: dict[str, int]) -> None:
    for r, n in cost.items():
        state.storage[r] -= n


def score(state: ExoState, content: Content, production: Mapping[str, int]) -> int:
    return in_green(state, content, production) + days_left(state, content)


def settle(state: ExoState, content: Content, events: list[Event], derived: Derived | None = None) -> None:
    """After every action: clamp storage to a shrunken cap, then check for defeat or victory.

    ``derived`` may be passed when the action left everything derive reads as it was.
    """
    if state.outcome is not None:
        return
    if derived is None:
        derived = derive(state, content)
    storage = state.storage
    lost = {r: storage[r] - derived.cap[r] for r in RESOURCES if storage[r] > derived.cap[r]}
    if lost:
        # A storage cap that shrank (the Silo destroyed, Jun dead) spills what no longer fits.
        for r, n in lost.items():
            storage[r] -= n
        spilled = ", ".join(f"{n} {r}" for r, n in lost.items())
        text = f"Storage shrank: {spilled} no longer fit and are lost."
        events.append(Event("storage_spilled", text, {"lost": lost}))
    if not any(f["alive"] for f in state.founders):
        finish(state, events, False, "Every founder has died.", 0)
        return
    green = content.modes[state.mode].green
    if any(derived.production[r] < green[r] for r in RESOURCES):
        return
    station = next(
        (b for b in state.base if content.cards[b["card"]].generator and content.cards[b["card"]].core), None
    )
    if station is not None and station["level"] == content.cards[station["card"]].max_level:
        points = score(state, content, derived.production)
        finish(state, events, True, "The base can power the shield generator.", points)


def finish(state: ExoState, events: list[Event], won: bool, reason: str, points: int) -> None:
    state.outcome = {"won": won, "reason": reason, "score": points}
    state.phase = "over"
    state.pending = None
    text = f"Victory! {reason} Score {points}." if won else f"Defeat. {reason}"
    events.append(Event("game_over", text, {"won": won, "reason": reason, "score": points}))
