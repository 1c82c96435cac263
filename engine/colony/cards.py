"""Items (discarded on your own turn) and Plans (discarded by anyone, any time): legality and effects."""

from __future__ import annotations

from engine.colony.derive import distinct, repairable
from engine.colony.model import RESOURCES, Content
from engine.colony.ops import add_supply, cure, discard, move_pawn, remove_token, salvage
from engine.colony.state import ColonyState
from engine.core.action import Action
from engine.core.game import Event


def play_actions(state: ColonyState, content: Content, seat: int) -> list[Action]:
    """Plans in any hand at any time after the draft; the turn's Items when ``item_time`` allows."""
    if state.outcome is not None or state.phase not in ("actions", "event"):
        return []
    items = item_time(state, seat)
    out: list[Action] = []
    for c in distinct(state.hands[seat]):
        card = content.cards[c]
        if card.type == "plan" or (items and card.type == "item"):
            if card.effect == "extra_action" and state.phase != "actions":
                continue  # an extra action after the actions step would be lost
            out += _targets(state, content, seat, c, str(card.effect))
    return out


def item_time(state: ColonyState, seat: int) -> bool:
    """Items: the turn's player, through the whole turn, unless the game waits for another's discard."""
    if seat != state.seat:
        return False
    pending = state.pending
    return pending is None or pending["kind"] != "discard" or pending["seat"] == seat


def _targets(state: ColonyState, content: Content, seat: int, c: str, effect: str) -> list[Action]:
    if effect in ("supply", "extra_action"):
        return [Action.of("play", card=c)]
    if effect == "supply_any":
        return [Action.of("play", card=c, resource=r) for r in RESOURCES]
    if effect == "first_aid":
        return [
            Action.of("play", card=c, seat=s, issue=i)
            for s in range(len(state.players))
            for i in distinct(state.health[s])
        ]
    if effect == "teleport":
        return [Action.of("play", card=c, at=at) for at in sorted(state.grid) if at != state.pawns[seat]]
    if effect == "teleport_any":
        return [
            Action.of("play", card=c, seat=s, at=at)
            for s in range(len(state.players))
            for at in sorted(state.grid)
            if at != state.pawns[s]
        ]
    if effect == "repair_anywhere":
        return [
            Action.of("play", card=c, at=at, token=t)
            for at in sorted(state.grid)
            for t in repairable(state, content, at)
        ]
    if effect == "salvage":
        return [Action.of("play", card=c)] if state.discard else []
    return []


def play(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    """Resolve a legal ``play``: the card is discarded first, then its effect happens.

    Salvage takes the card that was on top before the Plan itself was discarded.
    """
    c = str(action.arg("card"))
    card = content.cards[c]
    top = state.discard[-1] if state.discard else None
    discard(state, seat, c)
    who = state.players[seat]
    events.append(Event("card_played", f"{who} plays {card.name}.", {"seat": seat, "card": c}))
    effect = card.effect
    if effect == "supply":
        add_supply(state, str(card.resource), card.amount, events, card.name)
    elif effect == "supply_any":
        add_supply(state, str(action.arg("resource")), card.amount, events, card.name)
    elif effect == "extra_action":
        state.actions_left += card.amount
        left = state.actions_left
        text = f"{who} gains {card.amount} action{'s' if card.amount > 1 else ''}: {left} left this turn."
        events.append(Event("actions_gained", text, {"seat": seat, "actions": left}))
    elif effect == "first_aid":
        cure(state, content, int(action.arg("seat")), str(action.arg("issue")), events)
    elif effect in ("teleport", "teleport_any"):
        mover = seat if effect == "teleport" else int(action.arg("seat"))
        move_pawn(state, content, mover, str(action.arg("at")), events, "is carried to")
    elif effect == "repair_anywhere":
        remove_token(state, content, str(action.arg("at")), str(action.arg("token")), events)
    elif effect == "salvage" and top is not None:
        salvage(state, content, seat, top, events)
