"""The base grid: every built location as a tile at its (x, y), y growing downward."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.cache import digest
from render.canvas import Box, Canvas, text_width
from render.exobase.common import MARGIN, View, Who, day_line, founders_by_id, phase_name, who
from render.exobase.layout import (
    ARROW_ROOM,
    BAND_GAP,
    CHIP_SIZE,
    DISC_ROOM,
    DOOR_LEN,
    DOOR_THICK,
    FOOT,
    GAP,
    LABEL_SIZE,
    LEGEND,
    LINE,
    NAME_LEFT,
    NAME_LINE,
    NAME_SIZE,
    NAME_WRAPPED,
    OPPOSITE,
    PAD,
    PEOPLE,
    STEP,
    Card,
    Entry,
    Grid,
    entries,
    fitted,
    idle_founders,
    name_lines,
    name_room,
    plan,
    space_width,
    text_room,
    upgrade_width,
)
from render.icons import bolt, damage_token, die_number, founder_disc, warning
from render.theme import (
    ACCENT,
    DAMAGE,
    DOOR,
    OUTLINE,
    POWER_OFF,
    SURFACE,
    SURFACE_DIM,
    TEXT,
    TEXT_DIM,
)


def render_base(view: View) -> bytes:
    """The base as a PNG: tiles with name, die value, doors, level, power, damage and founders.

    Raises KeyError when a base card lacks its "card", "x" or "y".
    """
    canvas, _ = draw_base(view)
    return canvas.png()


def draw_base(view: View) -> tuple[Canvas, Grid]:
    """The drawn canvas and its grid (tests read pixels and text boxes from them)."""
    cards: list[Card] = list(view.get("base") or [])
    grid = plan(cards, view)
    canvas = Canvas(grid.width, grid.height)
    founders = founders_by_id(view)
    title = f"Base  ·  {day_line(view)}  ·  {phase_name(view)}"
    canvas.text(MARGIN, 18, title, 38, TEXT, max_width=grid.width - 2 * MARGIN)
    cells = {(int(c["x"]), int(c["y"])): c for c in cards}
    draw_folds(canvas, grid, cells)
    draw_connections(canvas, grid, cells)
    for card in cards:
        tile_piece(canvas, grid, card, founders, view, cells)
    draw_legend(canvas, grid, view, founders)
    return canvas, grid


def draw_folds(canvas: Canvas, grid: Grid, cells: Mapping[tuple[int, int], Card]) -> None:
    """A rule and a note above each band after the first: these columns stand right of the band
    above, and (each band drawing only its own rows) which of its locations is level with which."""
    for band in range(1, grid.bands):
        top = grid.band_top(band) - BAND_GAP
        canvas.rect((MARGIN, top + 8, grid.width - MARGIN, top + 12), OUTLINE)
        first = band * grid.per_band + 1
        last = min(grid.cols, first + grid.per_band - 1)
        note = f"\u2193 Columns {first}\u2013{last} go on to the right of the band above."
        width = grid.width - 2 * MARGIN
        canvas.text(MARGIN, top + 18, note, LABEL_SIZE, TEXT_DIM, max_width=width)
        canvas.text(
            MARGIN, top + 18 + LINE, level_note(grid, cells, band), LABEL_SIZE, TEXT_DIM, max_width=width
        )


def level_note(grid: Grid, cells: Mapping[tuple[int, int], Card], band: int) -> str:
    """Which location of ``band`` stands level with which of the band above: the first row both
    draw a location in, the two nearest the fold."""
    fold = grid.min_x + band * grid.per_band
    for y in range(grid.min_y + grid.starts[band], grid.min_y + grid.ends[band]):
        right = [x for x in range(fold, fold + grid.per_band) if (x, y) in cells]
        left = [x for x in range(fold - grid.per_band, fold) if (x, y) in cells]
        if right and left:
            here, there = cells[(min(right), y)], cells[(max(left), y)]
            return f"{here['name']} is level with {there['name']} there."
    return "No row of them meets a location of the band above."


def draw_connections(canvas: Canvas, grid: Grid, cells: Mapping[tuple[int, int], Card]) -> None:
    """A bright corridor across the gap wherever two neighbours have facing doors."""
    for x, y in cells:
        for side in ("E", "S"):
            if not _corridor(cells, x, y, side):
                continue
            ox, oy = grid.origin(x, y)
            tile_h = grid.row_height(y)
            if side == "E":
                # Neighbours in a row share its height, so the doors face each other at mid-height.
                cy = oy + tile_h // 2
                box = (ox + grid.tile_w, cy - DOOR_LEN // 4, ox + grid.tile_w + GAP, cy + DOOR_LEN // 4)
            else:
                cx = ox + grid.tile_w // 2
                box = (cx - DOOR_LEN // 4, oy + tile_h, cx + DOOR_LEN // 4, oy + tile_h + GAP)
            canvas.rect(box, DOOR)


def door_box(grid: Grid, ox: int, oy: int, tile_h: int, side: str) -> tuple[int, int, int, int]:
    half, t = DOOR_LEN // 2, DOOR_THICK
    cx, cy = ox + grid.tile_w // 2, oy + tile_h // 2
    if side == "N":
        return (cx - half, oy - t, cx + half, oy + t)
    if side == "S":
        return (cx - half, oy + tile_h - t, cx + half, oy + tile_h + t)
    if side == "W":
        return (ox - t, cy - half, ox + t, cy + half)
    return (ox + grid.tile_w - t, cy - half, ox + grid.tile_w + t, cy + half)


def tile_piece(
    canvas: Canvas,
    grid: Grid,
    card: Card,
    founders: Mapping[str, Who],
    view: View,
    cells: Mapping[tuple[int, int], Card],
) -> None:
    """The tile of ``card``, drawn or pasted as drawn before.

    Its box reaches past the tile by the doors' thickness. What lies there before a tile is drawn is
    the background and the corridors to its neighbours (the doors of the tiles beside stop short of
    it), so those are in its key with the tile's card, place (the grid) and founders.
    """
    x, y = int(card["x"]), int(card["y"])
    ox, oy = grid.origin(x, y)
    t = DOOR_THICK
    box = (ox - t, oy - t, ox + grid.tile_w + t + 1, oy + grid.row_height(y) + t + 1)
    passages = (
        _corridor(cells, x, y, "E"),
        _corridor(cells, x, y, "S"),
        _corridor(cells, x - 1, y, "E"),
        _corridor(cells, x, y - 1, "S"),
    )
    idle = idle_founders(card, view, grid.detail)
    key = digest(("exobase/base/tile", grid, card, founders, idle, passages))

    def draw() -> tuple[None, Box]:
        draw_tile(canvas, grid, card, founders, view)
        return None, box

    canvas.piece(key, draw)


def _corridor(cells: Mapping[tuple[int, int], Card], x: int, y: int, side: str) -> bool:
    """Whether the tile at (x, y) has a corridor out of its ``side`` (E or S), as draw_connections draws."""
    card = cells.get((x, y))
    dx, dy = STEP[side]
    other = cells.get((x + dx, y + dy))
    return (
        card is not None
        and other is not None
        and side in card.get("doors", [])
        and OPPOSITE[side] in other.get("doors", [])
    )


def draw_tile(canvas: Canvas, grid: Grid, card: Card, founders: Mapping[str, Who], view: View) -> None:
    x, y = int(card["x"]), int(card["y"])
    ox, oy = grid.origin(x, y)
    row = grid.row(y)
    tile_h = row.height
    right = ox + grid.tile_w
    powered = bool(card.get("powered", True))
    damaged = int(card.get("damage", 0)) > 0
    border = DAMAGE if damaged else (ACCENT if card.get("core") else OUTLINE)
    canvas.rect((ox, oy, right, oy + tile_h), SURFACE if powered else SURFACE_DIM, border, 4, radius=14)
    for side in card.get("doors", []):
        if side in STEP:
            canvas.rect(door_box(grid, ox, oy, tile_h, side), DOOR, outline=(10, 40, 60), width=2)
    die_number(canvas, ox + 12, oy + 14, 38, int(card.get("dice", 0)))
    draw_name(canvas, ox, oy, card, grid.tile_w)
    top = oy + row.head + 6
    for entry in fitted(entries(card, grid.tile_w, grid.detail), row.lines):
        if entry.upgrade:
            top = draw_upgrade(canvas, ox, right, top, entry, founders)
        else:
            top = draw_space(canvas, ox, right, top, entry, int(card.get("level", 1)), founders)
    footer = oy + tile_h - FOOT + 2
    if row.people:
        draw_people(canvas, ox, right, footer - PEOPLE, card, founders, view, grid.detail)
    draw_footer(canvas, ox, right, footer, card)


def draw_name(canvas: Canvas, ox: int, oy: int, card: Card, tile_w: int) -> None:
    """The name beside the die: on one line, or on two (its row's head is taller) when it is long."""
    lines = name_lines(card, tile_w)
    room = name_room(tile_w)
    if len(lines) == 1:
        canvas.text(ox + NAME_LEFT, oy + 16, lines[0], NAME_SIZE, TEXT, condensed=True, max_width=room)
        return
    for index, line in enumerate(lines):
        top = oy + 12 + index * NAME_LINE
        canvas.text(ox + NAME_LEFT, top, line, NAME_WRAPPED, TEXT, condensed=True, max_width=room)


def occupant_disc(canvas: Canvas, right: int, y: int, occupant: Any, founders: Mapping[str, Who]) -> None:
    if occupant:
        marker = who(founders, str(occupant))
        founder_disc(canvas, right - PAD - 17, y + 18, 17, marker.initials, marker.colour)


def draw_space(
    canvas: Canvas,
    ox: int,
    right: int,
    y: int,
    entry: Entry,
    level: int,
    founders: Mapping[str, Who],
) -> int:
    """Draw one work space (label, danger, occupant) on its lines; returns the y below it."""
    space = entry.item
    usable = bool(space.get("usable", True)) and int(space.get("level", 1)) <= level
    occupant_disc(canvas, right, y, space.get("occupant"), founders)
    danger = int(space.get("danger", 0))
    if danger:
        num = canvas.text(
            right - PAD - (DISC_ROOM if space.get("occupant") else 0),
            y + 2,
            str(danger),
            LABEL_SIZE,
            TEXT,
            anchor="ra",
        )
        warning(canvas, num[0] - 32, y + 6, 24)
    colour = TEXT if usable else TEXT_DIM
    width = space_width(right - ox, space)
    for line in entry.lines:
        canvas.text(ox + PAD, y, line, LABEL_SIZE, colour, bold=False, condensed=True, max_width=width)
        # Only the first line has the danger mark and the occupant beside it.
        width = text_room(right - ox)
        y += LINE
    return y


def draw_upgrade(
    canvas: Canvas, ox: int, right: int, y: int, entry: Entry, founders: Mapping[str, Who]
) -> int:
    """The upgrade arrow, its price and level, then its benefit; returns the y below it."""
    upgrade = entry.item
    occupant_disc(canvas, right, y, upgrade.get("occupant"), founders)
    canvas.within((ox + 16, y + 5, ox + 42, y + 18)).polygon(
        [(ox + 16, y + 18), (ox + 29, y + 5), (ox + 42, y + 18)], fill=ACCENT
    )
    canvas.rect((ox + 25, y + 18, ox + 33, y + 31), ACCENT)
    left, width = ox + PAD + ARROW_ROOM, upgrade_width(right - ox, upgrade)
    for line in entry.lines:
        canvas.text(left, y, line, LABEL_SIZE, ACCENT, bold=False, condensed=True, max_width=width)
        # The lines after the first run under the arrow, across the whole tile.
        left, width = ox + PAD, text_room(right - ox)
        y += LINE
    return y


def draw_footer(canvas: Canvas, ox: int, right: int, y: int, card: Card) -> None:
    """Power (or generator) chip, then the level."""
    x = ox + 14
    generator = bool(card.get("generator"))
    powered = bool(card.get("powered", True))
    word = "GEN" if generator else ("ON" if powered else "OFF")
    end = x + 38 + canvas.measure(word, CHIP_SIZE) + 10
    if generator:
        fill, edge, ink = (20, 60, 40), (90, 220, 140), (150, 255, 190)
    else:
        fill, edge, ink = ((50, 46, 20), ACCENT, TEXT) if powered else ((40, 40, 48), POWER_OFF, POWER_OFF)
    canvas.rect((x, y, end, y + 42), fill, outline=edge, width=2, radius=8)
    bolt(canvas, x + 8, y + 6, 30, on=powered or generator)
    canvas.text(x + 36, y + 6, word, CHIP_SIZE, ink)
    level = f"L{int(card.get('level', 1))}/{int(card.get('max_level', 1))}"
    canvas.text(end + 12, y + 5, level, NAME_SIZE - 4, ACCENT)


def draw_people(
    canvas: Canvas,
    ox: int,
    right: int,
    y: int,
    card: Card,
    founders: Mapping[str, Who],
    view: View,
    detail: int,
) -> None:
    """Damage tokens from the right; the founder repairing (labelled) and the idle ones from the left."""
    token_x = right - PAD - 17
    for _ in range(int(card.get("damage", 0))):
        damage_token(canvas, token_x, y + 17, 17)
        token_x -= 40
    limit = token_x + 17
    x = ox + PAD
    repairer = card.get("repairer")
    if repairer:
        marker = who(founders, str(repairer))
        founder_disc(canvas, x + 17, y + 17, 17, marker.initials, marker.colour)
        room = limit - x - 48
        box = canvas.text(
            x + 40, y + 4, "repairing", CHIP_SIZE, DAMAGE, bold=False, condensed=True, max_width=room
        )
        x = box[2] + 10
    idle = idle_founders(card, view, detail)
    # Each founder's name beside its marker when every one fits: initials alone are too small to
    # read at Discord's preview size on a wide base, where the colour is all that tells them apart.
    named = sum(38 + text_width(who(founders, f).name, CHIP_SIZE) + 14 for f in idle) <= limit - x
    for index, founder_id in enumerate(idle):
        if x + 34 > limit:
            canvas.text(x, y + 4, f"+{len(idle) - index}", CHIP_SIZE, TEXT)
            break
        marker = who(founders, founder_id)
        founder_disc(canvas, x + 17, y + 17, 17, marker.initials, marker.colour)
        x += 38
        if named:
            x = canvas.text(x, y + 4, marker.name, CHIP_SIZE, marker.colour)[2] + 14


def draw_legend(canvas: Canvas, grid: Grid, view: View, founders: Mapping[str, Who]) -> None:
    y = grid.height - LEGEND + 14
    x = MARGIN
    for founder in view.get("founders", []):
        marker = who(founders, str(founder["id"]))
        alive = bool(founder.get("alive", True))
        founder_disc(canvas, x + 22, y + 22, 22, marker.initials, marker.colour if alive else POWER_OFF)
        label = marker.name if alive else f"{marker.name} (dead)"
        box = canvas.text(x + 52, y + 4, label, 30, TEXT if alive else TEXT_DIM)
        x = box[2] + 30
