"""The colony grid: the Central Hub and every module at its x,y, tokens, shut-downs, pawns and a legend."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.colony.model import Content
from render.cache import digest
from render.canvas import Box, Canvas, wrap_text
from render.colony.common import (
    EMERGENCY,
    HUB_FILL,
    MARGIN,
    SHUTDOWN,
    WIDTH,
    Marker,
    View,
    card_colour,
    markers,
    resource_fill,
    turn_line,
)
from render.colony.describe import module_effect
from render.icons import founder_disc
from render.theme import ACCENT, GRID_LINE, SURFACE, TEXT, TEXT_DIM, ink_on

MAX_CELL = 250
MIN_CELL = 100
GAP = 14
NAME = 26
SMALL = 24
PAWN_R = 20
NAME_STEP = 32
FULL_DETAIL = 170
HATCH: tuple[int, int, int] = (52, 54, 70)
# White, so an open choice never reads as one of the four resource colours.
CHOICE: tuple[int, int, int] = (245, 245, 250)
SHORT = {"oxygen": "oxy", "water": "wat", "food": "food", "energy": "enr"}


@dataclass(frozen=True)
class Layout:
    """Where the grid goes: the left of column min x, the cell pitch, and each row's top and height.

    Rows are as tall as their busiest tile, so one crowded module does not stretch the whole grid.
    """

    left: int
    min_x: int
    min_y: int
    cell: int
    tops: tuple[int, ...]
    heights: tuple[int, ...]

    def origin(self, x: int, y: int) -> tuple[int, int]:
        return self.left + (x - self.min_x) * self.cell, self.tops[y - self.min_y]

    def height(self, y: int) -> int:
        return self.heights[y - self.min_y]

    @property
    def bottom(self) -> int:
        return self.tops[-1] + self.heights[-1]


def render_grid(view: View, cards: Content) -> bytes:
    """The colony grid as a PNG.

    Raises KeyError when a module lacks its "x" or "y".
    """
    canvas = draw_grid(view, cards)
    return canvas.png(height=canvas.bottom + MARGIN)


def draw_grid(view: View, cards: Content) -> Canvas:
    """The drawn grid, module texts from ``cards``; ``canvas.bottom`` is the lowest pixel used (tests
    check its text boxes)."""
    modules = list(view.get("grid", []))
    xs = [int(m["x"]) for m in modules] or [0]
    ys = [int(m["y"]) for m in modules] or [0]
    cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    width = max(WIDTH, 2 * MARGIN + cols * MIN_CELL)
    cell = max(MIN_CELL, min(MAX_CELL, (width - 2 * MARGIN) // cols))
    tile = cell - GAP
    people = markers(view)
    heights = [tile * 2 // 3] * rows
    for m in modules:
        row = int(m["y"]) - min(ys)
        heights[row] = max(heights[row], tile_content(None, m, 0, 0, tile, people, view, cards))
    tops = [MARGIN + 64]
    for h in heights[:-1]:
        tops.append(tops[-1] + h + GAP)
    left = (width - cols * cell + GAP) // 2
    layout = Layout(left, min(xs), min(ys), cell, tuple(tops), tuple(heights))
    # Sized from the layout: a colony stretched into a long column makes a tall image, never a cut one.
    legend_room = 60 * len(people) + 6 * 44 + 2 * MARGIN
    canvas = Canvas(width, layout.bottom + legend_room)
    canvas.text(MARGIN, MARGIN, turn_line(view), 34, TEXT, max_width=width - 2 * MARGIN)
    for module in modules:
        tile_piece(canvas, module, layout, tile, people, view, cards)
    legend(canvas, view, people, layout.bottom + GAP + 10)
    return canvas


def tile_piece(
    canvas: Canvas,
    module: Mapping[str, Any],
    layout: Layout,
    tile: int,
    people: Sequence[Marker],
    view: View,
    cards: Content,
) -> None:
    """The module's tile, drawn or pasted as drawn before: tiles stand apart on the bare background,
    so their key holds what the tile shows (the texts from ``cards`` included) and where."""
    x, y = layout.origin(int(module["x"]), int(module["y"]))
    height = layout.height(int(module["y"]))
    shown = (
        effect_items(module, tile, view, cards),
        choice_options(view),
        view.get("active_seat"),
        tuple(people),
    )
    key = digest(("colony/grid/tile", x, y, tile, height, module, shown))

    def draw() -> tuple[None, Box]:
        tile_background(canvas, module, x, y, tile, height)
        tile_content(canvas, module, x, y, tile, people, view, cards)
        return None, (x, y, x + tile + 1, y + height + 1)

    canvas.piece(key, draw)


def name_lines(module: Mapping[str, Any], tile: int) -> list[str]:
    name = str(module.get("name") or module.get("card", ""))
    if tile < FULL_DETAIL:
        return [name]
    return wrap_text(name, NAME, tile - 20, bold=True, condensed=True)[:2]


def band_height(module: Mapping[str, Any], tile: int) -> int:
    return 14 + NAME_STEP * len(name_lines(module, tile))


def tile_fill(module: Mapping[str, Any]) -> tuple[int, int, int]:
    return HUB_FILL if module.get("card") == "hub" else card_colour(module.get("colour"))


def tile_background(
    canvas: Canvas, module: Mapping[str, Any], x: int, y: int, tile: int, height: int
) -> None:
    """The tile, its colour band, and for a shut-down module grey stripes and an orange frame."""
    off = bool(module.get("off"))
    colour = tile_fill(module)
    canvas.rect(
        (x, y, x + tile, y + height), SURFACE, outline=SHUTDOWN if off else colour, width=5, radius=14
    )
    band = band_height(module, tile)
    canvas.rect((x + 5, y + 5, x + tile - 5, y + band), colour, radius=10)
    if off:
        for offset in range(-height, tile, 26):
            start, end = (x + max(offset, 6), y + band + max(-offset, 0) + 4), (x + tile - 6, y + height - 6)
            length = min(end[0] - start[0], end[1] - start[1])
            if length > 0:
                (left, top), right, bottom = start, start[0] + length, start[1] + length
                draw = canvas.within((left - 6, top - 6, right + 6, bottom + 6))
                draw.line((left, top, right, bottom), fill=HATCH, width=6)


def tile_content(
    canvas: Canvas | None,
    module: Mapping[str, Any],
    x: int,
    y: int,
    tile: int,
    people: Sequence[Marker],
    view: View,
    cards: Content,
) -> int:
    """Draw the tile's name, effect, badges and pawns (or only measure them when ``canvas`` is None).

    Returns the tile height the content needs.
    """
    draw = canvas if canvas is not None else Canvas(tile, 1)
    off = bool(module.get("off"))
    ink = ink_on(tile_fill(module))
    top = y + 12
    for line in name_lines(module, tile):
        draw.text(x + 12, top, line, NAME, ink, condensed=True, max_width=tile - 24)
        top += NAME_STEP
    top = y + band_height(module, tile) + 8
    # Every effect line is drawn and counted in the tile's height, so pawns and chips go below them.
    for line in pack(draw, effect_items(module, tile, view, cards), tile - 24):
        draw.text(
            x + 12,
            top,
            line,
            SMALL,
            TEXT_DIM if off else TEXT,
            bold=False,
            condensed=True,
            max_width=tile - 24,
        )
        top += 30
    chips = badges(module, tile, choice_options(view))
    top = flow_chips(draw, chips, x + 10, top + 4, tile - 20)
    return pawn_row(draw, module, x, top, tile, people, view) - y


def effect_items(module: Mapping[str, Any], tile: int, view: View, cards: Content) -> list[str]:
    """The module's production changes; a narrow tile names the resources short ("enr −1")."""
    scenario = str((view.get("scenario") or {}).get("id", ""))
    items = module_effect(cards, str(module.get("card", "")), scenario, sources=False)
    if tile >= FULL_DETAIL:
        return items
    return [f"{SHORT.get(r, r)} {amount}" for r, amount in (item.split(" ", 1) for item in items)]


def pack(canvas: Canvas, items: Sequence[str], width: int) -> list[str]:
    """Join effect items with commas into lines no wider than ``width``, never splitting an item."""
    lines: list[str] = []
    for item in items:
        joined = f"{lines[-1]}, {item}" if lines else item
        if lines and canvas.measure(joined, SMALL, bold=False, condensed=True) <= width:
            lines[-1] = joined
        else:
            lines.append(item)
    return lines


def choice_options(view: View) -> frozenset[str]:
    """The modules a pending token placement may pick, by coordinates."""
    choice = view.get("pending") or {}
    return (
        frozenset(str(o) for o in choice.get("options", [])) if choice.get("kind") == "place" else frozenset()
    )


def badges(
    module: Mapping[str, Any], tile: int, options: frozenset[str] = frozenset()
) -> list[tuple[str, tuple[int, int, int]]]:
    """Text chips for the tile: a pending choice, shut-down, then Emergency and Resource Loss tokens."""
    found: list[tuple[str, tuple[int, int, int]]] = []
    if str(module.get("at")) in options:
        found.append(("PICK" if tile < FULL_DETAIL else "PICK HERE", CHOICE))
    if module.get("off"):
        found.append(("SHUT DOWN" if tile >= FULL_DETAIL else "OFF", SHUTDOWN))
    # One chip per token, as on the table: counting chips beats reading a small multiplier.
    alarm = "EMERGENCY" if tile >= FULL_DETAIL else "EMG"
    found += [(alarm, EMERGENCY)] * int(module.get("emergency", 0))
    for resource, count in (module.get("loss") or {}).items():
        label = f"{resource} loss" if tile >= FULL_DETAIL else SHORT.get(resource, resource)
        found += [(label, resource_fill(resource))] * int(count)
    return found


def flow_chips(
    canvas: Canvas, chips: Sequence[tuple[str, tuple[int, int, int]]], x: int, y: int, width: int
) -> int:
    """Lay chips left to right, wrapping within ``width``; returns the y below the last row."""
    if not chips:
        return y
    cx = x
    for text, fill in chips:
        size, shown = canvas.fit(text, SMALL, width - 16, condensed=True)
        chip = canvas.measure(shown, size, condensed=True) + 16
        if cx > x and cx + chip > x + width:
            cx, y = x, y + 40
        canvas.rect((cx, y, cx + chip, y + 34), fill, radius=8)
        canvas.text(cx + 8, y + 2, shown, size, ink_on(fill), condensed=True)
        cx += chip + 6
    return y + 40


def pawn_row(
    canvas: Canvas, module: Mapping[str, Any], x: int, y: int, tile: int, people: Sequence[Marker], view: View
) -> int:
    """Pawns along the bottom (the active player's ringed), then the coordinates: at the right of the last
    row of pawns when they fit there, else on a line of their own. Returns the bottom."""
    coords = str(module.get("at") or f"{module.get('x')},{module.get('y')}")
    coords_w = canvas.measure(coords, SMALL, bold=False)
    # Room for the active player's ring, so it never covers a neighbour.
    pitch = 2 * PAWN_R + 14
    per_row = max(1, (tile - 16) // pitch)
    seats = [int(s) for s in module.get("pawns", []) if 0 <= int(s) < len(people)]
    active = view.get("active_seat")
    for i, seat in enumerate(seats):
        cx = x + 12 + PAWN_R + (i % per_row) * pitch
        cy = y + 4 + PAWN_R + (i // per_row) * pitch
        if seat == active:
            canvas.disc(cx, cy, PAWN_R + 5, ACCENT)
        founder_disc(canvas, cx, cy, PAWN_R, people[seat].initials, people[seat].colour)
    rows = -(-len(seats) // per_row)
    last = len(seats) - (rows - 1) * per_row if rows else 0
    beside = 8 + last * pitch + 6 + coords_w <= tile - 12
    bottom = y + 4 + max(rows, 1) * pitch if beside else y + 4 + rows * pitch + 36
    canvas.text(x + tile - 12, bottom - 36, coords, SMALL, TEXT_DIM, bold=False, anchor="ra")
    return bottom + 6


def legend(canvas: Canvas, view: View, people: Sequence[Marker], y: int) -> int:
    """Who each pawn is, then what the chips mean; returns the y below."""
    canvas.rect((MARGIN, y, canvas.width - MARGIN, y + 2), GRID_LINE)
    y += 16
    players = list(view.get("players", []))
    active = view.get("active_seat")
    for marker, player in zip(people, players, strict=False):
        if marker.seat == active:
            canvas.disc(MARGIN + 22, y + 20, PAWN_R + 5, ACCENT)
        founder_disc(canvas, MARGIN + 22, y + 20, PAWN_R, marker.initials, marker.colour)
        hero = player.get("character") or {}
        detail = str(hero.get("name") or "choosing a character")
        if marker.seat == active:
            detail += "  (their turn)"
        # The name takes what the character's line leaves, and never less than 300 pixels.
        spare = canvas.width - MARGIN - 56 - 16 - canvas.measure(detail, SMALL, bold=False) - MARGIN
        box = canvas.text(MARGIN + 56, y + 4, marker.name, 28, marker.colour, max_width=max(300, spare))
        canvas.text(
            box[2] + 16,
            y + 7,
            detail,
            SMALL,
            TEXT_DIM,
            bold=False,
            max_width=canvas.width - box[2] - 16 - MARGIN,
        )
        y += 50
    return key(canvas, view, y + 8)


def key(canvas: Canvas, view: View, y: int) -> int:
    entries = [
        ("SHUT DOWN", SHUTDOWN, "module switched off: its production does not count"),
        ("EMERGENCY", EMERGENCY, "emergency level +1 until repaired"),
        ("water loss", resource_fill("water"), "that production \u22121 until repaired"),
    ]
    choice = view.get("pending") or {}
    if choice.get("kind") == "place":
        token = str(choice.get("token", ""))
        what = "the Emergency token" if token == "emergency" else f"the {token} Loss token"
        entries.insert(0, ("PICK HERE", CHOICE, f"{what} may go on this module: a choice to make"))
    key_x = max(canvas.measure(label, SMALL, condensed=True) for label, _, _ in entries) + 40
    for label, fill, meaning in entries:
        chip = canvas.measure(label, SMALL, condensed=True) + 16
        canvas.rect((MARGIN, y, MARGIN + chip, y + 34), fill, radius=8)
        canvas.text(MARGIN + 8, y + 2, label, SMALL, ink_on(fill), condensed=True)
        canvas.text(
            MARGIN + key_x,
            y + 3,
            meaning,
            SMALL,
            TEXT,
            bold=False,
            max_width=canvas.width - MARGIN - key_x - MARGIN,
        )
        y += 44
    return y
