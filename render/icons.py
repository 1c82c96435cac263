"""Small vector icons drawn as shapes, so they never depend on a font having the glyph."""

from __future__ import annotations

from render.canvas import Canvas
from render.theme import DAMAGE, POWER_OFF, POWER_ON, TEXT, WARN, Rgb

# Pip positions on a unit square for each die face.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def die_face(canvas: Canvas, x: int, y: int, size: int, value: int, *, face: Rgb, pip: Rgb) -> None:
    """A die seen from above at (x, y): pips for 1..6, the number itself for any other value."""
    canvas.rect(
        (x, y, x + size, y + size), face, outline=(20, 20, 30), width=max(2, size // 30), radius=size // 6
    )
    if value not in PIPS:
        canvas.label(x + size // 2, y + size // 2, str(value), size // 2, pip)
        return
    r = max(3, size // 9)
    for fx, fy in PIPS[value]:
        canvas.disc(x + int(fx * size), y + int(fy * size), r, pip)


def die_number(canvas: Canvas, x: int, y: int, size: int, value: int) -> None:
    """A die-value badge: a light square with the value as a bold number (reads at any scale)."""
    canvas.rect((x, y, x + size, y + size), (235, 238, 250), outline=(20, 20, 30), width=2, radius=size // 5)
    canvas.label(x + size // 2, y + size // 2 + 1, str(value), int(size * 0.7), (15, 15, 25))


def bolt(canvas: Canvas, x: int, y: int, height: int, *, on: bool = True) -> int:
    """A lightning bolt whose top-left is (x, y); returns its width."""
    w = height * 0.6
    points = [
        (x + w * 0.55, y),
        (x + w * 0.05, y + height * 0.58),
        (x + w * 0.45, y + height * 0.58),
        (x + w * 0.3, y + height),
        (x + w * 0.95, y + height * 0.4),
        (x + w * 0.55, y + height * 0.4),
        (x + w * 0.8, y),
    ]
    canvas.within((x, y, x + w, y + height)).polygon(points, fill=POWER_ON if on else POWER_OFF)
    return int(w)


def warning(canvas: Canvas, x: int, y: int, height: int, colour: Rgb = WARN) -> int:
    """A danger triangle with an exclamation mark whose top-left is (x, y); returns its width."""
    w = int(height * 1.1)
    draw = canvas.within((x, y, x + w, y + height))
    draw.polygon([(x + w / 2, y), (x + w, y + height), (x, y + height)], fill=colour)
    cx = x + w // 2
    draw.rectangle((cx - 2, y + height * 0.35, cx + 2, y + height * 0.7), fill=(20, 20, 20))
    draw.rectangle((cx - 2, y + height * 0.78, cx + 2, y + height * 0.9), fill=(20, 20, 20))
    return w


def damage_token(canvas: Canvas, cx: int, cy: int, r: int) -> None:
    """A damage token: a red disc with a white cross."""
    canvas.disc(cx, cy, r, DAMAGE, outline=TEXT, width=2)
    d, width = int(r * 0.5), max(3, r // 4)
    draw = canvas.within((cx - d - width, cy - d - width, cx + d + width, cy + d + width))
    draw.line((cx - d, cy - d, cx + d, cy + d), fill=TEXT, width=width)
    draw.line((cx - d, cy + d, cx + d, cy - d), fill=TEXT, width=width)


def founder_disc(canvas: Canvas, cx: int, cy: int, r: int, initials: str, colour: Rgb) -> None:
    """A founder marker: a coloured disc with the founder's initials in dark ink."""
    canvas.disc(cx, cy, r, colour, outline=(10, 10, 20), width=2)
    canvas.label(cx, cy + 1, initials, r, (10, 10, 20))
