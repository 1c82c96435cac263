from __future__ import annotations

import pytest

from engine.colony import CONTENT
from render.canvas import Canvas
from render.colony.common import card_colour
from render.colony.hands import INDENT, draw_hands, render_hands
from tests.render.colony_views import crowded_view, draft_view, over_view, quiet_view
from tests.render.conftest import open_png

VIEWS = {
    "quiet": quiet_view,
    "crowded": crowded_view,
    "lost": lambda: over_view(won=False),
    "draft": draft_view,
}


def joined(canvas: Canvas) -> str:
    return " | ".join(p.text for p in canvas.texts)


@pytest.mark.parametrize("name", VIEWS)
def test_hands_text_never_overlaps(name: str) -> None:
    view = VIEWS[name]()
    assert draw_hands(view, CONTENT).overlapping_texts() == []
    data = render_hands(view, CONTENT)
    assert len(data) < 500_000
    image = open_png(data)
    assert image.width == 1100 and image.height < 2400


def test_every_card_shows_its_name_colour_type_and_effect() -> None:
    text = joined(draw_hands(crowded_view(), CONTENT))
    for needed in (
        "Dome Orchard",
        "green module",
        "pay 1 green + 1 red: food +2 (humidity),",
        "wild plan",
        "any time: any one supply +3",
        "red item",
        "own turn: +1 action this turn",
        "7/6 cards",
    ):
        assert needed in text


def test_characters_and_health_issues_are_listed() -> None:
    text = joined(draw_hands(crowded_view(), CONTENT))
    assert "Amara Okoye, Medic" in text
    assert "Special: 1 action: discard a green card for +4 food." in text
    assert "Health Issue: Tremor (cannot generate resources)" in text


def test_a_swatch_in_the_card_colour_next_to_each_card() -> None:
    canvas = draw_hands(quiet_view(), CONTENT)
    algae = next(p for p in canvas.texts if p.text == "Algae Vat").box
    assert canvas.image.getpixel((INDENT + 9, (algae[1] + algae[3]) // 2)) == card_colour("red")
    plan = next(p for p in canvas.texts if p.text == "Contingency Plan").box
    assert canvas.image.getpixel((INDENT + 9, (plan[1] + plan[3]) // 2)) == card_colour(None)


def test_the_draft_lists_the_dealt_characters() -> None:
    text = joined(draw_hands(draft_view(), CONTENT))
    assert "choosing a character" in text
    assert "Dealt: Amara Okoye, Medic." in text
    assert "Choosing characters" in text and "Turn 0" not in text
