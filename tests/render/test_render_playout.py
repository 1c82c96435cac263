from __future__ import annotations

from typing import Any

from engine.core import Event
from render.exobase import RENDERER as EXOBASE
from render.exobase.base import draw_base
from render.exobase.panel import draw_panel
from render.exobase.rows import draw_rows
from tests.render.conftest import open_png


def test_every_state_of_a_seeded_game_renders(played: list[tuple[dict[str, Any], list[Event]]]) -> None:
    assert len(played) > 20
    dice_posts = 0
    for view, events in played:
        for image in EXOBASE.render(view, events):
            assert len(image.data) < 500_000
            png = open_png(image.data)
            assert png.width <= 1600 and png.height <= 2400
            dice_posts += image.filename == "dice.png"
    assert dice_posts > 0


def test_real_states_lay_out_without_overlaps(played: list[tuple[dict[str, Any], list[Event]]]) -> None:
    for view, _ in played[::5]:
        assert draw_panel(view).overlapping_texts() == []
        assert draw_rows(view).overlapping_texts() == []
        assert draw_base(view)[0].overlapping_texts() == []
