from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageFont

from render import fonts
from render.canvas import text_width
from render.exobase import Roll, render_base, render_dice, render_panel, render_rows
from render.exobase.panel import draw_panel
from tests.render.conftest import open_png
from tests.render.views import crowded_view


def test_dejavu_is_used_and_cached() -> None:
    face = fonts.font(24, bold=True)
    assert isinstance(face, ImageFont.FreeTypeFont)
    assert fonts.font(24, bold=True) is face
    if (fonts.FONT_DIR / "DejaVuSans-Bold.ttf").exists():
        assert "DejaVu" in str(face.getname()[0])


def test_missing_fonts_fall_back_to_the_builtin_scalable_font(monkeypatch: pytest.MonkeyPatch) -> None:
    # Pillow also searches the system font folders by file name, so the names must be missing too.
    monkeypatch.setattr(fonts, "FONT_DIR", Path("/nonexistent/fonts"))
    monkeypatch.setattr(fonts, "FILES", dict.fromkeys(fonts.FILES, "no-such-font.ttf"))
    fonts.font.cache_clear()
    try:
        face = fonts.font(30)
        assert isinstance(face, ImageFont.FreeTypeFont)
        assert "DejaVu" not in str(face.getname()[0])
        assert face.getbbox("Hab")[3] > 15
    finally:
        fonts.font.cache_clear()


def test_a_size_must_be_positive() -> None:
    with pytest.raises(ValueError):
        fonts.font(0)


def test_every_image_renders_without_system_fonts(monkeypatch: pytest.MonkeyPatch) -> None:
    # Pillow also searches the system font folders by file name, so the names must be missing too.
    monkeypatch.setattr(fonts, "FONT_DIR", Path("/nonexistent/fonts"))
    monkeypatch.setattr(fonts, "FILES", dict.fromkeys(fonts.FILES, "no-such-font.ttf"))
    fonts.font.cache_clear()
    text_width.cache_clear()
    try:
        view = crowded_view()
        for data in (
            render_base(view),
            render_panel(view),
            render_rows(view),
            render_dice([Roll("d", (3,))]),
        ):
            open_png(data)
        assert draw_panel(view).overlapping_texts() == []
    finally:
        fonts.font.cache_clear()
        text_width.cache_clear()
