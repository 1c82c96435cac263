"""TrueType fonts for the renderers, cached per size and weight.

DejaVu Sans is used when the system has it; otherwise Pillow's built-in
scalable font keeps rendering working on a machine without any fonts.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSansCondensed.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
}

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=128)
def font(size: int, *, bold: bool = False, condensed: bool = False) -> Font:
    """DejaVu Sans (Bold, Condensed) at ``size`` pixels, or Pillow's default font when DejaVu is missing.

    Raises ValueError when ``size`` is not positive.
    """
    if size <= 0:
        raise ValueError(f"A font size must be positive, not {size}.")
    path = FONT_DIR / FILES[(bold, condensed)]
    try:
        return ImageFont.truetype(str(path), size)
    except OSError:
        return ImageFont.load_default(size=size)


# A code point no font has a glyph for (the last private-use one), so it draws as the face's
# "missing glyph" box: any character drawing the same way is missing too.
MISSING = "\U0010fffd"
# The size glyphs are compared at: large enough that two different glyphs never render alike.
PROBE = 24


@lru_cache(maxsize=8)
def _probe(bold: bool, condensed: bool) -> ImageFont.FreeTypeFont | None:
    """The face at PROBE size, laid out without text shaping: each character then maps straight to
    its glyph (or the missing one), several times faster to measure. None for a face that is not
    FreeType (none on a sound install), which cannot be asked."""
    face = font(PROBE, bold=bold, condensed=condensed)
    if not isinstance(face, ImageFont.FreeTypeFont):
        return None
    if not isinstance(face.path, str):
        return face
    return ImageFont.truetype(face.path, PROBE, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=1024)
def _box(text: str, bold: bool, condensed: bool) -> tuple[float, ...] | None:
    """The ink box and advance of ``text`` in one face; None for a face that cannot be asked."""
    face = _probe(bold, condensed)
    return None if face is None else (*face.getbbox(text, anchor="ls"), face.getlength(text))


def _ink(text: str, bold: bool, condensed: bool) -> bytes:
    face = _probe(bold, condensed)
    return b"" if face is None else bytes(face.getmask(text, anchor="ls"))


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """Whether every face (regular, bold, condensed) draws ``char`` rather than an empty box.

    DejaVu Sans covers Latin, Greek, Cyrillic, Arabic and many symbols, but no Chinese, Japanese,
    Korean or emoji: those would show as boxes, which tell players nothing.
    """
    if char.isspace():
        return True
    for bold, condensed in FILES:
        box = _box(char, bold, condensed)
        # A face that cannot be asked is trusted. Comparing boxes settles almost every character;
        # only a box the size of the missing one needs its ink compared.
        missing = box is not None and box == _box(MISSING, bold, condensed)
        if missing and _ink(char, bold, condensed) == _ink(MISSING, bold, condensed):
            return False
    return True


def _visible(char: str) -> bool:
    # Letters, digits, punctuation and symbols; not spaces, marks, joiners or control characters.
    return not char.isspace() and unicodedata.category(char)[0] not in "CMZ"


@lru_cache(maxsize=1024)
def drawable(text: str) -> str:
    """``text`` without the characters the fonts cannot draw, spaces tidied ("🚀 Rocket 🌟 Queen"
    reads "Rocket Queen"); empty when nothing visible remains."""
    kept = "".join(char for char in text if has_glyph(char))
    kept = " ".join(kept.split())
    return kept if any(_visible(char) for char in kept) else ""


def player_name(name: object, seat: int) -> str:
    """A player's name as the images draw it: the characters the fonts can draw, or "Player 3"
    (seats count from 1) when none of it can be drawn, so every player has a readable label."""
    return drawable(str(name or "")) or f"Player {seat + 1}"


def player_names(names: Sequence[object]) -> list[str]:
    """Every seat's ``player_name``, told apart: when two read the same (the characters that set
    them apart cannot be drawn, "Wei 李" and "Wei 王"), each such name carries its seat number."""
    drawn = [player_name(name, seat) for seat, name in enumerate(names)]
    counts = Counter(name.casefold() for name in drawn)
    return [
        f"{name} ({seat + 1})" if counts[name.casefold()] > 1 else name for seat, name in enumerate(drawn)
    ]


# Where a name may break between lines: after a space, a hyphen, an underscore or a slash.
BREAKS = " -_/"


def two_lines(text: str, size: int, width: int, *, bold: bool = True, condensed: bool = False) -> list[str]:
    """``text`` on one line of ``width`` pixels, else split across two: at the space, hyphen or
    underscore that splits it most evenly when both halves then fit, else after the most characters
    the first line holds. The second line may still be too wide (the caller shortens it), but a name
    keeps twice as many characters as one line would: what tells "Alexander Hamilton" from
    "Alexander the Great"."""
    face = font(size, bold=bold, condensed=condensed)

    def fits(line: str) -> bool:
        return face.getlength(line) <= width

    if fits(text):
        return [text]
    halves = [(text[: i + 1].strip(), text[i + 1 :].strip()) for i, char in enumerate(text) if char in BREAKS]
    whole = [(a, b) for a, b in halves if a and b and fits(a) and fits(b)]
    if whole:

        def longer(pair: tuple[str, str]) -> float:
            return max(face.getlength(pair[0]), face.getlength(pair[1]))

        # The most even split reads best: "Bartholomew / Featherstonehaugh-Wy", not a lone "Wy".
        first, rest = min(whole, key=longer)
        return [first, rest]
    cut = max(1, max((i for i in range(1, len(text)) if fits(text[:i])), default=1))
    return [text[:cut].rstrip(), text[cut:].lstrip()]
