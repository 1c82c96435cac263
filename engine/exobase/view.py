"""The table view: everything public, as JSON-ready data (the pile shows only its top card)."""

from __future__ import annotations

from typing import Any

from engine.exobase.common import score
from engine.exobase.derive import Derived, days_left, derive
from engine.exobase.model import SIDES, Card, Content, cost_label
from engine.exobase.night import hab_standing
from engine.exobase.place_legal import space_usable, upgrade_need
from engine.exobase.state import ExoState, Json


def table_view(state: ExoState, content: Content) -> dict[str, Any]:
    d = derive(state, content)
    mode = content.modes[state.mode]
    return {
        "game": "exobase",
        "mode": state.mode,
        "day": state.day,
        "days": mode.days,
        "days_left": days_left(state, content),
        "phase": state.phase,
        "storage": dict(state.storage),
        "storage_cap": dict(d.cap),
        "production": dict(d.production),
        "green": dict(mode.green),
        "production_max": mode.production_max,
        "energy": {"supply": d.supply, "demand": d.demand, "bank": d.bank},
        "base": [_placed(state, content, d, b) for b in state.base],
        "founders": [_founder(state, content, f) for f in state.founders],
        "location_row": [None if c is None else _location(content.cards[c]) for c in state.location_row],
        "task_row": _task_row(state, content),
        "pile_count": len(state.pile),
        "pending": None if state.pending is None else _pending(state.pending),
        "hazard": None if state.hazard is None else dict(state.hazard),
        "outcome": None if state.outcome is None else dict(state.outcome),
        "score": score(state, content, d.production),
        "goal": _goal(state, content, d),
        "ready": list(state.ready),
        # The seats' names, so a team is told who it still waits for.
        "players": list(state.players),
        # Whether the Hab stands: founders not placed wait in it, and only then may they rest.
        "hab": hab_standing(state, content),
        "seats": len(state.players),
    }


def _goal(state: ExoState, content: Content, d: Derived) -> dict[str, Any]:
    """Progress towards both win conditions: every track in the green, the Power Station at its top."""
    green = content.modes[state.mode].green
    short = {r: green[r] - d.production[r] for r in green if d.production[r] < green[r]}
    station = next((b for b in state.base if _is_station(content.cards[b["card"]])), None)
    card = None if station is None else content.cards[station["card"]]
    level = 0 if station is None else int(station["level"])
    top = 0 if card is None else card.max_level
    return {
        "tracks": len(green),
        "tracks_green": len(green) - len(short),
        "short": short,
        "station": None if card is None else card.name,
        "station_level": level,
        "station_max": top,
        "station_next": None if card is None or level >= top else cost_label(card.levels[level].cost),
        "met": not short and card is not None and level >= top,
    }


def _is_station(card: Card) -> bool:
    return card.generator and card.core


def doors(card: Card) -> list[str]:
    return [s for s in SIDES if s in card.doors]


def _standing(state: ExoState, key: str, card_id: str) -> str | None:
    """The founder on space ``key`` while they still stand on that card (at night all are in the Hab)."""
    founder = state.spots.get(key)
    if founder is None:
        return None
    at = next((f.get("at") for f in state.founders if f["id"] == founder), None)
    return founder if at == card_id else None


def _placed(state: ExoState, content: Content, d: Derived, b: Json) -> dict[str, Any]:
    card = content.cards[b["card"]]
    spaces = [
        {
            "index": i,
            "level": sp.level,
            "label": sp.label,
            "danger": sp.danger,
            "occupant": _standing(state, f"{card.id}:{i}", card.id),
            "usable": space_usable(state, card, b, sp, d),
        }
        for i, sp in enumerate(card.spaces)
    ]
    upgrade = None
    if b["level"] < card.max_level:
        nxt = card.levels[b["level"]]
        need = upgrade_need(card, b["level"])
        label = f"{cost_label(nxt.cost)}{f' + {need} energy' if need else ''} -> L{b['level'] + 1}"
        upgrade = {
            "label": f"{label}, {nxt.benefit.label}",
            "energy": need,
            "occupant": _standing(state, f"{card.id}:up", card.id),
        }
    return {
        "card": card.id,
        "name": card.name,
        "x": b["x"],
        "y": b["y"],
        "dice": card.dice,
        "doors": doors(card),
        "core": card.core,
        "generator": card.generator,
        "level": b["level"],
        "max_level": card.max_level,
        "damage": b["damage"],
        "powered": card.id in d.powered,
        # The cubes it draws from the bank at its level (what powering it again takes).
        "needs": card.needs(b["level"]),
        "type": card.type,
        "bonus_from": card.bonus_from,
        "spaces": spaces,
        "upgrade": upgrade,
        "repairer": _standing(state, f"{card.id}:fix", card.id),
    }


def _founder(state: ExoState, content: Content, f: Json) -> dict[str, Any]:
    card = content.founders[f["id"]]
    tucked = []
    for t in f["tucked"]:
        task = content.cards[t["card"]].task
        assert task is not None
        tucked.append(
            {
                "card": t["card"],
                "name": task.name,
                "kind": task.ability.kind,
                "text": task.ability.text,
                "used": t["used"],
            }
        )
    return {
        "id": f["id"],
        "name": card.name,
        "health": f["health"],
        "max_health": card.max_health,
        "injured_at": card.injured_at,
        "injured": f["alive"] and f["health"] <= card.injured_at,
        "alive": f["alive"],
        "at": f["at"],
        "doing": f["doing"],
        "passive": card.passive.text,
        "instants": [{"text": a.text, "used": f["used"][i]} for i, a in enumerate(card.instants)],
        "tucked": tucked,
    }


def _location(card: Card) -> dict[str, Any]:
    return {
        "card": card.id,
        "name": card.name,
        "dice": card.dice,
        "doors": doors(card),
        "cost": dict(card.cost),
        "energy": card.needs(1),
        "generator": card.generator,
        "benefit": card.build.label,
        "builder": None,
        # The rest of the location side, to judge the card before building it.
        "work": [{"level": sp.level, "label": sp.label, "danger": sp.danger} for sp in card.spaces],
        "bonus_from": card.bonus_from,
        "upgrades": [
            {"level": n + 1, "cost": cost_label(level.cost), "benefit": level.benefit.label}
            for n, level in enumerate(card.levels)
            if n > 0
        ],
    }


def _task_row(state: ExoState, content: Content) -> list[dict[str, Any] | None]:
    slots: list[tuple[str | None, bool]] = [(c, False) for c in state.task_row]
    slots.append((state.pile[0] if state.pile else None, True))
    out: list[dict[str, Any] | None] = []
    for cid, from_pile in slots:
        task = None if cid is None else content.cards[cid].task
        if cid is None or task is None:
            out.append(None)
            continue
        out.append(
            {
                "card": cid,
                "name": task.name,
                "location_name": content.cards[cid].name,
                "danger": task.danger,
                "reward": task.reward.label,
                "ability": task.ability.text,
                "ability_kind": task.ability.kind,
                "worker": state.spots.get(f"task:{cid}"),
                "from_pile": from_pile,
                # The other side, for choosing what to flip into the location row.
                "location": _location(content.cards[cid]),
            }
        )
    return out


def _pending(pending: Json) -> dict[str, Any]:
    return {"kind": pending["kind"], "text": pending["text"], "options": list(pending["options"])}
