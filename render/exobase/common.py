"""Helpers every ExoBase image shares: founder colours and initials, labels from the view."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from render.theme import Rgb, founder_colour

View = Mapping[str, Any]
WIDTH = 1100
MARGIN = 28

PHASES = {
    "placement": "Placement",
    "hazard": "Hazard",
    "night": "Night",
    "refill": "Refill rows",
    "over": "Game over",
}


@dataclass(frozen=True)
class Who:
    """How a founder is drawn: initials inside a disc of ``colour``."""

    name: str
    initials: str
    colour: Rgb


def founders_by_id(view: View) -> dict[str, Who]:
    """Every founder of the view keyed by id; colours follow the founders' order so all images agree."""
    found: dict[str, Who] = {}
    for index, founder in enumerate(view.get("founders", [])):
        name = str(founder.get("name") or founder["id"])
        found[str(founder["id"])] = Who(name, initials(name), founder_colour(index))
    return found


def initials(name: str) -> str:
    """Two letters that tell founders apart: the first two of a single name, else the first of two words."""
    words = name.split()
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return name[:2].capitalize()


def who(founders: Mapping[str, Who], founder_id: str) -> Who:
    """The founder's marker; an id the view does not list still gets a neutral marker."""
    return founders.get(founder_id) or Who(founder_id, initials(founder_id), (200, 200, 200))


def readable(label: str) -> str:
    # One arrow glyph instead of "->" saves width and reads as a conversion at any scale.
    return label.replace(" -> ", " \u2192 ").replace("->", "\u2192")


def day_line(view: View) -> str:
    days = int(view.get("days", 10))
    # The day counter moves one past the last day when time runs out; show the last day instead.
    day = min(int(view.get("day", 1)), days)
    left = max(0, int(view.get("days_left", days - day + 1)))
    return f"Day {day} of {days} ({left} left)"


def phase_name(view: View) -> str:
    phase = str(view.get("phase", ""))
    return PHASES.get(phase, phase.capitalize())
