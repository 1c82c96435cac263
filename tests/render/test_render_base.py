from __future__ import annotations

from typing import Any

import pytest

from render.exobase.base import draw_base, render_base
from render.exobase.layout import (
    DETAILS,
    EMPTY_ROW,
    FOOT,
    GAP,
    LABEL_SIZE,
    MAX_HEIGHT,
    PAD,
    PEOPLE,
    entries,
    fitted,
    lines_of,
)
from render.theme import DAMAGE, DOOR
from tests.render.conftest import open_png
from tests.render.exobase_checks import chip_offsets, inside
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
    footer = oy + grid.row_height(mine["y"]) - FOOT + 2
    token = (ox + grid.tile_w - PAD - 17 - 12, footer - PEOPLE + 17)
    assert canvas.image.getpixel(token) == DAMAGE
    healthy = next(c for c in view["base"] if c["card"] == "hab")
    hx, hy = grid.origin(healthy["x"], healthy["y"])
    assert (
        canvas.image.getpixel(
            (
                hx + grid.tile_w - PAD - 17 - 12,
                hy + grid.row_height(healthy["y"]) - FOOT - PEOPLE + 19,
            )
        )
        != DAMAGE
    )


def test_doors_are_drawn_on_their_edges() -> None:
    view = fresh_view()
    canvas, grid = draw_base(view)
    greenhouse = view["base"][0]
    ox, oy = grid.origin(greenhouse["x"], greenhouse["y"])
    middle = oy + grid.row_height(greenhouse["y"]) // 2
    assert canvas.image.getpixel((ox + grid.tile_w + 4, middle)) == DOOR  # E door
    assert canvas.image.getpixel((ox + 4, middle)) != DOOR  # no W door


def test_a_very_tall_base_drops_detail_but_keeps_every_upgrade() -> None:
    view: dict[str, Any] = fresh_view()
    column = [dict(view["base"][0], card=f"c{i}", name=f"Card {i}", x=0, y=2 + i) for i in range(12)]
    view["base"] = view["base"] + column
    canvas, grid = draw_base(view)
    assert grid.rows == 14 and grid.detail < DETAILS[0]
    assert grid.height <= MAX_HEIGHT
    assert canvas.overlapping_texts() == []
    texts = [placed.text for placed in canvas.texts]
    assert texts.count("2 metal, 1 water \u2192 L2") == 1 + len(column)


def test_every_founder_appears_in_the_legend() -> None:
    canvas, _ = draw_base(crowded_view())
    texts = {placed.text for placed in canvas.texts}
    assert {"Aoki", "Kamal", "Li (dead)", "Burman"} <= texts


def test_founders_standing_on_a_tile_are_named_beside_their_markers() -> None:
    # Initials alone are too small to read in a 550-pixel preview of a wide base.
    view: dict[str, Any] = fresh_view()
    for founder in view["founders"][2:]:
        founder["at"] = None
    canvas, grid = draw_base(view)
    hab = next(card for card in view["base"] if card["card"] == "hab")
    on_hab = [placed.text for placed in canvas.texts if inside(placed.box, grid, hab)]
    assert "Aoki" in on_hab and "Kamal" in on_hab
    assert canvas.overlapping_texts() == []
    # More than the strip holds with names: the markers alone, none cut.
    crowded: dict[str, Any] = fresh_view()
    canvas, grid = draw_base(crowded)
    on_hab = [placed.text for placed in canvas.texts if inside(placed.box, grid, hab)]
    assert "Aoki" not in on_hab and not [text for text in on_hab if text.endswith("\u2026")]


def test_long_labels_wrap_whole_with_arrows_instead_of_being_cut() -> None:
    view: dict[str, Any] = fresh_view()
    card = view["base"][0]
    card["upgrade"] = dict(card.get("upgrade") or {}, label="3 minerals, 1 food -> L2, +1 water production")
    card["spaces"] = [dict(card["spaces"][0], label="L3: 1 water -> +4 food and +1 any resource")]
    canvas, grid = draw_base(view)
    assert grid.detail == DETAILS[0]
    texts = [placed.text for placed in canvas.texts]
    assert not [text for text in texts if text.endswith("\u2026") or "->" in text]
    assert any("\u2192" in text for text in texts)
    assert canvas.overlapping_texts() == []


def test_rows_are_only_as_tall_as_their_cards() -> None:
    view: dict[str, Any] = fresh_view()
    first = view["base"][0]
    bottom = max(card["y"] for card in view["base"])
    lonely = dict(first, card="far", name="Far Post", y=bottom + 3, spaces=[], upgrade=None)
    view["base"] = [*view["base"], lonely]
    _, grid = draw_base(view)
    below = bottom - grid.min_y
    assert grid.heights[below + 1] == grid.heights[below + 2] == EMPTY_ROW
    assert grid.heights[below + 3] < grid.heights[below]


def test_five_columns_stay_readable_in_a_550_pixel_preview() -> None:
    view: dict[str, Any] = fresh_view()
    first = view["base"][0]
    bottom = max(card["y"] for card in view["base"])
    row = [dict(first, card=f"r{i}", name=f"Room {i}", x=first["x"] + i, y=bottom + 1) for i in range(5)]
    view["base"] = [*view["base"], *row]
    canvas, grid = draw_base(view)
    assert grid.cols == 5
    # Labels show at 11 px or more when the preview shrinks the image to 550 px wide.
    assert LABEL_SIZE * 550 / canvas.width >= 11


@pytest.mark.parametrize("columns", [6, 7])
def test_a_wider_base_folds_into_bands_that_stay_readable_at_550_pixels(columns: int) -> None:
    view: dict[str, Any] = crowded_view()
    first = view["base"][0]
    bottom = max(card["y"] for card in view["base"])
    left = min(card["x"] for card in view["base"])
    row = [
        dict(first, card=f"r{i}", name=f"Room {i}", x=left + i, y=bottom + 1, doors=["E", "W"])
        for i in range(columns)
    ]
    view["base"] = [*view["base"], *row]
    canvas, grid = draw_base(view)
    assert grid.cols == columns and grid.bands == 2 and grid.detail == DETAILS[0]
    assert LABEL_SIZE * 550 / canvas.width >= 11
    boxes = []
    for card in view["base"]:
        ox, oy = grid.origin(card["x"], card["y"])
        box = (ox, oy, ox + grid.tile_w, oy + grid.row_height(card["y"]))
        assert box[0] >= 0 and box[2] <= canvas.width and box[3] <= canvas.image.height
        boxes.append(box)
    # No two tiles share pixels, whichever band they fell in.
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    texts = [placed.text for placed in canvas.texts]
    assert any(text.startswith("\u2193 Columns") for text in texts)
    assert not [text for text in texts if text.endswith("\u2026")]
    assert canvas.overlapping_texts() == []


def test_folded_bands_draw_only_their_own_rows_and_name_a_level_pair() -> None:
    # The left band holds only row 0, the right one rows -1 to 1 (a base that grew up and down on
    # its right): each band draws its own rows only, every row as tall in both, and the note over
    # the fold names two locations of row 0 so neighbours still read across.
    view: dict[str, Any] = fresh_view()
    first = view["base"][0]
    left = [dict(first, card=f"w{i}", name=f"West {i}", x=-3 + i, y=0) for i in range(3)]
    north = dict(first, card="north", name="North", x=2, y=-1)
    view["base"] = [*view["base"], *left, north]
    canvas, grid = draw_base(view)
    assert grid.bands == 2 and grid.rows == 3
    offsets = chip_offsets(canvas, grid, view["base"])
    assert set(offsets) == {-1, 0, 1}
    assert all(len(depths) == 1 for depths in offsets.values())
    # The left band starts at its own row: no blank row above its cards.
    assert grid.band_height(0) == grid.row_height(0) + GAP
    texts = [placed.text for placed in canvas.texts]
    level = next(t for t in texts if t.endswith("there."))
    assert level.endswith("is level with West 2 there.")
    assert canvas.overlapping_texts() == []


def test_a_tile_uses_its_spare_height_before_squeezing_a_label() -> None:
    card: dict[str, Any] = dict(fresh_view()["base"][0])
    card["spaces"] = [dict(card["spaces"][0], label="1 water -> +4 food and +1 of any resource you like")]
    card["upgrade"] = {"label": "3 water, 2 metal + 1 energy -> L3, +1 food production", "occupant": None}
    space, upgrade = entries(card, 240, 2)
    assert len(space.lines) > 2 and len(upgrade.lines) > 2
    # Detail 2 sizes the row for two lines of the space, but the upgrade always whole.
    assert lines_of(card, 240, 2) == 2 + len(upgrade.lines)
    # A taller neighbour leaves room: the label keeps all its lines.
    assert fitted([space, upgrade], 20) == [space, upgrade]
    squeezed, kept = fitted([space, upgrade], 2 + len(upgrade.lines))
    assert len(squeezed.lines) == 2 and kept == upgrade
    assert " ".join(squeezed.lines) == " ".join(space.lines)


def test_the_upgrade_is_drawn_whole_even_at_the_lowest_detail() -> None:
    view: dict[str, Any] = fresh_view()
    first = view["base"][0]
    label = "3 water, 2 metal + 1 energy -> L3, +1 food production"
    column = [
        dict(first, card=f"c{i}", name=f"Card {i}", x=i % 5, y=2 + i // 5, upgrade={"label": label})
        for i in range(40)
    ]
    view["base"] = view["base"] + column
    canvas, grid = draw_base(view)
    assert grid.detail == DETAILS[-1]
    texts = " | ".join(placed.text for placed in canvas.texts)
    assert "\u2026" not in texts
    tiles = [" ".join(p.text for p in canvas.texts if inside(p.box, grid, card)) for card in column]
    for text in tiles:
        assert "3 water, 2 metal + 1 energy \u2192 L3" in text and "+1 food production" in text


def test_a_band_draws_a_row_without_its_own_locations_as_a_short_gap() -> None:
    # The right band (the core four and South) has nothing in row 2: the left band's tall row 2
    # takes no height there.
    view: dict[str, Any] = fresh_view()
    first = view["base"][0]
    left = [dict(first, card=f"w{i}", name=f"West {i}", x=-3, y=i) for i in range(4)]
    south = dict(first, card="south", name="South", x=2, y=3)
    view["base"] = [*view["base"], *left, south]
    _, grid = draw_base(view)
    assert grid.bands == 2
    assert grid.band_heights(1)[2 - grid.starts[1]] == EMPTY_ROW
    assert grid.band_heights(0)[2 - grid.starts[0]] > EMPTY_ROW
