"""Sections of an image (full-width bands) drawn once and pasted again while what they draw is unchanged.

A move usually changes one section of an image: the rest is pasted from here instead of drawn again,
text by text and shape by shape, and encoded without mapping its colours to the palette again. A
section is drawn by a function of its arguments alone, on a canvas of its own, and is kept under a
digest of that function and exactly those arguments, so a section whose data changed gets another
key and is drawn anew: a stale section is never shown.

Pasting a band gives the same pixels as drawing it in place: it is drawn over the canvas background,
its own rows are pasted whole, and what it draws beyond them (a disc's rim) lands on blank gap rows
pixel by pixel.
"""

from __future__ import annotations

import hashlib
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageChops

from render.canvas import Box, Canvas, Placed
from render.palette import learnt, mapped
from render.png import encode
from render.theme import Rgb

# A few dozen status panels' sections: a band costs 4 bytes a pixel, and its copy mapped to an image
# kind's palette one more (usually one kind: its pieces are counted at 5 bytes a pixel).
BUDGET = 64 * 1024 * 1024
BYTES_PER_PIXEL = 5
PICKLE_PROTOCOL = 5
# Rows above a band's first row its drawing may reach (a founder's disc is centred near its top).
HEADROOM = 32


@dataclass(frozen=True)
class Piece:
    """Rows of a part pasted ``dy`` rows below its top, through ``mask`` when only some pixels are ink."""

    image: Image.Image
    dy: int
    mask: Image.Image | None = None


@dataclass(frozen=True)
class Part:
    """A drawn band: its pieces, the texts drawn on it and the lowest row its drawing reached, all
    relative to its top-left corner; ``height`` is how far down the next part may start."""

    pieces: tuple[Piece, ...]
    texts: tuple[Placed, ...]
    bottom: int
    height: int
    # The pieces mapped to each image kind's palette, made the first time the part is encoded.
    mapped: dict[str, tuple[Image.Image, ...]] = field(default_factory=dict, compare=False)

    @property
    def cost(self) -> int:
        return sum(BYTES_PER_PIXEL * p.image.width * p.image.height for p in self.pieces)


class PartCache:
    """The most recently used parts within ``budget`` bytes of pixels; thread-safe."""

    def __init__(self, budget: int = BUDGET) -> None:
        self._items: OrderedDict[str, Part] = OrderedDict()
        self._lock = threading.Lock()
        self.budget = budget
        self.used = 0

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: str) -> Part | None:
        with self._lock:
            part = self._items.get(key)
            if part is not None:
                self._items.move_to_end(key)
            return part

    def put(self, key: str, part: Part) -> None:
        with self._lock:
            old = self._items.pop(key, None)
            self.used += part.cost - (old.cost if old is not None else 0)
            self._items[key] = part
            while self.used > self.budget and self._items:
                self.used -= self._items.popitem(last=False)[1].cost

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.used = 0


PARTS = PartCache()


def part_key(draw: Callable[..., Any], size: tuple[int, int], background: Rgb, args: tuple[Any, ...]) -> str:
    """The digest of the drawing function, the part's size and background, and every argument."""
    what = (draw.__module__, draw.__qualname__, size, background, args)
    return hashlib.blake2b(pickle.dumps(what, PICKLE_PROTOCOL), digest_size=16).hexdigest()


def band(canvas: Canvas, y: int, draw: Callable[..., int], *args: Any, start: int = 256) -> int:
    """Paste the full-width band ``draw(band_canvas, *args, top)`` draws from its row ``top`` down to
    the row it returns, drawing it first when it is not cached; returns the y below the band.

    ``draw`` must read nothing but its arguments; ``start`` is the rows its canvas starts with. What
    it draws above ``top`` or below its end (a disc's rim) is pasted pixel by pixel onto the gap there,
    which the sections keep blank.
    """
    # The band's canvas is as tall as the whole one could be, wherever the band starts, so its key
    # does not depend on where it is pasted.
    size = (canvas.width, canvas.limit)
    key = part_key(draw, size, canvas.background, args)
    part = PARTS.get(key)
    if part is None:
        sub = Canvas(size[0], size[1] + HEADROOM, canvas.background, start=start + HEADROOM)
        end = draw(sub, *args, HEADROOM)
        part = _band_part(sub, end)
        PARTS.put(key, part)
    paste(canvas, part, 0, y)
    return y + part.height


def _band_part(sub: Canvas, end: int) -> Part:
    sub.reach(end)
    # Only the rows around the band are searched for ink: the band's own rows are kept whole anyway.
    above = _ink_rows(sub, 0, HEADROOM)
    below = _ink_rows(sub, end, sub.image.height)
    top = above[0] if above else HEADROOM
    low = below[1] if below else end
    pieces = [Piece(sub.image.crop((0, HEADROOM, sub.width, end)), 0)]
    for first, last in ((top, HEADROOM), (end, low)):
        if first < last:
            spill = sub.image.crop((0, first, sub.width, last))
            pieces.append(Piece(spill, first - HEADROOM, ink_mask(spill, sub.background)))
    texts = tuple(
        Placed(t.text, (t.box[0], t.box[1] - HEADROOM, t.box[2], t.box[3] - HEADROOM)) for t in sub.texts
    )
    return Part(tuple(pieces), texts, sub.bottom - HEADROOM, end - HEADROOM)


def _ink_rows(sub: Canvas, first: int, last: int) -> tuple[int, int] | None:
    """The first and past-the-last rows between ``first`` and ``last`` holding anything but background."""
    if first >= last:
        return None
    rows = sub.image.crop((0, first, sub.width, last))
    ink = ImageChops.difference(rows, Image.new("RGB", rows.size, sub.background)).getbbox()
    return (first + ink[1], first + ink[3]) if ink else None


def ink_mask(image: Image.Image, background: Rgb) -> Image.Image:
    """255 where ``image`` differs from ``background`` in any channel, else 0."""
    channels = ImageChops.difference(image, Image.new("RGB", image.size, background)).split()
    return ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2]).point(
        lambda v: 255 if v else 0
    )


def paste(canvas: Canvas, part: Part, x: int, y: int) -> None:
    """``part`` at (x, y) on ``canvas``, with its texts recorded where they now stand."""
    for piece in part.pieces:
        if piece.image.height:
            canvas.reach(y + piece.dy + piece.image.height - 1)
            canvas.image.paste(piece.image, (x, y + piece.dy), piece.mask)
    canvas.texts.extend(
        Placed(t.text, (t.box[0] + x, t.box[1] + y, t.box[2] + x, t.box[3] + y)) for t in part.texts
    )
    canvas.bottom = max(canvas.bottom, part.bottom + y)
    canvas.pasted.append((part, x, y))


def png(canvas: Canvas, *, height: int) -> bytes:
    """The top ``height`` rows of ``canvas`` as a PNG, the same bytes as ``canvas.png`` gives.

    Mapping the colours to the palette costs as much as drawing: once the kind's palette is known,
    pasted parts are mapped once and kept, and only what was drawn around them is mapped anew.
    """
    known = learnt()
    if known is None or not canvas.traced:
        return canvas.png(height=height)
    kind, palette = known
    canvas.reach(height)
    picture = Image.new("P", (canvas.width, height), _index(palette, canvas.background))
    picture.putpalette(palette.getpalette() or [])
    for part, x, y in canvas.pasted:
        assert isinstance(part, Part)
        if kind not in part.mapped:
            part.mapped[kind] = tuple(mapped(piece.image, palette) for piece in part.pieces)
        for piece, image in zip(part.pieces, part.mapped[kind], strict=True):
            picture.paste(image, (x, y + piece.dy), piece.mask)
    for top, low in strips(canvas.drawn, height):
        rows = canvas.image.crop((0, top, canvas.width, low))
        picture.paste(mapped(rows, palette), (0, top))
    return encode(picture)


def strips(boxes: list[Box], height: int) -> list[tuple[int, int]]:
    """The row ranges (within ``height``) the boxes cover, overlapping ones merged."""
    merged: list[tuple[int, int]] = []
    for top, low in sorted((max(0, b[1]), min(height, b[3])) for b in boxes):
        if top >= low:
            continue
        if merged and top <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], low))
        else:
            merged.append((top, low))
    return merged


def _index(palette: Image.Image, colour: Rgb) -> int:
    index = mapped(Image.new("RGB", (1, 1), colour), palette).getpixel((0, 0))
    assert isinstance(index, int)
    return index
