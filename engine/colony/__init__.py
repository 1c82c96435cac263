"""Exoplanet Colony: a co-op (1–4 players) race to make a colony self-sustaining.

Actions (``Action.of(kind, **args)``; ``legal_actions`` lists exactly the legal ones)
------------------------------------------------------------------------------------
Draft (every seat without a character is active at once):
- ``choose_character {character: str}`` — one of the two characters dealt to you.

Turn of the active seat (each costs one action; the count comes from the emergency track):
- ``draw {}`` — the top player card into your hand.
- ``give {card: str, seat: int}`` / ``take {card: str, seat: int}`` — one card to/from a
  player on your module.
- ``deploy {card: str, at: "x,y", pay: "id,id"}`` — a module from your hand on a free space
  orthogonally next to your pawn; ``pay`` lists the discarded cards, sorted (Plans are wild).
- ``move {at: "x,y"}`` — to an orthogonally adjacent module.
- ``generate {card: str, resource: str}`` — discard a card of the resource's colour (any
  resource for a Plan) for +2 supply.
- ``repair {token: "emergency"|resource}`` — remove a token from your module.
- ``switch {}`` — switch your module off or on (not the Central Hub).
- ``recover {issue: event id, pay: "id,id"}`` — discard two cards to cure one Health Issue.
- ``special {...}`` — your character's ability; args by ability: heal_member
  ``{seat, issue}``, remote_repair ``{at, token}``, dash ``{at}``, boost ``{card}``,
  draw_two ``{}``, convert ``{source, target}``, radio_transfer ``{card, seat}``, scavenge ``{}``.
Free (no action):
- ``play {card: str, ...}`` — an Item (the turn's player, through the whole turn, unless another
  player's discard is pending) or a Plan (any seat, any time after the draft, pending choices
  included); args by effect: supply/extra_action/salvage ``{}``, supply_any ``{resource}``,
  first_aid ``{seat, issue}``, teleport ``{at}``, teleport_any ``{seat, at}``, repair_anywhere
  ``{at, token}``.
- ``end_turn {}`` — end the turn: the resource update and an event follow. Spending the last
  action does not end the turn, so Items and Plans may still be played first.
Pending choices (its owner is the one waited for; Plans stay playable by anyone):
- ``discard {card: str}`` — over the hand limit of 6.
- ``place {at: "x,y"}`` — where an event's token goes when several modules fit.

``view(state, seat|None)`` (the same for every seat: hands are public)
----------------------------------------------------------------------
``{"game": "colony", "scenario": {id, name, difficulty, radiation, pressure, humidity},
"phase": "draft"|"actions"|"event"|"over", "turn", "active_seat": int|None, "actions_left",
"resources": [{resource, colour, production (−5..+3), supply (0..20)}] (oxygen, water, food,
energy), "limits": {production: [-5, 3], supply: [0, 20], hand: 6},
"emergency": {level, track: [4, 4, 3, 3, 2, 2, 0], actions},
"grid": [{at, x, y, card, name, colour, off, loss: {resource: n}, emergency, pawns: [seat]}],
"players": [{seat, name, character: {id, name, ability, text}|None, dealt: [...], at,
hand: [{id, name, type, colour}], health: [{id, name, critical, health: {effect, text}}]}],
"deck_count", "discard_count", "discard_top", "event_deck_count", "event_discard_count",
"last_event": {id, name, critical, health}|None,
"pending": {kind: "discard", seat, count} | {kind: "place", seat, token, options}|None,
"outcome": {won, reason}|None}``
"""

from __future__ import annotations

from typing import Any

from engine.colony.content_load import DEFAULT_DIR, load_content
from engine.colony.model import RESOURCES, Content
from engine.colony.rules import ColonyRules
from engine.colony.state import ColonyState
from engine.core.shipped import Shipped

SHIPPED = Shipped(load_content, DEFAULT_DIR, ColonyRules)
shipped_content = SHIPPED.content
shipped_rules = SHIPPED.rules


def __getattr__(name: str) -> Any:
    return SHIPPED.attribute(__name__, name)


__all__ = [
    "CONTENT",
    "RESOURCES",
    "RULES",
    "ColonyRules",
    "ColonyState",
    "Content",
    "load_content",
    "shipped_content",
    "shipped_rules",
]
