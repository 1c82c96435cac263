"""Wording shared by the games' narration."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def listed(items: Sequence[str], empty: str = "nothing") -> str:
    """Items as a sentence lists them: "A", "A and B", "A, B and C" (``empty`` for none)."""
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """ "1 token", "2 tokens", "0 tokens" (``plural`` when adding an s is not how it is written)."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def waiting_on(players: Sequence[str], seats: Iterable[int]) -> str:
    """The refusal of a move made while the game waits on other seats, naming them."""
    names = [players[s] for s in sorted(seats)]
    return f"It is not your move now; the game waits for {listed(names, 'nobody')}."
