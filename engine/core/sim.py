"""What every game's balance simulation shares: counting wins and causes of loss, and the report's lines."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Protocol


class Finished(Protocol):
    """One simulated game's end."""

    @property
    def won(self) -> bool: ...

    @property
    def reason(self) -> str: ...


def tally(results: Iterable[Finished]) -> tuple[int, dict[str, int]]:
    """The number of wins and how many games each cause of loss ended."""
    finished = list(results)
    losses = Counter(r.reason for r in finished if not r.won)
    return sum(1 for r in finished if r.won), dict(losses)


class WinLoss:
    """Win rate and printed lines for a report with ``games``, ``wins`` and ``losses``."""

    games: int
    wins: int
    losses: Mapping[str, int]

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def summary(self, title: str, details: Iterable[str]) -> list[str]:
        """The title, the win rate, the game's own details, then each cause of loss."""
        return [
            title,
            f"win rate: {self.win_rate:.1%} ({self.wins}/{self.games})",
            *details,
            *(f"loss: {reason} x{count}" for reason, count in sorted(self.losses.items())),
        ]
