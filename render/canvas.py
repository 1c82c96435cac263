"""A drawing surface that remembers where it put text, so layouts can be checked for overlaps."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from PIL import Image, ImageDraw, ImageFont
from PIL import _imaging as core

from render.cache import digest
from render.fonts import Font, font
from render.palette import current_palette, map_box, map_pixels, to_palette
from render.pieces import PIECES, Piece
from render.png import encode, encode_framed
from render.theme import BACKGROUND, Rgb

Box = tuple[int, int, int, int]
T = TypeVar("T")
MIN_TEXT = 21
GROW_STEP = 256
# Shapes up to this many pixels are drawn once and pasted (bigger ones cost more to paste than draw).
SHAPE_AREA = 160 * 120
# Pixels that cost about as much to map as one more call to map a part of a picture (about 10 µs).
MERGE_SLACK = 5000
MERGE_TRIES = 8


@dataclass(frozen=True)
class Placed:
    """A text drawn on the canvas and its bounding box (left, top, right, bottom)."""

    text: str
    box: Box


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, *, bold: bool = True, condensed: bool = False) -> int:
    """Advance width in pixels (cached: the same labels come back on every render)."""
    return int(font(size, bold=bold, condensed=condensed).getlength(text))


def line_box(x: int, y: int, width: int, face: Font, anchor: str) -> Box:
    """The box of a text line drawn at (x, y) with ``anchor`` ("l", "m" or "r" then "a" or "m").

    It spans the font's whole ascent and descent, a little more than the ink, so boxes that do not
    intersect can never touch on screen. Computing it from metrics is much cheaper than asking
    FreeType for the ink box.
    """
    ascent, descent = (
        face.getmetrics() if isinstance(face, ImageFont.FreeTypeFont) else (face.getbbox("Ag")[3], 0)
    )
    height = int(ascent) + int(descent)
    left = {"l": x, "m": x - width // 2, "r": x - width}[anchor[0]]
    top = y - height // 2 if anchor[1] == "m" else y
    return (left, top, left + width, top + height)


@lru_cache(maxsize=1024)
def text_mask(text: str, size: int, bold: bool, condensed: bool) -> tuple[Image.Image, int, int]:
    """The text rendered once as a coverage mask, with the ink's offset from its top-left origin.

    Labels repeat from one render to the next; stamping a cached mask is many times cheaper than
    asking FreeType to lay the text out again.
    """
    face = font(size, bold=bold, condensed=condensed)
    left, top, right, bottom = (int(v) for v in face.getbbox(text, anchor="la"))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor="la")
    return mask, left, top


def _stampable(box: Box, size: tuple[int, int]) -> bool:
    return all(type(v) is int for v in box) and 0 <= size[0] * size[1] <= SHAPE_AREA


@lru_cache(maxsize=512)
def shape(
    size: tuple[int, int], fill: Rgb | None, outline: Rgb | None, width: int, radius: int | None
) -> tuple[Image.Image, Image.Image]:
    """A rounded rectangle (an ellipse when ``radius`` is None) spanning ``size``, drawn once: its
    pixels (RGB) and a one-bit mask of the ones it covers.

    Drawn on a transparent tile, with every pixel either untouched or opaque, so pasting the tile
    at a box through its mask gives exactly the pixels drawing the shape there would: cells, chips
    and markers repeat on every render, and one paste costs a fraction of drawing the corners again.
    A one-bit mask copies the pixels it covers, several times faster than blending through alpha.
    """
    tile = Image.new("RGBA", (size[0] + 1, size[1] + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    ink = None if fill is None else (*fill, 255)
    line = None if outline is None else (*outline, 255)
    box = (0, 0, *size)
    if radius is None:
        draw.ellipse(box, fill=ink, outline=line, width=width)
    else:
        draw.rounded_rectangle(box, radius=radius, fill=ink, outline=line, width=width)
    return tile.convert("RGB"), tile.getchannel("A").convert("1")


def wrap_text(
    text: str, size: int, max_width: int, *, bold: bool = False, condensed: bool = False
) -> list[str]:
    """Split ``text`` into lines no wider than ``max_width``; a word too long for a line stays whole."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, size, bold=bold, condensed=condensed) > max_width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def packed(
    parts: list[str], separator: str, size: int, width: int, *, bold: bool = True, condensed: bool = False
) -> list[str]:
    """``parts`` joined by ``separator`` into lines no wider than ``width``, breaking only between
    parts (a part too wide for a line has one of its own)."""
    lines: list[str] = []
    for part in parts:
        candidate = f"{lines[-1]}{separator}{part}" if lines else part
        if lines and text_width(candidate, size, bold=bold, condensed=condensed) <= width:
            lines[-1] = candidate
        else:
            lines.append(part)
    return lines


def bands(boxes: list[Box], width: int, rows: int) -> list[Box]:
    """``boxes`` clipped to the image, near ones merged: a box joins a region when the pixels the
    merged box adds cost less to map than one more call would (``MERGE_SLACK``). Mapping a few
    regions is cheaper than mapping each of a hundred labels on its own, or a frame's whole inside."""
    merged: list[list[int]] = []
    for left, top, right, bottom in sorted(boxes, key=lambda b: b[1]):
        left, right, bottom = max(0, left), min(width, right), min(rows, bottom)
        if left >= right or top >= bottom:
            continue
        area = (right - left) * (bottom - top)
        # Boxes come by their top, so the regions met last are the ones near: only they are tried.
        for index in range(len(merged) - 1, max(-1, len(merged) - 1 - MERGE_TRIES), -1):
            r_left, r_top, r_right, r_bottom, r_area = merged[index]
            u_left, u_top = min(r_left, left), min(r_top, top)
            u_right, u_bottom = max(r_right, right), max(r_bottom, bottom)
            union = (u_right - u_left) * (u_bottom - u_top)
            if union - r_area - area <= MERGE_SLACK:
                left, top, right, bottom, area = u_left, u_top, u_right, u_bottom, union
                del merged[index]
        merged.append([left, top, right, bottom, area])
    return [(left, top, right, bottom) for left, top, right, bottom, _ in merged]


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class Canvas:
    """An RGB image plus the list of every text box drawn on it.

    A canvas given ``start`` is a column whose height is only known once it is drawn: it starts with
    ``start`` rows and grows (up to ``height``) as drawing reaches down, since filling a 4,000-row
    scratch image costs more than drawing on it. The picture is the same as on a canvas made
    ``height`` tall. Drawing straight on the image goes through ``within``, which says where.

    The canvas also notes which parts of the picture are pieces pasted or drawn whole (their pixels
    are final unless drawn over later) and which boxes anything else touched. Mapping the picture
    onto its palette for the PNG then maps only those boxes: a piece's palette pixels are kept with
    it, and the bare background needs no mapping.
    """

    def __init__(
        self, width: int, height: int, background: Rgb = BACKGROUND, *, start: int | None = None
    ) -> None:
        self.limit = height
        self.background = background
        self.image = Image.new("RGB", (width, min(height, start or height)), background)
        self._draw = ImageDraw.Draw(self.image)
        self.texts: list[Placed] = []
        self.bottom = 0
        # Pieces in the order their pixels went on, and boxes drawn on otherwise (see ``png``).
        self._pieces: list[Piece] = []
        self._touched: list[Box] = []

    def reach(self, y: int) -> None:
        """Make sure the image has rows down to ``y`` (never past ``height``): a growing canvas grows."""
        rows = self.image.height
        if y < rows or rows >= self.limit:
            return
        # Grow in large steps, so a tall picture is copied only a couple of times.
        taller = min(self.limit, max(y + GROW_STEP, rows * 3 // 2))
        # Made blank (not filled), since the rows drawn so far are copied over: only the new rows
        # are filled with the background.
        image = Image.new("RGB", (self.image.width, taller), None)
        image.paste(self.image, (0, 0))
        image.paste(self.background, (0, rows, image.width, taller))
        self.image = image
        self._draw = ImageDraw.Draw(image)

    def within(self, box: tuple[float, float, float, float]) -> ImageDraw.ImageDraw:
        """Pillow's drawing surface, for drawing straight on the image inside ``box`` (left, top,
        right, bottom, line widths included): the canvas grows down to it and notes it as drawn on."""
        self.reach(math.ceil(box[3]) + 1)
        self._touch(box)
        return self._draw

    def _touch(self, box: tuple[float, float, float, float]) -> None:
        # Two pixels of margin for anti-aliasing and Pillow's inclusive right and bottom edges.
        left, top = max(0, math.floor(box[0]) - 2), max(0, math.floor(box[1]) - 2)
        self._touched.append((left, top, math.ceil(box[2]) + 2, math.ceil(box[3]) + 2))

    @property
    def width(self) -> int:
        return self.image.width

    def measure(self, text: str, size: int, *, bold: bool = True, condensed: bool = False) -> int:
        return text_width(text, size, bold=bold, condensed=condensed)

    def text(
        self,
        x: int,
        y: int,
        text: str,
        size: int,
        fill: Rgb,
        *,
        bold: bool = True,
        max_width: int | None = None,
        anchor: str = "la",
        condensed: bool = False,
    ) -> Box:
        """Draw ``text`` with its top-left (or ``anchor``) at (x, y) and return its box.

        When ``max_width`` is given the size shrinks down to MIN_TEXT, then the
        text is cut with an ellipsis, so it never runs past its column.
        """
        if max_width is not None:
            size, text = self.fit(text, size, max_width, bold=bold, condensed=condensed)
        face = font(size, bold=bold, condensed=condensed)
        box = line_box(x, y, text_width(text, size, bold=bold, condensed=condensed), face, anchor)
        if text:
            self.stamp(box[0], box[1], text, face, fill, size=size, bold=bold, condensed=condensed)
            self.texts.append(Placed(text, box))
        self.bottom = max(self.bottom, box[3])
        return box

    def stamp(
        self, x: int, y: int, text: str, face: Font, fill: Rgb, *, size: int, bold: bool, condensed: bool
    ) -> None:
        """Draw ``text`` with the top-left of its line at (x, y), from the mask cache when possible."""
        if not isinstance(face, ImageFont.FreeTypeFont):
            width = text_width(text, size, bold=bold, condensed=condensed)
            self.within((x, y, x + width + size, y + 2 * size)).text((x, y), text, font=face, fill=fill)
            return
        mask, left, top = text_mask(text, size, bold, condensed)
        corner = (x + left, y + top)
        self.reach(corner[1] + mask.height)
        self._touch((*corner, corner[0] + mask.width, corner[1] + mask.height))
        # A patch of the ink pasted through the mask gives the same pixels as filling through it
        # (Image.paste with a colour), in well under half the time; done on the core images, it
        # also skips the checks Image.paste repeats on every call for a canvas always writable.
        patch = core.fill("RGB", mask.size, fill)
        self.image.im.paste(patch, (*corner, corner[0] + mask.width, corner[1] + mask.height), mask.im)

    def label(self, x: int, y: int, text: str, size: int, fill: Rgb, *, anchor: str = "mm") -> None:
        """Bold text inside a shape (die numbers, initials): drawn like ``text`` but not recorded,
        since it sits within its own marker rather than in the layout."""
        face = font(size, bold=True)
        box = line_box(x, y, text_width(text, size), face, anchor)
        self.stamp(box[0], box[1], text, face, fill, size=size, bold=True, condensed=False)

    def fit(
        self, text: str, size: int, max_width: int, *, bold: bool = True, condensed: bool = False
    ) -> tuple[int, str]:
        """The largest size (not below MIN_TEXT) at which ``text`` fits, shortened if it must be."""

        def width(candidate: str, at: int) -> int:
            return self.measure(candidate, at, bold=bold, condensed=condensed)

        full = width(text, size)
        if full <= max_width:
            return size, text
        # Width scales almost linearly with size, so one guess plus a short walk down is enough.
        size = max(min(size, MIN_TEXT), min(size - 1, size * max_width // max(full, 1)))
        while size > MIN_TEXT and width(text, size) > max_width:
            size -= 1
        if width(text, size) <= max_width:
            return size, text
        low, high = 0, len(text)
        while low < high:
            mid = (low + high + 1) // 2
            if width(text[:mid].rstrip() + "…", size) <= max_width:
                low = mid
            else:
                high = mid - 1
        return size, text[:low].rstrip() + "…"

    def paragraph(
        self,
        x: int,
        y: int,
        text: str,
        size: int,
        fill: Rgb,
        max_width: int,
        *,
        bold: bool = False,
        condensed: bool = False,
        step: int | None = None,
    ) -> int:
        """Draw wrapped text and return the y just below it; a word too long for a line is shortened."""
        step = step or int(size * 1.25)
        for line in wrap_text(text, size, max_width, bold=bold, condensed=condensed):
            self.text(x, y, line, size, fill, bold=bold, condensed=condensed, max_width=max_width)
            y += step
        return y

    def rect(
        self, box: Box, fill: Rgb | None, outline: Rgb | None = None, width: int = 1, radius: int = 0
    ) -> None:
        size = (box[2] - box[0], box[3] - box[1])
        if radius and _stampable(box, size):
            self.reach(box[3] + width)
            self._paste_shape(box[0], box[1], shape(size, fill, outline, width, radius))
        else:
            self.reach(box[3] + width + 1)
            self._draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
            if fill is None:
                # A frame touches only a band along each side, as thick as its line or its corners.
                band = max(width, radius)
                left, top, right, bottom = box
                for side in (
                    (left, top, right, top + band),
                    (left, bottom - band, right, bottom),
                    (left, top, left + band, bottom),
                    (right - band, top, right, bottom),
                ):
                    self._touch(side)
            else:
                self._touch(box)
        self.bottom = max(self.bottom, box[3])

    def disc(self, cx: int, cy: int, r: int, fill: Rgb, outline: Rgb | None = None, width: int = 1) -> None:
        box = (cx - r, cy - r, cx + r, cy + r)
        if _stampable(box, (2 * r, 2 * r)):
            self.reach(cy + r + width)
            self._paste_shape(box[0], box[1], shape((2 * r, 2 * r), fill, outline, width, None))
        else:
            self.within((*box[:2], box[2] + width, box[3] + width)).ellipse(
                box, fill=fill, outline=outline, width=width
            )
        self.bottom = max(self.bottom, cy + r)

    def _paste_shape(self, x: int, y: int, tile: tuple[Image.Image, Image.Image]) -> None:
        pixels, mask = tile
        box = (x, y, x + pixels.width, y + pixels.height)
        self._touch(box)
        self.image.im.paste(pixels.im, box, mask.im)

    def piece(self, key: str, draw: Callable[[], tuple[T, Box]]) -> T:
        """What ``draw`` draws and returns, pasted from the piece cache when ``key`` was drawn before.

        ``draw`` returns its result (kept, so something immutable) and the box it drew within (right
        and bottom excluded). ``key`` must name everything the pixels in that box depend on, what lay
        there before the drawing included, and the box itself.
        """
        found = PIECES.get(key)
        if found is not None:
            self.reach(found.box[3])
            if found.box[3] <= self.image.height:
                self.image.im.paste(found.pixels.im, found.box)
                self.texts.extend(found.texts)
                self.bottom = max(self.bottom, found.bottom)
                self._pieces.append(found)
                return found.result  # type: ignore[no-any-return]
        placed, lowest = len(self.texts), self.bottom
        pieces, touched = len(self._pieces), len(self._touched)
        self.bottom = 0
        result, box = draw()
        inner = self.bottom
        self.bottom = max(lowest, inner)
        self.reach(box[3])
        if PIECES.limit and box[3] <= self.image.height:
            pixels = self.image.crop(box)
            made = Piece(box, pixels, tuple(self.texts[placed:]), inner, result)
            PIECES.put(key, made)
            # Everything drawn for it lies within its box, now the piece's pixels: one part to map.
            del self._pieces[pieces:], self._touched[touched:]
            self._pieces.append(made)
        return result

    def fixed_piece(self, name: str, box: Box, draw: Callable[..., object], *facts: Any) -> None:
        """``draw(self, *facts)``, which draws within ``box`` on what ``name`` says lies there (the
        bare background, say), or its pixels pasted as drawn before for the same facts."""

        def drawn() -> tuple[None, Box]:
            draw(self, *facts)
            return None, box

        self.piece(digest((name, box, facts)), drawn)

    def column_piece(
        self, name: str, span: tuple[int, int, int], draw: Callable[[], int], *facts: Any
    ) -> int:
        """``draw()``, which draws downward from ``top`` between ``left`` and ``right`` (``span``) on
        what ``name`` says lies there and returns the y below it, or its pixels pasted as drawn before
        for the same span and ``facts`` (everything else it draws from); returns that y."""
        left, top, right = span

        def drawn() -> tuple[int, Box]:
            end = draw()
            return end, (left, top, right, max(end, self.bottom) + 1)

        return int(self.piece(digest((name, span, facts)), drawn))

    def overlapping_texts(self) -> list[tuple[Placed, Placed]]:
        """Every pair of drawn texts whose boxes intersect (the layouts keep this empty)."""
        found: list[tuple[Placed, Placed]] = []
        for i, a in enumerate(self.texts):
            found.extend((a, b) for b in self.texts[i + 1 :] if overlaps(a.box, b.box))
        return found

    def png(self, *, height: int | None = None) -> bytes:
        """The image (cropped to ``height`` when given) encoded as PNG."""
        rows = self.limit if height is None else height
        self.reach(rows)
        if rows > self.image.height:
            # Rows past the limit come out black, as a crop past the edge of the image gives them.
            return encode(to_palette(self.image.crop((0, 0, self.width, rows))))
        palette = current_palette(self.image, rows)
        if palette is None or not self._pieces:
            # The whole image is mapped and only its top rows are written, which spares copying it.
            return encode(to_palette(self.image, rows), rows)
        return encode_framed(self._mapped(palette, rows), palette.getpalette("RGB") or [0, 0, 0])

    def _mapped(self, palette: Image.Image, rows: int) -> Image.Image:
        """The top ``rows`` rows mapped onto ``palette`` part by part, one column to the right of a
        column of zeros (as ``encode_framed`` takes it): the same pixels as mapping the whole image
        (a pixel maps to the same entry wherever it is), in a fraction of the time.

        Every pixel is the background, or lies in a piece's box and is the piece's own unless drawn
        over later, or lies in a touched box. So the background fills the image, the pieces' palette
        pixels go on in the order the pieces did, and last the touched boxes are mapped from the
        finished picture, which puts right any piece pixel drawn over.
        """
        background = map_pixels(Image.new("RGB", (1, 1), self.background), palette).getpixel((0, 0))
        out = Image.new("P", (self.width + 1, rows), background)
        out.paste(0, (0, 0, 1, rows))
        for piece in self._pieces:
            left, top, right, bottom = piece.box
            if top < rows:
                out.im.paste(piece.mapped(palette).im, (left + 1, top, right + 1, bottom))
        for left, top, right, bottom in bands(self._touched, self.width, rows):
            mapped = map_box(self.image, (left, top, right, bottom), palette)
            out.im.paste(mapped, (left + 1, top, right + 1, bottom))
        return out
