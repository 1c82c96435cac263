"""Applying one legal action: the draft, the turn's actions, card plays and pending choices."""

from __future__ import annotations

from engine.colony.abilities import use_special
from engine.colony.cards import play
from engine.colony.derive import hand_limit_over, lost_by_emergency, production
from engine.colony.legal import legal
from engine.colony.model import GENERATE, Content
from engine.colony.ops import (
    add_supply,
    check_hand,
    cure,
    discard,
    draw,
    finish,
    move_pawn,
    name,
    remove_token,
    transfer,
)
from engine.colony.refusal import refusal
from engine.colony.setup import hub
from engine.colony.state import ColonyState
from engine.colony.turn import LOST_TRACK, end_actions, place_token, resolve, start_turn
from engine.core.action import Action
from engine.core.errors import IllegalActionError
from engine.core.game import Event
from engine.core.words import listed

FREE_KINDS = ("play", "discard", "place", "choose_character", "end_turn")
WON = "Every production level is 0 or more: the colony sustains itself."


def perform(state: ColonyState, content: Content, seat: int, action: Action) -> list[Event]:
    """Apply a legal action to ``state`` in place; raises IllegalActionError (saying why) otherwise."""
    if action not in legal(state, content, seat, action.kind):
        raise IllegalActionError(refusal(state, content, seat, action))
    events: list[Event] = []
    if action.kind == "choose_character":
        _choose(state, content, seat, str(action.arg("character")), events)
        return events
    if action.kind not in FREE_KINDS:
        state.actions_left -= 1
    HANDLERS[action.kind](state, content, seat, action, events)
    if state.outcome is not None:
        return events
    # Any change of supply or token may reach the track's last space, whoever caused it.
    if lost_by_emergency(state):
        finish(state, events, False, LOST_TRACK)
        return events
    pending = state.pending
    if pending is not None and pending["kind"] == "discard" and not hand_limit_over(state, pending["seat"]):
        state.pending = None  # the discard is done, or a card played from that hand brought it down
    for s in range(len(state.players)):
        check_hand(state, s, events)
    if all(v >= 0 for v in production(state, content).values()):
        finish(state, events, True, WON)
    elif action.kind == "end_turn":
        end_actions(state, content, events)
    return events


def _choose(state: ColonyState, content: Content, seat: int, character: str, events: list[Event]) -> None:
    state.characters[seat] = character
    events.append(
        Event(
            "character_chosen",
            f"{state.players[seat]} plays {name(content, character)}.",
            {"seat": seat, "character": character},
        )
    )
    if all(c is not None for c in state.characters):
        state.dealt = [[] for _ in state.players]
        start_turn(state, content, 0, events)


def _draw(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    draw(state, content, seat, events)


def _give(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    to, card = int(action.arg("seat")), str(action.arg("card"))
    text = f"{state.players[seat]} gives {name(content, card)} to {state.players[to]}."
    transfer(state, seat, to, card, events, text)


def _take(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    frm, card = int(action.arg("seat")), str(action.arg("card"))
    text = f"{state.players[seat]} takes {name(content, card)} from {state.players[frm]}."
    transfer(state, frm, seat, card, events, text)


def _deploy(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    card = str(action.arg("card"))
    at = str(action.arg("at"))
    state.hands[seat].remove(card)
    for paid in str(action.arg("pay")).split(","):
        discard(state, seat, paid)
    state.grid[at] = {**hub(), "card": card}
    paid = _names(content, str(action.arg("pay")))
    events.append(
        Event(
            "module_deployed",
            f"{state.players[seat]} deploys {name(content, card)} at {at}, paying {paid}.",
            {"seat": seat, "card": card, "at": at, "production": production(state, content)},
        )
    )


def _move(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    move_pawn(state, content, seat, str(action.arg("at")), events, "moves to")


def _generate(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    card = str(action.arg("card"))
    discard(state, seat, card)
    why = f"{state.players[seat]} generated it, discarding {name(content, card)}"
    add_supply(state, str(action.arg("resource")), GENERATE, events, why)


def _repair(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    remove_token(state, content, state.pawns[seat], str(action.arg("token")), events)


def _switch(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    module = state.grid[state.pawns[seat]]
    module["off"] = not module["off"]
    word = "off" if module["off"] else "on"
    events.append(
        Event(
            "module_switched",
            f"{name(content, module['card'])} at {state.pawns[seat]} is switched {word}.",
            {"at": state.pawns[seat], "off": module["off"]},
        )
    )


def _recover(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    pay = str(action.arg("pay"))
    for paid in pay.split(","):
        discard(state, seat, paid)
    cure(state, content, seat, str(action.arg("issue")), events, paying=_names(content, pay))


def _names(content: Content, cards: str) -> str:
    """Comma-separated card ids as names: "A and B"."""
    return listed([name(content, c) for c in cards.split(",") if c])


def _special(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    use_special(state, content, seat, action, events)


def _play(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    play(state, content, seat, action, events)


def _place(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    assert state.pending is not None
    token = str(state.pending["token"])
    state.pending = None
    place_token(state, content, str(action.arg("at")), token, events)
    if lost_by_emergency(state):
        finish(state, events, False, LOST_TRACK)
    else:
        resolve(state, content, events)


def _discard(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    card = str(action.arg("card"))
    discard(state, seat, card)
    text = f"{state.players[seat]} discards {name(content, card)}."
    events.append(Event("card_discarded", text, {"seat": seat, "card": card}))


def _end(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    events.append(Event("actions_ended", f"{state.players[seat]} ends the turn.", {"seat": seat}))


HANDLERS = {
    "draw": _draw,
    "give": _give,
    "take": _take,
    "deploy": _deploy,
    "move": _move,
    "generate": _generate,
    "repair": _repair,
    "switch": _switch,
    "recover": _recover,
    "special": _special,
    "play": _play,
    "discard": _discard,
    "place": _place,
    "end_turn": _end,
}
