"""Hand-made Exoplanet Colony table views following the view contract, from a quiet start to a crowded end."""

from __future__ import annotations

import copy
from typing import Any

from engine.colony import CONTENT

RESOURCES = ("oxygen", "water", "food", "energy")
NO_LOSS = dict.fromkeys(RESOURCES, 0)


def module(at: tuple[int, int], card: str, **extra: Any) -> dict[str, Any]:
    x, y = at
    data: dict[str, Any] = {
        "at": f"{x},{y}",
        "x": x,
        "y": y,
        "card": card,
        "name": "Central Hub" if card == "hub" else CONTENT.cards[card].name,
        "colour": None if card == "hub" else CONTENT.cards[card].colour,
        "off": False,
        "loss": dict(NO_LOSS),
        "emergency": 0,
        "pawns": [],
    }
    data.update(extra)
    return data


def card(cid: str) -> dict[str, Any]:
    c = CONTENT.cards[cid]
    return {"id": cid, "name": c.name, "type": c.type, "colour": c.colour}


def character(cid: str) -> dict[str, Any]:
    hero = CONTENT.characters[cid]
    return {"id": cid, "name": hero.name, "ability": hero.ability, "text": hero.text}


def issue(eid: str) -> dict[str, Any]:
    event = CONTENT.events[eid]
    health = {"effect": event.health, "text": str(event.health)} if event.health else None
    return {"id": eid, "name": event.name, "critical": event.critical, "health": health}


def player(seat: int, name: str, hero: str, hand: list[str], at: str = "0,0", **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "seat": seat,
        "name": name,
        "character": character(hero),
        "dealt": [],
        "at": at,
        "hand": [card(c) for c in sorted(hand)],
        "health": [],
    }
    data.update(extra)
    return data


def quiet_view() -> dict[str, Any]:
    """One player, the hub alone, early in the game."""
    return {
        "game": "colony",
        "scenario": {
            "id": "verdance",
            "name": "Verdance",
            "difficulty": 1,
            "radiation": 1,
            "pressure": 2,
            "humidity": 2,
        },
        "phase": "actions",
        "turn": 1,
        "active_seat": 0,
        "actions_left": 4,
        "resources": [
            {"resource": r, "colour": c, "production": p, "supply": 12}
            for r, c, p in zip(RESOURCES, ("red", "blue", "green", "yellow"), (-2, -2, -2, -1), strict=True)
        ],
        "limits": {"production": [-5, 3], "supply": [0, 20], "hand": 6},
        "emergency": {"level": 0, "track": [4, 4, 3, 3, 2, 2, 0], "actions": 4},
        "grid": [module((0, 0), "hub", pawns=[0])],
        "players": [player(0, "Ada", "pilot", ["algae_vat", "ice_drill", "contingency_plan"])],
        "deck_count": 40,
        "discard_count": 0,
        "discard_top": None,
        "event_deck_count": 16,
        "event_discard_count": 0,
        "last_event": None,
        "pending": None,
        "outcome": None,
    }


HANDS = (
    ["dome_orchard", "fission_core", "hydroponic_farm", "contingency_plan", "first_aid_kit", "stim_shot"],
    ["pressure_scrubber", "electrolysis_cell", "water_bladder", "salvage_protocol", "multitool", "moss_wall"],
    ["biogas_digester", "insect_farm", "battery_pack", "ration_crate", "hover_boots", "evacuation_drill"],
    [
        "greywater_loop",
        "brine_refinery",
        "oxygen_canister",
        "maintenance_roster",
        "dew_condenser",
        "wind_mast",
    ],
)


def crowded_view() -> dict[str, Any]:
    """Four players with full hands and Health Issues, twelve modules, tokens, shut-downs, a choice."""
    view = quiet_view()
    view.update(turn=23, active_seat=2, actions_left=1)
    view["resources"] = [
        {"resource": "oxygen", "colour": "red", "production": -5, "supply": 0},
        {"resource": "water", "colour": "blue", "production": 3, "supply": 20},
        {"resource": "food", "colour": "green", "production": 0, "supply": 1},
        {"resource": "energy", "colour": "yellow", "production": -3, "supply": 0},
    ]
    view["emergency"] = {"level": 5, "track": [4, 4, 3, 3, 2, 2, 0], "actions": 2}
    view["grid"] = [
        module((0, 0), "hub", pawns=[0, 1, 3], emergency=2),
        module((1, 0), "solar_field", off=True, loss={**NO_LOSS, "energy": 2}, pawns=[2]),
        module(
            (-1, 0), "brine_refinery", loss={"oxygen": 1, "water": 1, "food": 1, "energy": 1}, emergency=1
        ),
        module((0, 1), "hydroponic_farm", off=True),
        module((0, -1), "dome_orchard"),
        module((2, 0), "electrolysis_cell", loss={**NO_LOSS, "oxygen": 3}),
        module((-2, 0), "pressure_scrubber", off=True, loss={**NO_LOSS, "food": 1}),
        module((1, 1), "fission_core"),
        module((-1, -1), "biogas_digester"),
        module((1, -1), "greywater_loop"),
        module((-1, 1), "fungus_cellar"),
        module((2, 1), "insect_farm"),
    ]
    names = ("Ada Lovelace", "Bartholomew-Alexander Featherstonehaugh", "Chen", "Dana")
    heroes = ("medic", "engineer", "pilot", "botanist")
    view["players"] = [player(i, names[i], heroes[i], list(HANDS[i]), at="0,0") for i in range(4)]
    view["players"][0]["health"] = [issue("exhaustion"), issue("twisted_ankle")]
    view["players"][2]["health"] = [issue("radiation_sickness"), issue("tremor"), issue("exhaustion")]
    view["players"][2]["hand"].append(card("algae_vat"))
    view["deck_count"] = 0
    view["discard_count"] = 31
    view["discard_top"] = card("stim_shot")
    view["event_deck_count"] = 1
    view["event_discard_count"] = 14
    view["last_event"] = issue("dust_storm")
    view["pending"] = {
        "kind": "place",
        "seat": 2,
        "token": "oxygen",
        "options": ["-1,0", "0,0", "1,-1", "2,1"],
    }
    return view


def discard_view() -> dict[str, Any]:
    view = crowded_view()
    view["pending"] = {"kind": "discard", "seat": 2, "count": 1}
    return view


def over_view(*, won: bool) -> dict[str, Any]:
    view = copy.deepcopy(crowded_view())
    view.update(phase="over", active_seat=None, actions_left=0, pending=None)
    reason = "Every production level is 0 or more." if won else "The emergency level reached the last space."
    view["outcome"] = {"won": won, "reason": reason}
    if not won:
        view["emergency"] = {"level": 6, "track": [4, 4, 3, 3, 2, 2, 0], "actions": 0}
    return view


def draft_view() -> dict[str, Any]:
    """Characters still being chosen: nobody's turn, two characters dealt to each player."""
    view = quiet_view()
    view.update(phase="draft", active_seat=None, actions_left=0, turn=0)
    view["players"][0]["character"] = None
    view["players"][0]["dealt"] = [character("medic"), character("chemist")]
    return view


def long_line_view() -> dict[str, Any]:
    """A colony stretched into one long row, wider than the image at full detail."""
    view = quiet_view()
    cards = [c for c, info in CONTENT.cards.items() if info.type == "module"]
    view["grid"] = [module((0, 0), "hub", pawns=[0])] + [
        module((i + 1, 0), cards[i % len(cards)], off=i % 3 == 0, emergency=i % 4 == 1) for i in range(13)
    ]
    return view
