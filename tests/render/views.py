"""Hand-made table views that follow the ExoBase view contract, from a fresh base to a crowded end."""

from __future__ import annotations

import copy
from typing import Any

RES = ("minerals", "metal", "water", "gas", "food")


def _space(
    index: int, label: str, *, level: int = 1, danger: int = 0, occupant: str | None = None
) -> dict[str, Any]:
    return {
        "index": index,
        "level": level,
        "label": label,
        "danger": danger,
        "occupant": occupant,
        "usable": True,
    }


def _card(card: str, name: str, x: int, y: int, dice: int, doors: list[str], **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "card": card,
        "name": name,
        "x": x,
        "y": y,
        "dice": dice,
        "doors": doors,
        "core": False,
        "generator": False,
        "level": 1,
        "max_level": 3,
        "damage": 0,
        "powered": True,
        "type": None,
        "bonus_from": None,
        "spaces": [_space(0, "+1 minerals")],
        "upgrade": {"label": "2 metal -> L2, +1 minerals", "occupant": None},
        "repairer": None,
    }
    data.update(extra)
    return data


def _founder(fid: str, name: str, at: str | None = "hab", **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": fid,
        "name": name,
        "health": 5,
        "max_health": 5,
        "injured_at": 2,
        "injured": False,
        "alive": True,
        "at": at,
        "doing": None,
        "passive": "+1 food production while alive.",
        "instants": [{"text": "Heal a founder by 2.", "used": False}],
        "tucked": [],
    }
    data.update(extra)
    return data


def fresh_view() -> dict[str, Any]:
    """Day 1, placement, the four core cards and four healthy founders at the Hab."""
    base = [
        _card(
            "greenhouse",
            "Greenhouse",
            0,
            0,
            3,
            ["E", "S"],
            core=True,
            spaces=[_space(0, "+2 food"), _space(1, "+3 food", level=2, danger=1)],
            upgrade={"label": "2 metal, 1 water -> L2", "occupant": None},
        ),
        _card(
            "hab",
            "Hab",
            1,
            0,
            5,
            ["W", "S"],
            core=True,
            spaces=[_space(0, "+1 health"), _space(1, "+2 health", level=2)],
        ),
        _card(
            "machine_shop",
            "Machine Shop",
            0,
            1,
            2,
            ["N", "E"],
            core=True,
            spaces=[_space(0, "2 minerals -> 1 metal"), _space(1, "+1 metal", level=2)],
        ),
        _card(
            "power_station",
            "Power Station",
            1,
            1,
            6,
            ["N", "W"],
            core=True,
            generator=True,
            max_level=4,
            spaces=[_space(0, "1 gas -> 1 any")],
            upgrade={"label": "2 metal, 1 gas -> L2, +2 energy", "occupant": None},
        ),
    ]
    founders = [
        _founder("aoki", "Aoki"),
        _founder("kamal", "Kamal", passive="+1 energy in the Power Bank."),
        _founder("li", "Li", passive="Adjacent founders gain +1 when working.", instants=[]),
        _founder(
            "burman",
            "Burman",
            passive="Repairs cost no action.",
            instants=[{"text": "Gain 2 metal.", "used": False}, {"text": "Reroll a die.", "used": False}],
        ),
    ]
    location_row: list[dict[str, Any] | None] = [
        {
            "card": "well",
            "name": "Well",
            "dice": 4,
            "doors": ["N", "S"],
            "cost": {"minerals": 2, "metal": 1},
            "energy": 1,
            "generator": False,
            "benefit": "+1 water production",
            "builder": None,
        },
        {
            "card": "mine",
            "name": "Deep Mine",
            "dice": 1,
            "doors": ["W", "E"],
            "cost": {"metal": 2},
            "energy": 1,
            "generator": False,
            "benefit": "+1 minerals production",
            "builder": None,
        },
        {
            "card": "solar",
            "name": "Solar Array",
            "dice": 6,
            "doors": ["N"],
            "cost": {"metal": 2, "water": 1},
            "energy": 0,
            "generator": True,
            "benefit": "+2 energy",
            "builder": None,
        },
        {
            "card": "silo",
            "name": "Storage Silo",
            "dice": 3,
            "doors": ["E", "W", "S"],
            "cost": {"minerals": 3},
            "energy": 0,
            "generator": False,
            "benefit": "storage cap +3",
            "builder": None,
        },
    ]
    task_row: list[dict[str, Any] | None] = [
        {
            "card": "lab",
            "name": "Survey the Ridge",
            "location_name": "Lab",
            "danger": 1,
            "reward": "+2 minerals",
            "ability": "+1 minerals when working a Mining card.",
            "ability_kind": "passive",
            "worker": None,
            "from_pile": False,
        },
        {
            "card": "refinery",
            "name": "Salvage the Lander",
            "location_name": "Refinery",
            "danger": 2,
            "reward": "+2 metal",
            "ability": "Repair a damage token at once.",
            "ability_kind": "instant",
            "worker": None,
            "from_pile": False,
        },
        {
            "card": "hydro",
            "name": "Ice Drilling",
            "location_name": "Hydroponics",
            "danger": 0,
            "reward": "+1 water",
            "ability": "Gain 1 gas.",
            "ability_kind": "instant",
            "worker": None,
            "from_pile": False,
        },
        {
            "card": "vent",
            "name": "Chart the Vents",
            "location_name": "Gas Vent",
            "danger": 3,
            "reward": "+3 gas",
            "ability": "Danger checks roll one die fewer.",
            "ability_kind": "passive",
            "worker": None,
            "from_pile": True,
        },
    ]
    return {
        "game": "exobase",
        "mode": "normal",
        "day": 1,
        "days": 10,
        "days_left": 10,
        "phase": "placement",
        "storage": {"minerals": 2, "metal": 1, "water": 1, "gas": 0, "food": 3},
        "storage_cap": dict.fromkeys(RES, 6),
        "production": {"minerals": 1, "metal": 0, "water": 1, "gas": 0, "food": 2},
        "green": {"minerals": 3, "metal": 3, "water": 3, "gas": 2, "food": 4},
        "production_max": 6,
        "energy": {"supply": 4, "demand": 3, "bank": 1},
        "base": base,
        "founders": founders,
        "location_row": location_row,
        "task_row": task_row,
        "pile_count": 5,
        "pending": None,
        "hazard": None,
        "outcome": None,
        "score": 10,
        "goal": {
            "tracks": 5,
            "tracks_green": 0,
            "short": {"minerals": 2, "metal": 3, "water": 2, "gas": 2, "food": 2},
            "station": "Power Station",
            "station_level": 1,
            "station_max": 4,
            "station_next": "2 metal, 1 gas",
            "met": False,
        },
        "ready": [],
        "seats": 1,
    }


def crowded_view() -> dict[str, Any]:
    """Day 7, hazard phase: nine cards, damage, a dead founder, a pending choice and every row full."""
    view = fresh_view()
    view.update(day=7, days_left=4, phase="hazard", score=6)
    view["storage"] = {"minerals": 6, "metal": 4, "water": 0, "gas": 9, "food": 1}
    view["storage_cap"] = {"minerals": 6, "metal": 6, "water": 6, "gas": 9, "food": 6}
    view["production"] = {"minerals": 4, "metal": 2, "water": 3, "gas": 1, "food": 6}
    view["energy"] = {"supply": 7, "demand": 8, "bank": -1}
    view["goal"].update(tracks_green=3, short={"metal": 1, "gas": 1}, station_level=3)
    base = view["base"]
    base[0].update(
        level=2, damage=1, spaces=[_space(0, "+2 food", occupant="aoki"), _space(1, "+3 food", level=2)]
    )
    base[3].update(level=3, damage=2)
    base[2].update(powered=False)
    base.extend(
        [
            _card(
                "well",
                "Well",
                2,
                0,
                4,
                ["N", "S", "W"],
                type="water",
                level=2,
                spaces=[_space(0, "+1 water", occupant="kamal"), _space(1, "+2 water", level=2)],
            ),
            _card("mine", "Deep Mine", -1, 0, 1, ["E", "W"], type="mining", damage=1, repairer="burman"),
            _card("solar", "Solar Array", 2, 1, 6, ["N", "E"], generator=True, max_level=2, upgrade=None),
            _card("silo", "Storage Silo", 0, 2, 3, ["N", "E"], spaces=[], upgrade=None),
            _card(
                "lab",
                "Research Lab",
                1,
                2,
                5,
                ["W", "N"],
                bonus_from="mining",
                spaces=[_space(0, "+1 minerals/+1 metal", danger=2), _space(1, "1 water -> 2 any", level=2)],
            ),
            _card(
                "vent",
                "Gas Vent",
                -1,
                1,
                2,
                ["N", "E"],
                type="gas",
                powered=False,
                spaces=[_space(0, "+2 gas", danger=1)],
            ),
        ]
    )
    founders = view["founders"]
    founders[0].update(at="greenhouse", doing="Greenhouse: +2 food", health=2, injured=True)
    founders[1].update(
        at="well",
        doing="Well: +1 water",
        tucked=[
            {"card": "hydro", "name": "Ice Drilling", "kind": "instant", "text": "Gain 1 gas.", "used": False}
        ],
    )
    founders[2].update(alive=False, health=0, at=None)
    founders[3].update(
        at="mine",
        doing="repair Deep Mine",
        health=4,
        instants=[{"text": "Gain 2 metal.", "used": True}, {"text": "Reroll a die.", "used": False}],
        tucked=[
            {
                "card": "lab",
                "name": "Survey the Ridge",
                "kind": "passive",
                "text": "+1 minerals when working a Mining card.",
                "used": False,
            }
        ],
    )
    view["location_row"][1] = copy.deepcopy(view["location_row"][1]) | {
        "card": "dome",
        "name": "Bio Dome",
        "builder": "aoki",
    }
    view["task_row"][0] = dict(view["task_row"][0]) | {"worker": "kamal"}
    view["pending"] = {
        "kind": "choose_target",
        "text": "Target roll 3: two locations tie. Choose which one takes the damage.",
        "options": ["silo", "greenhouse"],
    }
    view["hazard"] = {
        "roll": 10,
        "die": 3,
        "name": "Meteor Shower",
        "text": "Target roll twice; each target takes 1 damage.",
    }
    return view


def over_view(*, won: bool) -> dict[str, Any]:
    """The crowded view after the game ended."""
    view = crowded_view()
    view.update(phase="over", pending=None)
    reason = "The shield generator is powered." if won else "Every founder has died."
    view["outcome"] = {"won": won, "reason": reason, "score": 14 if won else 0}
    return view
