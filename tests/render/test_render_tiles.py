from __future__ import annotations

import copy
from typing import Any

from PIL import Image

from render.canvas import Canvas
from render.exobase.panel import draw_panel, render_panel
from render.palette import palette_kind
from render.tiles import BYTES_PER_PIXEL, PARTS, Part, PartCache, Piece, band, strips
from tests.render.conftest import open_png
from tests.render.views import crowded_view


def _pixels(data: bytes) -> bytes:
    return open_png(data).convert("RGB").tobytes()


def _fresh(view: dict[str, Any]) -> bytes:
    PARTS.clear()
    return render_panel(view)


def test_a_changed_section_never_shows_its_old_band() -> None:
    with palette_kind("test/tiles"):
        view = crowded_view()
        render_panel(view)
        changed = copy.deepcopy(view)
        changed["storage"]["metal"] = 1
        changed["founders"][0]["health"] = 1
        changed["energy"]["supply"] = 0
        drawn = render_panel(changed)
        assert _pixels(drawn) == _pixels(_fresh(changed))
        assert _pixels(drawn) != _pixels(_fresh(view))


def test_pasted_sections_encode_as_the_whole_canvas_does() -> None:
    with palette_kind("test/tiles-bytes"):
        view = crowded_view()
        first = render_panel(view)
        again = render_panel(view)
        canvas = draw_panel(view)
        assert first == again == canvas.png(height=canvas.bottom + 28)


def test_a_band_records_its_texts_where_it_is_pasted() -> None:
    def section(canvas: Canvas, word: str, y: int) -> int:
        canvas.text(10, y, word, 30, (255, 255, 255))
        return y + 50

    for _ in range(2):
        canvas = Canvas(400, 1000, start=200)
        end = band(canvas, 300, section, "hello")
        assert end == 350
        (placed,) = canvas.texts
        assert placed.text == "hello" and placed.box[1] == 300


def test_the_cache_keeps_the_recent_bands_within_its_budget() -> None:
    cache = PartCache(budget=3 * BYTES_PER_PIXEL * 100)

    def part() -> Part:
        return Part((Piece(Image.new("RGB", (10, 10)), 0),), (), 0, 10)

    for key in "abcd":
        cache.put(key, part())
    assert len(cache) == 3 and cache.get("a") is None and cache.get("d") is not None
    cache.clear()
    assert len(cache) == 0 and cache.used == 0


def test_strips_merge_overlapping_rows() -> None:
    assert strips([(0, 5, 9, 20), (3, 18, 4, 30), (0, 40, 1, 50), (0, 90, 1, 120)], 100) == [
        (5, 30),
        (40, 50),
        (90, 100),
    ]
