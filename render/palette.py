"""Palettes for PNG encoding, learnt once per image kind.

A flat dark theme survives a palette of a few hundred colours, which makes the file and the encoding
several times smaller than truecolour. Learning a palette costs about as much as encoding, so each
kind of image (the base, the panel...) learns one from its first picture and reuses it. So that
colours absent from that first picture (a damage marker, a fifth founder) still map closely, the
sample also holds every theme colour and its anti-aliased blends with the backgrounds.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from PIL import Image

from render import theme

COLOURS = 192
SAMPLE_FACTOR = 3
BLENDS = (0.25, 0.5, 0.75, 1.0)
# Each swatch colour is a small square so the quantizer weighs it like a real detail of the image.
SWATCH_CELL = 4

_kind: ContextVar[str | None] = ContextVar("palette_kind", default=None)
_learnt: dict[str, Image.Image] = {}
_lock = threading.Lock()


@contextmanager
def palette_kind(kind: str) -> Iterator[None]:
    """Images encoded inside this block share the palette learnt for ``kind``."""
    token = _kind.set(kind)
    try:
        yield
    finally:
        _kind.reset(token)


def to_palette(image: Image.Image, rows: int | None = None) -> Image.Image:
    """``image`` mapped onto its kind's palette, learnt now if this is the kind's first image.

    Only the top ``rows`` rows (all by default) are the picture: the palette is learnt from them
    alone, while every row is mapped (a pixel maps to the same entry wherever it is).
    """
    palette = current_palette(image, rows)
    if palette is None:
        palette = learn(_shown(image, rows))
    return map_pixels(image, palette)


def current_palette(image: Image.Image, rows: int | None = None) -> Image.Image | None:
    """The palette of the kind being drawn (learnt from ``image``'s top ``rows`` if this is its first
    picture), or None outside ``palette_kind``."""
    kind = _kind.get()
    if kind is None:
        return None
    palette = _learnt.get(kind)
    if palette is None:
        palette = learn(_shown(image, rows))
        with _lock:
            palette = _learnt.setdefault(kind, palette)
    return palette


def map_pixels(image: Image.Image, palette: Image.Image) -> Image.Image:
    """Each pixel of ``image`` as its nearest entry of ``palette``, with no dithering: a pixel maps to
    the same entry whatever surrounds it, so parts of a picture may be mapped apart."""
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def map_box(image: Image.Image, box: tuple[int, int, int, int], palette: Image.Image) -> Any:
    """The pixels of ``image`` (RGB) inside ``box`` mapped as ``map_pixels`` maps them, as Pillow's
    core image: a picture is mapped in a few dozen parts, and this skips the ten or so microseconds
    that going through ``Image`` objects adds to each (copying the palette, checking modes)."""
    return image.im.crop(box).convert("P", Image.Dither.NONE, palette.im)


def _shown(image: Image.Image, rows: int | None) -> Image.Image:
    return image if rows is None or rows == image.height else image.crop((0, 0, image.width, rows))


def learn(image: Image.Image) -> Image.Image:
    """A palette image learnt from a reduced copy of ``image`` plus the theme swatch."""
    small = image.reduce(SAMPLE_FACTOR)
    swatch = theme_swatch()
    sample = Image.new(
        "RGB", (max(small.width, swatch.width), small.height + swatch.height), theme.BACKGROUND
    )
    sample.paste(small, (0, 0))
    sample.paste(swatch, (0, small.height))
    return sample.quantize(COLOURS, method=Image.Quantize.FASTOCTREE)


def theme_swatch() -> Image.Image:
    """Every theme colour blended at a few strengths over each background, one square cell each."""
    backgrounds = (theme.BACKGROUND, theme.SURFACE, theme.SURFACE_DIM)
    colours = sorted(set(theme.colours()))
    cells = [
        tuple(round(back[i] + (colour[i] - back[i]) * blend) for i in range(3))
        for colour in colours
        for back in backgrounds
        for blend in BLENDS
    ]
    strip = Image.new("RGB", (len(cells), 1))
    strip.putdata(cells)
    return strip.resize((len(cells) * SWATCH_CELL, SWATCH_CELL), Image.Resampling.NEAREST)
