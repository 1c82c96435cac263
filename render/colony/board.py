"""The resource board: production and supply tracks, the emergency track, turn, scenario, decks, choices."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.canvas import Canvas
from render.colony.common import (
    EMERGENCY,
    HEIGHT_LIMIT,
    MARGIN,
    WIDTH,
    View,
    banner,
    outcome_banner,
    resource_fill,
    seat_name,
    turn_line,
)
from render.colony.describe import signed
from render.theme import ACCENT, BAD, GREEN_ZONE, OUTLINE, SURFACE, TEXT, TEXT_DIM, WARN, Rgb, ink_on

# Rows the canvas starts with: room for a usual board (a bigger one grows the canvas).
START = 1152
BODY = 26
SMALL = 24
ROW = 54
LABEL_W = 190
TRACK_X = MARGIN + LABEL_W
PROD_CELL = 62
SUPPLY_CELL = 40
SUPPLY_MAX = 20
# The fill of the cell marking a track's current value: light and neutral, so it never reads as a
# resource's colour or as the red of an empty supply.
MARKER: Rgb = (236, 240, 252)


def render_board(view: View) -> bytes:
    """The resource board as a PNG.

    Raises KeyError when a resource entry lacks its "resource".
    """
    canvas = draw_board(view)
    return canvas.png(height=canvas.bottom + MARGIN)


def draw_board(view: View) -> Canvas:
    """The drawn board; ``canvas.bottom`` is the lowest pixel used (tests check its text boxes)."""
    canvas = Canvas(WIDTH, HEIGHT_LIMIT, start=START)
    canvas.text(MARGIN, MARGIN, turn_line(view), 34, TEXT, max_width=WIDTH - 2 * MARGIN)
    y = outcome_banner(canvas, view, MARGIN + 60)
    y = pending(canvas, view, y)
    y = turn(canvas, view, y)
    y = production(canvas, view, y + 8)
    y = supplies(canvas, view, y + 18)
    y = emergency(canvas, view, y + 18)
    footer(canvas, view, y + 18)
    return canvas


def limits(view: View, key: str, default: tuple[int, int]) -> tuple[int, int]:
    pair = (view.get("limits") or {}).get(key) or default
    return int(pair[0]), int(pair[1])


def pending(canvas: Canvas, view: View, y: int) -> int:
    choice = view.get("pending")
    if not choice:
        return y
    who = seat_name(view, choice.get("seat"))
    if choice.get("kind") == "discard":
        hand = int((view.get("limits") or {}).get("hand", 6))
        count = int(choice.get("count", 1))
        text = f"{who} holds more than {hand} cards and discards {count} before play goes on."
        return banner(canvas, y, f"Waiting for {who}: discard {count}", text, ACCENT)
    token = str(choice.get("token", ""))
    token = "Emergency" if token == "emergency" else f"{token} Loss"
    names = {str(m.get("at")): str(m.get("name", "")) for m in view.get("grid", [])}
    options = ", ".join(f"{names.get(str(o), '')} ({o})".strip() for o in choice.get("options", []))
    text = f"Where does the {token} token go? Options: {options}."
    return banner(canvas, y, f"Waiting for {who}: place a token", text, ACCENT)


def turn(canvas: Canvas, view: View, y: int) -> int:
    active = view.get("active_seat")
    phase = str(view.get("phase", ""))
    if view.get("outcome") or phase == "over":
        return y
    if phase == "draft":
        line = "Every player picks one of the two characters dealt to them."
    elif phase == "event" and isinstance(active, int):
        line = f"{seat_name(view, active)}: the event of this turn is being resolved"
    elif isinstance(active, int):
        left = int(view.get("actions_left", 0))
        line = f"{seat_name(view, active)}: {left} action{'s' if left != 1 else ''} left this turn"
        if left == 0 and phase == "actions" and not view.get("pending"):
            # The turn stays open after the last action: cards may still be played before it ends.
            line = f"{seat_name(view, active)}: no actions left, play a card or end the turn"
    else:
        return y
    canvas.text(MARGIN, y, line, 32, ACCENT, max_width=WIDTH - 2 * MARGIN)
    return y + 56


def resources(view: View) -> Sequence[Mapping[str, Any]]:
    return list(view.get("resources", []))


def resource_label(canvas: Canvas, resource: str, y: int) -> None:
    colour = resource_fill(resource)
    canvas.rect((MARGIN, y + 8, MARGIN + 14, y + ROW - 12), colour)
    canvas.text(MARGIN + 24, y + 8, resource.capitalize(), 28, colour, max_width=LABEL_W - 30)


def production(canvas: Canvas, view: View, y: int) -> int:
    """One row per resource: −5..+3 with the goal (0 and above) in green, then supply now and after update."""
    low, high = limits(view, "production", (-5, 3))
    canvas.text(MARGIN, y, "Production per turn (green = 0 or more: the goal)", SMALL, TEXT_DIM, bold=False)
    right = TRACK_X + (high - low + 1) * PROD_CELL + 24
    canvas.text(right, y, "Supply \u2192 next update", SMALL, TEXT_DIM, bold=False)
    y += 38
    top_supply = limits(view, "supply", (0, SUPPLY_MAX))[1]
    for entry in resources(view):
        level, supply = int(entry.get("production", 0)), int(entry.get("supply", 0))
        facts = (str(entry["resource"]), y, low, high, level, supply, top_supply, right)
        canvas.fixed_piece("colony/board/production", (0, y, WIDTH, y + ROW), production_row, *facts)
        y += ROW
    return y


def production_row(
    canvas: Canvas, res: str, y: int, low: int, high: int, level: int, supply: int, top: int, right: int
) -> None:
    """A resource's production track from ``low`` to ``high``, then its supply now and after the
    update (at most ``top``) from x ``right``; ``ROW`` tall."""
    resource_label(canvas, res, y)
    for value in range(low, high + 1):
        x = TRACK_X + (value - low) * PROD_CELL
        box = (x, y + 2, x + PROD_CELL - 5, y + ROW - 8)
        current = value == level
        # The marker is a light cell ringed in the resource's colour: filled with the colour,
        # oxygen's red would read as the alarm of an empty supply.
        fill = MARKER if current else (GREEN_ZONE if value >= 0 else SURFACE)
        outline = resource_fill(res) if current else OUTLINE
        canvas.rect(box, fill, outline=outline, width=4 if current else 1, radius=6)
        ink = ink_on(fill) if current else (TEXT if value >= 0 else TEXT_DIM)
        canvas.text((box[0] + box[2]) // 2, (box[1] + box[3]) // 2, signed(value), SMALL, ink, anchor="mm")
    after = max(0, min(top, supply + level))
    colour = BAD if after == 0 else TEXT
    canvas.text(right, y + 6, f"{supply} \u2192 {after}", 30, colour, max_width=WIDTH - MARGIN - right)


def dim(colour: Rgb) -> Rgb:
    r, g, b = colour
    return (r * 2 // 5 + 12, g * 2 // 5 + 14, b * 2 // 5 + 24)


def supplies(canvas: Canvas, view: View, y: int) -> int:
    """One row per resource: 0..20 with the amount filled up to the marker; an empty supply shows red."""
    low, high = limits(view, "supply", (0, SUPPLY_MAX))
    canvas.text(
        MARGIN, y, f"Supplies ({low} to {high}; at 0 the emergency level rises)", SMALL, TEXT_DIM, bold=False
    )
    y += 38
    cell = min(SUPPLY_CELL, (WIDTH - MARGIN - TRACK_X) // (high - low + 1))
    for entry in resources(view):
        facts = (str(entry["resource"]), y, low, high, cell, int(entry.get("supply", 0)))
        canvas.fixed_piece("colony/board/supply", (0, y, WIDTH, y + ROW), supply_row, *facts)
        y += ROW
    return y


def supply_row(canvas: Canvas, res: str, y: int, low: int, high: int, cell: int, supply: int) -> None:
    """A resource's supply track from ``low`` to ``high`` in ``cell`` wide steps, filled up to the
    marker; ``ROW`` tall."""
    resource_label(canvas, res, y)
    colour = resource_fill(res)
    for value in range(low, high + 1):
        x = TRACK_X + (value - low) * cell
        box = (x, y + 2, x + cell - 3, y + ROW - 8)
        current = value == supply
        # Red is kept for an empty supply; any other amount is marked by a light cell ringed in
        # the resource's colour.
        fill = (BAD if supply == 0 else MARKER) if current else (dim(colour) if value < supply else SURFACE)
        ring = (TEXT if supply == 0 else colour) if current else None
        canvas.rect(box, fill, outline=ring, width=3, radius=5)
        ink = ink_on(fill) if current else TEXT_DIM
        canvas.text(
            (box[0] + box[2]) // 2,
            (box[1] + box[3]) // 2,
            str(value),
            SMALL,
            ink,
            anchor="mm",
            condensed=True,
        )


def emergency(canvas: Canvas, view: View, y: int) -> int:
    """The emergency track: actions per turn on each space, the current space filled, the last one lost."""
    track = [int(n) for n in (view.get("emergency") or {}).get("track", [4, 4, 3, 3, 2, 2, 0])]
    level = min(int((view.get("emergency") or {}).get("level", 0)), len(track) - 1)
    depleted = sum(1 for e in resources(view) if int(e.get("supply", 0)) == 0)
    tokens = sum(int(m.get("emergency", 0)) for m in view.get("grid", []))
    empty = f"{depleted} empty suppl{'y' if depleted == 1 else 'ies'}"
    why = f"{empty} + {tokens} Emergency token{'s' if tokens != 1 else ''}"
    canvas.text(
        MARGIN,
        y,
        f"Emergency level {level}: {why}",
        28,
        WARN if level else TEXT,
        max_width=WIDTH - 2 * MARGIN,
    )
    y += 44
    width = (WIDTH - 2 * MARGIN + 8) // len(track)
    for space, actions in enumerate(track):
        x = MARGIN + space * width
        box = (x, y, x + width - 8, y + 92)
        last = space == len(track) - 1
        current = space == level
        fill = (EMERGENCY if last else WARN) if current else SURFACE
        outline = EMERGENCY if last else (TEXT if current else OUTLINE)
        canvas.rect(box, fill, outline=outline, width=4 if current or last else 1, radius=10)
        ink = ink_on(fill) if current else (EMERGENCY if last else TEXT)
        centre = (box[0] + box[2]) // 2
        canvas.text(centre, y + 30, "LOST" if last else str(actions), 34, ink, anchor="mm")
        canvas.text(centre, y + 68, "game over" if last else "actions", SMALL, ink, bold=False, anchor="mm")
    return y + 100


def footer(canvas: Canvas, view: View, y: int) -> int:
    scenario = view.get("scenario") or {}
    planet = f"Planet {scenario.get('name', '?')} (difficulty {scenario.get('difficulty', '?')}): "
    values = ", ".join(f"{k} {scenario[k]}" for k in ("radiation", "pressure", "humidity") if k in scenario)
    y = canvas.paragraph(MARGIN, y, planet + values, BODY, TEXT, WIDTH - 2 * MARGIN)
    top = view.get("discard_top")
    discard = f"discard {int(view.get('discard_count', 0))}" + (f" (top: {top.get('name')})" if top else "")
    cards = f"Player deck {int(view.get('deck_count', 0))}, {discard}."
    y = canvas.paragraph(MARGIN, y + 6, cards, BODY, TEXT, WIDTH - 2 * MARGIN)
    events = int(view.get("event_deck_count", 0))
    colour = BAD if events <= 2 else TEXT
    line = f"Event deck {events} left, event discard {int(view.get('event_discard_count', 0))}."
    if events == 0:
        line += " Revealing with none left loses the game."
    return canvas.paragraph(MARGIN, y + 6, line, BODY, colour, WIDTH - 2 * MARGIN)
