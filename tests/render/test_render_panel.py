from __future__ import annotations

from typing import Any

import pytest

from render.exobase.panel import STORE_X, TRACK_X, draw_panel, production_max, render_panel
from render.theme import GREEN_ZONE, SURFACE, resource_colour
from tests.render.conftest import open_png
from tests.render.views import crowded_view, fresh_view, over_view


def cell_centre_left(view: dict[str, Any], resource: str, value: int) -> tuple[int, int]:
    """A pixel inside the production cell ``value`` of ``resource`` (left of its number)."""
    canvas = draw_panel(view)
    label = next(p for p in canvas.texts if p.text == resource.capitalize())
    cell = (STORE_X - 30 - TRACK_X) // (production_max(view) + 1)
    return TRACK_X + value * cell + 8, (label.box[1] + label.box[3]) // 2


@pytest.mark.parametrize(
    "view",
    [fresh_view(), crowded_view(), over_view(won=True), over_view(won=False)],
    ids=["fresh", "crowded", "won", "lost"],
)
def test_panel_text_never_overlaps(view: dict[str, Any]) -> None:
    assert draw_panel(view).overlapping_texts() == []
    data = render_panel(view)
    assert len(data) < 500_000
    image = open_png(data)
    assert image.width == 1100 and image.height < 2200


def test_green_area_and_current_production_are_drawn() -> None:
    view = fresh_view()
    canvas = draw_panel(view)
    green = view["green"]["food"]
    below = cell_centre_left(view, "food", green - 2)
    inside = cell_centre_left(view, "food", green)
    current = cell_centre_left(view, "food", view["production"]["food"])
    assert canvas.image.getpixel(inside) == GREEN_ZONE
    assert canvas.image.getpixel(below) in {SURFACE, resource_colour("food")}
    assert canvas.image.getpixel(current) == resource_colour("food")


def test_panel_names_every_number_a_player_needs() -> None:
    texts = " | ".join(p.text for p in draw_panel(crowded_view()).texts)
    for needed in (
        "Day 7 of 10",
        "Score 6",
        "6 / 6",
        "9 / 9",
        "demand 8",
        "DEAD",
        "INJURED",
        "Meteor Shower",
    ):
        assert needed in texts
    assert "Storage Silo" in texts  # pending options by name, not id


def test_game_over_shows_the_outcome() -> None:
    texts = " ".join(p.text for p in draw_panel(over_view(won=True)).texts)
    assert "VICTORY" in texts and "final score 14" in texts
    texts = " ".join(p.text for p in draw_panel(over_view(won=False)).texts)
    assert "DEFEAT" in texts


def test_panel_shows_both_win_conditions_with_progress() -> None:
    texts = " | ".join(p.text for p in draw_panel(crowded_view()).texts)
    assert "To win, BOTH:" in texts
    assert "Production: 3 of 5 tracks in the green (short by: metal 1, gas 1)" in texts
    assert "Power Station: level 3 of 4 (next upgrade: 2 metal, 1 gas)" in texts
    assert "+1 per day left" in texts
    assert "SHORT by 1" in texts


def test_unplaced_founders_are_shown_in_the_hab() -> None:
    view = fresh_view()
    for founder in view["founders"]:
        founder.update(at=None, doing=None)
    texts = [p.text for p in draw_panel(view).texts]
    assert texts.count("in the Hab") == len(view["founders"])


def test_a_long_activity_is_drawn_whole_on_lines_of_its_own() -> None:
    view = fresh_view()
    task = "does task Drill the Hot Spring: +3 water (2 danger dice)"
    longer = f"{task}, then walks the long way round the crater to the far side of the Greenhouse and back"
    view["founders"][0]["doing"] = task
    view["founders"][1]["doing"] = longer
    view["founders"][2]["doing"] = "works Greenhouse: +2 food"
    canvas = draw_panel(view)
    assert canvas.overlapping_texts() == []
    texts = [p.text for p in canvas.texts]
    assert not [text for text in texts if text.endswith("\u2026")]
    assert task in texts and longer in " ".join(texts)
    # A short one still sits on the name's line, right of the health bar.
    short = next(p for p in canvas.texts if p.text == "works Greenhouse: +2 food")
    name = next(p for p in canvas.texts if p.text == "Li")
    assert short.box[0] > TRACK_X and abs(short.box[1] - name.box[1]) < 10


def test_a_payment_in_health_names_the_founders_who_may_pay() -> None:
    view = fresh_view()
    ids = [str(f["id"]) for f in view["founders"]]
    names = [str(f.get("name") or f["id"]) for f in view["founders"]]
    assert ids != names
    view["pending"] = {"kind": "pay_health", "text": "Storage ran short: pay 1 health.", "options": ids}
    texts = " ".join(p.text for p in draw_panel(view).texts)
    assert all(name in texts for name in names)
    assert not any(f" {fid}," in texts or f" {fid}." in texts for fid in ids)
