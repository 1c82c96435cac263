from __future__ import annotations

import pytest

from engine.core import Event
from render.exobase.common import MARGIN
from render.exobase.dice import DIE, Roll, draw_dice, render_dice, rolls_from_events
from render.theme import BAD
from tests.render.conftest import open_png
from tests.render.views import crowded_view

PIP = (15, 15, 25)


def test_pips_are_drawn_for_each_face() -> None:
    canvas = draw_dice([Roll("one", (1,)), Roll("two", (2,))])
    centre_one = (MARGIN + DIE // 2, MARGIN + 46 + DIE // 2)
    assert canvas.image.getpixel(centre_one) == PIP
    centre_two = (centre_one[0], centre_one[1] + 150)
    assert canvas.image.getpixel(centre_two) != PIP


def test_danger_hits_are_red() -> None:
    canvas = draw_dice([Roll("danger", (1, 6), (True, False))])
    assert canvas.image.getpixel((MARGIN + DIE // 2, MARGIN + 46 + DIE // 2)) == BAD


def test_no_rolls_raise() -> None:
    with pytest.raises(ValueError):
        render_dice([])


def test_rolls_come_from_events_with_labels() -> None:
    events = [
        Event("phase", "Hazard phase.", {"phase": "hazard"}),
        Event("hazard_roll", "", {"die": 3, "day": 7, "total": 10, "name": "Meteor Shower"}),
        Event("danger_roll", "", {"founder": "aoki", "dice": [2, 5], "lost": 1}),
        Event("target_roll", "", {"die": 3, "card": "silo"}),
        Event("target_roll", "", {"die": 2, "card": None, "reroll": True}),
        Event("target_roll", "", {"die": 3, "card": None, "tied": ["silo", "hab"]}),
    ]
    rolls = rolls_from_events(events, crowded_view())
    assert [r.dice for r in rolls] == [(3,), (2, 5), (3,), (2,), (3,)]
    assert rolls[0].label.startswith("Hazard: d6 3 + day 7 = 10")
    assert "Aoki" in rolls[1].label and rolls[1].hits == (True, False)
    assert rolls[2].label == "Target roll: Storage Silo"
    assert "roll again" in rolls[3].label
    assert rolls[4].label == "Target roll: tie, you choose: Storage Silo or Hab"
    image = open_png(render_dice(rolls))
    assert image.height > 5 * 100
