from __future__ import annotations

from typing import Any

import pytest

from engine.colony import CONTENT
from render.canvas import Canvas, Placed
from render.colony.common import SHUTDOWN, card_colour
from render.colony.grid import CHOICE, draw_grid, render_grid
from tests.render import colony_views
from tests.render.colony_views import crowded_view, draft_view, long_line_view, over_view, quiet_view
from tests.render.conftest import open_png

VIEWS = {
    "quiet": quiet_view,
    "crowded": crowded_view,
    "won": lambda: over_view(won=True),
    "lost": lambda: over_view(won=False),
    "draft": draft_view,
    "long line": long_line_view,
}


def find(canvas: Canvas, text: str) -> list[Placed]:
    return [p for p in canvas.texts if p.text == text]


def middle_left(box: tuple[int, int, int, int]) -> tuple[int, int]:
    """A pixel just left of a chip's text: inside the chip, outside the glyphs."""
    return box[0] - 4, (box[1] + box[3]) // 2


@pytest.mark.parametrize("name", VIEWS)
def test_grid_text_never_overlaps(name: str) -> None:
    view = VIEWS[name]()
    assert draw_grid(view, CONTENT).overlapping_texts() == []
    data = render_grid(view, CONTENT)
    assert len(data) < 500_000
    image = open_png(data)
    assert 1000 <= image.width <= 1600 and image.height < 2400


def test_every_module_is_named_with_its_coordinates() -> None:
    view = crowded_view()
    texts = " | ".join(p.text for p in draw_grid(view, CONTENT).texts)
    for module in view["grid"]:
        assert module["at"] in texts
        assert module["name"].split()[0] in texts


def test_a_shut_down_module_shows_the_marker_colour() -> None:
    view = crowded_view()
    canvas = draw_grid(view, CONTENT)
    solar = find(canvas, "Solar Field")[0].box
    chips = [p.box for p in find(canvas, "SHUT DOWN") if solar[0] <= p.box[0] < solar[0] + 240]
    assert chips, "the shut-down Solar Field carries a SHUT DOWN chip"
    assert canvas.image.getpixel(middle_left(chips[0])) == SHUTDOWN
    # The frame of a shut-down tile turns to the marker colour; a running module keeps its own colour.
    assert canvas.image.getpixel((solar[0] - 10, solar[3] + 30)) == SHUTDOWN
    fission = find(canvas, "Fission Core")[0].box
    assert canvas.image.getpixel((fission[0] - 10, fission[3] + 30)) == card_colour("yellow")


def test_one_chip_per_token_with_the_resource_named() -> None:
    canvas = draw_grid(crowded_view(), CONTENT)
    assert len(find(canvas, "oxygen loss")) == 4  # three on the Electrolysis Cell, one on the Brine Refinery
    assert len(find(canvas, "EMERGENCY")) == 3 + 1  # three tokens and the legend
    chip = find(canvas, "water loss")[0].box
    assert canvas.image.getpixel(middle_left(chip)) == card_colour("blue")


def test_pawns_and_the_legend_name_every_player_and_character() -> None:
    view = crowded_view()
    texts = [p.text for p in draw_grid(view, CONTENT).texts]
    assert "Chen" in texts and "Dana" in texts
    assert any("their turn" in t for t in texts)
    assert any(t.startswith("Kenji Arashi") for t in texts)


def test_a_long_colony_widens_the_image_instead_of_crushing_tiles() -> None:
    image = open_png(render_grid(long_line_view(), CONTENT))
    assert image.width > 1100
    assert draw_grid(long_line_view(), CONTENT).overlapping_texts() == []


def test_a_view_without_modules_still_draws_the_legend() -> None:
    view: dict[str, Any] = quiet_view()
    view["grid"] = []
    assert "Ada" in [p.text for p in draw_grid(view, CONTENT).texts]


def test_a_pending_placement_marks_every_option() -> None:
    view = crowded_view()
    canvas = draw_grid(view, CONTENT)
    picks = find(canvas, "PICK HERE")
    assert len(picks) == len(view["pending"]["options"]) + 1  # each option and the legend
    assert canvas.image.getpixel(middle_left(picks[0].box)) == CHOICE
    assert find(draw_grid(quiet_view(), CONTENT), "PICK HERE") == []


def test_a_tall_colony_makes_a_tall_image_with_its_legend() -> None:
    view = long_line_view()
    for m in view["grid"]:
        m["x"], m["y"] = m["y"], m["x"]
        m["at"] = f"{m['x']},{m['y']}"
    canvas = draw_grid(view, CONTENT)
    assert canvas.overlapping_texts() == []
    assert canvas.bottom < canvas.image.height
    assert "13,0" not in [p.text for p in canvas.texts] and "0,13" in [p.text for p in canvas.texts]
    assert "SHUT DOWN" in [p.text for p in canvas.texts]


def _farm_view(columns: int) -> dict[str, Any]:
    """A Hydroponic Farm (three effects) with two pawns on it, in a row of ``columns`` modules."""
    view = quiet_view()
    view["players"].append({**view["players"][0], "seat": 1, "name": "Bo"})
    farm = colony_views.module((1, 0), "hydroponic_farm", pawns=[0, 1])
    tile = colony_views.module
    view["grid"] = [tile((0, 0), "hub"), farm] + [tile((x, 0), "moss_wall") for x in range(2, columns)]
    return view


@pytest.mark.parametrize(("columns", "energy"), [(3, "energy \u22121"), (7, "enr \u22121")])
def test_every_effect_of_a_module_shows_above_its_pawns(
    columns: int, energy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pawns: list[tuple[int, int, int]] = []
    monkeypatch.setattr(
        "render.colony.grid.founder_disc", lambda _c, cx, cy, r, *_a: pawns.append((cx, cy, r))
    )
    canvas = draw_grid(_farm_view(columns), CONTENT)
    lines = [p.box for p in canvas.texts if p.text.endswith(energy) or p.text == energy]
    assert len(lines) == 1, f"the farm's {energy} is drawn"
    line = lines[0]
    on_farm = [(cx, cy, r) for cx, cy, r in pawns if line[0] - 20 <= cx <= line[0] + 250 and cy < 700]
    assert len(on_farm) == 2 and all(cy - r - 5 > line[3] for _cx, cy, r in on_farm)
    assert canvas.overlapping_texts() == []
