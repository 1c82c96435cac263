"""`make bench`: engine, images, command round trips against a floor, the store's scaling. Targets are for
reading, not for tests."""

from __future__ import annotations

import os

from bench.colony import bench_colony
from bench.concurrency import bench_concurrency
from bench.engine import bench_engine
from bench.europa import bench_europa
from bench.images import bench_images
from bench.roundtrip import bench_roundtrip
from bench.spacebase import bench_spacebase
from bench.store import bench_store
from bot.app import one_malloc_arena

TARGETS = (
    "targets: apply median < 100 µs, >= 200 random games/s, each image < 50 ms and < 500 KB; a command "
    "median <= 3x the floor when its images are unchanged, <= 6x when they are drawn, p99 < 40 ms; "
    "300 channels at once: 0 refused and >= 100 actions/s text only"
)


def main() -> None:
    # As the bot does when it starts: every thread allocates from one arena.
    one_malloc_arena()
    print(TARGETS)
    print(
        f"load average at start: {', '.join(f'{n:.1f}' for n in os.getloadavg())} on {os.cpu_count()} cores"
    )
    for section in (
        bench_engine,
        bench_images,
        bench_roundtrip,
        bench_store,
        bench_colony,
        bench_spacebase,
        bench_europa,
        bench_concurrency,
    ):
        for line in section():
            print(line, flush=True)


if __name__ == "__main__":
    main()
