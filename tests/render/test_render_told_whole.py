"""Pictures tell the whole of what they say: an Invader warning with its count, the name of a
location a hit destroyed, a long winners' title, and why Light-Speed's shipyard is still empty."""

from __future__ import annotations

from typing import Any

from engine.europa import RULES as EUROPA
from engine.spacebase import RULES as SPACEBASE
from render import canvas as canvas_module
from render.canvas import Canvas
from render.europa.images import RENDERER as EUROPA_PICTURES
from render.exobase.dice import _target_label
from render.spacebase import RENDERER as SPACEBASE_PICTURES
from render.spacebase.tables import draw_scores


def _drawn_texts(monkeypatch: Any) -> list[tuple[str, tuple[int, int, int, int], int]]:
    """Every text of every canvas turned into a PNG from now on, with its box and the canvas width."""
    seen: list[tuple[str, tuple[int, int, int, int], int]] = []
    png = canvas_module.Canvas.png

    def recording(self: Canvas, *, height: int | None = None) -> bytes:
        seen.extend((placed.text, placed.box, self.width) for placed in self.texts)
        return png(self, height=height)

    monkeypatch.setattr(canvas_module.Canvas, "png", recording)
    return seen


def test_an_invader_warning_keeps_its_count_inside_the_dice_picture(monkeypatch: Any) -> None:
    seen = _drawn_texts(monkeypatch)
    for seed in range(40):
        state = EUROPA.setup(["Ann Longname-Hyphenated", "Bo"], {"invaders": True}, seed)
        while EUROPA.outcome(state) is None:
            seat = min(EUROPA.to_move(state))
            action = EUROPA.timeout_action(state, seat)
            assert action is not None
            state, events = EUROPA.apply(state, seat, action)
            view = EUROPA.view(state, None)
            waiting = [p for p in view["players"] if (p.get("attempt") or {}).get("destroy_pending")]
            if waiting:
                for planned in EUROPA_PICTURES.plan(dict(view), [e for e in events if e.public]):
                    if planned.name == "dice":
                        planned.draw()
                notes = [(text, box, width) for text, box, width in seen if text.startswith("must destroy")]
                assert notes and all(box[2] <= width for _, box, width in notes), notes
                return
    raise AssertionError("no Invader result waiting for its dice in 40 seeds")


def test_a_target_roll_names_the_location_even_once_the_hit_destroyed_it() -> None:
    # The view after the move no longer holds the destroyed location: the event's name is used.
    assert _target_label({"base": []}, {"die": 5, "card": "well", "name": "Deep Well"}) == "Deep Well"


def test_a_long_winners_title_keeps_its_last_words() -> None:
    state = SPACEBASE.setup(["W" * 32, "Bartholomew-Alexandra the Third", "Ann"], {}, 3)
    state.outcome = {"winners": [0, 1], "reason": "points"}
    texts = " ".join(placed.text for placed in draw_scores(SPACEBASE.view(state, None)).texts)
    assert "share the win" in texts and "W" * 32 in texts and "the Third" in texts


def test_the_light_speed_shipyard_says_why_its_rows_are_empty(monkeypatch: Any) -> None:
    seen = _drawn_texts(monkeypatch)
    state = SPACEBASE.setup(["Ann", "Bob"], {"variant": "lightspeed"}, 34)
    [planned] = [
        p for p in SPACEBASE_PICTURES.plan(dict(SPACEBASE.view(state, None)), []) if p.name == "shipyard"
    ]
    planned.draw()
    assert any("turned up once every player has kept" in text for text, _, _ in seen)


def test_the_shipyard_picture_is_not_posted_again_for_a_new_phase_of_the_turn() -> None:
    state = SPACEBASE.setup(["Ann", "Bob"], {}, 3)
    before = SPACEBASE.view(state, None)
    seat = min(SPACEBASE.to_move(state))
    state, _ = SPACEBASE.apply(state, seat, SPACEBASE.legal_actions(state, seat)[0])
    after = SPACEBASE.view(state, None)
    assert before["phase"] != after["phase"]
    keys = [
        next(p.key for p in SPACEBASE_PICTURES.plan(dict(view), []) if p.name == "shipyard")
        for view in (before, after)
    ]
    assert keys[0] == keys[1]
