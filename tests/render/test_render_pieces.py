"""Pieces of pictures kept once drawn: the cache's bound, and pictures the same as drawn afresh."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import render.canvas as canvas_module
from engine.colony import RULES as COLONY
from engine.core import Event
from render import pieces
from render.canvas import Box, Canvas
from render.colony import renderer as colony_renderer
from render.exobase import RENDERER as EXOBASE
from render.pieces import Piece, PieceCache
from render.registry import Renderer
from render.theme import ACCENT, TEXT
from tests.render.colony_playout import colony_playout
from tests.render.playout import greedy_game, playout

MIB = 1 << 20


def piece(width: int, height: int) -> Piece:
    return Piece((0, 0, width, height), Image.new("RGB", (width, height)), (), height, None)


def test_the_cache_holds_its_bound_in_bytes_least_recently_used_first_out() -> None:
    cache = PieceCache(3 * 100 * 100 * 4)
    for key in "abc":
        cache.put(key, piece(100, 100))
    assert cache.get("a") is not None  # now the most recently used
    cache.put("d", piece(100, 100))
    assert cache.get("b") is None and {k for k in "acd" if cache.get(k)} == set("acd")
    assert cache.weight == 3 * 100 * 100 * 4
    cache.resize(100 * 100 * 4)
    assert len(cache) == 1 and cache.get("d") is not None
    # A piece bigger than the whole bound is not kept, and keeps what is there.
    cache.put("big", piece(200, 200))
    assert cache.get("big") is None and len(cache) == 1
    with pytest.raises(ValueError):
        cache.resize(-1)


def test_size_zero_keeps_nothing() -> None:
    cache = PieceCache(0)
    cache.put("a", piece(1, 1))
    assert len(cache) == 0 and cache.weight == 0


@pytest.fixture
def own_cache(monkeypatch: pytest.MonkeyPatch) -> PieceCache:
    """A fresh cache for the canvas, so the test sees only its own pieces."""
    cache = PieceCache(16 * MIB)
    monkeypatch.setattr(canvas_module, "PIECES", cache)
    return cache


def test_a_piece_is_drawn_once_then_pasted_with_its_texts_bottom_and_result(own_cache: PieceCache) -> None:
    calls: list[int] = []

    def card(canvas: Canvas) -> tuple[int, Box]:
        calls.append(1)
        canvas.rect((20, 20, 120, 80), ACCENT, radius=8)
        box = canvas.text(30, 30, "Hab", 24, TEXT)
        return box[3], (10, 10, 130, 90)

    drawn, again = Canvas(200, 120), Canvas(200, 120)
    assert drawn.piece("card", lambda: card(drawn)) == again.piece("card", lambda: card(again))
    assert calls == [1] and len(own_cache) == 1
    assert drawn.image.tobytes() == again.image.tobytes()
    assert drawn.texts == again.texts and [t.text for t in again.texts] == ["Hab"]
    assert drawn.bottom == again.bottom == 80
    # Another key is another drawing.
    other = Canvas(200, 120)
    other.piece("other card", lambda: card(other))
    assert calls == [1, 1]


def test_a_piece_is_not_kept_when_the_cache_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(canvas_module, "PIECES", PieceCache(0))
    calls: list[int] = []

    def card(canvas: Canvas) -> tuple[None, Box]:
        calls.append(1)
        canvas.rect((0, 0, 10, 10), ACCENT)
        return None, (0, 0, 11, 11)

    for _ in range(2):
        canvas = Canvas(20, 20)
        canvas.piece("card", lambda canvas=canvas: card(canvas))  # type: ignore[misc]
    assert calls == [1, 1]


def test_configure_sets_the_bound_in_mebibytes() -> None:
    before = pieces.PIECES.limit
    try:
        pieces.configure(3)
        assert pieces.PIECES.limit == 3 * MIB
        with pytest.raises(ValueError):
            pieces.configure(-1)
    finally:
        pieces.PIECES.resize(before)


def _tables() -> Iterator[tuple[Renderer, dict[str, Any], list[Event]]]:
    """Seeded games of both games whose images are drawn from pieces, state after state."""
    colony = colony_renderer(COLONY.content)
    for seed in (1, 2):
        for view, events in playout(seed, steps=70):
            yield EXOBASE, view, events
        for view, events in playout(seed, steps=50, team=True):
            yield EXOBASE, view, events
    for view in greedy_game(3, "normal", False)[::10]:
        yield EXOBASE, view, []
    for players, policy in ((1, "greedy"), (4, "greedy"), (3, "random")):
        for view, events in colony_playout(players, players, policy=policy, steps=50):
            yield colony, view, events


def test_pictures_from_pieces_are_the_pictures_drawn_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through whole games, with pieces kept from state to state (a founder moves, a card is bought,
    a track steps): no image ever differs by a byte from the same image drawn with no pieces, so a
    changed view never shows an old part."""
    kept, off = PieceCache(256 * MIB), PieceCache(0)
    compared = 0
    # Every other state, so each picture meets pieces kept from a state before the one just past.
    for index, (renderer, view, events) in enumerate(_tables()):
        if index % 2:
            continue
        monkeypatch.setattr(canvas_module, "PIECES", kept)
        from_pieces = renderer.render(view, events)
        monkeypatch.setattr(canvas_module, "PIECES", off)
        afresh = renderer.render(view, events)
        assert [i.filename for i in from_pieces] == [i.filename for i in afresh]
        for a, b in zip(from_pieces, afresh, strict=True):
            assert a.data == b.data, f"{renderer.game} {a.filename} differs from a fresh drawing"
            compared += 1
    assert compared > 600 and len(kept) > 60
