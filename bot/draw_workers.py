"""Images drawn in worker processes, so that a command's pictures are drawn side by side on every core.

In threads, the pictures of a command take turns: laying out a picture (where each text and shape
goes) runs in the interpreter, one thread at a time, and only Pillow's pixel work overlaps. Worker
processes draw in parallel for all of it, and leave the bot's own process free to answer other
commands meanwhile.

A picture to draw travels as its pickled drawing (the renderer's function and the part of the view
it reads: a few KB) and comes back as PNG bytes. Each worker keeps caches of its own (pieces of
pictures, palettes, text shapes). A drawing that cannot be pickled (a test's stand-in renderer) is
refused with None, and the caller draws it in its own threads; so is a batch whose worker died, after
which new workers start. A drawing that takes longer than ``timeout`` raises TimeoutError: its
workers are stopped and new ones start, and the command goes on without pictures.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import pickle
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.games import MODULES, load_games
from bot.memory import freeze_heap, tune_malloc
from render import pieces

log = logging.getLogger(__name__)

TIMEOUT = 30.0
PRELOAD = ("render.colony", "render.europa", "render.exobase", "render.spacebase")


def _context() -> Any:
    """A server process that has imported the renderers forks the workers: never a copy of the bot's
    threads and locks, and a new worker is ready at once. Where there is no such server, each worker
    starts afresh."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__, *PRELOAD])
    return context


def _start(piece_megabytes: int, warm: bool) -> None:
    """Set up a worker as the bot sets up its own process, then (``warm``) draw each game's pictures
    once: a worker's first picture of a kind costs several times a later one (fonts, palettes, text
    shapes), and this way no player's command pays for it."""
    tune_malloc()
    pieces.configure(piece_megabytes)
    if warm:
        _warm_up()
    freeze_heap()


def _warm_up() -> None:
    for key, game in load_games(MODULES, {}).items():
        if game.renderer is None:
            continue
        # The fewest players each game is set up with (a solo game or two seats).
        for players in (["Ann"], ["Ann", "Bob"]):
            try:
                state = game.rules.setup(players, {}, 1)
                game.renderer.render(game.rules.view(state, None), [])
                break
            except Exception:  # a warm-up that fails only leaves the first picture slow
                log.debug("no warm-up for %s with %d players", key, len(players), exc_info=True)


def _ready() -> bool:
    return True


def _draw(call: bytes) -> Any:
    return pickle.loads(call)()


class Workers:
    """``processes`` worker processes, started by ``start`` or at the first drawing."""

    def __init__(
        self, processes: int, piece_megabytes: int, *, timeout: float = TIMEOUT, warm: bool = True
    ) -> None:
        if processes < 1:
            raise ValueError(f"Drawing in worker processes needs at least one, not {processes}.")
        self.processes = processes
        self.piece_megabytes = piece_megabytes
        self.timeout = timeout
        self.warm = warm
        self._pool: ProcessPoolExecutor | None = None

    def start(self) -> None:
        """Start the workers now rather than at the first drawing (they warm up meanwhile)."""
        if self._pool is None:
            pool = self._executor()
            for _ in range(self.processes):
                pool.submit(_ready)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = _context()
            self._pool = ProcessPoolExecutor(
                self.processes,
                mp_context=context,
                initializer=_start,
                initargs=(self.piece_megabytes, self.warm),
            )
        return self._pool

    async def draw(self, drawings: Sequence[Callable[[], Any]]) -> list[Any] | None:
        """What each drawing returns, in order; None when they must be drawn in this process instead.

        Raises what a drawing raised, and TimeoutError when they took longer than ``timeout``.
        """
        try:
            calls = [pickle.dumps(drawing, pickle.HIGHEST_PROTOCOL) for drawing in drawings]
        except (pickle.PicklingError, TypeError, AttributeError):
            return None
        if self._pool is None:
            # Starting the server process and the workers takes a few hundred ms: not on the loop.
            await asyncio.to_thread(self.start)
        loop = asyncio.get_running_loop()
        pool = self._executor()
        try:
            jobs = [loop.run_in_executor(pool, _draw, call) for call in calls]
            return list(await asyncio.wait_for(asyncio.gather(*jobs), self.timeout))
        except BrokenProcessPool:
            log.warning("an image worker stopped; starting new ones")
            self.close(stop=True)
            return None
        except TimeoutError:
            log.error("drawing images took over %.0f s; restarting the image workers", self.timeout)
            self.close(stop=True)
            raise

    def close(self, *, stop: bool = False) -> None:
        """Let the workers go (``stop``: end them now, even in the middle of a drawing)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        if stop:
            # The executor keeps its processes to itself; ending them is the only way out of a hang.
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
