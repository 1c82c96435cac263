"""The moments a turn waits without the active player: the reaction window before a turn ends,
the automatic roll, and announcing the dice of bonus rolls."""

from __future__ import annotations

from engine.core.action import Action
from engine.core.game import Event
from engine.core.words import listed
from engine.spacebase.legal import usable
from engine.spacebase.model import Content
from engine.spacebase.state import SpaceState
from engine.spacebase.turn import end_turn, use


def window_seats(state: SpaceState, content: Content) -> list[int]:
    """Human seats other than the active one holding a ready red or green ability. Robots are
    left out: the engine uses theirs as soon as they are ready."""
    active, boards, ai, away = state.active, state.boards, state.ai, state.away
    # Asked at every turn's end: a console without cubes (most of them) has nothing to use.
    return [
        s
        for s in range(len(boards))
        if s != active and boards[s].charges and not (ai[s] or away[s]) and _undeclined(state, content, s)
    ]


def _undeclined(state: SpaceState, content: Content, seat: int) -> bool:
    """Whether ``seat`` holds a usable ability it has not kept for later in an earlier window.

    Abilities kept for later are asked about again when every other seat is a robot: a robot plays
    its whole turn in one move, so the window is the seat's only moment to use them, and nobody
    else waits on it."""
    cards = usable(state, content, seat)
    if not cards:
        return False
    kept = state.declined[seat] if seat < len(state.declined) else []
    return bool(set(cards).difference(kept)) or _alone(state, seat)


def _alone(state: SpaceState, seat: int) -> bool:
    """Whether ``seat`` is the only human seat playing (the others are AI or away)."""
    return all(state.robot(s) for s in range(len(state.players)) if s != seat)


def close_turn(state: SpaceState, content: Content) -> list[Event]:
    """End the active turn, or first open the reaction window when someone may still react."""
    seats = window_seats(state, content)
    if not seats:
        return end_turn(state, content)
    state.reacting, state.react = True, seats
    names = listed([state.players[s] for s in seats])
    text = f"Before {state.players[state.active]}'s turn ends, {names} may use a charged ability."
    return [Event("reaction_window", text, {"seats": list(seats), "active": state.active})]


def react(state: SpaceState, content: Content, seat: int, action: Action) -> list[Event]:
    """A seat in the window uses an ability, or declines (``skip``) and leaves the window."""
    if action.kind == "use":
        return use(state, content, seat, str(action.arg("card")))
    state.react = [s for s in state.react if s != seat]
    declined = [list(d) for d in state.declined] or [[] for _ in state.players]
    declined[seat] = sorted(usable(state, content, seat))
    state.declined = declined
    later = "asked again at the next turn's end" if _alone(state, seat) else "not asked again for them"
    text = f"{state.players[seat]} keeps their abilities for later ({later})."
    return [Event("reaction_skipped", text, {"seat": seat})]


def maybe_close(state: SpaceState, content: Content) -> list[Event]:
    """Once nothing is pending, drop window seats with nothing left to use; the turn ends when the
    window is empty."""
    if not state.reacting or state.pending or state.outcome is not None:
        return []
    state.react = [s for s in state.react if _undeclined(state, content, s)]
    if state.react:
        return []
    state.reacting = False
    return end_turn(state, content)


def auto_roll(state: SpaceState, content: Content) -> bool:
    """Whether the engine rolls for the active seat: nothing it could do comes before the roll."""
    if not state.autoroll or state.phase != "roll" or state.pending or state.outcome is not None:
        return False
    return not usable(state, content, state.active)


def announce(state: SpaceState, content: Content) -> list[Event]:
    """An event for each bonus roll (``dice_rolled``, ``bonus`` true) and each claim from a deck
    (``cards_revealed``) queued since the last call: their dice and cards are already turned up."""
    events = []
    for step in state.pending:
        kind = step["kind"]
        if kind not in ("bonus_roll", "claim_top") or step.get("told"):
            continue
        step["told"] = True
        seat = int(step["seat"])
        if kind == "bonus_roll":
            dice = list(step["dice"])
            text = f"{state.players[seat]} makes a bonus roll: {dice[0]} and {dice[1]}."
            events.append(Event("dice_rolled", text, {"dice": dice, "seat": seat, "bonus": True}))
            continue
        cards = [str(c) for c in step["cards"]]
        names = ", ".join(content.cards[c].name for c in cards)
        text = f"{state.players[seat]} turns up the top of the level {step['level']} deck: {names}."
        events.append(Event("cards_revealed", text, {"seat": seat, "level": step["level"], "cards": cards}))
    return events
