"""A counter-based random number generator whose whole state is two integers.

The state of a game stores ``seed`` and ``position``; every draw advances the
position, so replaying the action log reproduces every die and shuffle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

_TWO64 = 1 << 64
_MASK = _TWO64 - 1
_GOLDEN = 0x9E3779B97F4A7C15
_STREAM = 0x2545F4914F6CDD1D
T = TypeVar("T")


@dataclass
class Rng:
    """Deterministic RNG: the n-th draw depends only on ``seed`` and ``n``."""

    seed: int
    position: int = 0

    # Written out: compiled (engine.native), this is native code; a dataclass's own would not be.
    def __init__(self, seed: int, position: int = 0) -> None:
        self.seed = seed
        self.position = position

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in ``[low, high]``; raises ValueError when ``high < low``."""
        if high < low:
            raise ValueError("empty range")
        span = high - low + 1
        # Rejection sampling keeps the distribution exactly uniform.
        limit = _TWO64 - _TWO64 % span
        # Draw n is splitmix64 of ``seed * _STREAM + n``, written out in the loop: a game draws tens of
        # thousands of times, and a function call per draw was a third of the cost.
        base = self.seed * _STREAM + _GOLDEN
        while True:
            x = (base + self.position) & _MASK
            self.position += 1
            x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
            x ^= x >> 31
            if x < limit:
                return low + x % span

    def d6(self) -> int:
        """One six-sided die."""
        return self.randint(1, 6)

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randint(0, i)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        """One element of a non-empty list; raises ValueError on an empty one."""
        if not items:
            raise ValueError("choice from an empty list")
        return items[self.randint(0, len(items) - 1)]

    def to_json(self) -> dict[str, int]:
        return {"seed": self.seed, "position": self.position}

    @classmethod
    def from_json(cls, data: dict[str, int]) -> Rng:
        return cls(seed=int(data["seed"]), position=int(data["position"]))
