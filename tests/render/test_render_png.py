from __future__ import annotations

import io

import pytest
from PIL import Image

from render.canvas import Canvas
from render.icons import bolt, damage_token, warning
from render.png import encode
from render.theme import ACCENT, OUTLINE, SURFACE, TEXT
from tests.render.conftest import open_png


def quantized() -> Image.Image:
    canvas = Canvas(300, 120)
    canvas.rect((10, 10, 200, 100), SURFACE, OUTLINE, 3, radius=12)
    canvas.text(20, 30, "Oxygen 3 / 6", 30, ACCENT)
    return canvas.image.quantize(64)


def test_encoded_png_decodes_to_the_same_pixels_as_pillows() -> None:
    image = quantized()
    pillow = io.BytesIO()
    image.save(pillow, format="PNG")
    ours = open_png(encode(image)).convert("RGB")
    assert ours.tobytes() == Image.open(pillow).convert("RGB").tobytes()


def test_only_the_top_rows_are_written_when_asked() -> None:
    image = quantized()
    top = open_png(encode(image, 50))
    assert top.size == (300, 50)
    assert top.convert("RGB").tobytes() == image.crop((0, 0, 300, 50)).convert("RGB").tobytes()
    with pytest.raises(ValueError):
        encode(image, 121)
    with pytest.raises(ValueError):
        encode(image.convert("RGB"))


def draw(canvas: Canvas) -> None:
    canvas.text(20, 10, "Founders", 30, TEXT)
    canvas.rect((20, 300, 500, 420), SURFACE, OUTLINE, 3, radius=12)
    bolt(canvas, 40, 640, 30)
    warning(canvas, 80, 900, 24)
    damage_token(canvas, 200, 1300, 17)
    canvas.text(20, 1500, "below the first rows", 30, ACCENT)


def test_a_growing_canvas_draws_the_same_picture_as_a_full_one() -> None:
    full, growing = Canvas(600, 2000), Canvas(600, 2000, start=200)
    draw(full)
    draw(growing)
    assert growing.image.height < full.image.height
    for height in (1560, None):
        assert open_png(growing.png(height=height)).tobytes() == open_png(full.png(height=height)).tobytes()


def test_rows_past_the_limit_come_out_black_as_a_crop_gives_them() -> None:
    canvas = Canvas(100, 50, start=20)
    picture = open_png(canvas.png(height=60)).convert("RGB")
    assert picture.size == (100, 60)
    assert picture.getpixel((5, 55)) == (0, 0, 0)
