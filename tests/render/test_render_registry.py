from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.core import Event
from engine.europa import RULES as EUROPA_RULES
from render import RenderedImage
from render.europa import hand_image
from render.europa.images import RENDERER as EUROPA
from render.exobase import RENDERER as EXOBASE
from render.palette import palette_kind
from tests.render.conftest import open_png
from tests.render.europa_playout import europa_playout

ROLL = Event("hazard_roll", "", {"die": 4, "day": 2, "total": 6, "name": "Dust Storm"})


def test_base_panel_and_rows_by_default(played: list[tuple[dict[str, Any], list[Event]]]) -> None:
    view, _ = played[0]
    images = EXOBASE.render(view, [])
    assert [i.filename for i in images] == ["base.png", "panel.png", "rows.png"]
    for image in images:
        open_png(image.data)
        assert image.description


def test_dice_come_with_rolls(played: list[tuple[dict[str, Any], list[Event]]]) -> None:
    view, _ = played[0]
    images = EXOBASE.render(view, [ROLL])
    assert images[-1].filename == "dice.png"
    assert "Dust Storm" in images[-1].description


def test_which_restricts_the_images(played: list[tuple[dict[str, Any], list[Event]]]) -> None:
    view, _ = played[0]
    assert [i.filename for i in EXOBASE.render(view, [ROLL], which={"dice"})] == ["dice.png"]
    assert [i.filename for i in EXOBASE.render(view, [], which={"dice"})] == []
    names = [i.filename for i in EXOBASE.render(view, [], which={"panel", "rows"})]
    assert names == ["panel.png", "rows.png"]


def test_unknown_image_names_raise(played: list[tuple[dict[str, Any], list[Event]]]) -> None:
    view, _ = played[0]
    with pytest.raises(ValueError):
        EXOBASE.render(view, [], which={"board"})


def test_rendered_images_are_frozen() -> None:
    image = RenderedImage("a.png", b"", "alt")
    with pytest.raises(dataclasses.FrozenInstanceError):
        image.filename = "b.png"  # type: ignore[misc]  # writes a frozen field on purpose


def test_a_standing_image_of_some_views_is_planned_only_for_them() -> None:
    state = next(iter(europa_playout(4, 3, invaders=False)))
    table = EUROPA.plan(EUROPA_RULES.view(state, None), [])
    seat = EUROPA.plan(EUROPA_RULES.view(state, 1), [])
    assert [p.name for p in table] == ["table"]
    assert [(p.name, p.standing) for p in seat] == [("table", True), ("hand", True)]
    # A seat's hand keeps its key while another seat's entry changes.
    other = EUROPA_RULES.view(state, 1)
    other["players"][2] = {**other["players"][2], "status": "building"}
    assert [p.key for p in EUROPA.plan(other, [])][1] == seat[1].key


def test_a_hand_drawn_from_its_narrowed_entries_is_the_hand_drawn_from_the_whole_view() -> None:
    for index, state in enumerate(europa_playout(8, 3, invaders=True)):
        if index % 5:
            continue
        seat = index % 3
        view = EUROPA_RULES.view(state, seat)
        [planned] = [p for p in EUROPA.plan(view, []) if p.name == "hand"]
        with palette_kind("europa/hand"):
            whole = hand_image(view)
        drawn = planned.draw()
        assert (drawn.data, drawn.description) == (whole.data, whole.description)
