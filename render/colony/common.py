"""What every Exoplanet Colony image shares: card colours, resource labels, player markers, headings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from render.canvas import Canvas
from render.fonts import drawable, player_names
from render.theme import BAD, GOOD, TEXT, Rgb, founder_colour

View = Mapping[str, Any]
WIDTH = 1100
MARGIN = 28
HEIGHT_LIMIT = 4000

# Card colours name the resource they serve: red oxygen, blue water, green food, yellow energy.
CARD_COLOURS: dict[str, Rgb] = {
    "red": (236, 92, 80),
    "blue": (84, 158, 255),
    "green": (104, 206, 100),
    "yellow": (246, 204, 64),
}
WILD: Rgb = (196, 160, 255)
HUB_FILL: Rgb = (150, 160, 190)
SHUTDOWN: Rgb = (255, 136, 40)
EMERGENCY: Rgb = (255, 70, 70)
CRITICAL: Rgb = (255, 70, 70)
NORMAL: Rgb = (100, 190, 255)

RESOURCE_COLOUR = {"oxygen": "red", "water": "blue", "food": "green", "energy": "yellow"}
PHASES = {"draft": "Choosing characters", "actions": "Actions", "event": "Event", "over": "Game over"}


def card_colour(colour: str | None) -> Rgb:
    """The fill for a card colour; a Plan (no colour, wild) gets the wild violet."""
    return CARD_COLOURS.get(colour or "", WILD)


def resource_fill(resource: str) -> Rgb:
    return card_colour(RESOURCE_COLOUR.get(resource))


@dataclass(frozen=True)
class Marker:
    """How a player's pawn is drawn: ``initials`` inside a disc of ``colour``."""

    seat: int
    name: str
    initials: str
    colour: Rgb


def markers(view: View) -> list[Marker]:
    """One marker per seat; initials that two players would share, or that the font cannot draw
    (a name in Chinese or emoji), get the seat number instead."""
    players = list(view.get("players", []))
    raw = [str(p.get("name") or "") for p in players]
    names = player_names(raw)
    first = [initials(drawable(name)) if drawable(name) else str(i + 1) for i, name in enumerate(raw)]
    return [
        Marker(
            i,
            name,
            first[i] if first.count(first[i]) == 1 or first[i].isdigit() else f"{name[:1].upper()}{i + 1}",
            founder_colour(i),
        )
        for i, name in enumerate(names)
    ]


def initials(name: str) -> str:
    """The first letters of the first two words ("Ann Lee": "AL"), else of the one word ("Ann": "An")."""
    words = name.split()
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return name[:2].capitalize()


def marker_for(view: View, seat: int | None) -> Marker | None:
    found = markers(view)
    return found[seat] if seat is not None and 0 <= seat < len(found) else None


def seat_name(view: View, seat: Any, *, drawn: bool = True) -> str:
    """The seat's name as the images draw it; with ``drawn`` false, as the player wrote it (for alt
    text, which screen readers read in any script)."""
    marker = marker_for(view, int(seat)) if isinstance(seat, int) else None
    if marker is None:
        return "nobody"
    return marker.name if drawn else str(view["players"][marker.seat].get("name") or marker.name)


def turn_line(view: View, *, drawn: bool = True) -> str:
    """Scenario, turn and whose turn it is, for the top of every image (``drawn`` false: for its alt
    text, names as written)."""
    scenario = view.get("scenario") or {}
    turn = int(view.get("turn", 0))
    # The draft comes before the first turn, so there is no turn number to show yet.
    parts = [str(scenario.get("name", "Colony"))] + ([f"Turn {turn}"] if turn > 0 else [])
    phase = str(view.get("phase", ""))
    active = view.get("active_seat")
    if phase == "over" or view.get("outcome"):
        parts.append("Game over")
    elif phase == "draft":
        parts.append(PHASES["draft"])
    elif isinstance(active, int):
        parts.append(f"{seat_name(view, active, drawn=drawn)}'s turn")
    return "  ·  ".join(parts)


def banner(canvas: Canvas, y: int, title: str, text: str, colour: Rgb) -> int:
    """A bordered box with a bold title and wrapped text; returns the y below it."""
    inner = WIDTH - 2 * MARGIN - 36
    lines_y = y + 14 + 44
    body_end = canvas.paragraph(MARGIN + 18, lines_y, text, 26, TEXT, inner) if text else lines_y
    canvas.rect((MARGIN, y, WIDTH - MARGIN, body_end + 8), None, outline=colour, width=4, radius=12)
    canvas.text(MARGIN + 18, y + 12, title, 30, colour, max_width=inner)
    return body_end + 24


def outcome_banner(canvas: Canvas, view: View, y: int) -> int:
    result = view.get("outcome")
    if not result:
        return y
    won = bool(result.get("won"))
    title = "VICTORY: the colony sustains itself" if won else "DEFEAT: the colony is lost"
    return banner(canvas, y, title, str(result.get("reason", "")), GOOD if won else BAD)
