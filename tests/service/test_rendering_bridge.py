from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from bot import rendering
from bot.replies import Image
from engine.core import Event
from render.cache import ImageCache
from render.exobase import RENDERER as EXOBASE
from render.image import RenderedImage
from render.registry import Planned
from tests.games import GAMES
from tests.render.playout import playout


def renderer(result: Any, game: str = "exobase") -> Any:
    """A stand-in renderer: plans ``result``'s images, or raises ``result``."""

    def plan(view: dict[str, Any], events: list[Event], which: Any = None) -> Any:
        if isinstance(result, Exception):
            raise result
        return [
            Planned(image.filename, True, f"{game}:{image.filename}", _returns(image)) for image in result
        ]

    return SimpleNamespace(game=game, plan=plan)


def _returns(image: Any) -> Callable[[], Any]:
    return lambda: image


async def test_images_are_converted() -> None:
    made = [SimpleNamespace(filename="base.png", data=b"png", description="The base")]
    assert await rendering.render(renderer(made), {}, [Event("x", "y")]) == [
        Image("base.png", b"png", "The base")
    ]


async def test_a_game_without_images_is_text_only() -> None:
    assert await rendering.render(None, {}, []) == []
    assert await rendering.render(renderer(ValueError("no such image"), "tally"), {}, []) == []


async def test_a_renderer_crash_costs_only_the_images(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR):
        assert await rendering.render(renderer(RuntimeError("boom")), {}, []) == []
    assert "rendering exobase failed" in caplog.text


async def test_real_renderer_draws_exobase_and_refuses_unknown_images() -> None:
    rules = GAMES["exobase"]
    view = rules.view(rules.setup(["Ann"], {"mode": "normal", "team": False}, 3), None)
    images = await rendering.render(EXOBASE, view, [])
    assert images and all(image.data.startswith(b"\x89PNG") for image in images)
    assert await rendering.render(EXOBASE, view, [], ["board"]) == []


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> ImageCache:
    """An empty cache and no remembered posts, so tests do not see each other's images."""
    cache = ImageCache(rendering.DEFAULT_CACHE_SIZE)
    monkeypatch.setattr(rendering, "_cache", cache)
    monkeypatch.setattr(rendering, "_posted", OrderedDict())
    monkeypatch.setattr(rendering, "_predrawn", OrderedDict())
    return cache


class Planner:
    """A renderer whose images are named by the view entry they draw, counting what it draws."""

    def __init__(self) -> None:
        self.drawn: list[str] = []

    game = "g"

    def plan(
        self, view: Mapping[str, Any], events: Sequence[Event], *, which: set[str] | None = None
    ) -> list[Planned]:
        names = sorted(which or view)
        planned = [
            Planned(name, True, f"{name}:{view[name]}", self._draw(name, view[name])) for name in names
        ]
        planned += [Planned("dice", False, f"dice:{e.text}", self._draw("dice", e.text)) for e in events]
        return planned

    def _draw(self, name: str, value: Any) -> Callable[[], RenderedImage]:
        def draw() -> RenderedImage:
            self.drawn.append(name)
            return RenderedImage(f"{name}.png", f"{name}={value}".encode(), name)

        return draw


@pytest.fixture
def planner(fresh: ImageCache) -> Planner:
    return Planner()


def names(images: list[Image]) -> list[str]:
    return [image.filename for image in images]


async def test_equal_views_are_drawn_once(planner: Planner) -> None:
    first = await rendering.render(planner, {"base": 1, "panel": 1}, [])
    again = await rendering.render(planner, {"panel": 1, "base": 1}, [])
    assert first == again and sorted(planner.drawn) == ["base", "panel"]
    await rendering.render(planner, {"base": 2, "panel": 1}, [])
    assert sorted(planner.drawn) == ["base", "base", "panel"]


async def test_the_cache_holds_its_bound(planner: Planner, fresh: ImageCache) -> None:
    rendering.configure(2)
    for value in range(5):
        await rendering.render(planner, {"base": value}, [])
    assert len(fresh) == 2
    with pytest.raises(ValueError):
        rendering.configure(-1)


async def test_a_game_gets_only_the_images_that_changed(planner: Planner) -> None:
    game = 41
    assert names(await rendering.render(planner, {"base": 1, "rows": 1}, [], game_key=game)) == [
        "base.png",
        "rows.png",
    ]
    assert await rendering.render(planner, {"base": 1, "rows": 1}, [], game_key=game) == []
    changed = await rendering.render(planner, {"base": 2, "rows": 1}, [Event("roll", "6")], game_key=game)
    assert names(changed) == ["base.png", "dice.png"]
    # Dice are news: the same roll again is posted again.
    assert names(
        await rendering.render(planner, {"base": 2, "rows": 1}, [Event("roll", "6")], game_key=game)
    ) == ["dice.png"]
    # Another game's channel has seen nothing yet.
    assert len(await rendering.render(planner, {"base": 2, "rows": 1}, [], game_key=42)) == 2


async def test_a_status_shows_everything_and_private_replies_are_not_remembered(planner: Planner) -> None:
    game = 7
    await rendering.render(planner, {"base": 1, "rows": 1}, [], game_key=game)
    everything = await rendering.render(
        planner, {"base": 2, "rows": 1}, [], game_key=game, only_changed=False, public=False
    )
    assert names(everything) == ["base.png", "rows.png"]
    # The channel itself never saw base 2, so the next public message still brings it.
    assert names(await rendering.render(planner, {"base": 2, "rows": 1}, [], game_key=game)) == ["base.png"]
    rendering.forget(game)
    assert len(await rendering.render(planner, {"base": 2, "rows": 1}, [], game_key=game)) == 2


async def test_a_narrowed_call_remembers_only_what_it_posted(planner: Planner) -> None:
    game = 9
    await rendering.render(planner, {"base": 1, "rows": 1}, [], game_key=game)
    assert names(await rendering.render(planner, {"base": 2, "rows": 2}, [], ["base"], game_key=game)) == [
        "base.png"
    ]
    assert names(await rendering.render(planner, {"base": 2, "rows": 2}, [], game_key=game)) == ["rows.png"]


async def test_real_images_follow_every_change_of_a_played_game(fresh: ImageCache) -> None:
    rendering.configure(4)
    game = "played"
    shown: dict[str, bytes] = {}
    for view, events in list(playout(6, steps=40))[::4]:
        fresh_images = {i.filename: i.data for i in EXOBASE.render(view, events)}
        cached = await rendering.render(EXOBASE, view, events)
        assert {i.filename: i.data for i in cached} == fresh_images
        for image in await rendering.render(EXOBASE, view, events, game_key=game):
            shown[image.filename] = image.data
        # What the channel has seen last is always the current picture.
        assert all(shown[name] == data for name, data in fresh_images.items() if name != "dice.png")


async def test_images_drawn_ahead_are_taken_by_the_render_and_never_drawn_twice(planner: Planner) -> None:
    # No image cache: the images drawn ahead reach the render all the same.
    rendering.configure(0)
    game = 5
    await rendering.render(planner, {"base": 1, "rows": 1}, [], game_key=game)
    planner.drawn.clear()
    view, events = {"base": 2, "rows": 1}, [Event("roll", "6")]
    rendering.predraw(planner, view, events, game_key=game)
    images = await rendering.render(planner, view, events, game_key=game)
    assert names(images) == ["base.png", "dice.png"]
    assert [image.data for image in images] == [b"base=2", b"dice=6"]
    assert sorted(planner.drawn) == ["base", "dice"] and not rendering._predrawn
    # Drawn ahead for the board the channel already shows: nothing to draw, nothing to post.
    rendering.predraw(planner, view, [], game_key=game)
    assert await rendering.render(planner, view, [], game_key=game) == []
    assert sorted(planner.drawn) == ["base", "dice"]


async def test_a_move_refused_on_saving_leaves_its_images_unposted(planner: Planner) -> None:
    rendering.configure(0)
    game = 6
    await rendering.render(planner, {"base": 1}, [], game_key=game)
    # Drawn ahead for a move that was then refused: the channel's next message is of another view.
    rendering.predraw(planner, {"base": 2}, [], game_key=game)
    images = await rendering.render(planner, {"base": 3}, [], game_key=game)
    assert [image.data for image in images] == [b"base=3"]
    # Images never taken are let go after a bound.
    for value in range(rendering.PREDRAWN_KEPT + 10):
        rendering.predraw(planner, {"base": 100 + value}, [], game_key=game)
    assert len(rendering._predrawn) == rendering.PREDRAWN_KEPT
    # One let go is drawn again when asked for; the newest is taken as drawn.
    first = await rendering.render(planner, {"base": 100}, [], game_key=game)
    last = await rendering.render(planner, {"base": 100 + rendering.PREDRAWN_KEPT + 9}, [], game_key=game)
    assert [image.data for image in first + last] == [
        b"base=100",
        f"base={109 + rendering.PREDRAWN_KEPT}".encode(),
    ]


async def test_a_crash_drawing_ahead_costs_the_render_only_its_images(
    fresh: ImageCache, caplog: pytest.LogCaptureFixture
) -> None:
    def broken() -> RenderedImage:
        raise RuntimeError("boom")

    crashing = SimpleNamespace(game="g", plan=lambda *_a, **_k: [Planned("base", True, "base:x", broken)])
    rendering.predraw(crashing, {}, [])
    with caplog.at_level(logging.ERROR):
        assert await rendering.render(crashing, {}, []) == []
    assert "rendering g failed" in caplog.text
    # A plan that fails ahead of time is planned again, and reported, by the render.
    rendering.predraw(renderer(RuntimeError("plan")), {}, [])
    assert not rendering._predrawn
