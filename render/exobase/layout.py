"""Where the base's tiles go: grid size, each row's height, how many lines each label takes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render.canvas import wrap_text
from render.exobase.common import MARGIN, WIDTH, View

# Discord previews an image about 550 px wide, so a base of five columns (about 1,300 px) shows at
# 0.4x: the type is sized to stay near 12 px on screen there, and tiles wrap text rather than cut it.
# A wider base would shrink it below 11 px, so its columns fold into bands stacked one under another.
FOLD_AT = 5
BAND_GAP = 64
GAP = 22
LINE = 35
HEAD = 64
FOOT = 54
PEOPLE = 44
TITLE = 80
LEGEND = 72
EMPTY_ROW = 80
MIN_TILE = 240
MIN_WIDTH = 880
MAX_HEIGHT = 1800
MAX_TILE = 380
DOOR_LEN = 64
DOOR_THICK = 10
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
STEP = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}

Card = Mapping[str, Any]


@dataclass(frozen=True)
class Band:
    """The rows of one band of columns: the first row's y and each row's tile height and people strip."""

    first: int
    heights: tuple[int, ...]
    people: tuple[bool, ...]

    @property
    def height(self) -> int:
        return sum(self.heights) + len(self.heights) * GAP


@dataclass(frozen=True)
class Grid:
    """Where the tiles go: the cell bounds, the tile width and each row's tile height in pixels.

    Rows are only as tall as their own cards need (an empty row is a short gap), which keeps a
    sprawling base from wasting height on rows of small tiles. A base wider than ``per_band``
    columns is drawn as bands stacked top to bottom, each holding only the rows its cards use.
    """

    min_x: int
    min_y: int
    cols: int
    tile_w: int
    layout: tuple[Band, ...]
    detail: int
    per_band: int

    @property
    def bands(self) -> int:
        return len(self.layout)

    @property
    def heights(self) -> tuple[int, ...]:
        """The row heights of the first band (of the whole base when it is not folded)."""
        return self.layout[0].heights

    @property
    def rows(self) -> int:
        return len(self.heights)

    @property
    def across(self) -> int:
        """Columns drawn side by side."""
        return min(self.cols, self.per_band)

    def band_of(self, x: int) -> Band:
        return self.layout[(x - self.min_x) // self.per_band]

    def band_top(self, band: int) -> int:
        return TITLE + sum(b.height for b in self.layout[:band]) + band * BAND_GAP

    def row_height(self, x: int, y: int) -> int:
        band = self.band_of(x)
        return band.heights[y - band.first]

    def has_people(self, x: int, y: int) -> bool:
        band = self.band_of(x)
        return band.people[y - band.first]

    def origin(self, x: int, y: int) -> tuple[int, int]:
        index, column = divmod(x - self.min_x, self.per_band)
        band = self.layout[index]
        above = band.heights[: y - band.first]
        return (
            self.left + column * (self.tile_w + GAP),
            self.band_top(index) + sum(above) + GAP * len(above),
        )

    @property
    def width(self) -> int:
        """Never wider than needed (a narrow image shows larger in a chat preview), never below MIN_WIDTH."""
        return max(MIN_WIDTH, 2 * MARGIN + self.content)

    @property
    def content(self) -> int:
        return self.across * self.tile_w + (self.across - 1) * GAP

    @property
    def left(self) -> int:
        return (self.width - self.content) // 2

    @property
    def height(self) -> int:
        return self.band_top(self.bands - 1) + self.layout[-1].height + LEGEND


LABEL_SIZE = 28
NAME_SIZE = 32
CHIP_SIZE = 26
PAD = 14
DISC_ROOM = 40
DANGER_ROOM = 58
ARROW_ROOM = 36
# An upgrade says its cost, its level and what it adds: it may take one line more than a space.
UPGRADE_EXTRA = 1


def space_width(tile_w: int, space: Card) -> int:
    """Room for a space's label: the tile minus padding, the occupant disc and the danger mark."""
    disc = DISC_ROOM if space.get("occupant") else 0
    return tile_w - 2 * PAD - disc - (DANGER_ROOM if int(space.get("danger", 0)) else 0)


def upgrade_width(tile_w: int, upgrade: Card) -> int:
    return tile_w - 2 * PAD - ARROW_ROOM - (DISC_ROOM if upgrade.get("occupant") else 0)


def space_text(space: Card, level: int) -> str:
    locked = int(space.get("level", 1)) > level
    return (f"L{int(space.get('level', 1))}: " if locked else "") + readable(str(space.get("label", "")))


def readable(label: str) -> str:
    # One arrow glyph instead of "->" saves width and reads as a conversion at any scale.
    return label.replace(" -> ", " \u2192 ").replace("->", "\u2192")


def wrapped(text: str, width: int, most: int) -> list[str]:
    """At most ``most`` lines; the overflow joins the last one, which shrinks or shortens when drawn."""
    lines = wrap_text(text, LABEL_SIZE, width, condensed=True) or [""]
    return lines if len(lines) <= most else [*lines[: most - 1], " ".join(lines[most - 1 :])]


# Detail levels, richest first: 4 wraps labels on as many lines as they need, 3 on up to three, 2 on up
# to two, 1 shows only the spaces usable at the card's level, 0 only the name, status and founders.
DETAILS = (4, 3, 2, 1, 0)
WHOLE = 12


def line_limit(detail: int) -> int:
    return {4: WHOLE, 3: 3}.get(detail, 2)


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
        label = readable(str(upgrade.get("label", "")))
        count += len(wrapped(label, upgrade_width(tile_w, upgrade), most + UPGRADE_EXTRA))
    return count


def needs_status_row(card: Card, view: View, detail: int) -> bool:
    return bool(int(card.get("damage", 0)) or card.get("repairer") or idle_founders(card, view, detail))


def plan(cards: Sequence[Card], view: View) -> Grid:
    """Size the grid so it fills the standard width, widening the image only when tiles would be too small.

    More than FOLD_AT columns fold into bands of equal width (six columns: two bands of three).
    A row's tiles get a strip for founders standing on them when any card of the row has such a founder.
    """
    xs = [int(c["x"]) for c in cards] or [0]
    cols = max(xs) - min(xs) + 1
    count = -(-cols // FOLD_AT)
    per_band = -(-cols // count)
    fitted = (WIDTH - 2 * MARGIN - (per_band - 1) * GAP) // per_band
    tile_w = max(MIN_TILE, min(MAX_TILE, fitted))
    groups: list[list[Card]] = [[] for _ in range(count)]
    for card in cards:
        groups[(int(card["x"]) - min(xs)) // per_band].append(card)
    min_y = min([int(c["y"]) for c in cards] or [0])
    # Tall bases drop to fewer lines per space, then to bare tiles, so the image keeps a sane shape.
    for detail in DETAILS:
        layout = tuple(band_rows(group, view, tile_w, detail, min_y) for group in groups)
        grid = Grid(min(xs), min_y, cols, tile_w, layout, detail, per_band)
        # A folded base may grow a half more per band: folding already halved how wide it shows.
        if grid.height <= MAX_HEIGHT * (grid.bands + 1) // 2:
            break
    return grid


def band_rows(cards: Sequence[Card], view: View, tile_w: int, detail: int, top: int) -> Band:
    """The rows from the band's first card down to its last (one row at ``top`` when it has none)."""
    ys = [int(c["y"]) for c in cards] or [top]
    first = min(ys)
    by_row: list[list[Card]] = [[] for _ in range(max(ys) - first + 1)]
    for card in cards:
        by_row[int(card["y"]) - first].append(card)
    people = tuple(any(needs_status_row(c, view, detail) for c in row) for row in by_row)
    heights = tuple(row_height(row, tile_w, detail, crowd) for row, crowd in zip(by_row, people, strict=True))
    return Band(first, heights, people)


def row_height(row: Sequence[Card], tile_w: int, detail: int, people: bool) -> int:
    if not row:
        return EMPTY_ROW
    body = max([lines_of(c, tile_w, detail) for c in row] + [1 if detail else 0])
    return HEAD + body * LINE + (PEOPLE if people else 0) + FOOT + 8


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
