"""TrueType fonts for the renderers, cached per size and weight.

DejaVu Sans is used when the system has it; otherwise Pillow's built-in
scalable font keeps rendering working on a machine without any fonts.
"""

from __future__ import annotations

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
