"""Applying one checked action to a (cloned) state, and playing AI and away seats in turn."""

from __future__ import annotations

from engine.core.action import Action
from engine.core.game import Event
from engine.core.rng import Rng
from engine.europa.build import perform_build
from engine.europa.flow import choose_in_turn, next_undermine, reveal_choices, start_choose
from engine.europa.legal import legal, waiting
from engine.europa.model import Content
from engine.europa.policies import greedy_policy
from engine.europa.round import begin_round, redraw, reveal_plans
from engine.europa.state import EuropaState, own
from engine.europa.undermine import may_undermine, play_undermine

AI_SALT = 0xE0A0A1
BUILD_KINDS = frozenset(
    {"roll", "keep", "release", "destroy", "stop", "ingenuity", "use_plan", "build", "give_up"}
)


def perform(state: EuropaState, content: Content, seat: int, action: Action) -> list[Event]:
    """Apply an action already checked legal to ``state`` in place, then play AI and away seats."""
    events: list[Event] = []
    _dispatch(state, content, seat, action, events)
    autoplay(state, content, events)
    return events


def autoplay(state: EuropaState, content: Content, events: list[Event]) -> None:
    """Play every AI or away seat the game waits for, until it waits for humans only (or ends)."""
    while state.outcome is None:
        if state.phase == "redraw" and all(state.done):
            # Seats with an empty hand redraw by themselves, so the last redraw may come from no action.
            begin_round(state, events)
            start_choose(state, content, events)
        if not (any(state.ai) or any(state.away)):
            return
        bots = sorted(s for s in waiting(state) if state.auto(s))
        if not bots:
            return
        seat = bots[0]
        actions = [a for a in legal(state, content, seat) if a.kind not in ("away", "back")]
        rng = Rng(state.rng.seed ^ AI_SALT, state.rng.position)
        _dispatch(state, content, seat, greedy_policy(content, state, seat, actions, rng), events)


def _dispatch(state: EuropaState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    kind = action.kind
    name = state.players[seat]
    if kind in ("away", "back"):
        state.away[seat] = kind == "away"
        text = f"{name} is away; the AI plays for them." if kind == "away" else f"{name} is back."
        events.append(Event("seat_" + kind, text, {"seat": seat}))
    elif kind in ("choose", "finalize"):
        _choose(state, content, seat, action, events)
    elif kind == "undermine":
        play_undermine(state, content, seat, action, events)
        if not may_undermine(state, seat):
            # No card left or no base left to aim at (both public): the seat passes by itself.
            events.append(Event("passed", f"{name} has nothing more to play and passes.", {"seat": seat}))
            next_undermine(state, content, events)
    elif kind == "pass":
        events.append(Event("passed", f"{name} passes.", {"seat": seat}))
        next_undermine(state, content, events)
    elif kind in BUILD_KINDS:
        perform_build(state, content, seat, action, events)
    elif kind in ("plan", "no_plan"):
        _plan(state, content, seat, action, events)
    elif kind == "redraw":
        pick = str(action.arg("discard"))
        six = bool(action.get("six", True))
        redraw(state, content, seat, pick.split(",") if pick else [], events, six=six)


def _choose(state: EuropaState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    name = state.players[seat]
    choice = "finalize" if action.kind == "finalize" else str(action.arg("card"))
    if choice != "finalize":
        own(state.hands, seat).remove(choice)
    if state.status[seat] == "succeeded":
        # Step 4 goes in turn order, face up: the choice is public and acts at once.
        choose_in_turn(state, content, seat, choice, events)
        return
    card = content.cards[choice]
    state.choice[seat] = choice
    events.append(
        Event(
            "chose_privately",
            f"You chose {card.name} ({card.points} points) as your base.",
            {"seat": seat, "card": choice},
            frozenset({seat}),
        )
    )
    events.append(Event("chose", f"{name} has made a choice.", {"seat": seat}))
    if not waiting(state):
        reveal_choices(state, content, events)


def _plan(state: EuropaState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    if action.kind == "plan":
        cid = str(action.arg("card"))
        own(state.hands, seat).remove(cid)
        state.plan_choice[seat] = cid
        text = f"You will place {content.cards[cid].name} as a Future Planning card."
        events.append(Event("plan_chosen_privately", text, {"seat": seat, "card": cid}, frozenset({seat})))
    else:
        state.plan_choice[seat] = "none"
    events.append(
        Event("plan_chosen", f"{state.players[seat]} has decided on Future Planning.", {"seat": seat})
    )
    if not waiting(state):
        reveal_plans(state, content, events)
