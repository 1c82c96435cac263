"""Player names the fonts cannot draw (emoji, Chinese, Japanese, Korean) and names too long for
one line: every image draws each player with a readable label."""

from __future__ import annotations

from typing import Any

import pytest

from engine.colony import CONTENT
from engine.europa import RULES as EUROPA
from engine.spacebase import RULES as SPACEBASE
from render.canvas import Canvas
from render.colony.common import markers, turn_line
from render.colony.grid import draw_grid
from render.colony.hands import draw_hands
from render.colony.images import renderer as colony_renderer
from render.europa.hand import draw_hand
from render.europa.table import draw_table, table_text
from render.fonts import drawable, has_glyph, player_name, player_names, two_lines
from render.spacebase import scores_image
from render.spacebase.board import draw_board
from render.spacebase.tables import draw_scores
from tests.render.colony_views import crowded_view

NAMES = ["Ann Lee", "山田太郎のスペース基地", "🚀 Rocket 🌟 Queen 🪐", "김민수"]
# What the images draw for NAMES.
SHOWN = ["Ann Lee", "Player 2", "Rocket Queen", "Player 4"]


def _texts(canvas: Canvas) -> str:
    return " | ".join(placed.text for placed in canvas.texts)


def _drawn(canvas: Canvas) -> None:
    """No text on ``canvas`` holds a character the fonts would draw as an empty box."""
    for placed in canvas.texts:
        assert all(has_glyph(char) for char in placed.text), placed.text


@pytest.mark.parametrize(
    ("char", "drawn"),
    [
        ("A", True),
        ("ж", True),
        ("م", True),
        ("★", True),
        ("—", True),
        ("山", False),
        ("🚀", False),
        ("김", False),
    ],
)
def test_a_glyph_check_tells_drawable_characters_from_missing_ones(char: str, drawn: bool) -> None:
    assert has_glyph(char) is drawn


def test_undrawable_characters_are_dropped_and_an_empty_name_becomes_its_seat() -> None:
    assert drawable("🚀 Rocket 🌟 Queen 🪐") == "Rocket Queen"
    assert drawable("Александр Вознесенский") == "Александр Вознесенский"
    # An emoji family is three emoji tied by invisible joiners: nothing readable is left.
    assert drawable("👨\u200d👩\u200d👧") == ""
    assert [player_name(name, seat) for seat, name in enumerate(NAMES)] == SHOWN
    assert player_name("", 0) == "Player 1" and player_name(None, 4) == "Player 5"


def test_names_that_read_the_same_once_drawn_carry_their_seats() -> None:
    # The characters that told them apart cannot be drawn: each gets its seat, counted from 1.
    assert player_names(["Wei 李", "Ann", "Wei 王", "wei"]) == ["Wei (1)", "Ann", "Wei (3)", "wei (4)"]
    assert player_names(["Ann", "Bob"]) == ["Ann", "Bob"]
    state = SPACEBASE.setup(["Wei 李", "Wei 王"], {}, 3)
    texts = [placed.text for placed in draw_scores(SPACEBASE.view(state, None)).texts]
    assert "Wei (1)" in texts and "Wei (2)" in texts


def test_a_long_name_splits_at_the_most_even_break_and_keeps_every_character() -> None:
    assert two_lines("Ann", 22, 200) == ["Ann"]
    assert two_lines("Bartholomew Featherstonehaugh-Wy", 19, 300) == ["Bartholomew", "Featherstonehaugh-Wy"]
    lines = two_lines("xX_DarkLord_Xx_2009_official_YT_channel_name", 19, 150)
    assert (
        len(lines) == 2 and "".join(lines).replace(" ", "") == "xX_DarkLord_Xx_2009_official_YT_channel_name"
    )


def _spacebase() -> dict[str, Any]:
    view: dict[str, Any] = SPACEBASE.view(SPACEBASE.setup(list(NAMES), {}, 3), None)
    return view


def test_space_base_draws_a_chinese_name_as_its_seat_and_keeps_it_in_the_alt_text() -> None:
    view = _spacebase()
    canvas = draw_scores(view)
    texts = [placed.text for placed in canvas.texts]
    _drawn(canvas)
    assert "Player 2" in texts and "Rocket Queen" in texts and "Player 4" in texts
    assert "山田太郎のスペース基地" in scores_image(view).description
    board = draw_board({**view, "viewer": 1})
    _drawn(board)
    assert "Player 2" in _texts(board)


def test_europa_draws_undrawable_names_as_their_seats_everywhere() -> None:
    state = EUROPA.setup(list(NAMES), {"invaders": True}, 4)
    view: dict[str, Any] = EUROPA.view(state, None)
    view["turn"], view["first"] = 1, 3
    canvas = draw_table(view)
    _drawn(canvas)
    texts = _texts(canvas)
    assert "Player 2's turn" in texts and "First in Flight: Player 4" in texts and "Rocket Queen" in texts
    assert "山田太郎のスペース基地" in table_text(view)
    hand = draw_hand(EUROPA.view(state, 1))
    _drawn(hand)
    assert "Player 2's hand" in _texts(hand)


def test_colony_pawns_use_the_seat_number_when_the_initials_cannot_be_drawn() -> None:
    view = crowded_view()
    for seat, name in enumerate(NAMES):
        view["players"][seat]["name"] = name
    view["active_seat"] = 1
    assert [m.initials for m in markers(view)] == ["AL", "2", "RQ", "4"]
    assert [m.name for m in markers(view)] == SHOWN
    for canvas in (draw_grid(view, CONTENT), draw_hands(view, CONTENT)):
        _drawn(canvas)
        assert "Player 2's turn" in _texts(canvas)
    # Alt text is read by screen readers, which read any script: it keeps the name as written.
    assert "山田太郎のスペース基地's turn" in turn_line(view, drawn=False)
    grid = next(p for p in colony_renderer(CONTENT).plan(view, []) if p.name == "grid")
    assert "山田太郎のスペース基地" in grid.draw().description
