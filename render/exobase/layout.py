"""Where the base's tiles go: grid size, each row's height, and the lines each tile's text takes."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render.canvas import text_width, wrap_text
from render.exobase.common import MARGIN, WIDTH, View, readable

# Discord previews an image about 550 px wide, so a base of five columns (about 1,300 px) shows at
# 0.4x: the type is sized to stay near 12 px on screen there, and tiles wrap text rather than cut it.
# A wider base would shrink it below 11 px, so its columns fold into bands stacked one under another.
FOLD_AT = 5
# Above each band after the first: a rule and a two-line note saying where its columns go.
BAND_GAP = 104
GAP = 22
LINE = 35
HEAD = 64
# A name too long for its line at NAME_MIN takes a second line: its row's head grows by this much.
NAME_LINE = 34
FOOT = 54
PEOPLE = 44
TITLE = 80
LEGEND = 72
EMPTY_ROW = 80
MIN_TILE = 240
MIN_WIDTH = 880
# A base taller than this (a folded one: this much per band) drops detail. It is set so nearly
# every base a game makes keeps every label: a long image scrolls, a missing line is lost.
MAX_HEIGHT = 3000
MAX_TILE = 380
DOOR_LEN = 64
DOOR_THICK = 10
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
STEP = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}

Card = Mapping[str, Any]


@dataclass(frozen=True)
class Row:
    """One y of the base, the same in every band: its head (one or two name lines), its text lines,
    whether its tiles have a strip for founders standing on them, and whether any card is in it."""

    head: int
    lines: int
    people: bool
    empty: bool = False

    @property
    def height(self) -> int:
        if self.empty:
            return EMPTY_ROW
        return self.head + self.lines * LINE + (PEOPLE if self.people else 0) + FOOT + 8


@dataclass(frozen=True)
class Grid:
    """Where the tiles go: the cell bounds, the tile width and the rows of the base.

    Rows are only as tall as their own cards need (a row without cards is a short gap), which keeps
    a sprawling base from wasting height on rows of small tiles. A base wider than ``per_band``
    columns is drawn as bands stacked top to bottom. A band draws only the rows from its own first
    card to its own last (``starts`` and ``ends``: row indexes, the end excluded): a base that grew
    down on one side and up on the other would otherwise leave most of a band blank. A row is as
    tall in every band that has a card in it (``filled``: each band's row indexes with cards); a band
    draws a row it has no card in as a short gap. The note above a band names two locations level
    with each other across the fold, so neighbours still read across.
    """

    min_x: int
    min_y: int
    cols: int
    tile_w: int
    layout: tuple[Row, ...]
    detail: int
    per_band: int
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    filled: tuple[frozenset[int], ...]

    @property
    def bands(self) -> int:
        return len(self.ends)

    @property
    def heights(self) -> tuple[int, ...]:
        return tuple(row.height for row in self.layout)

    @property
    def rows(self) -> int:
        return len(self.layout)

    @property
    def across(self) -> int:
        """Columns drawn side by side."""
        return min(self.cols, self.per_band)

    def band_heights(self, band: int, end: int | None = None) -> list[int]:
        """The heights ``band`` draws its rows at, from its first row to ``end`` (a row index,
        excluded; its own last row when None)."""
        heights, filled = self.heights, self.filled[band]
        stop = self.ends[band] if end is None else end
        return [heights[r] if r in filled else EMPTY_ROW for r in range(self.starts[band], stop)]

    def band_height(self, band: int) -> int:
        drawn = self.band_heights(band)
        return sum(drawn) + len(drawn) * GAP

    def band_top(self, band: int) -> int:
        return TITLE + sum(self.band_height(b) + BAND_GAP for b in range(band))

    def row(self, y: int) -> Row:
        return self.layout[y - self.min_y]

    def row_height(self, y: int) -> int:
        return self.row(y).height

    def origin(self, x: int, y: int) -> tuple[int, int]:
        band, column = divmod(x - self.min_x, self.per_band)
        above = self.band_heights(band, y - self.min_y)
        return (
            self.left + column * (self.tile_w + GAP),
            self.band_top(band) + sum(above) + GAP * len(above),
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
        return self.band_top(self.bands - 1) + self.band_height(self.bands - 1) + LEGEND


LABEL_SIZE = 28
NAME_SIZE = 32
# A name is shrunk down to this size on one line; below it, it wraps onto two.
NAME_MIN = 25
NAME_WRAPPED = 28
NAME_LEFT = 58
CHIP_SIZE = 26
PAD = 14
DISC_ROOM = 40
DANGER_ROOM = 58
ARROW_ROOM = 36


def name_room(tile_w: int) -> int:
    """The width for the name, right of the die."""
    return tile_w - NAME_LEFT - 8


def name_lines(card: Card, tile_w: int) -> list[str]:
    """The card's name as drawn: one line when it fits at NAME_MIN, else wrapped onto two."""
    name = str(card.get("name", card["card"]))
    room = name_room(tile_w)
    if text_width(name, NAME_MIN, condensed=True) <= room:
        return [name]
    lines = wrap_text(name, NAME_WRAPPED, room, bold=True, condensed=True)
    return lines if len(lines) <= 2 else [lines[0], " ".join(lines[1:])]


def text_room(tile_w: int) -> int:
    """Room for a label's second and later lines: the whole tile but its padding."""
    return tile_w - 2 * PAD


def space_width(tile_w: int, space: Card) -> int:
    """Room for a space's first line: the tile minus padding, the occupant disc and the danger mark
    (drawn beside that line only)."""
    disc = DISC_ROOM if space.get("occupant") else 0
    return tile_w - 2 * PAD - disc - (DANGER_ROOM if int(space.get("danger", 0)) else 0)


def upgrade_width(tile_w: int, upgrade: Card) -> int:
    """Room for the upgrade's first line, right of its arrow."""
    return tile_w - 2 * PAD - ARROW_ROOM - (DISC_ROOM if upgrade.get("occupant") else 0)


def space_text(space: Card, level: int) -> str:
    locked = int(space.get("level", 1)) > level
    return (f"L{int(space.get('level', 1))}: " if locked else "") + readable(str(space.get("label", "")))


# A number, a sign, an arrow or a level mark reads with the word after it ("3 metal", "→ L2",
# "+ 1 energy"), so a line never ends on one of them.
GLUED = re.compile(r"^([+\-]?\d+|[+\u2192]|L\d+:)$")


def units(text: str) -> list[str]:
    """The label's words, each number, sign and arrow joined to the word it belongs to."""
    found: list[str] = []
    pending: list[str] = []
    for word in text.split():
        pending.append(word)
        if not GLUED.match(word):
            found.append(" ".join(pending))
            pending = []
    if pending:
        if found:
            found[-1] = " ".join([found[-1], *pending])
        else:
            found.append(" ".join(pending))
    return found


def label_width(text: str) -> int:
    return text_width(text, LABEL_SIZE, bold=False, condensed=True)


def wrap_label(text: str, first: int, rest: int) -> list[str]:
    """The label on lines no wider than ``first`` (the first) and ``rest`` (the others), broken between
    amounts rather than inside one."""
    lines: list[str] = []
    current = ""
    for unit in units(text):
        width = rest if lines else first
        candidate = f"{current} {unit}" if current else unit
        if label_width(candidate) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
            width = rest
        # An amount wider than a whole line is broken between its words after all.
        parts = wrap_text(unit, LABEL_SIZE, width, condensed=True)
        lines.extend(parts[:-1])
        current = parts[-1]
    if current:
        lines.append(current)
    return lines or [""]


# The engine words an upgrade "<price> -> L<level>, <benefit>".
PRICE = re.compile(r"^(.*?\u2192 L\d+),?\s*(.*)$")


def upgrade_lines(upgrade: Card, first: int, rest: int) -> list[str]:
    """The upgrade as "price → level" then what it adds, each on lines of its own when they do not
    share one. A benefit of "nothing" is left out: reaching the level is the whole gain."""
    text = readable(str(upgrade.get("label", "")))
    match = PRICE.match(text)
    price, benefit = (match[1], match[2]) if match else (text, "")
    if benefit == "nothing":
        benefit = ""
    whole = f"{price}, {benefit}" if benefit else price
    if label_width(whole) <= first:
        return [whole]
    return wrap_label(price, first, rest) + (wrap_label(benefit, rest, rest) if benefit else [])


@dataclass(frozen=True)
class Entry:
    """A work space or the upgrade as its tile lists it: its data and the lines of its label."""

    item: Card
    lines: tuple[str, ...]
    upgrade: bool = False


# Detail levels, richest first: 4 wraps space labels on as many lines as they need, 3 on up to three,
# 2 on up to two, 1 shows only the spaces usable at the card's level, 0 no space. The upgrade is always
# shown whole: its price and benefit are what a player plans with, and it takes a few lines at most.
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


def entries(card: Card, tile_w: int, detail: int) -> list[Entry]:
    """The card's shown spaces and its upgrade, each wrapped on as many lines as it needs."""
    level, rest = int(card.get("level", 1)), text_room(tile_w)
    found = [
        Entry(space, tuple(wrap_label(space_text(space, level), space_width(tile_w, space), rest)))
        for space in shown_spaces(card, detail)
    ]
    upgrade: Card | None = card.get("upgrade")
    if upgrade:
        lines = upgrade_lines(upgrade, upgrade_width(tile_w, upgrade), rest)
        found.append(Entry(upgrade, tuple(lines), True))
    return found


def lines_of(card: Card, tile_w: int, detail: int) -> int:
    """How many text lines the card needs at this detail: spaces up to its line limit, the upgrade whole."""
    most = line_limit(detail)
    return sum(len(e.lines) if e.upgrade else min(most, len(e.lines)) for e in entries(card, tile_w, detail))


def fitted(found: Sequence[Entry], room: int) -> list[Entry]:
    """The entries within ``room`` lines: the tile's whole height is used before any label is cut.

    While they are too many, the space wrapped on the most lines gives up its last line (which
    joins the line before, drawn smaller or shortened); the upgrade never does.
    """
    lines = [list(entry.lines) for entry in found]
    while sum(map(len, lines)) > room:
        longest = max(
            (i for i, entry in enumerate(found) if not entry.upgrade and len(lines[i]) > 1),
            key=lambda i: len(lines[i]),
            default=None,
        )
        if longest is None:
            break
        *kept, before, last = lines[longest]
        lines[longest] = [*kept, f"{before} {last}"]
    return [Entry(entry.item, tuple(own), entry.upgrade) for entry, own in zip(found, lines, strict=True)]


def needs_status_row(card: Card, view: View, detail: int) -> bool:
    return bool(int(card.get("damage", 0)) or card.get("repairer") or idle_founders(card, view, detail))


def plan(cards: Sequence[Card], view: View) -> Grid:
    """Size the grid so it fills the standard width, widening the image only when tiles would be too small.

    More than FOLD_AT columns fold into bands of equal width (six columns: two bands of three).
    A row's tiles get a strip for founders standing on them when any card of the row has such a founder.
    """
    xs = [int(c["x"]) for c in cards] or [0]
    ys = [int(c["y"]) for c in cards] or [0]
    cols = max(xs) - min(xs) + 1
    count = -(-cols // FOLD_AT)
    per_band = -(-cols // count)
    fitted_w = (WIDTH - 2 * MARGIN - (per_band - 1) * GAP) // per_band
    tile_w = max(MIN_TILE, min(MAX_TILE, fitted_w))
    by_row: list[list[Card]] = [[] for _ in range(max(ys) - min(ys) + 1)]
    rows_of: list[list[int]] = [[] for _ in range(count)]
    for card in cards:
        x, y = int(card["x"]) - min(xs), int(card["y"]) - min(ys)
        by_row[y].append(card)
        rows_of[x // per_band].append(y)
    # A band without a card (a gap in the columns) keeps one short row.
    starts = tuple(min(rows, default=0) for rows in rows_of)
    ends = tuple(max(rows, default=0) + 1 for rows in rows_of)
    filled = tuple(frozenset(rows) for rows in rows_of)
    # Very tall bases drop to fewer lines per space, then fewer spaces, so the image keeps a sane shape.
    for detail in DETAILS:
        layout = tuple(plan_row(row, view, tile_w, detail) for row in by_row)
        grid = Grid(min(xs), min(ys), cols, tile_w, layout, detail, per_band, starts, ends, filled)
        if grid.height <= MAX_HEIGHT * grid.bands:
            break
    return grid


def plan_row(row: Sequence[Card], view: View, tile_w: int, detail: int) -> Row:
    """The row's height from its cards in every band: the longest name, the most lines, any founders."""
    if not row:
        return Row(HEAD, 0, False, empty=True)
    named = max(len(name_lines(card, tile_w)) for card in row)
    lines = max([lines_of(card, tile_w, detail) for card in row] + [1 if detail else 0])
    people = any(needs_status_row(card, view, detail) for card in row)
    return Row(HEAD + (named - 1) * NAME_LINE, lines, people)


def idle_founders(card: Card, view: View, detail: int) -> list[str]:
    """Living founders on the card whose marker is not drawn elsewhere on the tile.

    At lower detail fewer spaces are drawn, so their workers show up here instead.
    """
    busy: set[Any] = {card.get("repairer")}
    busy.update(s.get("occupant") for s in shown_spaces(card, detail))
    busy.add((card.get("upgrade") or {}).get("occupant"))
    return [
        str(f["id"])
        for f in view.get("founders", [])
        if f.get("alive", True) and f.get("at") == card["card"] and f["id"] not in busy
    ]
