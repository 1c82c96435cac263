"""Space Base (2–5 players) with its Genesis expansion: build a fleet, activate sectors on every roll.

Options: ``expansion`` "base"|"genesis", ``variant`` "standard"|"lightspeed", ``ai`` int (AI seats
added after the named players, named "AI 1", "AI 2"...), ``bonuses`` "printed"|"balanced" (the
turn-order bonuses: the rulebook's +1/+2 credits, +1/+1 income (default), or +1 credit for every later seat),
``autoroll`` bool (default true).

Actions (``Action.of(kind, **args)``; ``legal_actions`` lists exactly the legal ones)
------------------------------------------------------------------------------------
Light-Speed set-up (every seat at once, secret until all kept):
- ``keep {cards: "id,id"}`` — the dealt cards to keep and pay for (sorted, comma-separated; "" none).
The active player's turn:
- ``roll {}`` — roll the two dice (the engine rolls itself unless a ready ability could come first).
- ``choose {option: "sum"|"single"}`` — the activation choice; every seat whose choice matters is
  asked at once (seats for whom both give the same are settled with a ``choice_automatic`` event).
  Also answers a pending bonus roll.
- ``use {card}`` — a fully charged ability (blue: own turn, red: others' turns, green: any; after
  the rewards, while nothing is pending). Non-active seats may use red/green ones without being asked.
- ``buy {card, sector}`` — the one normal buy: a shipyard ship or a colony; spends every credit.
  ``sector`` is the card's own, or any from it up for a variable ("8+") ship.
- ``claim_colony {card}`` — Genesis: a colony whose condition you meet, free, any number a turn.
- ``end {}`` — end the turn (credits rise to income, end-of-turn rewards resolve). Made for you when
  it is the only move left.
Pending steps (the head of the queue; only its seat answers):
- ``take {card, sector}`` — a claimed card (free) or an extra buy (costs only its price).
- ``move_charge {src, dst}`` — move one charge cube between two of your cards.
- ``exchange {a, b}`` — swap two of your cards' places (exchange reward, or a swap-with-neighbour ability).
- ``shift {card, sector}`` — move a deployed card (it stays deployed).
- ``pick_sector {sector}`` — gain the deployed rewards of a sector (asked ``n`` times, a different
  sector each time).
- ``give {seat, card}`` — a trade: the buyer gives first, then the partner gives one back.
- ``deploy {card}`` — deploy one of your station ships, leaving its sector empty.
- ``skip {}`` — decline an optional step (claim, buy, move_charge, exchange, shift, deploy); in a
  ``receive`` step (a station ship given in a trade) keep it on station (``deploy {card}``: deploy it);
  in the reaction window before a turn ends (``reaction_window`` event) keep one's abilities.
Preferences (any time, any human seat):
- ``auto {on: bool}`` — when on, the engine makes this seat's activation choices unless a charge or
  a card choice is at stake.
- ``away {}`` — the AI plays this seat (the bot sends it after missed deadlines); ``back {}`` ends it.

``view(state, seat|None)``
--------------------------
``{"game": "spacebase", "expansion", "variant", "phase": "keep"|"roll"|"choose"|"main"|"over",
"turn", "active", "first", "dice": [a, b]|[], "goal": 40, "ending": bool,
"players": [{seat, name, ai, away, auto, credits, income, vp, chosen: bool,
choice: "sum"|"single"|None (only in that seat's own view before the reveal),
sectors: [{sector, station: card+{charges}|None, deployed: [card+{charges}]}]}],
"shipyard": {"1"|"2"|"3": [card]}, "deck_counts": {"1"|"2"|"3": n},
"colonies": [{sector, card: card|None}], "waiting": [seat], "reacting": bool, "bought": bool,
"pending": {kind, seat, card, dice?, level?, n?, sectors?, sector?}|None,
"hand": [card] (Light-Speed keep phase: the viewer's own dealt cards; [] for the table),
"turned_up": [card] (cards a claim from a deck turned up and left unclaimed so far, face up for all),
"outcome": {winners, reason, scores}|None}``
where ``card = {id, name, type: "starter"|"ship"|"colony", set, level, cost, sector, plus,
blue: [reward], red: [reward], immediate: [reward], end_turn: [reward], shared: [reward],
ability: {need, when: "blue"|"red"|"green", effects: [reward]}|None,
condition: {stat, at_least, text}|None}`` and ``reward = {kind, n, text, level?, dir?, sectors?}``.
"""

from __future__ import annotations

from typing import Any

from engine.native import extend

# Compiled copies of the hot modules come first while they match their sources (engine.native).
extend(__name__, __path__)

from engine.core.shipped import Shipped
from engine.spacebase.content_load import DEFAULT_DIR, load_content
from engine.spacebase.model import Content
from engine.spacebase.rules import SpaceRules
from engine.spacebase.state import SpaceState

SHIPPED = Shipped(load_content, DEFAULT_DIR, SpaceRules)
shipped_content = SHIPPED.content
shipped_rules = SHIPPED.rules


def __getattr__(name: str) -> Any:
    return SHIPPED.attribute(__name__, name)


__all__ = [
    "CONTENT",
    "RULES",
    "Content",
    "SpaceRules",
    "SpaceState",
    "load_content",
    "shipped_content",
    "shipped_rules",
]
