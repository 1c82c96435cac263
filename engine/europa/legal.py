"""Every legal action of a seat, by phase: the one source of truth for buttons, AI and ``apply``."""

from __future__ import annotations

from itertools import combinations

from engine.core.action import Action
from engine.europa.acts import card_action, plain
from engine.europa.build import build_actions
from engine.europa.flow import choosers
from engine.europa.model import HAND_SIZE, Content
from engine.europa.round import hand_size, plan_options
from engine.europa.state import EuropaState
from engine.europa.undermine import undermine_actions


def waiting(state: EuropaState) -> frozenset[int]:
    """The seats the game waits for (before AI and away seats are played by the engine)."""
    phase = state.phase
    seats = range(len(state.players))
    if phase == "build":
        return frozenset([s for s in seats if state.status[s] == "building"])
    if phase == "choose":
        return frozenset([s for s in choosers(state) if waits_for(state, s)])
    if phase == "undermine":
        return frozenset({state.turn})
    if phase == "plan":
        return frozenset([s for s in seats if state.plan_choice[s] is None])
    if phase == "redraw":
        return frozenset([s for s in seats if not state.done[s]])
    return frozenset()


def waits_for(state: EuropaState, seat: int) -> bool:
    """``seat in waiting(state)``, without building the set (legal lists ask it on every call)."""
    phase = state.phase
    if phase == "build":
        return state.status[seat] == "building"
    if phase == "choose":
        # Step 4 (a seat that built) goes in turn order; step 1 waits for every secret choice.
        if state.status[seat] == "succeeded":
            return state.turn == seat
        return state.status[seat] == "choosing" and state.choice[seat] is None
    if phase == "undermine":
        return state.turn == seat
    if phase == "plan":
        return state.plan_choice[seat] is None
    if phase == "redraw":
        return not state.done[seat]
    return False


def game_actions(state: EuropaState, content: Content, seat: int, kind: str | None = None) -> list[Action]:
    """The seat's moves in the current phase (without ``away``/``back``); with ``kind``, only the
    moves of that kind, built without the others (``apply`` checks one move at a time)."""
    if not waits_for(state, seat):
        return []
    phase = state.phase
    if phase == "build":
        return build_actions(state, content, seat, kind)
    out = _phase_actions(state, content, seat, phase, kind)
    return out if kind is None else [a for a in out if a.kind == kind]


def _phase_actions(
    state: EuropaState, content: Content, seat: int, phase: str, kind: str | None
) -> list[Action]:
    hand = state.hands[seat]
    if phase == "choose":
        out = [card_action("choose", c) for c in hand] if kind in (None, "choose") else []
        return [*out, plain("finalize")] if state.status[seat] == "succeeded" else out
    if phase == "undermine":
        out = undermine_actions(state, content, seat) if kind in (None, "undermine") else []
        return [*out, plain("pass")]
    if phase == "plan":
        out = (
            [card_action("plan", c) for c in plan_options(state, content, seat)] if kind != "no_plan" else []
        )
        return [*out, plain("no_plan")]
    if phase == "redraw" and kind in (None, "redraw"):
        picks = [",".join(sorted(pick)) for k in range(len(hand) + 1) for pick in combinations(hand, k)]
        if hand_size(state, content, seat) == HAND_SIZE:
            return [Action("redraw", (("discard", pick),)) for pick in picks]
        # A hand-of-6 plan: drawing the sixth card (and its Cut Corner token) is the player's call;
        # drawing to 5 needs a hand of at most 5 once the discards are made.
        return [
            Action("redraw", (("discard", pick), ("six", six)))
            for pick in picks
            for six in (True, False)
            if six or len(hand) - len([c for c in pick.split(",") if c]) <= HAND_SIZE
        ]
    return []


def legal(state: EuropaState, content: Content, seat: int, kind: str | None = None) -> list[Action]:
    """Every legal move of ``seat``, or with ``kind`` only those of that kind."""
    if state.outcome is not None:
        return []
    if kind in ("away", "back"):
        full = legal(state, content, seat)
        return [a for a in full if a.kind == kind]
    out = game_actions(state, content, seat, kind)
    if kind is not None:
        return out
    if state.away[seat]:
        out.append(plain("back"))
    elif out and not state.ai[seat]:
        out.append(plain("away"))
    return out
