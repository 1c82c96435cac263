"""A counter-based random number generator whose whole state is two integers.

The state of a game stores ``seed`` and ``position``; every draw advances the
position, so replaying the action log reproduces every die and shuffle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, TypeVar

from engine.core.compiled import NATIVE

if TYPE_CHECKING:
    # Typing only: compiled (engine.native), an ``i64`` is a plain C integer; at run time the
    # annotations are never evaluated, so plain Python never imports it.
    from mypy_extensions import i64

# Final: compiled (engine.native), each is a constant of the C code rather than a name looked up.
_TWO64: Final = 1 << 64
_MASK: Final = _TWO64 - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_STREAM: Final = 0x2545F4914F6CDD1D
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB
# The same arithmetic in 32-bit halves, the products in 16-bit limbs (``Rng._draw_small``).
_TWO32: Final = 1 << 32
_M32: Final = 0xFFFFFFFF
_MIX1_3: Final = 0xBF58
_MIX1_2: Final = 0x476D
_MIX1_1: Final = 0x1CE4
_MIX1_0: Final = 0xE5B9
_MIX2_3: Final = 0x94D0
_MIX2_2: Final = 0x49BB
_MIX2_1: Final = 0x1331
_MIX2_0: Final = 0x11EB
_SMALL_SPAN: Final = 1 << 31
T = TypeVar("T")


@dataclass
class Rng:
    """Deterministic RNG: the n-th draw depends only on ``seed`` and ``n``."""

    seed: int
    position: int = 0
    # ``_draw_small``'s splitmix64 base for ``_base_seed``, in 32-bit halves (-1: not worked out).
    _base_seed: int = field(default=0, repr=False, compare=False)
    _base_hi: int = field(default=-1, repr=False, compare=False)
    _base_lo: int = field(default=0, repr=False, compare=False)

    # Written out: compiled (engine.native), this is native code; a dataclass's own would not be.
    def __init__(self, seed: int, position: int = 0) -> None:
        self.seed = seed
        self.position = position
        self._base_seed = 0
        self._base_hi = -1
        self._base_lo = 0

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in ``[low, high]``; raises ValueError when ``high < low``."""
        if high < low:
            raise ValueError("empty range")
        span = high - low + 1
        if NATIVE and span < _SMALL_SPAN:
            return low + self._draw_small(span)
        # Rejection sampling keeps the distribution exactly uniform.
        limit = _TWO64 - _TWO64 % span
        # Draw n is splitmix64 of ``seed * _STREAM + n``, written out in the loop: a game draws tens of
        # thousands of times, and a function call per draw was a third of the cost.
        base = self.seed * _STREAM + _GOLDEN
        while True:
            x = (base + self.position) & _MASK
            self.position += 1
            x = ((x ^ (x >> 30)) * _MIX1) & _MASK
            x = ((x ^ (x >> 27)) * _MIX2) & _MASK
            x ^= x >> 31
            if x < limit:
                return low + x % span

    def _draw_small(self, span: int) -> int:
        """``randint(0, span - 1)`` for a span below 2**31: the same draws and numbers, worked in
        32-bit halves as native 64-bit integers, where compiled code (engine.native) would otherwise
        make 64-bit products Python long integers (a fifth of a Space Base game's instructions went
        to them); plain Python keeps ``randint``'s own arithmetic."""
        seed = self.seed
        if self._base_hi < 0 or seed != self._base_seed:
            # Once per seed: the only product of this method over 62 bits.
            base = (seed * _STREAM + _GOLDEN) & _MASK
            self._base_seed, self._base_hi, self._base_lo = seed, base >> 32, base & _M32
        # i64: compiled, plain C integers (no tag checks); every value here stays under 2**63.
        base_hi: i64 = self._base_hi
        base_lo: i64 = self._base_lo
        n: i64 = span
        position: i64 = self.position
        wrap: i64 = _TWO32 % n
        # 2**64 % span draws at the top of the range are rejected, as ``randint``'s limit does.
        rejected: i64 = _TWO32 - (wrap * wrap) % n
        while True:
            lo: i64 = base_lo + position
            position += 1
            hi: i64 = (base_hi + (lo >> 32)) & _M32
            lo &= _M32
            lo ^= ((lo >> 30) | (hi << 2)) & _M32
            hi ^= hi >> 30
            hi, lo = _times(hi, lo, _MIX1_3, _MIX1_2, _MIX1_1, _MIX1_0)
            lo ^= ((lo >> 27) | (hi << 5)) & _M32
            hi ^= hi >> 27
            hi, lo = _times(hi, lo, _MIX2_3, _MIX2_2, _MIX2_1, _MIX2_0)
            lo ^= ((lo >> 31) | (hi << 1)) & _M32
            hi ^= hi >> 31
            if hi != _M32 or lo < rejected:
                self.position = position
                return int(((hi % n) * wrap + lo) % n)

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


def _times(hi: i64, lo: i64, c3: i64, c2: i64, c1: i64, c0: i64) -> tuple[i64, i64]:
    """``(hi, lo)`` times the constant of 16-bit limbs ``c3..c0``, modulo 2**64, as 32-bit halves.

    Worked limb by limb, so that no product or sum leaves a signed 64-bit integer: every factor
    stays under 2**16 and every sum under 2**35."""
    x0, x1, x2, x3 = lo & 0xFFFF, lo >> 16, hi & 0xFFFF, hi >> 16
    r0 = x0 * c0
    r1 = x0 * c1 + x1 * c0 + (r0 >> 16)
    r2 = x0 * c2 + x1 * c1 + x2 * c0 + (r1 >> 16)
    r3 = x0 * c3 + x1 * c2 + x2 * c1 + x3 * c0 + (r2 >> 16)
    return (r2 & 0xFFFF) | ((r3 & 0xFFFF) << 16), (r0 & 0xFFFF) | ((r1 & 0xFFFF) << 16)
