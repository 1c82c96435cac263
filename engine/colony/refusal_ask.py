"""The vocabulary and shared checks of refusals: the refused action as asked, and the checks
every kind of move reuses (its arguments, a card held, a space, a Health Issue, a token, a payment).

Each check returns the problem in a player's words, or None when that part of the action is fine.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.colony.derive import distinct, repairable, tokens
from engine.colony.model import (
    PRODUCTION_MAX,
    PRODUCTION_MIN,
    RESOURCES,
    Content,
    PlayerCard,
)
from engine.colony.ops import article, name, place, token_name
from engine.colony.state import ColonyState
from engine.core.action import Action
from engine.core.words import listed

SPACE = re.compile(r"-?\d+,-?\d+")
NO_SEAT = "There is no such player at this table."
EMPTY_DECKS = "The player deck and the discard pile are both empty: there is no card to draw."
AROUND = "up, down, left or right"
# Each move as players know it (the rulebook's names) and the arguments it takes.
MOVES: dict[str, tuple[str, tuple[str, ...]]] = {
    "choose_character": ("Choosing a character", ("character",)),
    "draw": ("Draw a card", ()),
    "give": ("Give a card", ("card", "seat")),
    "take": ("Take a card", ("card", "seat")),
    "deploy": ("Deploy a module", ("at", "card", "pay")),
    "move": ("Move", ("at",)),
    "generate": ("Generate resources", ("card", "resource")),
    "repair": ("Repair a malfunction", ("token",)),
    "switch": ("Switch a module on or off", ()),
    "recover": ("Recover", ("issue", "pay")),
    "special": ("The special action", ()),
    "play": ("Playing a card", ("card",)),
    "discard": ("Discard", ("card",)),
    "place": ("Placing a token", ("at",)),
    "end_turn": ("End the turn", ()),
}
# The arguments of each character's special action, and of each played card besides the card.
SPECIAL_ARGS = {
    "heal_member": ("issue", "seat"),
    "remote_repair": ("at", "token"),
    "dash": ("at",),
    "boost": ("card",),
    "convert": ("source", "target"),
    "radio_transfer": ("card", "seat"),
}
PLAY_ARGS = {
    "supply_any": ("resource",),
    "first_aid": ("issue", "seat"),
    "teleport": ("at",),
    "teleport_any": ("at", "seat"),
    "repair_anywhere": ("at", "token"),
}
WORDS = {
    "character": "a character",
    "card": "a card",
    "seat": "a player",
    "at": "a space (x,y)",
    "pay": "the cards to pay with",
    "resource": "a resource",
    "token": "a token",
    "issue": "a Health Issue",
    "source": "a resource to take from",
    "target": "a resource to add to",
}


@dataclass(frozen=True)
class Ask:
    """A refused action and the seat that asked, with the arguments read as text."""

    state: ColonyState
    content: Content
    seat: int
    action: Action

    def arg(self, key: str) -> str:
        return str(self.action.get(key))

    def card(self) -> PlayerCard:
        """The action's card, once ``held`` found it."""
        return self.content.cards[self.arg("card")]

    def target(self) -> int | None:
        """The seat the action names, when there is one at this table."""
        seat = self.action.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            return None
        return seat if 0 <= seat < len(self.state.players) else None

    def here(self, seat: int | None = None) -> str:
        return self.state.pawns[self.seat if seat is None else seat]

    def where(self, at: str) -> str:
        return place(self.state, self.content, at)

    def who(self, seat: int) -> str:
        return self.state.players[seat]


def shape(params: Mapping[str, object], move: tuple[str, tuple[str, ...]], skip: str = "") -> str | None:
    """The move's arguments are exactly the ones it takes (``skip``: one checked already)."""
    what, wanted = move
    if sorted(k for k in params if k != skip) == sorted(wanted):
        return None
    return f"{what} needs {listed([WORDS[k] for k in wanted])}." if wanted else f"{what} takes no options."


def either(items: Sequence[str]) -> str:
    """ "A", "A or B", "A, B or C"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def held(ask: Ask, owner: int, cid: str) -> str | None:
    """``cid`` is a card in ``owner``'s hand."""
    card = ask.content.cards.get(cid)
    if card is None:
        return f"There is no card '{cid}'."
    if cid in ask.state.hands[owner]:
        return None
    return f"You hold no {card.name}." if owner == ask.seat else f"{ask.who(owner)} holds no {card.name}."


def space(ask: Ask, at: str, *, module: bool = True) -> str | None:
    """``at`` is written as a space and (``module``) holds a module."""
    if not SPACE.fullmatch(at):
        return f"'{at}' is not a space: write it as x,y (like 1,0)."
    if module and at not in ask.state.grid:
        return f"There is no module at {at}."
    return None


def already(ask: Ask, mover: int, at: str) -> str | None:
    """``mover`` is not on ``at`` yet: going where one stands is no move."""
    if ask.here(mover) != at:
        return None
    return f"{'You are' if mover == ask.seat else f'{ask.who(mover)} is'} already on {ask.where(at)}."


def known_resource(value: str) -> str | None:
    return None if value in RESOURCES else f"'{value}' is not a resource: choose {either(RESOURCES)}."


def drawable(ask: Ask) -> str | None:
    """A card can be drawn: the deck or, once reshuffled, the discard pile has one."""
    return None if ask.state.deck or ask.state.discard else EMPTY_DECKS


def suffering(ask: Ask, target: int, issue: str) -> str | None:
    """``target`` suffers from ``issue`` (a Health Issue to cure)."""
    health = ask.state.health[target]
    you = target == ask.seat
    who = "You" if you else ask.who(target)
    if not health:
        return f"{who} {'have' if you else 'has'} no Health Issue to cure."
    if issue in health:
        return None
    event = ask.content.events.get(issue)
    if event is not None and event.health is None:
        return f"{event.name} is not a Health Issue."
    what = f"'{issue}'" if event is None else event.name
    current = listed([name(ask.content, e) for e in distinct(health)])
    return f"{who} {'do' if you else 'does'} not suffer from {what}, only from {current}."


def bounded(levels: Mapping[str, int], doing: str) -> str | None:
    """Production levels stay between −5 and +3 whatever a player does."""
    for r in RESOURCES:
        if not PRODUCTION_MIN <= levels[r] <= PRODUCTION_MAX:
            limits = f"{PRODUCTION_MIN} and +{PRODUCTION_MAX}"
            return f"{doing} would take {r} production to {levels[r]:+d}; it must stay between {limits}."
    return None


def removable(ask: Ask, at: str, token: str) -> str | None:
    """``token`` lies on the module at ``at`` and may be removed."""
    if token != "emergency" and token not in RESOURCES:
        return f"'{token}' is not a token: name a resource (for its loss token) or 'emergency'."
    where, present = ask.where(at), tokens(ask.state.grid[at])
    if not present:
        return f"There is nothing to repair on {where}."
    if token not in present:
        there = listed([article(token_name(t)) for t in present])
        return f"There is no {token_name(token)} on {where}; it has {there}."
    if token not in repairable(ask.state, ask.content, at):
        return f"Removing the {token_name(token)} would lift {token} production above +{PRODUCTION_MAX}."
    return None


def unheld(content: Content, paid: list[str], hand: list[str], module: str = "") -> str | None:
    """Every card paid is in ``hand`` as often as it is paid (``module``: the card being paid for)."""
    have = Counter(hand)
    for cid, count in Counter(paid).items():
        card = content.cards.get(cid)
        if card is None:
            return f"There is no card '{cid}'."
        if have[cid] >= count:
            continue
        if cid == module:
            return f"{card.name} cannot pay for itself."
        return f"You hold {'no' if have[cid] == 0 else f'only {have[cid]}'} {card.name} to pay with."
    return None
