"""Bridge to the renderer: images off the event loop, text only for a game without images.

Each call is handed the game's renderer (``Game.renderer``, built over the cards the game is played
with), so no game's images are looked up here.

Rendered images are kept in a bounded cache by content key, so a view that draws the same picture
again costs a lookup. Given a ``game_key``, the bridge also remembers which pictures that game's
channel last got and leaves out the standing images (board, base...) that have not changed since.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Protocol

from bot.draw_workers import Workers
from bot.replies import Image
from engine.core import Event
from render import pieces
from render.cache import ImageCache
from render.registry import Planned

log = logging.getLogger(__name__)
_text_only: set[str] = set()

DEFAULT_CACHE_SIZE = 256
# Games whose last posted pictures are remembered; an older game just gets all its images once more.
REMEMBERED_GAMES = 4096
_cache = ImageCache(DEFAULT_CACHE_SIZE)
# Threads a command's images are drawn in at most: one per core.
_LANES = max(1, os.cpu_count() or 1)
_posted: OrderedDict[Hashable, dict[str, str]] = OrderedDict()
# Worker processes images are drawn in, if any (else threads of this process).
_workers: Workers | None = None
# Images drawn ahead for the render about to come (``predraw``): each key's batch and its place in
# it. A move's wait here only while it is saved; those a render never takes go after this many.
PREDRAWN_KEPT = 32
_predrawn: OrderedDict[str, tuple[asyncio.Future[list[Any]], int]] = OrderedDict()


def configure(cache_size: int, piece_megabytes: int = pieces.DEFAULT_MEGABYTES, processes: int = 0) -> None:
    """Keep at most ``cache_size`` rendered images and ``piece_megabytes`` MiB of drawn parts of
    images (0 turns either cache off), and draw in ``processes`` worker processes (0: in threads of
    this process); raises ValueError if one is < 0.

    Workers already running with the same numbers are kept; others are let go.
    """
    global _workers
    if processes < 0:
        raise ValueError(f"A number of worker processes cannot be negative, not {processes}.")
    _cache.resize(cache_size)
    pieces.configure(piece_megabytes)
    if _workers is not None and (_workers.processes, _workers.piece_megabytes) == (
        processes,
        piece_megabytes,
    ):
        return
    if _workers is not None:
        _workers.close()
    _workers = Workers(processes, piece_megabytes) if processes else None


def start_workers() -> None:
    """Start the worker processes, if images are drawn in any, before the first command needs them."""
    if _workers is not None:
        _workers.start()


def forget(game_key: Hashable) -> None:
    """Drop what ``game_key``'s channel was last shown (its next message shows every image)."""
    _posted.pop(game_key, None)


def forget_all() -> None:
    """Drop what every channel was last shown (each next message shows every image)."""
    _posted.clear()


def remembers(game_key: Hashable) -> bool:
    """Whether the bridge knows what ``game_key``'s channel was last shown (not after ``forget``)."""
    return game_key in _posted


class Planner(Protocol):
    """What the bridge needs of a game's renderer (``render.registry.Renderer``)."""

    @property
    def game(self) -> str: ...

    def plan(
        self, view: Mapping[str, Any], events: Sequence[Event], *, which: set[str] | None = None
    ) -> list[Planned]: ...


async def render(
    renderer: Planner | None,
    view: Mapping[str, Any],
    events: Sequence[Event],
    which: Sequence[str] | None = None,
    *,
    game_key: Hashable | None = None,
    only_changed: bool = True,
    public: bool = True,
) -> list[Image]:
    """The images ``renderer`` draws for this view and these events; [] without a renderer.

    Without ``game_key`` every wanted image is returned. With it, a standing image the game's channel
    was last shown unchanged is left out when ``only_changed`` (pass False for a status that shows
    everything), and when ``public`` the returned images are remembered as what the channel was last
    shown (pass False for ephemeral replies). Event images (dice, an event card) always come.
    A renderer crash is logged and costs only the images: the action is already saved.
    """
    if renderer is None:
        return []
    game = renderer.game
    try:
        planned = _plan(renderer, view, events, which, game_key, only_changed)
        drawn = await _draw_all(planned)
    except (LookupError, NotImplementedError, ValueError) as exc:
        # A renderer refuses what it cannot draw; say so once, then stay text-only quietly.
        if game not in _text_only:
            _text_only.add(game)
            log.warning("no images for %s: %s", game, exc)
        return []
    except Exception:
        log.exception("rendering %s failed", game)
        return []
    if game_key is not None and public:
        _remember(game_key, {p.name: p.key for p in planned if p.standing})
    return [Image(r.filename, r.data, r.description) for r in drawn]


def predraw(
    renderer: Planner | None,
    view: Mapping[str, Any],
    events: Sequence[Event],
    which: Sequence[str] | None = None,
    *,
    game_key: Hashable | None = None,
    only_changed: bool = True,
) -> None:
    """Start drawing the images a ``render`` with the same arguments will ask for, so a move's
    pictures are drawn while the move is being saved; call it from the event loop.

    Nothing is remembered as shown, and nothing is posted: the render that comes next takes the
    images, drawn or still drawing, and reports any error (a move refused on saving never takes
    them, and they are soon let go).
    """
    if renderer is None:
        return
    try:
        planned = _plan(renderer, view, events, which, game_key, only_changed)
    except Exception:  # the render that follows plans again and says what went wrong
        return
    missing = [p for p in planned if p.key not in _predrawn and _cache.get(p.key) is None]
    if not missing:
        return
    batch = asyncio.ensure_future(_draw_missing(missing))
    # An error is read by the render that takes the images; this marks it read if none does.
    batch.add_done_callback(lambda done: done.cancelled() or done.exception())
    for index, p in enumerate(missing):
        _predrawn[p.key] = (batch, index)
    while len(_predrawn) > PREDRAWN_KEPT:
        _predrawn.popitem(last=False)


def _plan(
    renderer: Planner,
    view: Mapping[str, Any],
    events: Sequence[Event],
    which: Sequence[str] | None,
    game_key: Hashable | None,
    only_changed: bool,
) -> list[Planned]:
    """The images to post: those planned, less the standing ones the channel already shows."""
    planned = renderer.plan(dict(view), list(events), which=set(which) if which is not None else None)
    if game_key is not None and only_changed:
        shown = _posted.get(game_key, {})
        planned = [p for p in planned if not (p.standing and shown.get(p.name) == p.key)]
    return planned


async def _draw_all(planned: Sequence[Planned]) -> list[Any]:
    """Each planned image from the cache, from those drawn ahead (``predraw``), or drawn now."""
    found = {p.key: _cache.get(p.key) for p in planned}
    for p in planned:
        ahead = _predrawn.pop(p.key, None) if found[p.key] is None else None
        if ahead is not None:
            batch, index = ahead
            found[p.key] = image = (await batch)[index]
            _cache.put(p.key, image)
    missing = [p for p in planned if found[p.key] is None]
    if missing:
        for p, image in zip(missing, await _draw_missing(missing), strict=True):
            _cache.put(p.key, image)
            found[p.key] = image
    return [found[p.key] for p in planned]


async def _draw_missing(missing: Sequence[Planned]) -> list[Any]:
    """Draw ``missing``, in order, off the event loop.

    Images go to the worker processes when there are any (``configure``). Else, or when the workers
    cannot take them, they are shared out over one thread per core: Pillow lets go of the GIL while
    it maps colours and compresses, so those parts overlap. More threads than cores only fight over
    the GIL for the drawing between them: on two cores, ExoBase's four images took ~19 ms in four
    threads and ~15 ms in two.
    """
    by_workers = await _workers.draw([p.draw for p in missing]) if _workers is not None else None
    if by_workers is not None:
        return by_workers
    # Lane n draws every n-th image from the n-th on; its images go back to those places.
    count = min(_LANES, len(missing))
    by_lane = await asyncio.gather(
        *(asyncio.to_thread(_draw_each, missing[start::count]) for start in range(count))
    )
    drawn: list[Any] = [None] * len(missing)
    for start, images in enumerate(by_lane):
        drawn[start::count] = images
    return drawn


def _draw_each(lane: Sequence[Planned]) -> list[Any]:
    return [p.draw() for p in lane]


def _remember(game_key: Hashable, keys: dict[str, str]) -> None:
    _posted.setdefault(game_key, {}).update(keys)
    _posted.move_to_end(game_key)
    while len(_posted) > REMEMBERED_GAMES:
        _posted.popitem(last=False)
