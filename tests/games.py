"""The registered games over their shipped cards, by key, for tests that need a game's rules or front end."""

from __future__ import annotations

from typing import Any

from bot.games import GameFrontend, shipped_games
from engine.core import Rules

_GAMES = shipped_games()
GAMES: dict[str, Rules[Any]] = {key: game.rules for key, game in _GAMES.items()}
FRONTENDS: dict[str, GameFrontend] = {key: game.frontend for key, game in _GAMES.items()}
