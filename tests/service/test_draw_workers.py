"""Images drawn in worker processes: the same pictures as in threads, and a bot that survives its
workers failing."""

from __future__ import annotations

import io
import logging
import os
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from functools import partial
from types import SimpleNamespace
from typing import Any

import pytest
from PIL import Image as Picture
from PIL import ImageChops, ImageStat

from bot import rendering
from bot.draw_workers import Workers
from bot.replies import Image
from bot.settings import load_settings
from render.cache import ImageCache
from render.exobase import RENDERER as EXOBASE
from tests.render.playout import playout
from tests.service.test_rendering_bridge import renderer as stand_in


def _pid() -> int:
    return os.getpid()


def _fail() -> None:
    raise LookupError("no such card")


def _die() -> None:
    os._exit(3)


def _sleep(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


@pytest.fixture
async def workers() -> AsyncIterator[Workers]:
    pool = Workers(2, 8, warm=False)
    try:
        yield pool
    finally:
        pool.close(stop=True)


async def test_drawings_run_in_other_processes_and_come_back_in_order(workers: Workers) -> None:
    view, events = list(playout(4, steps=30))[-1]
    planned = EXOBASE.plan(view, events)
    drawn = await workers.draw([p.draw for p in planned])
    assert drawn is not None
    # The same pictures as drawn here, in the order asked. Each process learns its own palette for
    # a kind of picture (from the first it encodes), so the colours may differ by a shade.
    here = [p.draw() for p in planned]
    assert [(i.filename, i.description) for i in drawn] == [(i.filename, i.description) for i in here]
    for there, mine in zip(drawn, here, strict=True):
        a, b = (Picture.open(io.BytesIO(i.data)).convert("RGB") for i in (there, mine))
        assert a.size == b.size
        assert max(ImageStat.Stat(ImageChops.difference(a, b)).mean) < 1.0
    pids = await workers.draw([_pid, _pid])
    assert pids is not None and os.getpid() not in pids


async def test_a_drawing_that_cannot_travel_is_left_to_the_caller(workers: Workers) -> None:
    assert await workers.draw([lambda: 1]) is None


async def test_a_drawing_that_fails_raises_here(workers: Workers) -> None:
    with pytest.raises(LookupError, match="no such card"):
        await workers.draw([_fail])


async def test_a_dead_worker_is_replaced(workers: Workers, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        assert await workers.draw([_die]) is None
    assert "image worker stopped" in caplog.text
    assert await workers.draw([_pid]) is not None


async def test_a_hung_drawing_times_out_and_new_workers_start() -> None:
    pool = Workers(1, 8, timeout=5, warm=False)
    try:
        assert await pool.draw([partial(_sleep, 0)]) is not None
        hung: Callable[[], Any] = partial(_sleep, 60)
        with pytest.raises(TimeoutError):
            await pool.draw([hung])
        # The stuck worker was stopped: the next drawing does not wait behind it.
        started = time.perf_counter()
        assert await pool.draw([partial(_sleep, 0)]) is not None
        assert time.perf_counter() - started < 5
    finally:
        pool.close(stop=True)


def test_workers_need_at_least_one_process() -> None:
    with pytest.raises(ValueError):
        Workers(0, 8)


def test_images_are_drawn_in_threads_unless_workers_are_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RENDER_PROCESSES", raising=False)
    assert load_settings().render_processes == 0
    monkeypatch.setenv("RENDER_PROCESSES", "3")
    assert load_settings().render_processes == 3


@pytest.fixture
def bridge_with_workers(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(rendering, "_cache", ImageCache(rendering.DEFAULT_CACHE_SIZE))
    monkeypatch.setattr(rendering, "_posted", OrderedDict())
    rendering.configure(rendering.DEFAULT_CACHE_SIZE, 8, 2)
    yield rendering
    rendering.configure(rendering.DEFAULT_CACHE_SIZE, 8, 0)


async def test_the_bridge_draws_in_workers_and_falls_back_to_threads(bridge_with_workers: Any) -> None:
    view, events = list(playout(6, steps=20))[-1]
    images = await rendering.render(EXOBASE, view, events)
    assert [i.filename for i in images] == [p.name + ".png" for p in EXOBASE.plan(view, events)]
    assert all(i.data.startswith(b"\x89PNG") for i in images)
    # A stand-in renderer's drawing (a closure) cannot travel: it is drawn in this process.
    made = [SimpleNamespace(filename="base.png", data=b"png", description="The base")]
    assert await rendering.render(stand_in(made), {}, []) == [Image("base.png", b"png", "The base")]
    with pytest.raises(ValueError):
        rendering.configure(rendering.DEFAULT_CACHE_SIZE, 8, -1)
