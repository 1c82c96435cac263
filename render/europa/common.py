"""Shared pieces of the Europa Base Alpha images: sizes, the symbol glyphs, dice and need rows."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from render.canvas import Canvas
from render.fonts import player_names
from render.theme import ACCENT, BAD, GRID_LINE, OUTLINE, TEXT, TEXT_DIM, Rgb

View = Mapping[str, Any]
WIDTH = 960
MARGIN = 20
TITLE = 30
NUMBER = 26
BODY = 22
SMALL = 21
DIE = 52

INK: Rgb = (16, 16, 26)
FACE: Rgb = (236, 238, 248)
UNROLLED: Rgb = (96, 100, 120)
WRECK: Rgb = (70, 64, 72)

SYMBOL_ORDER: tuple[str, ...] = ("command", "transport", "tower", "silo", "bunker", "star", "invader")
SYMBOL_COLOURS: dict[str, Rgb] = {
    "command": (170, 90, 255),
    "transport": (30, 190, 235),
    "tower": (255, 140, 30),
    "silo": (230, 50, 60),
    "bunker": (60, 185, 75),
    "star": (255, 205, 40),
    "invader": (255, 70, 190),
}
SYMBOL_NAMES: dict[str, str] = {
    "command": "Command Center",
    "transport": "Transport",
    "tower": "Comm Tower",
    "silo": "Missile Silo",
    "bunker": "Bunker",
    "star": "Star (wild)",
    "invader": "Invader",
}
DIE_COLOURS: dict[str, Rgb] = {
    "green": (40, 160, 70),
    "blue": (50, 110, 235),
    "red": (215, 45, 45),
    "invader": (10, 10, 14),
}
SEAT_COLOURS: tuple[Rgb, ...] = ((255, 140, 90), (90, 200, 255), (250, 220, 80), (200, 130, 255))
STATUS_NAMES = {
    "choosing": "choosing a base",
    "building": "building",
    "succeeded": "built it",
    "finalized": "finalized",
    "failed": "failed this round",
}
STATUS_COLOURS: dict[str, Rgb] = {"succeeded": (72, 200, 110), "finalized": ACCENT, "failed": BAD}


def status_words(player: Mapping[str, Any]) -> str:
    """A player's status as the table reads it; a secret base choice already made shows as made
    (never which base), as the narration says."""
    status = str(player.get("status"))
    if status == "choosing" and player.get("chosen"):
        return "base chosen"
    return STATUS_NAMES.get(status, status)


def seat_colour(seat: int) -> Rgb:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def players(view: View) -> list[Mapping[str, Any]]:
    return list(view.get("players") or [])


def name_of(view: View, seat: int | None) -> str:
    """The seat's name as the player wrote it, for alt text (screen readers read any script)."""
    found = players(view)
    if seat is None or not 0 <= seat < len(found):
        return "—"
    return str(found[seat].get("name", f"Seat {seat + 1}"))


def drawn_name(view: View, seat: int | None) -> str:
    """The seat's name as the images draw it: characters the font lacks dropped, else "Player 2"."""
    found = players(view)
    if seat is None or not 0 <= seat < len(found):
        return "—"
    return player_names([p.get("name") for p in found])[seat]


def corners(p: Mapping[str, Any]) -> int:
    """Cut Corner tokens a player holds: those kept plus those on this round's bases."""
    return int(p.get("tokens", 0)) + int(p.get("round_tokens", 0))


def short_by(attempt: Mapping[str, Any]) -> int:
    """Results the dice still lack once the Stars showing stand in as wilds."""
    return max(0, int(attempt.get("missing", 0)) - int(attempt.get("stars", 0)))


def destroy_note(attempt: Mapping[str, Any]) -> str:
    """The warning while Invader results wait for their dice, as must destroy 1 die! ("" when none)."""
    count = int(attempt.get("destroy_pending") or 0)
    return f"must destroy {count} {'die' if count == 1 else 'dice'}!" if count else ""


def need_words(need: Mapping[str, int]) -> str:
    """The needs in words for alt text ("2 Missile Silo, 1 Bunker")."""
    return ", ".join(f"{n} {SYMBOL_NAMES.get(s, s)}" for s, n in need.items() if n) or "nothing"


def rule(canvas: Canvas, y: int) -> None:
    """The thin line across the image that separates two sections, its top at ``y``."""
    canvas.within((MARGIN, y - 1, WIDTH - MARGIN, y + 2)).line(
        (MARGIN, y, WIDTH - MARGIN, y), fill=GRID_LINE, width=2
    )


def glyph(canvas: Canvas, symbol: str, cx: int, cy: int, r: int) -> None:
    """A symbol as a shape of its own colour: diamond, triangle, tower, disc, dome, star, alien head."""
    colour = SYMBOL_COLOURS.get(symbol, TEXT_DIM)
    edge = max(2, r // 6)
    # The widest shapes (a star's points, a bunker's dome) reach 1.3 radii from the centre.
    reach = r * 1.3 + edge
    draw = canvas.within((cx - reach, cy - reach, cx + reach, cy + reach))
    if symbol == "command":
        draw.polygon(
            [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=colour, outline=INK, width=edge
        )
    elif symbol == "transport":
        draw.polygon(
            [(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)],
            fill=colour,
            outline=INK,
            width=edge,
        )
    elif symbol == "tower":
        w = max(3, r * 2 // 5)
        draw.rectangle((cx - w, cy - r * 0.45, cx + w, cy + r), fill=colour, outline=INK, width=edge)
        draw.rectangle((cx - r, cy - r, cx + r, cy - r * 0.45), fill=colour, outline=INK, width=edge)
    elif symbol == "silo":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=INK, width=edge)
    elif symbol == "bunker":
        draw.pieslice(
            (cx - r, cy - r * 0.7, cx + r, cy + r * 1.3), 180, 360, fill=colour, outline=INK, width=edge
        )
        draw.rectangle((cx - r, cy + r * 0.3, cx + r, cy + r * 0.75), fill=colour, outline=INK, width=edge)
    elif symbol == "star":
        # A star's points leave it looking smaller than the other shapes at the same radius.
        draw.polygon(star_points(cx, cy, r * 6 // 5), fill=colour, outline=INK, width=edge)
    elif symbol == "invader":
        draw.ellipse((cx - r, cy - r * 0.8, cx + r, cy + r * 0.8), fill=colour, outline=INK, width=edge)
        eye = max(2, r // 4)
        for ex in (cx - r // 2.5, cx + r // 2.5):
            draw.ellipse((ex - eye, cy - eye - r * 0.1, ex + eye, cy + eye - r * 0.1), fill=INK)
    else:
        draw.rectangle((cx - r, cy - r, cx + r, cy + r), outline=colour, width=edge)


def star_points(cx: int, cy: int, r: int) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle) + r * 0.08))
    return points


def die(canvas: Canvas, x: int, y: int, d: Mapping[str, Any], size: int = DIE) -> None:
    """One die: its colour as a thick frame, its face as glyphs; a gold ring when set aside, a padlock
    when it is a locked Star, dark with a red cross when destroyed, blank grey when not rolled yet."""
    faces = [str(s) for s in d.get("face") or []]
    destroyed = bool(d.get("destroyed"))
    if d.get("kept") and not destroyed:
        canvas.rect((x - 5, y - 5, x + size + 5, y + size + 5), ACCENT, radius=size // 4)
    fill = WRECK if destroyed else FACE if faces else UNROLLED
    frame = DIE_COLOURS.get(str(d.get("colour")), OUTLINE)
    canvas.rect((x, y, x + size, y + size), frame, radius=size // 5)
    border = max(4, size // 10)
    canvas.rect((x + border, y + border, x + size - border, y + size - border), fill, radius=size // 8)
    if str(d.get("colour")) == "invader":
        canvas.rect((x, y, x + size, y + size), None, outline=(200, 200, 215), width=2, radius=size // 5)
    if faces and not destroyed:
        _faces(canvas, x, y, size, faces)
    if destroyed:
        inset = size // 5
        width = max(4, size // 9)
        draw = canvas.within(
            (x + inset - width, y + inset - width, x + size - inset + width, y + size - inset + width)
        )
        for line in (
            (x + inset, y + inset, x + size - inset, y + size - inset),
            (x + inset, y + size - inset, x + size - inset, y + inset),
        ):
            draw.line(line, fill=BAD, width=width)
    if d.get("locked") and not destroyed:
        padlock(canvas, x + size - size // 3, y - size // 4, max(18, size // 2))


def _faces(canvas: Canvas, x: int, y: int, size: int, faces: Sequence[str]) -> None:
    if len(faces) == 1:
        glyph(canvas, faces[0], x + size // 2, y + size // 2, int(size * 0.3))
        return
    r = int(size * 0.19)
    glyph(canvas, faces[0], x + size * 32 // 100, y + size * 34 // 100, r)
    glyph(canvas, faces[1], x + size * 68 // 100, y + size * 68 // 100, r)


def padlock(canvas: Canvas, x: int, y: int, h: int) -> None:
    """A padlock whose top-left is (x, y): a locked Star may never be rolled again. White with a dark
    edge, so it shows over the die, its gold ring and the dark background alike."""
    w = h * 4 // 5
    shackle = (x + w // 5, y, x + w - w // 5, y + h * 2 // 3)
    draw = canvas.within((x, y, x + w, y + h))
    draw.arc(shackle, 180, 360, fill=INK, width=max(5, h // 4))
    draw.arc(
        (shackle[0] + 1, shackle[1] + 1, shackle[2] - 1, shackle[3]),
        180,
        360,
        fill=TEXT,
        width=max(2, h // 8),
    )
    canvas.rect((x, y + h * 2 // 5, x + w, y + h), TEXT, outline=INK, width=2, radius=3)
    canvas.disc(x + w // 2, y + h * 7 // 10, max(2, h // 9), INK)


def dice_row(
    canvas: Canvas, x: int, y: int, dice: Sequence[Mapping[str, Any]], width: int, size: int = DIE
) -> int:
    """The dice left to right, wrapping within ``width``; returns the y below the last row."""
    step = size + 12
    per_row = max(1, (width + 12) // step)
    for i, d in enumerate(dice):
        die(canvas, x + (i % per_row) * step, y + (i // per_row) * step, d, size)
    rows = max(1, (len(dice) + per_row - 1) // per_row)
    return y + rows * step


def need_row(
    canvas: Canvas, x: int, y: int, need: Mapping[str, int], fill: Rgb = TEXT, size: int = NUMBER
) -> int:
    """Glyph then count for each symbol needed ("◆ 2  ▲ 1"); returns the x after the row."""
    r = size // 2
    for symbol in SYMBOL_ORDER:
        n = int(need.get(symbol, 0))
        if not n:
            continue
        glyph(canvas, symbol, x + r, y + size // 2 + 2, r)
        box = canvas.text(x + 2 * r + 6, y, str(n), size, fill)
        x = box[2] + 12
    return x


def symbols(view: View) -> tuple[str, ...]:
    """The symbols a game can show: the Invader only when the Invaders are in play."""
    return SYMBOL_ORDER if view.get("invaders") else SYMBOL_ORDER[:6]


def legend(canvas: Canvas, x: int, y: int, width: int, symbols: Sequence[str]) -> int:
    """The symbols with their names, wrapping within ``width``; returns the y below."""
    left = x
    for symbol in symbols:
        label = SYMBOL_NAMES[symbol]
        span = 34 + canvas.measure(label, SMALL, bold=False) + 22
        if x + span > left + width:
            x, y = left, y + 34
        glyph(canvas, symbol, x + 13, y + 14, 13)
        canvas.text(x + 32, y + 1, label, SMALL, TEXT_DIM, bold=False)
        x += span
    return y + 34


def legend_piece(canvas: Canvas, y: int, width: int, symbols: Sequence[str], *, marks: bool) -> int:
    """:func:`legend` at the left margin from ``y`` (then, with ``marks``, :func:`marks_legend` under
    it), drawn on the bare background or pasted as drawn before: the same at every move. Returns the
    y below."""

    def draw() -> int:
        below = legend(canvas, MARGIN, y, width, symbols)
        return marks_legend(canvas, MARGIN, below + 4) if marks else below

    return canvas.column_piece("europa/legend", (0, y, canvas.width), draw, width, tuple(symbols), marks)


def marks_legend(canvas: Canvas, x: int, y: int) -> int:
    """What the markings on a die mean; returns the y below."""
    samples = (
        ({"colour": "green", "face": ["tower"], "kept": True}, "kept"),
        ({"colour": "blue", "face": ["star"], "kept": True, "locked": True}, "locked Star"),
        ({"colour": "red", "face": ["silo"], "destroyed": True}, "destroyed"),
        ({"colour": "green", "face": []}, "not rolled"),
    )
    for sample, label in samples:
        die(canvas, x, y, sample, 32)
        box = canvas.text(x + 42, y + 3, label, SMALL, TEXT_DIM, bold=False)
        x = box[2] + 28
    return y + 44
