"""Why an action is refused: a message that names what is missing (energy, resources, a free space)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.action import Action
from engine.core.words import listed
from engine.exobase.common import name
from engine.exobase.derive import Derived, derive
from engine.exobase.instants import instant_list
from engine.exobase.model import Card, Content, cost_label
from engine.exobase.night import REST_COST, hab_standing
from engine.exobase.place_legal import PLACEMENT_KINDS, upgrade_need
from engine.exobase.state import ExoState

# Answers to a question the game asks when it comes up (a hazard's target, which location goes dark...).
PENDING_KINDS = ("choose_target", "pay_health", "relocate", "flip", "power_down", "power_up")
PHASE_OF = {
    "end_placement": "placement",
    "roll_hazard": "hazard",
    "tuck": "night",
    "rest": "night",
    "next_day": "night",
}


def already_ready(state: ExoState, action: Action, seat: int) -> str | None:
    """Why ``seat``'s Ready is refused when it pressed Ready in this phase already; None otherwise."""
    kind = action.kind
    if kind not in ("end_placement", "next_day") or seat not in state.ready or state.phase != PHASE_OF[kind]:
        return None
    waiting = [state.players[s] for s in range(len(state.players)) if s not in state.ready]
    what = "placement" if kind == "end_placement" else "the night"
    press = "presses" if len(waiting) == 1 else "press"
    return f"You are already ready; {what} ends when {listed(waiting)} also {press} Ready."


def why(state: ExoState, content: Content, action: Action) -> str:
    """The player-facing reason ``action`` is not legal now (only called once it was refused)."""
    kind = action.kind
    if state.pending is not None and kind != "instant":
        return f"First: {state.pending['text']}"
    if kind in PENDING_KINDS and state.pending is None:
        return "The game is not asking that now; it asks when a hazard, the power or the night calls for it."
    phase = "placement" if kind in PLACEMENT_KINDS else PHASE_OF.get(kind)
    if phase is not None and state.phase != phase:
        return f"That belongs to the {phase} phase; it is the {state.phase} phase now."
    if kind in PLACEMENT_KINDS:
        reason = _placement(state, content, action)
        if reason:
            return reason
    reason = _night(state, content, action) if kind in ("rest", "tuck") else None
    if kind == "instant":
        reason = _instant(state, content, action)
    return reason or f"You cannot {kind.replace('_', ' ')} that way now."


def _night(state: ExoState, content: Content, action: Action) -> str | None:
    """Why a rest or a tuck is refused at night."""
    fid = str(action.get("founder", ""))
    founder = state.founder(fid)
    if founder is None or not founder["alive"]:
        return f"There is no living founder '{fid}'."
    who = name(content, fid)
    if action.kind == "tuck":
        worked = founder["task"]
        if worked is None:
            return f"{who} worked no task today: only the task card a founder worked may be kept."
        if str(action.get("card", "")) != worked:
            return f"{who} may keep only the task card they worked today, {_task_title(content, worked)}."
        return f"{_task_title(content, worked)} has left the task row: it can no longer be kept."
    if not hab_standing(state, content):
        return "With the Hab destroyed nobody can rest."
    if founder["health"] >= content.founders[fid].max_health:
        return f"{who} is at full health."
    if state.storage["food"] < REST_COST:
        return f"Resting costs {REST_COST} food; storage holds {state.storage['food']}."
    return None


def _task_title(content: Content, cid: str) -> str:
    task = content.cards[cid].task
    return task.name if task is not None else content.cards[cid].name


def _instant(state: ExoState, content: Content, action: Action) -> str | None:
    """Why an instant is refused: spent, or nobody it could help."""
    fid = str(action.get("founder", ""))
    founder = state.founder(fid)
    if founder is None or not founder["alive"]:
        return f"There is no living founder '{fid}' (a dead founder's instants are gone)."
    key = str(action.get("ability", ""))
    found = [(effect, used) for k, effect, used in instant_list(content, founder) if k == key]
    if not found:
        return f"{name(content, fid)} has no instant '{key}'."
    effect, used = found[0]
    if used:
        return "That instant is spent: each one is used once."
    target = state.founder(str(action.get("target", "")))
    healed = "heal" in effect and target is not None and target["alive"]
    if healed and target is not None and target["health"] >= content.founders[target["id"]].max_health:
        return f"{name(content, target['id'])} is at full health."
    if "repair" in effect and not any(b["damage"] for b in state.base):
        return "No location is damaged."
    return None


def _placement(state: ExoState, content: Content, action: Action) -> str | None:
    fid = str(action.get("founder", ""))
    founder = state.founder(fid)
    if founder is None or not founder["alive"]:
        return f"There is no living founder '{fid}'."
    if founder["doing"] is not None:
        return f"{name(content, fid)} is already placed today ({founder['doing']})."
    cid = str(action.get("card", ""))
    card = content.cards.get(cid)
    if card is None:
        return f"There is no card '{cid}'."
    d = derive(state, content)
    if action.kind == "build":
        return _build(state, content, d, card)
    if action.kind == "task":
        return _task(state, card)
    placed = state.placed(cid)
    if placed is None:
        return f"{card.name} is not part of your base."
    if action.kind == "repair":
        return None if placed["damage"] else f"{card.name} is not damaged."
    if placed["damage"]:
        return f"{card.name} is damaged: a founder must repair it first."
    if cid not in d.powered:
        return f"{card.name} has no power: it went dark when energy ran short."
    if action.kind == "upgrade":
        return _upgrade(state, d, card, placed["level"])
    return _work(state, card, placed["level"], action.get("space"))


def _missing(storage: Mapping[str, int], cost: Mapping[str, int]) -> str | None:
    short = {r: n - storage[r] for r, n in cost.items() if storage[r] < n}
    if not short:
        return None
    return "missing " + ", ".join(f"{n} {r}" for r, n in short.items())


def _energy(d: Derived, need: int) -> str | None:
    if need <= max(0, d.bank):
        return None
    return f"it needs {need} energy and the Power Bank has {max(0, d.bank)} spare"


def _upgrade(state: ExoState, d: Derived, card: Card, level: int) -> str | None:
    if level >= card.max_level:
        return f"{card.name} is fully upgraded."
    if f"{card.id}:up" in state.spots:
        return f"{card.name} was already upgraded today; level {level + 1} comes on a later day."
    cost = card.levels[level].cost
    problems = [p for p in (_missing(state.storage, cost), _energy(d, upgrade_need(card, level))) if p]
    if problems:
        return f"Upgrading {card.name} to level {level + 1} costs {cost_label(cost)}: {'; '.join(problems)}."
    return None


def _build(state: ExoState, content: Content, d: Derived, card: Card) -> str | None:
    if card.id not in state.location_row:
        return f"{card.name} is not in the location row."
    problems = [p for p in (_missing(state.storage, card.cost), _energy(d, card.needs(1))) if p]
    if problems:
        return f"Building {card.name} costs {cost_label(card.cost)}: {'; '.join(problems)}."
    return f"{card.name} does not fit there: every side must match (door to door) and one doorway connect."


def _task(state: ExoState, card: Card) -> str | None:
    if card.task is None or card.id not in state.task_cards():
        return f"{card.name} is not in the task row."
    if f"task:{card.id}" in state.spots:
        return f"Someone already works {card.task.name} today."
    missing = _missing(state.storage, card.task.reward.pay)
    return f"{card.task.name} costs {cost_label(card.task.reward.pay)}: {missing}." if missing else None


def _work(state: ExoState, card: Card, level: int, space: object) -> str | None:
    index = int(space) if isinstance(space, int) else -1
    if not 0 <= index < len(card.spaces):
        return f"{card.name} has work spaces 0 to {len(card.spaces) - 1}."
    chosen = card.spaces[index]
    if chosen.level > level:
        return f"That space of {card.name} opens at level {chosen.level}; it is level {level}."
    if f"{card.id}:{index}" in state.spots:
        return f"That space of {card.name} is taken today."
    missing = _missing(state.storage, chosen.pay)
    return f"That space costs {cost_label(chosen.pay)}: {missing}." if missing else None
