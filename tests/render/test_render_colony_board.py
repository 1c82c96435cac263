from __future__ import annotations

from typing import Any

import pytest

from render.canvas import Canvas
from render.colony.board import MARKER, PROD_CELL, SUPPLY_CELL, TRACK_X, draw_board, render_board
from render.colony.common import resource_fill
from render.theme import BAD, GREEN_ZONE, SURFACE, WARN
from tests.render.colony_views import crowded_view, discard_view, draft_view, over_view, quiet_view
from tests.render.conftest import open_png

VIEWS = {
    "quiet": quiet_view,
    "crowded": crowded_view,
    "discard": discard_view,
    "won": lambda: over_view(won=True),
    "lost": lambda: over_view(won=False),
    "draft": draft_view,
}


def row_middle(canvas: Canvas, resource: str, occurrence: int) -> int:
    """The y through a resource's row: occurrence 0 is its production row, 1 its supply row."""
    label = [p for p in canvas.texts if p.text == resource.capitalize()][occurrence]
    return (label.box[1] + label.box[3]) // 2


def production_pixel(canvas: Canvas, resource: str, value: int) -> tuple[int, int]:
    """A pixel inside the production cell of ``value`` (−5..+3), left of its number."""
    return TRACK_X + (value + 5) * PROD_CELL + 7, row_middle(canvas, resource, 0)


def texts(view: dict[str, Any]) -> str:
    return " | ".join(p.text for p in draw_board(view).texts)


@pytest.mark.parametrize("name", VIEWS)
def test_board_text_never_overlaps(name: str) -> None:
    view = VIEWS[name]()
    assert draw_board(view).overlapping_texts() == []
    data = render_board(view)
    assert len(data) < 500_000
    image = open_png(data)
    assert image.width == 1100 and image.height < 2000


def ring_pixel(pixel: tuple[int, int]) -> tuple[int, int]:
    """A pixel on the outline of the cell whose inside ``pixel`` is (the outline is 3–4 pixels wide)."""
    return pixel[0] - 6, pixel[1]


def test_the_production_marker_sits_in_its_cell_and_the_goal_is_green() -> None:
    view = quiet_view()
    canvas = draw_board(view)
    oxygen = production_pixel(canvas, "oxygen", -2)
    assert canvas.image.getpixel(oxygen) == MARKER
    assert canvas.image.getpixel(ring_pixel(oxygen)) == resource_fill("oxygen")
    energy = production_pixel(canvas, "energy", -1)
    assert canvas.image.getpixel(energy) == MARKER
    assert canvas.image.getpixel(ring_pixel(energy)) == resource_fill("energy")
    assert canvas.image.getpixel(production_pixel(canvas, "oxygen", -3)) == SURFACE
    assert canvas.image.getpixel(production_pixel(canvas, "oxygen", 0)) == GREEN_ZONE
    assert canvas.image.getpixel(production_pixel(canvas, "oxygen", 3)) == GREEN_ZONE


def test_the_extremes_of_the_production_track_are_drawn() -> None:
    canvas = draw_board(crowded_view())
    assert canvas.image.getpixel(production_pixel(canvas, "oxygen", -5)) == MARKER
    assert canvas.image.getpixel(ring_pixel(production_pixel(canvas, "water", 3))) == resource_fill("water")


def test_supply_markers_and_an_empty_supply_in_red() -> None:
    canvas = draw_board(crowded_view())
    water = (TRACK_X + 20 * SUPPLY_CELL + 5, row_middle(canvas, "water", 1))
    assert canvas.image.getpixel(water) == MARKER
    assert canvas.image.getpixel((water[0] - 4, water[1])) == resource_fill("water")
    oxygen = (TRACK_X + 5, row_middle(canvas, "oxygen", 1))
    assert canvas.image.getpixel(oxygen) == BAD


def test_healthy_oxygen_is_never_marked_in_the_red_of_an_empty_supply() -> None:
    # Oxygen's card colour is red too: its marker must not look like the alarm of an empty supply.
    view = quiet_view()
    view["resources"][0].update(production=0, supply=19)
    canvas = draw_board(view)
    marked = [
        canvas.image.getpixel(production_pixel(canvas, "oxygen", 0)),
        canvas.image.getpixel((TRACK_X + 19 * SUPPLY_CELL + 5, row_middle(canvas, "oxygen", 1))),
    ]
    assert marked == [MARKER, MARKER]
    assert BAD not in marked and resource_fill("oxygen") not in marked


def test_the_emergency_track_fills_the_current_space() -> None:
    canvas = draw_board(crowded_view())
    spaces = [p for p in canvas.texts if p.text == "actions"]
    assert len(spaces) == 6
    current = spaces[5].box
    assert canvas.image.getpixel((current[0] - 6, current[1])) == WARN
    assert canvas.image.getpixel((spaces[0].box[0] - 6, spaces[0].box[1])) == SURFACE


def test_the_board_names_every_number_a_player_needs() -> None:
    board = texts(crowded_view())
    for needed in (
        "Chen: 1 action left this turn",
        "Emergency level 5: 2 empty supplies + 3 Emergency tokens",
        "radiation 1, pressure 2, humidity 2",
        "Player deck 0, discard 31 (top: Stim Shot).",
        "Event deck 1 left",
        "20 \u2192 20",
        "Waiting for Chen: place a token",
        "Brine Refinery (-1,0)",
    ):
        assert needed in board


def test_pending_discard_and_the_draft() -> None:
    assert "Waiting for Chen: discard 1" in texts(discard_view())
    assert "Every player picks one of the two characters" in texts(draft_view())


def test_game_over_shows_the_outcome_and_no_turn() -> None:
    won = texts(over_view(won=True))
    assert "VICTORY" in won and "action left" not in won
    assert "DEFEAT" in texts(over_view(won=False))


def test_while_an_event_resolves_no_action_count_is_shown() -> None:
    view = crowded_view()
    view.update(phase="event", actions_left=0)
    board = texts(view)
    assert "Chen: the event of this turn is being resolved" in board
    assert "actions left" not in board and "action left" not in board


def test_an_open_turn_with_no_actions_left_says_cards_may_still_be_played() -> None:
    view = quiet_view()
    view.update(actions_left=0)
    board = texts(view)
    assert "Ada: no actions left, play a card or end the turn" in board
    assert "0 actions left" not in board
    assert draw_board(view).overlapping_texts() == []
