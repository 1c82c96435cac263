"""Each character's special action: which targets are legal and what it does (one action each)."""

from __future__ import annotations

from engine.colony.derive import distinct, neighbours, repairable
from engine.colony.model import RESOURCES, Content
from engine.colony.ops import (
    add_supply,
    cure,
    discard,
    draw,
    move_pawn,
    name,
    remove_token,
    salvage,
    transfer,
)
from engine.colony.state import ColonyState
from engine.core.action import Action
from engine.core.game import Event


def special_actions(state: ColonyState, content: Content, seat: int) -> list[Action]:
    char = state.characters[seat]
    if char is None:
        return []
    hero = content.characters[char]
    ability = hero.ability
    here = state.pawns[seat]
    if ability == "heal_member":
        return [
            Action.of("special", seat=s, issue=i)
            for s in range(len(state.players))
            if state.pawns[s] == here
            for i in distinct(state.health[s])
        ]
    if ability == "remote_repair":
        return [
            Action.of("special", at=at, token=t)
            for at in neighbours(here)
            if at in state.grid
            for t in repairable(state, content, at)
        ]
    if ability == "dash":
        return [Action.of("special", at=at) for at in sorted(state.grid) if at != here]
    if ability == "boost":
        return [
            Action.of("special", card=c)
            for c in distinct(state.hands[seat])
            if content.cards[c].colour == hero.colour
        ]
    if ability in ("draw_two", "scavenge"):
        pile = state.deck or state.discard if ability == "draw_two" else state.discard
        return [Action.of("special")] if pile else []
    if ability == "convert":
        return [
            Action.of("special", source=a, target=b)
            for a in RESOURCES
            if state.supplies[a] >= hero.amount
            for b in RESOURCES
            if b != a
        ]
    return [
        Action.of("special", card=c, seat=s)
        for s in range(len(state.players))
        if s != seat
        for c in distinct(state.hands[seat])
    ]


def use_special(state: ColonyState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    """Resolve a legal ``special`` for ``seat``'s character; the events say what it did."""
    char = state.characters[seat]
    assert char is not None
    hero = content.characters[char]
    who = state.players[seat]
    role = hero.name.split(", ")[-1]
    events.append(
        Event(
            "special_used",
            f"{who} uses the {role}'s special action.",
            {"seat": seat, "ability": hero.ability},
        )
    )
    ability = hero.ability
    if ability == "heal_member":
        cure(state, content, int(action.arg("seat")), str(action.arg("issue")), events)
    elif ability == "remote_repair":
        remove_token(state, content, str(action.arg("at")), str(action.arg("token")), events)
    elif ability == "dash":
        move_pawn(state, content, seat, str(action.arg("at")), events, "flies to")
    elif ability == "boost":
        card = str(action.arg("card"))
        discard(state, seat, card)
        add_supply(state, str(hero.resource), hero.amount, events, f"{name(content, card)} discarded")
    elif ability == "draw_two":
        draw(state, content, seat, events)
        draw(state, content, seat, events)
    elif ability == "scavenge":
        salvage(state, content, seat, state.discard[-1], events)
    elif ability == "convert":
        why = f"{action.arg('source')} converted into {action.arg('target')}"
        # One step (ruling 18): the target is told first, so a conversion that empties its source
        # into an empty target is never told through a level it does not end on.
        add_supply(state, str(action.arg("target")), hero.amount + 1, events, why)
        add_supply(state, str(action.arg("source")), -hero.amount, events, why)
    else:
        to, card = int(action.arg("seat")), str(action.arg("card"))
        text = f"{who} sends {name(content, card)} to {state.players[to]} by radio."
        transfer(state, seat, to, card, events, text)
