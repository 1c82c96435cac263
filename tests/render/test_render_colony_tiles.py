from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from engine.colony import CONTENT
from render.colony.board import draw_board, render_board
from render.colony.hands import draw_hands, render_hands
from render.palette import palette_kind
from render.tiles import PARTS
from tests.render.colony_views import card, crowded_view, issue
from tests.render.conftest import open_png

Render = Callable[[dict[str, Any]], bytes]


def _hands(view: dict[str, Any]) -> bytes:
    return render_hands(view, CONTENT)


def _pixels(data: bytes) -> bytes:
    return open_png(data).convert("RGB").tobytes()


def _fresh(render: Render, view: dict[str, Any]) -> bytes:
    PARTS.clear()
    return render(view)


def _shows_the_change(kind: str, render: Render, change: Callable[[dict[str, Any]], None]) -> None:
    with palette_kind(f"test/colony-tiles-{kind}"):
        view = crowded_view()
        render(view)
        changed = copy.deepcopy(view)
        change(changed)
        drawn = render(changed)
        assert _pixels(drawn) == _pixels(_fresh(render, changed))
        assert _pixels(drawn) != _pixels(_fresh(render, view))


def _one_hand(view: dict[str, Any]) -> None:
    view["players"][1]["hand"].pop()
    view["players"][3]["health"] = [issue("tremor")]


def _active_seat(view: dict[str, Any]) -> None:
    view["active_seat"] = 0


def _planet(view: dict[str, Any]) -> None:
    # The same cards on another planet: their scenario amounts, drawn in the hands, change.
    view["scenario"] = {**view["scenario"], "id": "rustveil"}


def _production(view: dict[str, Any]) -> None:
    view["resources"][1]["production"] = -1


def _supply(view: dict[str, Any]) -> None:
    view["resources"][2]["supply"] = 0


def _emergency_tokens(view: dict[str, Any]) -> None:
    view["grid"][3]["emergency"] = 1


def _footer_and_choice(view: dict[str, Any]) -> None:
    view["discard_top"] = card("algae_vat")
    view["event_deck_count"] = 0
    view["pending"] = {"kind": "discard", "seat": 2, "count": 1}


def _turn(view: dict[str, Any]) -> None:
    view["actions_left"] = 0
    view["pending"] = None


@pytest.mark.parametrize("change", [_one_hand, _active_seat, _planet])
def test_a_changed_hand_never_shows_its_old_band(change: Callable[[dict[str, Any]], None]) -> None:
    _shows_the_change("hands", _hands, change)


@pytest.mark.parametrize("change", [_production, _supply, _emergency_tokens, _footer_and_choice, _turn])
def test_a_changed_board_section_never_shows_its_old_band(change: Callable[[dict[str, Any]], None]) -> None:
    _shows_the_change("board", render_board, change)


def test_pasted_hands_and_board_encode_as_the_whole_canvas_does() -> None:
    view = crowded_view()
    with palette_kind("test/colony-tiles-hands-bytes"):
        first = _hands(view)
        canvas = draw_hands(view, CONTENT)
        assert first == _hands(view) == canvas.png(height=canvas.bottom + 28)
    with palette_kind("test/colony-tiles-board-bytes"):
        first = render_board(view)
        canvas = draw_board(view)
        assert first == render_board(view) == canvas.png(height=canvas.bottom + 28)
