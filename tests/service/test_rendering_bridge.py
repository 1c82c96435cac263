from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import pytest

from bot import rendering
from bot.replies import Image
from engine.core import Event


def renderer(result: Any) -> Any:
    def render_images(game: str, view: dict[str, Any], events: list[Event], which: Any = None) -> Any:
        if isinstance(result, Exception):
            raise result
        return result

    return SimpleNamespace(render_images=render_images)


async def test_images_are_converted(monkeypatch: pytest.MonkeyPatch) -> None:
    made = [SimpleNamespace(filename="base.png", data=b"png", description="The base")]
    monkeypatch.setattr(rendering, "_renderer", lambda: renderer(made))
    assert await rendering.render("exobase", {}, [Event("x", "y")]) == [Image("base.png", b"png", "The base")]


async def test_no_renderer_means_text_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rendering, "_renderer", lambda: None)
    assert await rendering.render("exobase", {}, []) == []
    monkeypatch.setattr(rendering, "_renderer", lambda: renderer(ValueError("no renderer for tally")))
    assert await rendering.render("tally", {}, []) == []


async def test_a_renderer_crash_costs_only_the_images(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(rendering, "_renderer", lambda: renderer(RuntimeError("boom")))
    with caplog.at_level(logging.ERROR):
        assert await rendering.render("exobase", {}, []) == []
    assert "rendering exobase failed" in caplog.text


async def test_real_renderer_draws_exobase_and_refuses_others() -> None:
    pytest.importorskip("render.registry")
    engine = pytest.importorskip("engine.registry")
    rules = engine.get_rules("exobase")
    view = rules.view(rules.setup(["Ann"], {"mode": "normal", "team": False}, 3), None)
    images = await rendering.render("exobase", view, [])
    assert images and all(image.data.startswith(b"\x89PNG") for image in images)
    assert await rendering.render("tally", {}, []) == []
