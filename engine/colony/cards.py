"""Items (discarded on your own turn) and Plans (discarded by anyone, any time): legality and effects."""

from __future__ import annotations

from engine.colony.derive import distinct, repairable
from engine.colony.model import RESOURCES, Content
from engine.colony.ops import add_supply, cure, discard, name, remove_token
from engine.colony.state import ColonyState
from engine.core.action import Action
from engine.core.game import Event


def play_actions(state: ColonyState, content: Content, seat: int) -> list[Action]:
    """Plans in any hand at any point of the actions step; Items only in the active player's turn."""
    out: list[Action] = []
    for c in distinct(state.hands[seat]):
        card = content.cards[c]
        if card.type == "plan" or (card.type == "item" and seat == state.seat):
            out += _targets(state, content, seat, c, str(card.effect))
    return out


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
    """Resolve a legal ``play``: the card is discarded first, then its effect happens."""
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
    elif effect == "first_aid":
        cure(state, content, int(action.arg("seat")), str(action.arg("issue")), events)
    elif effect == "teleport":
        state.pawns[seat] = str(action.arg("at"))
    elif effect == "teleport_any":
        state.pawns[int(action.arg("seat"))] = str(action.arg("at"))
    elif effect == "repair_anywhere":
        remove_token(state, str(action.arg("at")), str(action.arg("token")), events)
    elif effect == "salvage" and top is not None:
        state.discard.remove(top)
        state.hands[seat].append(top)
        events.append(Event("card_salvaged", f"{who} takes {name(content, top)} from the discard pile.", {}))
