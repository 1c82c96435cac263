"""The table view: everything public, as JSON-ready data (deck order never appears)."""

from __future__ import annotations

from typing import Any

from engine.colony.derive import cell, emergency_level, production
from engine.colony.model import (
    COLOUR_OF,
    HAND_LIMIT,
    HEALTH_EFFECTS,
    HUB,
    PRODUCTION_MAX,
    PRODUCTION_MIN,
    RESOURCES,
    SUPPLY_MAX,
    TRACK,
    Content,
)
from engine.colony.ops import name
from engine.colony.state import ColonyState, Json


def table_view(state: ColonyState, content: Content) -> dict[str, Any]:
    planet = content.scenarios[state.scenario]
    level = emergency_level(state)
    return {
        "game": "colony",
        "scenario": {
            "id": planet.id,
            "name": planet.name,
            "difficulty": planet.difficulty,
            **dict(planet.environment),
        },
        "phase": state.phase,
        "turn": state.turn,
        "active_seat": state.seat if state.phase in ("actions", "event") else None,
        "actions_left": state.actions_left if state.phase == "actions" else 0,
        "resources": [
            {
                "resource": r,
                "colour": COLOUR_OF[r],
                "production": production(state, content)[r],
                "supply": state.supplies[r],
            }
            for r in RESOURCES
        ],
        "limits": {
            "production": [PRODUCTION_MIN, PRODUCTION_MAX],
            "supply": [0, SUPPLY_MAX],
            "hand": HAND_LIMIT,
        },
        "emergency": {"level": level, "track": list(TRACK), "actions": TRACK[level]},
        "grid": [_module(state, content, at, m) for at, m in sorted(state.grid.items())],
        "players": [_player(state, content, s) for s in range(len(state.players))],
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "discard_top": _card(content, state.discard[-1]) if state.discard else None,
        "event_deck_count": len(state.event_deck),
        "event_discard_count": len(state.event_discard),
        "last_event": None if state.last_event is None else _event(content, state.last_event),
        "pending": _pending(state),
        "outcome": None if state.outcome is None else dict(state.outcome),
    }


def _module(state: ColonyState, content: Content, at: str, m: Json) -> dict[str, Any]:
    x, y = cell(at)
    card = m["card"]
    return {
        "at": at,
        "x": x,
        "y": y,
        "card": card,
        "name": name(content, card),
        "colour": None if card == HUB else content.cards[card].colour,
        "off": m["off"],
        "loss": {r: m["loss"].get(r, 0) for r in RESOURCES},
        "emergency": m["emergency"],
        "pawns": [s for s, p in enumerate(state.pawns) if p == at],
    }


def _player(state: ColonyState, content: Content, seat: int) -> dict[str, Any]:
    char = state.characters[seat]
    return {
        "seat": seat,
        "name": state.players[seat],
        "character": None if char is None else {"id": char, **_character(content, char)},
        "dealt": [{"id": c, **_character(content, c)} for c in state.dealt[seat]],
        "at": state.pawns[seat],
        "hand": [_card(content, c) for c in sorted(state.hands[seat])],
        "health": [_event(content, e) for e in state.health[seat]],
    }


def _character(content: Content, char: str) -> dict[str, Any]:
    hero = content.characters[char]
    return {"name": hero.name, "ability": hero.ability, "text": hero.text}


def _card(content: Content, cid: str) -> dict[str, Any]:
    card = content.cards[cid]
    return {"id": cid, "name": card.name, "type": card.type, "colour": card.colour}


def _event(content: Content, eid: str) -> dict[str, Any]:
    event = content.events[eid]
    health = None if event.health is None else {"effect": event.health, "text": HEALTH_EFFECTS[event.health]}
    return {"id": eid, "name": event.name, "critical": event.critical, "health": health}


def _pending(state: ColonyState) -> dict[str, Any] | None:
    p = state.pending
    if p is None:
        return None
    if p["kind"] == "discard":
        return {"kind": "discard", "seat": p["seat"], "count": len(state.hands[p["seat"]]) - HAND_LIMIT}
    return {"kind": "place", "seat": state.seat, "token": p["token"], "options": list(p["options"])}
