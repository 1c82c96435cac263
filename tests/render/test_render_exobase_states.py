"""ExoBase's images on states of real greedy games: wide bases that fold, tall ones, busy founders."""

from __future__ import annotations

import re
from typing import Any

import pytest

from render.exobase import RENDERER
from render.exobase.base import draw_base
from render.exobase.layout import DETAILS
from render.exobase.panel import draw_panel
from render.exobase.rows import draw_rows
from tests.render.conftest import open_png
from tests.render.exobase_checks import chip_offsets, inside
from tests.render.playout import greedy_game

# (seed, mode, team): games whose bases fold into two bands, grow tall, or crowd a team's base.
GREEDY = [
    (7, "hardcore", False),
    (3, "normal", False),
    (11, "normal", True),
    (1, "normal", True),
    (1, "hardcore", False),
]
ELLIPSIS = "\u2026"


def sampled(seed: int, mode: str, team: bool) -> list[dict[str, Any]]:
    views = greedy_game(seed, mode, team)
    return [*views[::6], views[-1]]


def upgrade_parts(label: str) -> tuple[str, str]:
    """The price up to the level it reaches, and the benefit after it ("" for none)."""
    text = label.replace(" -> ", " \u2192 ")
    match = re.fullmatch(r"(.*?\u2192 L\d+),?\s*(.*)", text)
    assert match, label
    return match[1], "" if match[2] == "nothing" else match[2]


@pytest.mark.parametrize("game", GREEDY)
def test_bases_line_rows_up_across_bands_and_draw_every_upgrade_whole(game: tuple[int, str, bool]) -> None:
    folded = 0
    for view in sampled(*game):
        canvas, grid = draw_base(view)
        assert not [p.text for p in canvas.texts if p.text.endswith(ELLIPSIS)]
        assert canvas.overlapping_texts() == []
        if grid.bands > 1:
            folded += 1
            offsets = chip_offsets(canvas, grid, list(view["base"]))
            assert all(len(depths) == 1 for depths in offsets.values()), offsets
        for card in view["base"]:
            tile = " ".join(p.text for p in canvas.texts if inside(p.box, grid, card))
            if card["upgrade"]:
                price, benefit = upgrade_parts(card["upgrade"]["label"])
                assert price in tile and benefit in tile, (card["name"], tile)
            if grid.detail == DETAILS[0]:
                for space in card["spaces"]:
                    assert space["label"].replace(" -> ", " \u2192 ") in tile, (card["name"], tile)
    # The audit's folded base: hardcore seed 7 spreads over six columns by its end.
    assert folded or game != (7, "hardcore", False)


def test_a_crowded_team_base_keeps_full_detail() -> None:
    # The audit's case: day 5 of a team game, a 5 x 5 base once drawn without upgrades or L2/L3 spaces.
    views = greedy_game(11, "normal", True)
    _, grid = draw_base(views[len(views) // 2])
    assert grid.cols == 5 and grid.detail == DETAILS[0]


@pytest.mark.parametrize("game", GREEDY)
def test_panel_and_rows_draw_every_text_whole(game: tuple[int, str, bool]) -> None:
    for view in sampled(*game):
        for canvas in (draw_panel(view), draw_rows(view)):
            assert not [p.text for p in canvas.texts if p.text.endswith(ELLIPSIS)]
            assert canvas.overlapping_texts() == []


@pytest.mark.parametrize("game", GREEDY)
def test_the_last_state_renders_small_enough_to_post(game: tuple[int, str, bool]) -> None:
    view = greedy_game(*game)[-1]
    for image in RENDERER.render(view, []):
        assert len(image.data) < 500_000
        png = open_png(image.data)
        # Labels stay 11 px or more in a 550-pixel preview.
        assert png.width <= 1400
