"""Every game the engine knows, by key."""

from __future__ import annotations

from typing import Any

from engine.colony import RULES as COLONY
from engine.core.errors import EngineError
from engine.core.game import Rules
from engine.exobase import RULES as EXOBASE

GAMES: dict[str, Rules[Any]] = {"exobase": EXOBASE, "colony": COLONY}


def get_rules(key: str) -> Rules[Any]:
    """The rules of game ``key``; raises EngineError for an unknown game."""
    try:
        return GAMES[key]
    except KeyError:
        raise EngineError(f"Unknown game '{key}'; known games: {', '.join(sorted(GAMES))}.") from None
