from __future__ import annotations

from typing import Any

from render.exobase.base import DETAILS, FOOT, PAD, PEOPLE, draw_base, render_base
from render.theme import DAMAGE, DOOR
from tests.render.conftest import open_png
from tests.render.views import crowded_view, fresh_view


def test_fresh_base_is_a_small_valid_png() -> None:
    image = open_png(render_base(fresh_view()))
    assert 800 <= image.width <= 1400
    assert 300 <= image.height <= 1500


def test_crowded_base_fits_and_text_never_overlaps() -> None:
    data = render_base(crowded_view())
    assert len(data) < 500_000
    canvas, grid = draw_base(crowded_view())
    assert grid.cols == 4 and grid.rows == 3
    assert canvas.overlapping_texts() == []


def test_damage_token_shows_the_damage_colour() -> None:
    view = crowded_view()
    canvas, grid = draw_base(view)
    mine = next(c for c in view["base"] if c["card"] == "mine")
    ox, oy = grid.origin(mine["x"], mine["y"])
    footer = oy + grid.tile_h - FOOT + 2
    token = (ox + grid.tile_w - PAD - 17 - 12, footer - PEOPLE + 17)
    assert canvas.image.getpixel(token) == DAMAGE
    healthy = next(c for c in view["base"] if c["card"] == "hab")
    hx, hy = grid.origin(healthy["x"], healthy["y"])
    assert (
        canvas.image.getpixel((hx + grid.tile_w - PAD - 17 - 12, hy + grid.tile_h - FOOT - PEOPLE + 19))
        != DAMAGE
    )


def test_doors_are_drawn_on_their_edges() -> None:
    view = fresh_view()
    canvas, grid = draw_base(view)
    greenhouse = view["base"][0]
    ox, oy = grid.origin(greenhouse["x"], greenhouse["y"])
    assert canvas.image.getpixel((ox + grid.tile_w + 4, oy + grid.tile_h // 2)) == DOOR  # E door
    assert canvas.image.getpixel((ox + 4, oy + grid.tile_h // 2)) != DOOR  # no W door


def test_a_tall_base_drops_detail_to_stay_readable() -> None:
    view: dict[str, Any] = fresh_view()
    column = [dict(view["base"][0], card=f"c{i}", name=f"Card {i}", x=0, y=2 + i) for i in range(6)]
    view["base"] = view["base"] + column
    canvas, grid = draw_base(view)
    assert grid.rows == 8 and grid.detail < DETAILS[0]
    assert grid.tile_h < 200
    assert canvas.overlapping_texts() == []


def test_every_founder_appears_in_the_legend() -> None:
    canvas, _ = draw_base(crowded_view())
    texts = {placed.text for placed in canvas.texts}
    assert {"Aoki", "Kamal", "Li (dead)", "Burman"} <= texts
