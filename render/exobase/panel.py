"""The status panel: day and phase, hazard, pending choice, production, storage, energy and founders."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from render.canvas import Canvas
from render.exobase.common import MARGIN, WIDTH, View, day_line, founders_by_id, phase_name, readable, who
from render.icons import bolt, founder_disc
from render.theme import (
    ACCENT,
    BAD,
    GOOD,
    GREEN_ZONE,
    HEALTH,
    HEALTH_EMPTY,
    HEALTH_LOW,
    OUTLINE,
    RESOURCES,
    SURFACE,
    TEXT,
    TEXT_DIM,
    WARN,
    ink_on,
    resource_colour,
)

HEIGHT_LIMIT = 4000
# Rows the canvas starts with: room for a usual panel (a bigger one grows the canvas).
START = 1536
BODY = 26
SMALL = 24
TRACK_X = 230
STORE_X = 860
ROW = 54
CHOICES = {
    "choose_target": "choose the target",
    "pay_health": "pay with health",
    "relocate": "move a founder out",
    "flip": "flip a task card",
    "power_down": "choose a location to go dark",
    "power_up": "choose a location to power again",
}


def render_panel(view: View) -> bytes:
    """The status panel as a PNG.

    Raises KeyError when a founder lacks its "id".
    """
    canvas = draw_panel(view)
    return canvas.png(height=canvas.bottom + MARGIN)


def draw_panel(view: View) -> Canvas:
    """The drawn panel; ``canvas.bottom`` is the lowest pixel used (tests check its text boxes)."""
    canvas = Canvas(WIDTH, HEIGHT_LIMIT, start=START)
    y = header(canvas, view, MARGIN)
    y = outcome(canvas, view, y)
    y = goal(canvas, view, y)
    y = pending(canvas, view, y)
    y = hazard(canvas, view, y)
    y = resources(canvas, view, y + 10)
    y = energy(canvas, view, y + 6)
    founders(canvas, view, y + 16)
    return canvas


def header(canvas: Canvas, view: View, y: int) -> int:
    # Once the game is over the outcome banner carries the final score instead.
    label = "" if view.get("outcome") else f"Score {int(view.get('score', 0))}"
    score = canvas.text(WIDTH - MARGIN, y, label, 34, ACCENT, anchor="ra")
    mode = "  ·  Hardcore" if view.get("mode") == "hardcore" else ""
    line = f"{day_line(view)}  ·  {phase_name(view)}{mode}"
    canvas.text(MARGIN, y, line, 34, TEXT, max_width=score[0] - MARGIN - 24)
    return y + 56


def banner(canvas: Canvas, y: int, title: str, text: str, colour: tuple[int, int, int]) -> int:
    """A bordered box with a bold title and wrapped text; returns the y below it."""
    top = y
    inner = WIDTH - 2 * MARGIN - 36
    lines_y = y + 14 + 44
    body_end = canvas.paragraph(MARGIN + 18, lines_y, text, BODY, TEXT, inner) if text else lines_y
    canvas.rect((MARGIN, top, WIDTH - MARGIN, body_end + 8), None, outline=colour, width=4, radius=12)
    canvas.text(MARGIN + 18, y + 12, title, 30, colour, max_width=inner)
    return body_end + 24


def outcome(canvas: Canvas, view: View, y: int) -> int:
    result = view.get("outcome")
    if not result:
        return y
    won = bool(result.get("won"))
    title = f"{'VICTORY' if won else 'DEFEAT'}  ·  final score {int(result.get('score', 0))}"
    return banner(canvas, y, title, str(result.get("reason", "")), GOOD if won else BAD)


def goal(canvas: Canvas, view: View, y: int) -> int:
    """Both win conditions, each with a tick box and how far the base still is from it."""
    target = view.get("goal")
    if not target or view.get("outcome"):
        return y
    canvas.text(MARGIN, y, "To win, BOTH:", 30, ACCENT)
    y += 44
    short = target.get("short") or {}
    tracks = f"Production: {target.get('tracks_green', 0)} of {target.get('tracks', 5)} tracks in the green"
    if short:
        tracks += " (short by: " + ", ".join(f"{r} {n}" for r, n in short.items()) + ")"
    level, top = int(target.get("station_level", 0)), int(target.get("station_max", 0))
    station = f"{target.get('station') or 'Power Station'}: level {level} of {top}"
    if target.get("station_next"):
        station += f" (next upgrade: {target['station_next']})"
    for text, done in ((tracks, not short), (station, level >= top > 0)):
        y = tick_line(canvas, y, text, done)
    note = "Score on a win: +1 per production step in the green, +1 per day left."
    return canvas.paragraph(MARGIN, y + 2, note, SMALL, TEXT_DIM, WIDTH - 2 * MARGIN, step=31) + 14


def tick_line(canvas: Canvas, y: int, text: str, done: bool) -> int:
    """A box (filled when met) and the wrapped condition beside it; returns the y below."""
    canvas.rect(
        (MARGIN, y + 4, MARGIN + 26, y + 30),
        GOOD if done else None,
        outline=GOOD if done else TEXT,
        width=3,
        radius=5,
    )
    indent = MARGIN + 42
    return (
        canvas.paragraph(indent, y, text, BODY, GOOD if done else TEXT, WIDTH - MARGIN - indent, step=34) + 6
    )


def pending(canvas: Canvas, view: View, y: int) -> int:
    choice = view.get("pending")
    if not choice:
        return y
    # Options are cards (a tie, a location to power down) or founders (who pays the health).
    names = {**card_names(view), **{fid: w.name for fid, w in founders_by_id(view).items()}}
    options = ", ".join(names.get(str(o), str(o)) for o in choice.get("options", []))
    text = str(choice.get("text", ""))
    if options:
        text = f"{text}  Options: {options}."
    kind = str(choice.get("kind", ""))
    title = CHOICES.get(kind, kind.replace("_", " "))
    return banner(canvas, y, f"Waiting for you: {title}", text, ACCENT)


def hazard(canvas: Canvas, view: View, y: int) -> int:
    rolled = view.get("hazard")
    if not rolled:
        return y
    roll, die = int(rolled.get("roll", 0)), int(rolled.get("die", 0))
    title = f"Hazard {roll} (d6 {die} + day {roll - die}): {rolled.get('name', '')}"
    return banner(canvas, y, title, str(rolled.get("text", "")), WARN)


def resources(canvas: Canvas, view: View, y: int) -> int:
    """One row per resource: name, production track with its green area, stored amount against the cap."""
    top = production_max(view)
    canvas.text(MARGIN, y, "Resource", SMALL, TEXT_DIM)
    canvas.text(TRACK_X, y, "Production per morning  (green area = goal)", SMALL, TEXT_DIM)
    canvas.text(STORE_X, y, "Stored / cap", SMALL, TEXT_DIM)
    y += 40
    for res in RESOURCES:
        produced = int(view.get("production", {}).get(res, 0))
        green = int(view.get("green", {}).get(res, top + 1))
        stored = int(view.get("storage", {}).get(res, 0))
        cap = int(view.get("storage_cap", {}).get(res, 6))
        box = (0, y, WIDTH, y + ROW)
        canvas.fixed_piece(
            "exobase/panel/resource", box, resource_row, res, y, top, produced, green, stored, cap
        )
        y += ROW
    return y


def resource_row(
    canvas: Canvas, res: str, y: int, top: int, produced: int, green: int, stored: int, cap: int
) -> None:
    """A resource's name, production track (0 to ``top``) and storage, ``ROW`` tall."""
    cell = (STORE_X - 30 - TRACK_X) // (top + 1)
    colour = resource_colour(res)
    canvas.rect((MARGIN, y + 6, MARGIN + 14, y + ROW - 12), colour)
    canvas.text(MARGIN + 26, y + 8, res.capitalize(), 28, colour)
    for value in range(top + 1):
        x = TRACK_X + value * cell
        box = (x, y + 2, x + cell - 4, y + ROW - 8)
        current = value == produced
        fill = colour if current else (GREEN_ZONE if value >= green else SURFACE)
        canvas.rect(box, fill, outline=TEXT if current else OUTLINE, width=3 if current else 1, radius=6)
        ink = ink_on(fill) if current else (TEXT if value >= green else TEXT_DIM)
        canvas.text((box[0] + box[2]) // 2, (box[1] + box[3]) // 2, str(value), 24, ink, anchor="mm")
    canvas.text(STORE_X, y + 6, f"{stored} / {cap}", 32, BAD if stored >= cap else TEXT)


def production_max(view: View) -> int:
    top = int(view.get("production_max", 0))
    return max([top, *(int(v) for v in view.get("production", {}).values())])


def energy(canvas: Canvas, view: View, y: int) -> int:
    power = view.get("energy", {})
    supply, demand, bank = int(power.get("supply", 0)), int(power.get("demand", 0)), int(power.get("bank", 0))
    width = bolt(canvas, MARGIN, y + 2, 32, on=supply >= demand)
    short = f"  (SHORT by {demand - supply})" if demand > supply else ""
    line = f"Energy: supply {supply}  ·  demand {demand}  ·  spare {max(bank, 0)}{short}"
    canvas.text(MARGIN + width + 12, y + 2, line, 30, BAD if short else TEXT)
    return y + 48


def card_names(view: View) -> dict[str, str]:
    names = {str(c["card"]): str(c.get("name", c["card"])) for c in view.get("base", [])}
    for row in ("location_row", "task_row"):
        for card in view.get(row) or []:
            if card:
                names.setdefault(str(card["card"]), str(card.get("location_name") or card.get("name")))
    return names


def founders(canvas: Canvas, view: View, y: int) -> int:
    canvas.text(MARGIN, y, "Founders", 30, TEXT)
    y += 46
    markers = founders_by_id(view)
    names = card_names(view)
    for founder in view.get("founders", []):
        # An unplaced founder waits in the Hab (and is hurt if the Hab is hit), or in its ruins.
        idle = "in the Hab" if view.get("hab", True) else "in the Hab's ruins"
        # A block lies on the bare background, and its disc reaches two rows above its top.
        block = partial(founder_block, canvas, founder, markers, names, y, idle)
        facts = (founder, who(markers, str(founder["id"])), names.get(str(founder.get("at"))), idle)
        y = canvas.column_piece("exobase/panel/founder", (0, y - 4, WIDTH), block, *facts) + 14
    return y


def founder_block(
    canvas: Canvas,
    founder: Mapping[str, Any],
    markers: Mapping[str, Any],
    names: Mapping[str, str],
    y: int,
    idle: str = "in the Hab",
) -> int:
    """Name, health bar, whereabouts, then passive, instants and tucked cards; returns the y below."""
    marker = who(markers, str(founder["id"]))
    alive = bool(founder.get("alive", True))
    founder_disc(canvas, MARGIN + 22, y + 20, 22, marker.initials, marker.colour if alive else TEXT_DIM)
    name_box = canvas.text(MARGIN + 56, y + 4, marker.name, 30, TEXT if alive else TEXT_DIM)
    x = max(name_box[2] + 24, MARGIN + 230)
    if not alive:
        canvas.text(x, y + 6, "DEAD", 28, BAD)
        return y + 46
    x = health_bar(canvas, founder, x, y + 6)
    at = founder.get("at")
    doing = founder.get("doing")
    where = readable(str(doing)) if doing else f"at {names.get(str(at), str(at))}" if at else idle
    indent, inner = MARGIN + 56, WIDTH - 2 * MARGIN - 56
    beside = WIDTH - MARGIN - x - 20
    if canvas.measure(where, SMALL, bold=False) <= beside:
        canvas.text(x + 20, y + 8, where, SMALL, TEXT_DIM, bold=False)
        y += 46
    else:
        # A long activity (a task with its reward and danger dice) gets lines of its own, whole.
        y = canvas.paragraph(indent, y + 46, where, SMALL, TEXT_DIM, inner, step=31)
    passive = str(founder.get("passive", ""))
    if passive:
        y = canvas.paragraph(indent, y, f"Passive: {passive}", SMALL, TEXT, inner, step=31)
    for instant in founder.get("instants", []):
        used = bool(instant.get("used"))
        label = f"Instant{' (used)' if used else ''}: {instant.get('text', '')}"
        y = canvas.paragraph(indent, y, label, SMALL, TEXT_DIM if used else ACCENT, inner, step=31)
    for card in founder.get("tucked", []):
        used = bool(card.get("used"))
        kind = str(card.get("kind", ""))
        label = f"Tucked {card.get('name', '')} ({kind}{', used' if used else ''}): {card.get('text', '')}"
        y = canvas.paragraph(indent, y, label, SMALL, TEXT_DIM if used else GOOD, inner, step=31)
    return y


def health_bar(canvas: Canvas, founder: Mapping[str, Any], x: int, y: int) -> int:
    """One cell per health point, orange at or below the injury mark; returns the x after the label."""
    health, top = int(founder.get("health", 0)), int(founder.get("max_health", 0))
    injured_at = int(founder.get("injured_at", 0))
    for point in range(1, top + 1):
        fill = (HEALTH_LOW if health <= injured_at else HEALTH) if point <= health else HEALTH_EMPTY
        canvas.rect(
            (x, y + 4, x + 22, y + 30), fill, outline=TEXT if point == injured_at else None, width=2, radius=4
        )
        x += 27
    label = f"{health}/{top}" + ("  INJURED" if founder.get("injured") else "")
    box = canvas.text(x + 8, y + 2, label, 26, HEALTH_LOW if founder.get("injured") else TEXT)
    return box[2]
