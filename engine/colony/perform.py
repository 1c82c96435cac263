"""Applying one legal action: the draft, the turn's actions, card plays and pending choices."""

from __future__ import annotations

from engine.colony.abilities import use_special
from engine.colony.cards import play
from engine.colony.derive import emergency_level, lost_by_emergency, production
from engine.colony.legal import legal
from engine.colony.model import GENERATE, RESOURCES, Content
from engine.colony.ops import add_supply, check_hand, cure, discard, draw, finish, name, remove_token
from engine.colony.setup import hub
from engine.colony.state import ColonyState
from engine.colony.turn import LOST_TRACK, end_actions, place_token, resolve, start_turn
from engine.core.action import Action
from engine.core.errors import IllegalActionError
from engine.core.game import Event

FREE_KINDS = ("play", "discard", "place", "choose_character", "end_turn")


def perform(state: ColonyState, content: Content, seat: int, action: Action) -> list[Event]:
    """Apply a legal action to ``state`` in place; raises IllegalActionError when it is not legal now."""
    if action not in legal(state, content, seat, action.kind):
        raise IllegalActionError(f"'{action}' is not a legal move right now.")
    events: list[Event] = []
    if action.kind == "choose_character":
        _choose(state, content, seat, str(action.arg("character")), events)
        return events
    if action.kind == "place":
        assert state.pending is not None
        token = str(state.pending["token"])
        state.pending = None
        place_token(state, str(action.arg("at")), token, events)
        if lost_by_emergency(state):
            finish(state, events, False, LOST_TRACK)
        else:
            resolve(state, content, events)
        return events
    if action.kind not in FREE_KINDS:
        state.actions_left -= 1
    depleted = [r for r in RESOURCES if state.supplies[r] == 0]
    HANDLERS[action.kind](state, content, seat, action, events)
    _restored(state, depleted, events)
    for s in range(len(state.players)):
        check_hand(state, s, events)
    if all(v >= 0 for v in production(state, content).values()):
        finish(state, events, True, "Every production level is 0 or more: the colony sustains itself.")
        return events
    if (
        state.pending is None
        and state.phase == "actions"
        and (state.actions_left == 0 or action.kind == "end_turn")
    ):
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


def _restored(state: ColonyState, depleted: list[str], events: list[Event]) -> None:
    for r in depleted:
        if state.supplies[r] > 0:
            events.append(
                Event(
                    "supply_restored",
                    f"{r.capitalize()} is back: the emergency level falls to {emergency_level(state)}.",
                    {"resource": r, "level": emergency_level(state)},
                )
            )


def _draw(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    draw(state, seat, events)


def _give(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    _transfer(state, seat, int(action.arg("seat")), str(action.arg("card")), events)


def _take(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    _transfer(state, int(action.arg("seat")), seat, str(action.arg("card")), events)


def _transfer(state: ColonyState, giver: int, receiver: int, card: str, events: list[Event]) -> None:
    state.hands[giver].remove(card)
    state.hands[receiver].append(card)
    events.append(
        Event(
            "card_transferred",
            f"{state.players[giver]} hands a card to {state.players[receiver]}.",
            {"from": giver, "to": receiver, "card": card},
        )
    )


def _deploy(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    card = str(action.arg("card"))
    at = str(action.arg("at"))
    state.hands[seat].remove(card)
    for paid in str(action.arg("pay")).split(","):
        discard(state, seat, paid)
    state.grid[at] = {**hub(), "card": card}
    events.append(
        Event(
            "module_deployed",
            f"{state.players[seat]} deploys {name(content, card)} at {at}.",
            {"seat": seat, "card": card, "at": at, "production": production(state, content)},
        )
    )


def _move(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    state.pawns[seat] = str(action.arg("at"))
    events.append(Event("pawn_moved", f"{state.players[seat]} moves to {state.pawns[seat]}.", {"seat": seat}))


def _generate(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    discard(state, seat, str(action.arg("card")))
    add_supply(state, str(action.arg("resource")), GENERATE, events, "generated")


def _repair(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    remove_token(state, state.pawns[seat], str(action.arg("token")), events)


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
    for paid in str(action.arg("pay")).split(","):
        discard(state, seat, paid)
    cure(state, content, seat, str(action.arg("issue")), events)


def _special(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    use_special(state, content, seat, action, events)


def _play(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    play(state, content, seat, action, events)


def _discard(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    discard(state, seat, str(action.arg("card")))
    state.pending = None
    events.append(Event("card_discarded", f"{state.players[seat]} discards a card.", {"seat": seat}))


def _end(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    events.append(Event("actions_ended", f"{state.players[seat]} ends the actions step.", {"seat": seat}))


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
    "end_turn": _end,
}
