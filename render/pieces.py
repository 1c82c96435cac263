"""Pieces of a picture kept once drawn: a tile of the base, a card of a row.

From one command to the next most of a picture is the same: a founder placed changes one tile of
the base, and none of the cards on offer. A piece is the pixels of such a part (with the texts it
placed and how low it reached), kept under a key that names everything those pixels depend on;
pasting it back gives the same picture as drawing it again, in a small part of the time.

The cache is bounded by the memory its pixels take (five bytes a pixel: Pillow's four of RGB, and
the palette image mapped from them), least recently used first out, and shared by the threads
images are drawn in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from render.cache import Bounded
from render.palette import map_pixels

DEFAULT_MEGABYTES = 64
# Pillow keeps four bytes a pixel of RGB, and one of the palette image kept beside it.
_BYTES_PER_PIXEL = 5


@dataclass(frozen=True)
class Piece:
    """A drawn part: its pixels at ``box``, the texts it placed, the lowest row it drew on and what its
    drawing returned."""

    box: tuple[int, int, int, int]
    pixels: Image.Image
    texts: tuple[Any, ...]
    bottom: int
    result: Any
    # The pixels mapped onto a palette, by the palette's id (the palette is kept beside them, so the
    # id cannot pass to another one): most pieces meet only the palette of their image kind.
    _mapped: dict[int, tuple[Image.Image, Image.Image]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def mapped(self, palette: Image.Image) -> Image.Image:
        """The pixels mapped onto ``palette`` (mode "P"), mapped once and then kept."""
        found = self._mapped.get(id(palette))
        if found is None:
            found = self._mapped[id(palette)] = (palette, map_pixels(self.pixels, palette))
        return found[1]

    @property
    def weight(self) -> int:
        return self.pixels.width * self.pixels.height * _BYTES_PER_PIXEL


class PieceCache(Bounded[Piece]):
    """Pieces by key, at most ``limit`` bytes of pixels; 0 keeps nothing. Thread-safe."""

    def __init__(self, limit: int) -> None:
        super().__init__(limit, lambda piece: piece.weight)


PIECES = PieceCache(DEFAULT_MEGABYTES << 20)


def configure(megabytes: int) -> None:
    """Keep at most ``megabytes`` MiB of drawn pieces (0 turns the cache off); ValueError if < 0."""
    if megabytes < 0:
        raise ValueError(f"A cache size cannot be negative, not {megabytes} MiB.")
    PIECES.resize(megabytes << 20)
