"""Why an Item or a Plan cannot be played, or a character's special action used, right now:
when each may be used, and on what."""

from __future__ import annotations

from collections.abc import Callable

from engine.colony.derive import neighbours
from engine.colony.model import HAND_LIMIT, Character, PlayerCard
from engine.colony.refusal_ask import (
    AROUND,
    NO_SEAT,
    PLAY_ARGS,
    SPECIAL_ARGS,
    Ask,
    already,
    drawable,
    held,
    known_resource,
    removable,
    shape,
    space,
    suffering,
)


def play(ask: Ask) -> str | None:
    """Items only on one's own turn and never over another's pending discard; Plans at any time."""
    if ask.action.get("card") is None:
        return "Name the card you play."
    bad = held(ask, ask.seat, ask.arg("card"))
    if bad is not None:
        return bad
    card, state, pending = ask.card(), ask.state, ask.state.pending
    if card.type == "module":
        return f"{card.name} is a module: deploy it instead."
    if card.type == "item" and ask.seat != state.seat:
        return "Items may only be played on your own turn; Plans may be played at any time."
    waiting = -1 if pending is None or pending["kind"] != "discard" else int(pending["seat"])
    if card.type == "item" and waiting not in (-1, ask.seat):
        return f"A discard is pending: {ask.who(waiting)} must first get back to {HAND_LIMIT} cards."
    if card.effect == "extra_action" and state.phase != "actions":
        return f"{card.name} only helps during the actions step; the event is being resolved now."
    move = (f"Playing {card.name}", PLAY_ARGS.get(str(card.effect), ()))
    return shape(ask.action.params, move, skip="card") or _effect(ask, card)


def _effect(ask: Ask, card: PlayerCard) -> str | None:
    effect, at = card.effect, ask.arg("at")
    if effect == "supply_any":
        return known_resource(ask.arg("resource"))
    if effect == "salvage":
        return None if ask.state.discard else f"The discard pile is empty: {card.name} has nothing to take."
    if effect == "repair_anywhere":
        return space(ask, at) or removable(ask, at, ask.arg("token"))
    if effect not in ("first_aid", "teleport", "teleport_any"):
        return None
    target = ask.seat if effect == "teleport" else ask.target()
    if target is None:
        return NO_SEAT
    if effect == "first_aid":
        return suffering(ask, target, ask.arg("issue"))
    return space(ask, at) or already(ask, target, at)


def special(ask: Ask) -> str | None:
    """The special action of the asking seat's character, checked by its ability."""
    char = ask.state.characters[ask.seat]
    if char is None:
        return None
    hero = ask.content.characters[char]
    move = (f"{_role(hero)}'s special action", SPECIAL_ARGS.get(hero.ability, ()))
    check = SPECIALS.get(hero.ability)
    return shape(ask.action.params, move) or (None if check is None else check(ask, hero))


def _role(hero: Character) -> str:
    """ "The Medic": the character's role, the last part of its name."""
    return f"The {hero.name.split(', ')[-1]}"


def _heal(ask: Ask, hero: Character) -> str | None:
    target = ask.target()
    if target is None:
        return NO_SEAT
    if ask.here(target) != ask.here():
        there = ask.where(ask.here(target))
        return f"{_role(hero)} heals a team member on your module; {ask.who(target)} is on {there}."
    return suffering(ask, target, ask.arg("issue"))


def _remote(ask: Ask, hero: Character) -> str | None:
    at, here = ask.arg("at"), ask.here()
    bad = space(ask, at)
    if bad is not None:
        return bad
    if at == here:
        return f"{_role(hero)} repairs a neighbouring module; on your own, use Repair a malfunction."
    if at not in neighbours(here):
        return f"{_role(hero)} repairs a module {AROUND} of yours; {ask.where(at)} is not."
    return removable(ask, at, ask.arg("token"))


def _dash(ask: Ask, hero: Character) -> str | None:
    at = ask.arg("at")
    return space(ask, at) or already(ask, ask.seat, at)


def _boost(ask: Ask, hero: Character) -> str | None:
    bad = held(ask, ask.seat, ask.arg("card"))
    if bad is not None or ask.card().colour == hero.colour:
        return bad
    card = ask.card()
    what = f"is {card.colour}" if card.colour else "is a Plan"
    return f"{_role(hero)} discards a {hero.colour} card for {hero.resource}; {card.name} {what}."


def _piles(ask: Ask, hero: Character) -> str | None:
    if hero.ability == "draw_two":
        return drawable(ask)
    return None if ask.state.discard else "The discard pile is empty: there is nothing to take."


def _convert(ask: Ask, hero: Character) -> str | None:
    source, target = ask.arg("source"), ask.arg("target")
    bad = known_resource(source) or known_resource(target)
    if bad is not None or source == target:
        return bad or f"{_role(hero)} turns one resource into a different one."
    have = ask.state.supplies[source]
    if have >= hero.amount:
        return None
    return f"{_role(hero)} takes {hero.amount} {source}; the {source} supply has only {have}."


def _radio(ask: Ask, hero: Character) -> str | None:
    target = ask.target()
    if target is None or target == ask.seat:
        return NO_SEAT if target is None else f"{_role(hero)} sends a card to another team member."
    return held(ask, ask.seat, ask.arg("card"))


SPECIALS: dict[str, Callable[[Ask, Character], str | None]] = {
    "heal_member": _heal,
    "remote_repair": _remote,
    "dash": _dash,
    "boost": _boost,
    "draw_two": _piles,
    "scavenge": _piles,
    "convert": _convert,
    "radio_transfer": _radio,
}
