"""Night and the turn of the day: tucking task cards, resting, refilling the rows, morning production."""

from __future__ import annotations

from engine.core.action import Action
from engine.core.game import Event
from engine.exobase import power
from engine.exobase.common import action_of, finish, name, store
from engine.exobase.derive import derive
from engine.exobase.model import Content
from engine.exobase.state import NO_CHOICE, ExoState

REST_COST = 2


def hab_standing(state: ExoState, content: Content) -> bool:
    return any(
        content.cards[b["card"]].type == "habitat" and content.cards[b["card"]].core for b in state.base
    )


def night_actions(state: ExoState, content: Content) -> list[Action]:
    out: list[Action] = []
    tasks = state.task_cards()
    for f in state.founders:
        if f["alive"] and f["task"] is not None and f["task"] in tasks:
            out.append(action_of("tuck", founder=f["id"], card=f["task"]))
    if hab_standing(state, content) and state.storage["food"] >= REST_COST:
        for f in state.founders:
            if f["alive"] and f["health"] < content.founders[f["id"]].max_health:
                out.append(action_of("rest", founder=f["id"]))
    out.append(action_of("next_day"))
    return out


def tuck(state: ExoState, content: Content, fid: str, cid: str, events: list[Event]) -> None:
    founder = state.founder(fid)
    assert founder is not None
    if cid in state.task_row:
        state.task_row[state.task_row.index(cid)] = None
    else:
        state.pile.pop(0)
    # A new list, not an append: clones share it (see ExoState.clone).
    founder["tucked"] = [*founder["tucked"], {"card": cid, "used": False}]
    founder["task"] = None
    task = content.cards[cid].task
    assert task is not None
    ability = task.ability.text.rstrip(".")
    text = f"{name(content, fid)} keeps the task {task.name} as an ability: {ability}."
    events.append(Event("tucked", text, {"founder": fid, "card": cid}))


def rest(state: ExoState, content: Content, fid: str, events: list[Event]) -> None:
    founder = state.founder(fid)
    assert founder is not None
    state.storage["food"] -= REST_COST
    founder["health"] += 1
    events.append(
        Event("rested", f"{name(content, fid)} rests: +1 health for {REST_COST} food.", {"founder": fid})
    )


def next_day(state: ExoState, content: Content, events: list[Event]) -> None:
    for f in state.founders:
        f["task"] = None
    if state.day >= content.modes[state.mode].days:
        # The last night ends the game: refilling rows for a day that never comes is pointless.
        _time_out(state, events)
        return
    _fill_task_row(state)
    _refill(state, content, events)


def _time_out(state: ExoState, events: list[Event]) -> None:
    state.day += 1
    finish(state, events, False, "The meteorites arrive before the base is ready.", 0)


def flip(state: ExoState, content: Content, cid: str, events: list[Event]) -> None:
    if cid in state.task_row:
        state.task_row[state.task_row.index(cid)] = None
    else:
        state.pile.pop(0)
    state.location_row[state.location_row.index(None)] = cid
    card = content.cards[cid]
    task = f"{card.task.name} flips over: " if card.task is not None else ""
    text = f"{card.location_side} joins the location row."
    events.append(Event("flipped", text if not task else task + text, {"card": cid}))
    _refill(state, content, events)


def _fill_task_row(state: ExoState) -> None:
    for i, cid in enumerate(state.task_row):
        if cid is None and state.pile:
            state.task_row[i] = state.pile.pop(0)


def _refill(state: ExoState, content: Content, events: list[Event]) -> None:
    """Ask for flips while the location row has a gap, then top up the task row and turn the day."""
    options = state.task_cards()
    if None in state.location_row and options:
        if state.phase != "refill":
            events.append(Event("phase", "Refill the card rows.", {"phase": "refill"}))
        state.phase = "refill"
        text = "Choose a task card to flip into the location row."
        state.pending = {"kind": "flip", "text": text, "options": options}
        return
    state.pending = NO_CHOICE
    # Energy that came back in the night (an instant repair) powers its locations before the
    # morning counts production; when that is the player's choice, the morning waits for it.
    if state.dark:
        power.balance(state, content, events)
        if state.pending is not None:
            return
    _fill_task_row(state)
    state.day += 1
    morning(state, content, events)


def resume_refill(state: ExoState, content: Content, events: list[Event]) -> None:
    """Go on with the night's refill once a choice it waited for (powering a location) is made."""
    _refill(state, content, events)


def morning(state: ExoState, content: Content, events: list[Event]) -> None:
    """A new day: storage rises by production and placement opens."""
    state.phase = "placement"
    state.spots = {}
    state.hazard = None
    for f in state.founders:
        f["at"] = None
        f["doing"] = None
    events.append(Event("day_started", f"Day {state.day} begins.", {"day": state.day}))
    d = derive(state, content)
    gains = store(state, d.cap, {r: n for r, n in d.production.items() if n})
    added = ", ".join(f"+{n} {r}" for r, n in gains.items()) or "nothing (storage full or no production)"
    events.append(Event("production", f"Morning production: {added}.", {"gains": gains}))
    events.append(Event("phase", "Place your founders.", {"phase": "placement"}))
