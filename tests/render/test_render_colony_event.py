from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.colony import CONTENT
from engine.core import Event
from render.colony import renderer
from render.colony.common import CRITICAL, NORMAL
from render.colony.describe import event_effects
from render.colony.event import draw_event, render_event, revealed_event
from tests.render.colony_views import crowded_view, quiet_view
from tests.render.conftest import open_png

COLONY = renderer(CONTENT)

DUST = [
    Event("resource_update", "Supplies move by production.", {}),
    Event("event_revealed", "Event (critical): Dust Storm.", {"card": "dust_storm", "critical": True}),
    Event("supply_changed", "Energy supply 7 -> 6 (Dust Storm).", {}),
    Event("token_placed", "A energy loss token goes on 1,0: energy production falls by 1.", {}),
    Event("choice_required", "Chen chooses where the oxygen token goes.", {}),
]
QUIET = [
    Event("event_revealed", "Event (normal): Quiet Orbit.", {"card": "quiet_orbit", "critical": False}),
    Event("turn_started", "Turn 2: Ada has 4 actions.", {}),
]


def names(view: dict[str, Any], events: list[Event], **kwargs: Any) -> list[str]:
    return [i.filename for i in COLONY.render(view, events, **kwargs)]


def test_the_revealed_event_and_what_followed_it() -> None:
    revealed = revealed_event(DUST, crowded_view(), CONTENT)
    assert revealed is not None
    assert revealed.name == "Dust Storm" and revealed.critical
    assert revealed.outcomes[0] == "Energy supply 7 \u2192 6 (Dust Storm)."
    assert "on Solar Field (1,0):" in revealed.outcomes[1]
    assert revealed_event(DUST[:1], crowded_view(), CONTENT) is None


def test_the_next_turn_is_not_part_of_the_event() -> None:
    revealed = revealed_event(QUIET, quiet_view(), CONTENT)
    assert revealed is not None and revealed.outcomes == ()
    texts = [p.text for p in draw_event(revealed, quiet_view(), CONTENT).texts]
    assert "\u2022 Nothing happens." in texts and "\u2022 Nothing changed." in texts


def test_critical_and_normal_events_look_different() -> None:
    for events, colour, label in ((DUST, CRITICAL, "CRITICAL EVENT"), (QUIET, NORMAL, "Normal event")):
        revealed = revealed_event(events, crowded_view(), CONTENT)
        assert revealed is not None
        canvas = draw_event(revealed, crowded_view(), CONTENT)
        assert canvas.overlapping_texts() == []
        band = next(p for p in canvas.texts if p.text == label).box
        assert canvas.image.getpixel((band[0] - 8, band[1])) == colour


def test_the_card_text_is_listed() -> None:
    revealed = revealed_event(DUST, crowded_view(), CONTENT)
    assert revealed is not None
    texts = [p.text for p in draw_event(revealed, crowded_view(), CONTENT).texts]
    assert "\u2022 Energy supply \u22121 (radiation)" in texts
    assert "\u2022 Oxygen Loss token on any module" in texts
    image = open_png(render_event(revealed, crowded_view(), CONTENT))
    assert image.width == 1100


def test_the_renderer_posts_the_event_only_when_one_was_revealed() -> None:
    view = crowded_view()
    assert names(view, []) == ["grid.png", "board.png", "hands.png"]
    assert names(view, DUST[2:]) == ["grid.png", "board.png", "hands.png"]
    assert names(view, DUST) == ["grid.png", "board.png", "hands.png", "event.png"]
    assert names(view, DUST, which={"event"}) == ["event.png"]
    assert names(view, [], which={"event"}) == []
    assert names(view, DUST, which={"board", "hands"}) == ["board.png", "hands.png"]


def test_alt_texts_describe_each_image() -> None:
    images = COLONY.render(crowded_view(), DUST)
    by_name = {i.filename: i.description for i in images}
    assert "12 modules" in by_name["grid.png"]
    assert "oxygen -5 (0 left)" in by_name["board.png"]
    assert by_name["event.png"].startswith("Critical event: Dust Storm.")


def test_image_names_belong_to_their_game() -> None:
    with pytest.raises(ValueError):
        COLONY.render(quiet_view(), [], which={"base"})


def test_a_bare_view_and_an_unknown_event_card_still_render() -> None:
    images = COLONY.render({}, [Event("event_revealed", "", {"card": "unknown"})])
    assert [i.filename for i in images] == ["grid.png", "board.png", "hands.png", "event.png"]
    for image in images:
        open_png(image.data)


def test_two_card_sets_in_one_process_draw_their_own_texts() -> None:
    renamed = replace(CONTENT.events["dust_storm"], name="Owner's Dust Storm")
    own = renderer(replace(CONTENT, events={**CONTENT.events, "dust_storm": renamed}))
    (theirs,) = COLONY.render(crowded_view(), DUST, which={"event"})
    (mine,) = own.render(crowded_view(), DUST, which={"event"})
    assert theirs.description.startswith("Critical event: Dust Storm.")
    assert mine.description.startswith("Critical event: Owner's Dust Storm.")
    # Equal views over different cards never share a cached picture.
    keys = {p.key for r in (COLONY, own) for p in r.plan(crowded_view(), DUST, which={"event", "hands"})}
    assert len(keys) == 4
    assert {p.key for p in renderer(CONTENT).plan(crowded_view(), DUST)} == {
        p.key for p in COLONY.plan(crowded_view(), DUST)
    }


def test_twisted_ankle_reads_as_no_move_action_since_cards_and_flights_still_move_the_pawn() -> None:
    shown = event_effects(CONTENT, "twisted_ankle", "verdance")[-1]
    assert shown.endswith("may not take the Move action") and "cannot move" not in shown
