from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageFont

from render import fonts


def test_dejavu_is_used_and_cached() -> None:
    face = fonts.font(24, bold=True)
    assert isinstance(face, ImageFont.FreeTypeFont)
    assert fonts.font(24, bold=True) is face
    if (fonts.FONT_DIR / "DejaVuSans-Bold.ttf").exists():
        assert "DejaVu" in face.getname()[0]


def test_missing_fonts_fall_back_to_the_builtin_scalable_font(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "FONT_DIR", Path("/nonexistent/fonts"))
    fonts.font.cache_clear()
    try:
        face = fonts.font(30)
        assert face.getbbox("Hab")[3] > 15
    finally:
        fonts.font.cache_clear()


def test_a_size_must_be_positive() -> None:
    with pytest.raises(ValueError):
        fonts.font(0)
