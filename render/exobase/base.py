"""The base grid: every built location as a tile at its (x, y), y growing downward."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render.canvas import Canvas, wrap_text
from render.exobase.common import MARGIN, WIDTH, View, Who, day_line, founders_by_id, phase_name, who
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

GAP = 28
LINE = 36
HEAD = 60
FOOT = 52
PEOPLE = 42
TITLE = 78
LEGEND = 70
MIN_TILE = 250
MIN_WIDTH = 880
MAX_HEIGHT = 1500
MAX_TILE = 380
DOOR_LEN = 64
DOOR_THICK = 10
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
STEP = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}

Card = Mapping[str, Any]


@dataclass(frozen=True)
class Grid:
    """Where the tiles go: the cell bounds and the tile size in pixels."""

    min_x: int
    min_y: int
    cols: int
    rows: int
    tile_w: int
    tile_h: int
    people: bool
    detail: int

    def origin(self, x: int, y: int) -> tuple[int, int]:
        return (
            self.left + (x - self.min_x) * (self.tile_w + GAP),
            TITLE + (y - self.min_y) * (self.tile_h + GAP),
        )

    @property
    def width(self) -> int:
        """Never wider than needed (a narrow image shows larger in a chat preview), never below MIN_WIDTH."""
        return max(MIN_WIDTH, 2 * MARGIN + self.content)

    @property
    def content(self) -> int:
        return self.cols * self.tile_w + (self.cols - 1) * GAP

    @property
    def left(self) -> int:
        return (self.width - self.content) // 2

    @property
    def height(self) -> int:
        return TITLE + self.rows * self.tile_h + (self.rows - 1) * GAP + GAP + LEGEND


LABEL_SIZE = 24
PAD = 16
DISC_ROOM = 40
DANGER_ROOM = 56
ARROW_ROOM = 34


def space_width(tile_w: int, space: Card) -> int:
    """Room for a space's label: the tile minus padding, the occupant disc and the danger mark."""
    disc = DISC_ROOM if space.get("occupant") else 0
    return tile_w - 2 * PAD - disc - (DANGER_ROOM if int(space.get("danger", 0)) else 0)


def upgrade_width(tile_w: int, upgrade: Card) -> int:
    return tile_w - 2 * PAD - ARROW_ROOM - (DISC_ROOM if upgrade.get("occupant") else 0)


def space_text(space: Card, level: int) -> str:
    locked = int(space.get("level", 1)) > level
    return (f"L{int(space.get('level', 1))}: " if locked else "") + str(space.get("label", ""))


def wrapped(text: str, width: int, most: int) -> list[str]:
    """At most ``most`` lines; the overflow joins the last one, which shrinks or shortens when drawn."""
    lines = wrap_text(text, LABEL_SIZE, width, condensed=True) or [""]
    return lines if len(lines) <= most else [*lines[: most - 1], " ".join(lines[most - 1 :])]


# Detail levels, richest first: 3 wraps labels on two lines, 2 keeps one line each, 1 shows only the
# spaces usable at the card's level, 0 only the name, status and founders.
DETAILS = (3, 2, 1, 0)


def line_limit(detail: int) -> int:
    return 2 if detail >= 3 else 1


def shown_spaces(card: Card, detail: int) -> list[Card]:
    level = int(card.get("level", 1))
    spaces = list(card.get("spaces") or [])
    if detail >= 2:
        return spaces
    return [s for s in spaces if int(s.get("level", 1)) <= level] if detail == 1 else []


def shown_upgrade(card: Card, detail: int) -> Card | None:
    upgrade: Card | None = card.get("upgrade")
    return upgrade if detail >= 2 else None


def lines_of(card: Card, tile_w: int, detail: int) -> int:
    """How many text lines the card's spaces and upgrade need at this tile width and detail."""
    level, most = int(card.get("level", 1)), line_limit(detail)
    spaces = shown_spaces(card, detail)
    count = sum(len(wrapped(space_text(s, level), space_width(tile_w, s), most)) for s in spaces)
    upgrade = shown_upgrade(card, detail)
    if upgrade:
        count += len(wrapped(str(upgrade.get("label", "")), upgrade_width(tile_w, upgrade), most))
    return count


def needs_status_row(card: Card, view: View, detail: int) -> bool:
    return bool(int(card.get("damage", 0)) or card.get("repairer") or idle_founders(card, view, detail))


def plan(cards: Sequence[Card], view: View) -> Grid:
    """Size the grid so it fills the standard width, widening the image only when tiles would be too small.

    Tiles get a row for founders standing on them when any card has such a founder.
    """
    xs = [int(c["x"]) for c in cards] or [0]
    ys = [int(c["y"]) for c in cards] or [0]
    cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    fitted = (WIDTH - 2 * MARGIN - (cols - 1) * GAP) // cols
    tile_w = max(MIN_TILE, min(MAX_TILE, fitted))
    # Tall bases drop to one line per space, then to bare tiles, so the image keeps a sane shape.
    for detail in DETAILS:
        people = any(needs_status_row(c, view, detail) for c in cards)
        body = max([lines_of(c, tile_w, detail) for c in cards] + [1 if detail else 0])
        tile_h = HEAD + body * LINE + (PEOPLE if people else 0) + FOOT + 8
        grid = Grid(min(xs), min(ys), cols, rows, tile_w, tile_h, people, detail)
        if grid.height <= MAX_HEIGHT:
            break
    return grid


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
    canvas.text(MARGIN, 18, title, 34, TEXT, max_width=grid.width - 2 * MARGIN)
    cells = {(int(c["x"]), int(c["y"])): c for c in cards}
    draw_connections(canvas, grid, cells)
    for card in cards:
        draw_tile(canvas, grid, card, founders, view)
    draw_legend(canvas, grid, view, founders)
    return canvas, grid


def draw_connections(canvas: Canvas, grid: Grid, cells: Mapping[tuple[int, int], Card]) -> None:
    """A bright corridor across the gap wherever two neighbours have facing doors."""
    for (x, y), card in cells.items():
        for side in ("E", "S"):
            dx, dy = STEP[side]
            other = cells.get((x + dx, y + dy))
            if (
                other is None
                or side not in card.get("doors", [])
                or OPPOSITE[side] not in other.get("doors", [])
            ):
                continue
            ox, oy = grid.origin(x, y)
            if side == "E":
                cy = oy + grid.tile_h // 2
                box = (ox + grid.tile_w, cy - DOOR_LEN // 4, ox + grid.tile_w + GAP, cy + DOOR_LEN // 4)
            else:
                cx = ox + grid.tile_w // 2
                box = (cx - DOOR_LEN // 4, oy + grid.tile_h, cx + DOOR_LEN // 4, oy + grid.tile_h + GAP)
            canvas.rect(box, DOOR)


def door_box(grid: Grid, ox: int, oy: int, side: str) -> tuple[int, int, int, int]:
    half, t = DOOR_LEN // 2, DOOR_THICK
    cx, cy = ox + grid.tile_w // 2, oy + grid.tile_h // 2
    if side == "N":
        return (cx - half, oy - t, cx + half, oy + t)
    if side == "S":
        return (cx - half, oy + grid.tile_h - t, cx + half, oy + grid.tile_h + t)
    if side == "W":
        return (ox - t, cy - half, ox + t, cy + half)
    return (ox + grid.tile_w - t, cy - half, ox + grid.tile_w + t, cy + half)


def draw_tile(canvas: Canvas, grid: Grid, card: Card, founders: Mapping[str, Who], view: View) -> None:
    ox, oy = grid.origin(int(card["x"]), int(card["y"]))
    right = ox + grid.tile_w
    powered = bool(card.get("powered", True))
    damaged = int(card.get("damage", 0)) > 0
    border = DAMAGE if damaged else (ACCENT if card.get("core") else OUTLINE)
    canvas.rect((ox, oy, right, oy + grid.tile_h), SURFACE if powered else SURFACE_DIM, border, 4, radius=14)
    for side in card.get("doors", []):
        if side in STEP:
            canvas.rect(door_box(grid, ox, oy, side), DOOR, outline=(10, 40, 60), width=2)
    die_number(canvas, ox + 14, oy + 14, 40, int(card.get("dice", 0)))
    name = str(card.get("name", card["card"]))
    canvas.text(ox + 64, oy + 17, name, 29, TEXT, condensed=True, max_width=right - ox - 78)
    y = oy + HEAD + 6
    most = line_limit(grid.detail)
    for space in shown_spaces(card, grid.detail):
        y = draw_space(canvas, ox, right, y, space, int(card.get("level", 1)), founders, most)
    upgrade = shown_upgrade(card, grid.detail)
    if upgrade:
        draw_upgrade(canvas, ox, right, y, upgrade, founders, most)
    footer = oy + grid.tile_h - FOOT + 2
    if grid.people:
        draw_people(canvas, ox, right, footer - PEOPLE, card, founders, view, grid.detail)
    draw_footer(canvas, ox, right, footer, card)


def occupant_disc(canvas: Canvas, right: int, y: int, occupant: Any, founders: Mapping[str, Who]) -> None:
    if occupant:
        marker = who(founders, str(occupant))
        founder_disc(canvas, right - PAD - 16, y + 14, 16, marker.initials, marker.colour)


def draw_space(
    canvas: Canvas,
    ox: int,
    right: int,
    y: int,
    space: Card,
    level: int,
    founders: Mapping[str, Who],
    most: int,
) -> int:
    """Draw one work space (label, danger, occupant) on at most ``most`` lines; returns the y below it."""
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
        warning(canvas, num[0] - 30, y + 4, 22)
    colour = TEXT if usable else TEXT_DIM
    width = space_width(right - ox, space)
    for line in wrapped(space_text(space, level), width, most):
        canvas.text(ox + PAD, y, line, LABEL_SIZE, colour, bold=False, condensed=True, max_width=width)
        y += LINE
    return y


def draw_upgrade(
    canvas: Canvas, ox: int, right: int, y: int, upgrade: Card, founders: Mapping[str, Who], most: int
) -> None:
    occupant_disc(canvas, right, y, upgrade.get("occupant"), founders)
    canvas.draw.polygon([(ox + 16, y + 15), (ox + 28, y + 3), (ox + 40, y + 15)], fill=ACCENT)
    canvas.rect((ox + 24, y + 15, ox + 32, y + 27), ACCENT)
    width = upgrade_width(right - ox, upgrade)
    for line in wrapped(str(upgrade.get("label", "")), width, most):
        canvas.text(
            ox + PAD + ARROW_ROOM, y, line, LABEL_SIZE, ACCENT, bold=False, condensed=True, max_width=width
        )
        y += LINE


def draw_footer(canvas: Canvas, ox: int, right: int, y: int, card: Card) -> None:
    """Power (or generator) chip, then the level."""
    x = ox + 14
    generator = bool(card.get("generator"))
    powered = bool(card.get("powered", True))
    word = "GEN" if generator else ("ON" if powered else "OFF")
    end = x + 36 + canvas.measure(word, 24) + 10
    if generator:
        fill, edge, ink = (20, 60, 40), (90, 220, 140), (150, 255, 190)
    else:
        fill, edge, ink = ((50, 46, 20), ACCENT, TEXT) if powered else ((40, 40, 48), POWER_OFF, POWER_OFF)
    canvas.rect((x, y, end, y + 38), fill, outline=edge, width=2, radius=8)
    bolt(canvas, x + 8, y + 6, 26, on=powered or generator)
    canvas.text(x + 34, y + 6, word, 24, ink)
    level = f"L{int(card.get('level', 1))}/{int(card.get('max_level', 1))}"
    canvas.text(end + 12, y + 6, level, 26, ACCENT)


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
        box = canvas.text(
            x + 40, y + 4, "repairing", 24, DAMAGE, bold=False, condensed=True, max_width=limit - x - 48
        )
        x = box[2] + 10
    idle = idle_founders(card, view, detail)
    for index, founder_id in enumerate(idle):
        if x + 34 > limit:
            canvas.text(x, y + 4, f"+{len(idle) - index}", 24, TEXT)
            break
        marker = who(founders, founder_id)
        founder_disc(canvas, x + 17, y + 17, 17, marker.initials, marker.colour)
        x += 38


def idle_founders(card: Card, view: View, detail: int) -> list[str]:
    """Living founders on the card whose marker is not drawn elsewhere on the tile.

    At lower detail fewer spaces are drawn, so their workers show up here instead.
    """
    busy: set[Any] = {card.get("repairer")}
    busy.update(s.get("occupant") for s in shown_spaces(card, detail))
    busy.add((shown_upgrade(card, detail) or {}).get("occupant"))
    return [
        str(f["id"])
        for f in view.get("founders", [])
        if f.get("alive", True) and f.get("at") == card["card"] and f["id"] not in busy
    ]


def draw_legend(canvas: Canvas, grid: Grid, view: View, founders: Mapping[str, Who]) -> None:
    y = grid.height - LEGEND + 14
    x = MARGIN
    for founder in view.get("founders", []):
        marker = who(founders, str(founder["id"]))
        alive = bool(founder.get("alive", True))
        founder_disc(canvas, x + 20, y + 20, 20, marker.initials, marker.colour if alive else POWER_OFF)
        label = marker.name if alive else f"{marker.name} (dead)"
        box = canvas.text(x + 48, y + 4, label, 26, TEXT if alive else TEXT_DIM)
        x = box[2] + 30
