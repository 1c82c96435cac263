"""Memory tuned for the bot's work: the C library's allocator for drawing images, and the collector
kept off what a started process holds for good (in the bot's process and in its image workers)."""

from __future__ import annotations

import ctypes
import gc

# glibc's mallopt parameters: how many arenas threads may allocate from, and how much free memory
# the heap keeps at its top instead of handing it back to the system.
M_TOP_PAD = -2
M_ARENA_MAX = -8
TOP_PAD = 16 * 1024 * 1024


def tune_malloc() -> bool:
    """Have every thread allocate from the C library's main arena, which keeps 16 MiB free at its
    top; True when both were set (glibc only).

    A command's images are drawn in worker threads, on canvases of several MiB each. With an arena
    per thread, and with a heap trimmed back after every image, each canvas landed on fresh pages
    that had to fault in again: drawing ExoBase's base and panel took ~15.5 ms with an arena per
    thread and ~11.5 ms with one, and a command that draws took ~21 ms at glibc's default top pad
    and ~17 ms at 16 MiB. Call it before any thread starts (threads keep the arena they began with).
    """
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (AttributeError, OSError, TypeError):
        return False  # not glibc (macOS, Windows): their allocators have no such settings
    return bool(mallopt(M_ARENA_MAX, 1)) and bool(mallopt(M_TOP_PAD, TOP_PAD))


def freeze_heap() -> None:
    """Collect once, then keep every object alive now out of later full collections.

    What a started bot holds for good (cards, fonts, the library's caches, compiled statements)
    made each full collection walk ~135,000 objects: a 30-40 ms pause inside some command every
    few hundred commands. Frozen, they are never walked again; objects made later are collected
    as before. Done once per process, after start-up, so little garbage is ever frozen with them.
    """
    gc.collect()
    gc.freeze()
