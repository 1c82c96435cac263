"""The shared dark space theme: background, text and accent colours, one colour per resource."""

from __future__ import annotations

Rgb = tuple[int, int, int]

BACKGROUND: Rgb = (14, 17, 32)
SURFACE: Rgb = (30, 36, 60)
SURFACE_DIM: Rgb = (22, 26, 44)
OUTLINE: Rgb = (96, 110, 160)
GRID_LINE: Rgb = (44, 52, 84)
TEXT: Rgb = (240, 243, 255)
TEXT_DIM: Rgb = (170, 178, 210)
ACCENT: Rgb = (255, 210, 90)
POWER_ON: Rgb = (255, 214, 64)
POWER_OFF: Rgb = (120, 124, 140)
DAMAGE: Rgb = (235, 52, 52)
GOOD: Rgb = (72, 200, 110)
GREEN_ZONE: Rgb = (34, 110, 62)
BAD: Rgb = (235, 80, 80)
WARN: Rgb = (255, 160, 60)
DOOR: Rgb = (130, 220, 255)
HEALTH: Rgb = (80, 210, 120)
HEALTH_LOW: Rgb = (240, 150, 50)
HEALTH_EMPTY: Rgb = (60, 64, 84)

RESOURCES: tuple[str, ...] = ("minerals", "metal", "water", "gas", "food")

RESOURCE_COLOURS: dict[str, Rgb] = {
    "minerals": (196, 140, 255),
    "metal": (176, 190, 205),
    "water": (80, 170, 255),
    "gas": (255, 196, 70),
    "food": (120, 220, 90),
}

FOUNDER_COLOURS: tuple[Rgb, ...] = (
    (255, 120, 90),
    (90, 200, 255),
    (250, 220, 80),
    (200, 130, 255),
    (110, 230, 150),
    (255, 140, 200),
    (255, 170, 60),
    (160, 200, 120),
)


def resource_colour(resource: str) -> Rgb:
    """The resource's colour, or the plain text colour for a name we do not know."""
    return RESOURCE_COLOURS.get(resource, TEXT)


def founder_colour(index: int) -> Rgb:
    return FOUNDER_COLOURS[index % len(FOUNDER_COLOURS)]


def ink_on(fill: Rgb) -> Rgb:
    """Black or white, whichever reads better on ``fill``."""
    r, g, b = fill
    return (10, 10, 20) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else TEXT


def colours() -> list[Rgb]:
    """Every colour the theme names (the PNG palettes are learnt with these included)."""
    named = [value for value in globals().values() if _is_rgb(value)]
    return [*named, *RESOURCE_COLOURS.values(), *FOUNDER_COLOURS]


def _is_rgb(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 3 and all(isinstance(part, int) for part in value)
