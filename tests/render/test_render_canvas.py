from __future__ import annotations

from PIL import Image, ImageDraw

from render.canvas import MIN_TEXT, Canvas, overlaps, text_width, wrap_text
from render.theme import ACCENT, OUTLINE, SURFACE, TEXT


def test_fit_shrinks_then_shortens() -> None:
    canvas = Canvas(400, 100)
    size, text = canvas.fit("Greenhouse", 30, 1000)
    assert (size, text) == (30, "Greenhouse")
    size, text = canvas.fit("Greenhouse", 30, 150)
    assert MIN_TEXT <= size < 30 and text == "Greenhouse"
    size, text = canvas.fit("A very long location name indeed", 30, 150)
    assert size == MIN_TEXT and text.endswith("…")
    assert canvas.measure(text, size) <= 150


def test_text_boxes_are_recorded_and_overlaps_found() -> None:
    canvas = Canvas(400, 200)
    canvas.text(10, 10, "Hab", 30, TEXT)
    canvas.text(10, 100, "Well", 30, TEXT)
    assert canvas.overlapping_texts() == []
    canvas.text(20, 15, "Mine", 30, TEXT)
    assert len(canvas.overlapping_texts()) == 1
    assert overlaps((0, 0, 10, 10), (5, 5, 15, 15))
    assert not overlaps((0, 0, 10, 10), (10, 0, 20, 10))


def test_wrap_keeps_lines_within_width() -> None:
    lines = wrap_text("Pay one water to gain two of any resource you like", 24, 200)
    assert len(lines) > 1
    assert all(text_width(line, 24, bold=False) <= 200 for line in lines)
    assert " ".join(lines) == "Pay one water to gain two of any resource you like"


def test_stamped_shapes_match_drawn_ones_and_each_colour_gets_its_own() -> None:
    canvas = Canvas(400, 200)
    drawn = Image.new("RGB", (400, 200), canvas.background)
    pen = ImageDraw.Draw(drawn)
    for fill in (SURFACE, ACCENT, None):
        canvas.rect((10, 10, 70, 50), fill, outline=OUTLINE, width=3, radius=9)
        pen.rounded_rectangle((10, 10, 70, 50), radius=9, fill=fill, outline=OUTLINE, width=3)
        canvas.disc(150, 100, 17, fill or TEXT, outline=OUTLINE, width=2)
        pen.ellipse((133, 83, 167, 117), fill=fill or TEXT, outline=OUTLINE, width=2)
        assert canvas.image.tobytes() == drawn.tobytes()
        assert canvas.image.getpixel((40, 30)) == (fill or ACCENT)
