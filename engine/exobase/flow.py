"""Which actions are legal in each phase, and dispatching an action to the step that resolves it."""

from __future__ import annotations

from engine.core.action import Action
from engine.core.errors import AlreadyDoneError, IllegalActionError
from engine.core.game import Event
from engine.exobase import hazard, night
from engine.exobase.common import action_of, founder_or_fail, settle
from engine.exobase.derive import Derived, derive
from engine.exobase.instants import instant_actions, use_instant
from engine.exobase.model import Content
from engine.exobase.place_apply import place
from engine.exobase.place_legal import PLACEMENT_KINDS, free_founders, placements
from engine.exobase.power import balance
from engine.exobase.state import ExoState
from engine.exobase.why import PENDING_KINDS, already_ready, why

NIGHT_KINDS = ("tuck", "rest", "next_day")


def legal(
    state: ExoState,
    content: Content,
    kind: str | None = None,
    fid: str | None = None,
    card: str | None = None,
    d: Derived | None = None,
    seat: int = 0,
) -> list[Action]:
    """The legal actions of ``seat`` now; with ``kind`` (and ``fid``/``card`` for placements) only a
    matching subset."""
    if state.outcome is not None:
        return []
    out: list[Action] = []
    if kind in (None, "instant"):
        out += instant_actions(state, content)
    if state.pending is not None:
        if kind is None or kind in PENDING_KINDS:
            out += hazard.pending_actions(state)
        return out
    if state.phase == "placement":
        if kind is None or kind in PLACEMENT_KINDS:
            fids = [f["id"] for f in free_founders(state) if fid is None or f["id"] == fid]
            if fids:
                out += placements(state, content, d or derive(state, content), fids, kind, card)
        if kind in (None, "end_placement") and seat not in state.ready:
            out.append(action_of("end_placement"))
    elif state.phase == "hazard" and kind in (None, "roll_hazard") and state.hazard is None:
        out.append(action_of("roll_hazard"))
    elif state.phase == "night" and (kind is None or kind in NIGHT_KINDS):
        out += [
            a for a in night.night_actions(state, content) if a.kind != "next_day" or seat not in state.ready
        ]
    return out


def perform(state: ExoState, content: Content, action: Action, seat: int = 0) -> list[Event]:
    """Apply ``seat``'s legal action to ``state`` in place; raises IllegalActionError when it is not
    legal now."""
    fid = action.get("founder")
    card = action.get("card")
    d = derive(state, content) if action.kind in PLACEMENT_KINDS else None
    subset = legal(
        state,
        content,
        action.kind,
        None if fid is None else str(fid),
        None if card is None else str(card),
        d,
        seat,
    )
    if action not in subset:
        if state.pending is None and (done := already_ready(state, action, seat)):
            raise AlreadyDoneError(done)
        raise IllegalActionError(why(state, content, action))
    events: list[Event] = []
    kind = action.kind
    if seat in state.ready and kind not in ("end_placement", "next_day"):
        # Acting again during placement or the night withdraws that seat's readiness.
        state.ready = [s for s in state.ready if s != seat]
    unchanged: Derived | None = None
    if kind == "instant":
        use_instant(state, content, action, events)
        if state.pending is not None and state.pending["kind"] in ("power_down", "power_up"):
            _recheck_power(state, content, events)
        hazard.pay_from_storage(state, content, events)
    elif kind in PLACEMENT_KINDS:
        founder = founder_or_fail(state, str(fid))
        assert d is not None
        events += place(state, content, d, founder, action)
        # Work and task change nothing derive reads unless the danger roll kills the founder.
        if kind in ("work", "task") and founder["alive"]:
            unchanged = d
    elif kind == "end_placement":
        if ready(state, seat, events, "end placement"):
            state.phase = "hazard"
            events.append(Event("phase", "Placement is over: roll for the hazard.", {"phase": "hazard"}))
    elif kind == "roll_hazard":
        hazard.roll_hazard(state, content, events)
    elif kind == "flip":
        night.flip(state, content, str(action.arg("card")), events)
    elif kind in PENDING_KINDS:
        hazard.answer(state, content, action, events)
    elif kind == "tuck":
        night.tuck(state, content, str(fid), str(action.arg("card")), events)
    elif kind == "rest":
        night.rest(state, content, str(fid), events)
    elif ready(state, seat, events, "end the night"):
        night.next_day(state, content, events)
    if state.phase == "refill" and state.pending is None and state.outcome is None:
        # The refill waited on a power choice that an answer or an instant (a repair bringing enough
        # energy back for every dark location) has settled: it goes on, then the morning.
        night.resume_refill(state, content, events)
    settle(state, content, events, balance(state, content, events, unchanged))
    return events


def _recheck_power(state: ExoState, content: Content, events: list[Event]) -> None:
    """An instant repair may end a shortage: ask again, or carry the hazard on when none is left."""
    if state.phase == "hazard" and state.hazard is not None:
        hazard.resolve(state, content, events)
    else:
        # The check after every action asks again while energy is still short.
        state.pending = None


def ready(state: ExoState, seat: int, events: list[Event], what: str) -> bool:
    """A seat confirms the end of placement or of the night; True once every seat has (the
    readiness is then cleared for the next time)."""
    state.ready = sorted([*state.ready, seat])
    waiting = [s for s in range(len(state.players)) if s not in state.ready]
    if waiting:
        names = ", ".join(state.players[s] for s in waiting)
        # The narration names who pressed; the text says who is still awaited.
        text = f"Ready to {what}; waiting for {names}."
        events.append(Event("ready", text, {"seat": seat, "waiting": waiting}))
        return False
    state.ready = []
    return True
