"""`make bench`: engine, images, command round trips against a floor, the store's scaling. Targets are for
reading, not for tests.

Each section runs in a process of its own (``python -m bench NAME`` runs one), so none is measured
on what an earlier one left behind: its threads, caches, frozen objects and a heap spread over more
memory made Space Base's games about 8 % slower when they ran after the round trips.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence

from bench.colony import bench_colony
from bench.concurrency import bench_concurrency
from bench.engine import bench_engine
from bench.europa import bench_europa
from bench.images import bench_images
from bench.remote_db import bench_remote_db
from bench.roundtrip import bench_roundtrip
from bench.spacebase import bench_spacebase
from bench.store import bench_store
from bench.timing import machine_reference
from bench.turns import bench_turns
from bot.memory import tune_malloc

TARGETS = (
    "targets: apply median < 100 µs, >= 200 random games/s, each image < 50 ms and < 500 KB; a command "
    "median <= 3x the floor when its images are unchanged, <= 6x when they are drawn, p99 < 40 ms; "
    "300 channels at once: 0 refused and >= 100 actions/s text only"
)
SECTIONS: dict[str, Callable[[], list[str]]] = {
    "engine": bench_engine,
    "images": bench_images,
    "roundtrip": bench_roundtrip,
    "turns": bench_turns,
    "remote-db": bench_remote_db,
    "store": bench_store,
    "colony": bench_colony,
    "spacebase": bench_spacebase,
    "europa": bench_europa,
    "concurrency": bench_concurrency,
}


def main(names: Sequence[str]) -> int:
    """Run the sections ``names`` here, or with none every section, each in a new process."""
    unknown = [n for n in names if n not in SECTIONS]
    if unknown:
        print(f"Unknown sections: {', '.join(unknown)}. Known: {', '.join(SECTIONS)}.", file=sys.stderr)
        return 2
    if names:
        # As the bot does when it starts (bot.memory.tune_malloc).
        tune_malloc()
        for name in names:
            for line in SECTIONS[name]():
                print(line, flush=True)
        return 0
    print(TARGETS)
    print(
        f"load average at start: {', '.join(f'{n:.1f}' for n in os.getloadavg())} on {os.cpu_count()} cores",
        flush=True,
    )
    print(
        f"machine reference: a fixed loop of a million additions takes {machine_reference():.0f} ms "
        "(figures from machines with another reference scale with it)",
        flush=True,
    )
    for name in SECTIONS:
        subprocess.run([sys.executable, "-m", "bench", name], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
