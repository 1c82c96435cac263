"""Load and validate the content files (characters, scenarios, cards, events).

Every problem raises ``ContentError`` naming the file and the entry, so owners
of the printed game can point the engine at their own files and fix them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from engine.colony.model import (
    ABILITIES,
    COLOURS,
    ENVIRONMENT,
    HAND_LIMIT,
    HEALTH_EFFECTS,
    ITEM_EFFECTS,
    PLAN_EFFECTS,
    PRODUCTION_MAX,
    PRODUCTION_MIN,
    RESOURCES,
    SEAT_COUNTS,
    SUPPLY_MAX,
    WHERE,
    Amount,
    Character,
    Content,
    EventCard,
    LossSpec,
    PlayerCard,
    Scenario,
)
from engine.colony.validate import cross_check
from engine.core.content import ItemT, integer, read_json, slug, string, unique
from engine.core.errors import ContentError

DEFAULT_DIR = Path(__file__).parent / "content"
FILES = ("characters.json", "scenarios.json", "cards.json", "events.json")


def load_content(path: str | Path = DEFAULT_DIR) -> Content:
    """Read and validate the four content files in ``path``; raises ContentError on any problem."""
    folder = Path(path)
    raw = {name: read_json(folder, name) for name in FILES}
    content = Content(
        characters=_entries(raw, "characters.json", _character, "character"),
        scenarios=_entries(raw, "scenarios.json", _scenario, "scenario"),
        cards=_entries(raw, "cards.json", _card, "card"),
        events=_entries(raw, "events.json", _event, "event"),
    )
    cross_check(content)
    return content


def _items(raw: Mapping[str, Any], name: str) -> list[tuple[int, Mapping[str, Any]]]:
    data = raw[name]
    if not isinstance(data, list) or not data:
        raise ContentError(f"{name}: expected a non-empty list.")
    for i, entry in enumerate(data):
        if not isinstance(entry, dict):
            raise ContentError(f"{name} entry {i}: expected an object.")
    return list(enumerate(data))


def _entries(
    raw: Mapping[str, Any], name: str, build: Callable[[Mapping[str, Any], str], ItemT], what: str
) -> dict[str, ItemT]:
    """Every entry of file ``name`` built and keyed by id; raises ContentError on any bad one."""
    return unique([build(r, _at(name, r, i)) for i, r in _items(raw, name)], what)


def _at(name: str, raw: Mapping[str, Any], index: int) -> str:
    return f"{name} '{raw.get('id', index)}'"


def _choice(raw: Mapping[str, Any], key: str, where: str, allowed: tuple[str, ...]) -> str:
    value = string(raw, key, where)
    if value not in allowed:
        raise ContentError(f"{where}: '{key}' must be one of {', '.join(allowed)}.")
    return value


def _amount(value: Any, where: str) -> Amount:
    if isinstance(value, bool):
        raise ContentError(f"{where}: amounts are integers or scenario values.")
    if isinstance(value, int) and -5 <= value <= 5:
        return value
    if isinstance(value, str) and value.lstrip("-") in ENVIRONMENT and value.count("-") <= 1:
        return value
    raise ContentError(f"{where}: an amount is an integer from -5 to 5 or one of {', '.join(ENVIRONMENT)}.")


def _amounts(raw: Any, where: str) -> dict[str, Amount]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: expected an object of resources.")
    for key in raw:
        if key not in RESOURCES:
            raise ContentError(f"{where}: unknown resource '{key}'.")
    return {k: _amount(v, f"{where} {k}") for k, v in raw.items()}


def _per_resource(raw: Mapping[str, Any], key: str, where: str, low: int, high: int) -> dict[str, int]:
    data = raw.get(key)
    if not isinstance(data, dict) or set(data) != set(RESOURCES):
        raise ContentError(f"{where}: '{key}' must give every resource ({', '.join(RESOURCES)}).")
    return {r: integer(data, r, f"{where} {key}", low, high) for r in RESOURCES}


def _character(raw: Mapping[str, Any], where: str) -> Character:
    ability = _choice(raw, "ability", where, ABILITIES)
    extra: dict[str, Any] = {}
    if ability == "boost":
        extra = {
            "colour": _choice(raw, "colour", where, COLOURS),
            "resource": _choice(raw, "resource", where, RESOURCES),
            "amount": integer(raw, "amount", where, 1, 6),
        }
    elif ability == "convert":
        extra = {"amount": integer(raw, "amount", where, 1, 6)}
    return Character(
        id=slug(raw, where),
        name=string(raw, "name", where),
        ability=ability,
        text=string(raw, "text", where),
        **extra,
    )


def _scenario(raw: Mapping[str, Any], where: str) -> Scenario:
    events = raw.get("events")
    if not isinstance(events, dict):
        raise ContentError(f"{where}: 'events' must give 'normal' and 'critical' counts.")
    return Scenario(
        id=slug(raw, where),
        name=string(raw, "name", where),
        difficulty=integer(raw, "difficulty", where, 1, 3),
        environment={k: integer(raw, k, where, 0, 3) for k in ENVIRONMENT},
        production=_per_resource(raw, "production", where, PRODUCTION_MIN, PRODUCTION_MAX),
        supplies=_per_resource(raw, "supplies", where, 1, SUPPLY_MAX),
        deal=_deal(raw, where),
        normal_events=_by_players(events, "normal", f"{where} events", 1, 99),
        critical_events=integer(events, "critical", f"{where} events", 0, 99),
    )


def _by_players(raw: Mapping[str, Any], key: str, where: str, low: int, high: int) -> dict[int, int]:
    """One integer for every player count, or an object giving one per count ("1".."4")."""
    data = raw.get(key)
    if not isinstance(data, dict):
        return dict.fromkeys(SEAT_COUNTS, integer(raw, key, where, low, high))
    if set(data) != {str(n) for n in SEAT_COUNTS}:
        counts = ", ".join(str(n) for n in SEAT_COUNTS)
        raise ContentError(f"{where}: '{key}' is an integer or an object giving one for {counts} players.")
    return {n: integer(data, str(n), f"{where} {key}", low, high) for n in SEAT_COUNTS}


def _deal(raw: Mapping[str, Any], where: str) -> dict[int, int]:
    """Cards dealt to the whole team by player count; nobody may start over the hand limit."""
    deal = _by_players(raw, "deal", where, 0, HAND_LIMIT * max(SEAT_COUNTS))
    for players, cards in deal.items():
        if cards > HAND_LIMIT * players:
            raise ContentError(f"{where}: a deal of {cards} puts {players} player(s) over the hand limit.")
    return deal


def _card(raw: Mapping[str, Any], where: str) -> PlayerCard:
    kind = _choice(raw, "type", where, ("module", "item", "plan"))
    base: dict[str, Any] = {
        "id": slug(raw, where),
        "name": string(raw, "name", where),
        "type": kind,
        "copies": integer(raw, "copies", where, 1, 9, 1),
        "colour": None if kind == "plan" else _choice(raw, "colour", where, COLOURS),
    }
    if kind == "module":
        cost = raw.get("cost")
        if not isinstance(cost, dict) or not cost or any(c not in COLOURS for c in cost):
            raise ContentError(f"{where}: a module's 'cost' is an object of colours.")
        base["cost"] = {c: integer(cost, c, f"{where} cost", 1, 4) for c in cost}
        base["production"] = _amounts(raw.get("production"), where)
        if not base["production"]:
            raise ContentError(f"{where}: a module changes at least one production level.")
        return PlayerCard(**base)
    base["effect"] = _choice(raw, "effect", where, ITEM_EFFECTS if kind == "item" else PLAN_EFFECTS)
    if base["effect"] in ("supply", "supply_any", "extra_action"):
        base["amount"] = integer(raw, "amount", where, 1, 6)
    if base["effect"] == "supply":
        base["resource"] = _choice(raw, "resource", where, RESOURCES)
    return PlayerCard(**base)


def _event(raw: Mapping[str, Any], where: str) -> EventCard:
    loss = raw.get("loss", [])
    emergency = raw.get("emergency", [])
    if not isinstance(loss, list) or not all(isinstance(x, dict) for x in loss):
        raise ContentError(f"{where}: 'loss' is a list of {{resource, where}} objects.")
    if not isinstance(emergency, list) or any(x not in WHERE for x in emergency):
        raise ContentError(f"{where}: 'emergency' lists places among {', '.join(WHERE)}.")
    health = raw.get("health")
    if health is not None and health not in HEALTH_EFFECTS:
        raise ContentError(f"{where}: 'health' must be one of {', '.join(HEALTH_EFFECTS)}.")
    return EventCard(
        id=slug(raw, where),
        name=string(raw, "name", where),
        critical=_choice(raw, "type", where, ("normal", "critical")) == "critical",
        copies=integer(raw, "copies", where, 1, 9, 1),
        loss=tuple(
            LossSpec(_choice(x, "resource", where, RESOURCES), _choice(x, "where", where, WHERE))
            for x in loss
        ),
        emergency=tuple(emergency),
        supply=_amounts(raw.get("supply"), where),
        health=health,
    )
