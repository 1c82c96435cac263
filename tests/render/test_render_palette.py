from __future__ import annotations

from PIL import Image

from render.palette import learn, palette_kind, to_palette
from render.theme import BACKGROUND, DAMAGE, FOUNDER_COLOURS, SURFACE, TEXT


def close(a: tuple[int, ...], b: tuple[int, ...], within: int) -> bool:
    return all(abs(x - y) <= within for x, y in zip(a, b, strict=True))


def test_a_kind_learns_once_and_later_colours_still_map_closely() -> None:
    plain = Image.new("RGB", (300, 200), BACKGROUND)
    plain.paste(SURFACE, (20, 20, 280, 180))
    with palette_kind("test/once"):
        first = to_palette(plain)
        busy = plain.copy()
        colours = [DAMAGE, TEXT, *FOUNDER_COLOURS]
        for index, colour in enumerate(colours):
            busy.paste(colour, (20 + index * 20, 60, 36 + index * 20, 76))
        later = to_palette(busy).convert("RGB")
    assert first.mode == "P"
    # The palette learnt from the plain picture is reused, and still holds the theme's colours.
    assert first.getpalette() == to_palette_in("test/once", busy).getpalette()
    for index, colour in enumerate(colours):
        pixel = later.getpixel((28 + index * 20, 68))
        assert isinstance(pixel, tuple) and close(pixel, colour, 12), (colour, pixel)


def to_palette_in(kind: str, image: Image.Image) -> Image.Image:
    with palette_kind(kind):
        return to_palette(image)


def test_without_a_kind_each_image_learns_its_own() -> None:
    red = Image.new("RGB", (60, 60), (200, 30, 30))
    pixel = to_palette(red).convert("RGB").getpixel((5, 5))
    assert isinstance(pixel, tuple) and close(pixel, (200, 30, 30), 8)
    assert learn(red).mode == "P"
