"""Pieces of pictures kept once drawn: the cache's bound, and pictures the same as drawn afresh."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import render.canvas as canvas_module
from engine.colony import RULES as COLONY
from engine.core import Event
from engine.europa import RULES as EUROPA_RULES
from engine.spacebase import RULES as SPACEBASE_RULES
from render import pieces
from render.canvas import Box, Canvas, bands
from render.colony import renderer as colony_renderer
from render.europa.images import RENDERER as EUROPA
from render.exobase import RENDERER as EXOBASE
from render.palette import palette_kind, to_palette
from render.pieces import Piece, PieceCache
from render.png import encode
from render.registry import Renderer
from render.spacebase import RENDERER as SPACEBASE
from render.theme import ACCENT, DAMAGE, OUTLINE, SURFACE, TEXT, WARN, Rgb
from tests.render.colony_playout import colony_playout
from tests.render.europa_playout import europa_playout
from tests.render.playout import greedy_game, playout

MIB = 1 << 20


def piece(width: int, height: int) -> Piece:
    return Piece((0, 0, width, height), Image.new("RGB", (width, height)), (), height, None)


def test_the_cache_holds_its_bound_in_bytes_least_recently_used_first_out() -> None:
    cache = PieceCache(3 * 100 * 100 * 5)
    for key in "abc":
        cache.put(key, piece(100, 100))
    assert cache.get("a") is not None  # now the most recently used
    cache.put("d", piece(100, 100))
    assert cache.get("b") is None and {k for k in "acd" if cache.get(k)} == set("acd")
    assert cache.weight == 3 * 100 * 100 * 5
    cache.resize(100 * 100 * 5)
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
    """Seeded games of the games whose images are drawn from pieces, state after state."""
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
    for expansion, players, seed in (("base", 3, 4), ("genesis", 5, 8)):
        yield from _space_base(expansion, players, seed)
    for players, invaders, seed in ((3, False, 3), (4, True, 6)):
        for index, state in enumerate(europa_playout(seed, players, invaders=invaders)):
            if index % 2 == 0:
                yield EUROPA, EUROPA_RULES.view(state, None), []
                seat = index % players
                yield EUROPA, {**EUROPA_RULES.view(state, seat), "viewer": seat}, []


def _space_base(
    expansion: str, players: int, seed: int
) -> Iterator[tuple[Renderer, dict[str, Any], list[Event]]]:
    """A Space Base game the AI plays: the table's images and one seat's board, move after move
    (dice lighting sectors, cards bought, cubes added, cards turned up from a deck)."""
    rules = SPACEBASE_RULES
    state = rules.setup([f"P{n}" for n in range(players)], {"expansion": expansion}, seed)
    for step in range(400):
        if rules.outcome(state) is not None:
            return
        seat = min(rules.to_move(state))
        action = rules.timeout_action(state, seat)
        assert action is not None
        state, events = rules.apply(state, seat, action)
        if step % 3 == 0:
            yield SPACEBASE, rules.view(state, None), events
            yield SPACEBASE, {**rules.view(state, step % players), "viewer": step % players}, []


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


def _reference(canvas: Canvas, rows: int) -> bytes:
    """The PNG of the whole picture mapped at once, as a canvas without pieces encodes it."""
    return encode(to_palette(canvas.image, rows), rows)


def test_a_picture_mapped_part_by_part_is_the_picture_mapped_whole(own_cache: PieceCache) -> None:
    """Pieces pasted or drawn, then drawn over by a label, a frame, a filled box, a line straight on
    the image and another piece: the PNG mapped part by part is byte for byte the whole one."""

    def card(canvas: Canvas, x: int, colour: Rgb) -> tuple[None, Box]:
        canvas.rect((x + 10, 20, x + 110, 100), colour, radius=8)
        canvas.text(x + 20, 30, "Dome", 24, TEXT)
        return None, (x, 10, x + 120, 110)

    def picture() -> Canvas:
        canvas = Canvas(420, 600, start=120)
        for index, colour in enumerate((ACCENT, SURFACE, DAMAGE)):
            canvas.piece(f"card {index}", lambda c=canvas, i=index, k=colour: card(c, i * 130, k))  # type: ignore[misc]
        canvas.text(60, 50, "over a card", 22, WARN)
        canvas.rect((5, 5, 400, 115), None, outline=OUTLINE, width=3, radius=12)
        canvas.rect((200, 60, 260, 90), DAMAGE)
        canvas.within((0, 140, 420, 150)).line((0, 145, 420, 145), fill=TEXT, width=4)
        canvas.piece("card 0", lambda: card(canvas, 0, ACCENT))
        canvas.text(10, 300, "far below, so the canvas grows", 30, TEXT)
        return canvas

    with palette_kind("test/parts"):
        for _ in range(2):  # drawn, then pasted from the pieces kept
            canvas = picture()
            assert canvas.png(height=360) == _reference(canvas, 360)
            # Cut through the pieces: each is written only down to the last row kept.
            assert canvas.png(height=60) == _reference(canvas, 60)
            assert canvas.png() == _reference(canvas, canvas.limit)


def test_bands_cover_every_box_within_the_image() -> None:
    boxes = [(-5, 0, 30, 12), (25, 3, 60, 20), (400, 10, 700, 40), (0, 590, 50, 640), (10, 10, 10, 30)]
    boxes += [(x, y, x + 14, y + 9) for x in range(0, 400, 37) for y in range(50, 500, 23)]
    found = bands(boxes, 420, 600)
    assert len(found) < len(boxes) // 4
    for left, top, right, bottom in found:
        assert 0 <= left < right <= 420 and 0 <= top < bottom <= 600
    for left, top, right, bottom in boxes:
        for x in range(max(0, left), min(420, right)):
            for y in range(max(0, top), min(600, bottom)):
                assert any(b[0] <= x < b[2] and b[1] <= y < b[3] for b in found), (x, y)
