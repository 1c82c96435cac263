"""`make bench`: engine, images and command round trip. Targets are for reading, not for tests."""

from __future__ import annotations

from bench.colony import bench_colony
from bench.engine import bench_engine
from bench.images import bench_images
from bench.roundtrip import bench_roundtrip

TARGETS = (
    "targets: apply median < 100 µs, >= 200 random games/s, each image < 50 ms and < 500 KB, "
    "a command with its image < 60 ms median"
)


def main() -> None:
    print(TARGETS)
    for section in (bench_engine, bench_images, bench_roundtrip, bench_colony):
        for line in section():
            print(line, flush=True)


if __name__ == "__main__":
    main()
