"""Every game the engine knows, by key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import colony, exobase
from engine.core.errors import EngineError
from engine.core.game import Rules

GAMES: dict[str, Rules[Any]] = {"exobase": exobase.RULES, "colony": colony.RULES}

# How each game's rules are built from a folder of content files in its format.
_FROM_CONTENT: dict[str, Callable[[str], Rules[Any]]] = {
    "exobase": lambda path: exobase.ExoRules(exobase.load_content(path)),
    "colony": lambda path: colony.ColonyRules(colony.load_content(path)),
}


def get_rules(key: str) -> Rules[Any]:
    """The rules of game ``key``; raises EngineError for an unknown game."""
    try:
        return GAMES[key]
    except KeyError:
        raise EngineError(f"Unknown game '{key}'; known games: {', '.join(sorted(GAMES))}.") from None


def rules_with_content(key: str, content_dir: str) -> Rules[Any]:
    """The rules of game ``key`` playing the cards in ``content_dir`` (same format as the shipped files).

    Raises EngineError for an unknown game and ContentError when the files fail validation.
    """
    get_rules(key)
    return _FROM_CONTENT[key](content_dir)
