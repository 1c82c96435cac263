from __future__ import annotations

from engine.exobase import RULES
from render.exobase.common import WIDTH
from render.exobase.rows import NOTE, draw_rows, render_rows
from tests.render.conftest import open_png
from tests.render.views import crowded_view, fresh_view


def test_rows_show_both_rows_without_overlap() -> None:
    canvas = draw_rows(crowded_view())
    assert canvas.overlapping_texts() == []
    texts = " | ".join(p.text for p in canvas.texts)
    for needed in (
        "Bio Dome",
        "2 minerals",
        "Needs 1 energy",
        "Generator",
        "Danger 3",
        "TOP OF PILE",
        "Aoki builds",
    ):
        assert needed in texts
    assert "Kamal works it" in texts


def test_empty_slots_are_marked() -> None:
    view = fresh_view()
    view["location_row"][0] = None
    view["task_row"] = view["task_row"][:2]
    canvas = draw_rows(view)
    assert sum(p.text == "empty" for p in canvas.texts) == 3
    image = open_png(render_rows(view))
    assert image.width == 1100


def test_a_flip_choice_shows_task_cards_from_their_location_side() -> None:
    state = RULES.setup(["Ana"], {"mode": "normal"}, 8)
    state.phase = "refill"
    state.location_row[0] = None
    view = RULES.view(state, None)
    canvas = draw_rows(view)
    assert canvas.overlapping_texts() == []
    texts = [p.text for p in canvas.texts]
    assert any("choose one to flip into the location row" in t for t in texts)
    first = view["task_row"][0]
    assert first["location"]["name"] in texts
    assert f"now the task {first['name']}" in " ".join(texts)
    assert not any(t.startswith("flips to") for t in texts)


def test_a_location_card_shows_its_work_spaces_bonus_and_upgrades_before_it_is_built() -> None:
    state = RULES.setup(["Ana"], {"mode": "normal"}, 8)
    view = RULES.view(state, None)
    canvas = draw_rows(view)
    assert canvas.overlapping_texts() == []
    texts = " ".join(p.text for p in canvas.texts)
    cards = [c for c in view["location_row"] if c]
    assert texts.count("Work ") >= len(cards) and texts.count("Upgrades: ") >= len(cards)
    for card in cards:
        for up in card["upgrades"]:
            assert f"L{up['level']} {up['cost'].split(',')[0]}" in texts
        if card["bonus_from"]:
            assert f" {card['bonus_from']} location" in texts


def test_long_names_wrap_whole_and_notes_stay_readable_in_a_preview() -> None:
    view = fresh_view()
    view["location_row"][0]["name"] = "Hydroponics Bay"
    view["task_row"][0]["location_name"] = "Hydroponics Bay"
    canvas = draw_rows(view)
    assert canvas.overlapping_texts() == []
    texts = [p.text for p in canvas.texts]
    assert not [text for text in texts if text.endswith("\u2026")]
    assert {"Hydroponics", "Bay"} <= set(texts) and "flips to Hydroponics Bay" in " ".join(texts)
    # The grey and green card details show at 12 px or more when Discord shrinks the image to 550 px.
    assert NOTE * 550 / WIDTH >= 12


def test_work_spaces_use_the_arrow_glyph() -> None:
    state = RULES.setup(["Ana"], {"mode": "normal"}, 8)
    texts = " ".join(p.text for p in draw_rows(RULES.view(state, None)).texts)
    assert "\u2192" in texts and "->" not in texts
