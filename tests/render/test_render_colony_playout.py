from __future__ import annotations

from typing import Any

import pytest

from engine.colony import CONTENT
from engine.core import Event
from render.colony import renderer
from render.colony.board import draw_board
from render.colony.event import draw_event, revealed_event
from render.colony.grid import draw_grid
from render.colony.hands import draw_hands
from tests.render.colony_playout import colony_playout
from tests.render.conftest import open_png

COLONY = renderer(CONTENT)

Played = list[tuple[dict[str, Any], list[Event]]]


@pytest.fixture(scope="module", params=[1, 2, 3, 4], ids=lambda n: f"{n}p")
def game(request: pytest.FixtureRequest) -> Played:
    """A whole seeded game for 1-4 players: the greedy policy builds, random play fills the hands."""
    players = int(request.param)
    return list(colony_playout(10 + players, players)) + list(
        colony_playout(20 + players, players, policy="random", steps=40)
    )


def test_every_state_of_seeded_games_lays_out_without_overlaps(game: Played) -> None:
    # Drawing is the part that could fail on a real state; encoding is checked on a sample below.
    reveals = 0
    for view, events in game:
        assert draw_grid(view, CONTENT).overlapping_texts() == []
        assert draw_board(view).overlapping_texts() == []
        assert draw_hands(view, CONTENT).overlapping_texts() == []
        revealed = revealed_event(events, view, CONTENT)
        if revealed is not None:
            reveals += 1
            assert draw_event(revealed, view, CONTENT).overlapping_texts() == []
    assert reveals > 0


def test_sampled_states_post_valid_pngs_and_the_event_only_after_a_reveal(game: Played) -> None:
    for index, (view, events) in enumerate(game):
        revealed = any(e.kind == "event_revealed" for e in events)
        if index % 6 and not revealed and view["outcome"] is None:
            continue
        images = COLONY.render(view, events)
        assert [i.filename == "event.png" for i in images][-1] == revealed
        for image in images:
            assert len(image.data) < 500_000
            png = open_png(image.data)
            assert png.width <= 1600 and png.height <= 2400


def test_the_game_ends_with_an_outcome_banner(game: Played) -> None:
    ended = [view for view, _ in game if view["outcome"]]
    assert ended
    texts = " ".join(p.text for p in draw_board(ended[0]).texts)
    assert "VICTORY" in texts or "DEFEAT" in texts
