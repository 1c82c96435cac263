"""Front-end data of every game, keyed like ``engine.registry.GAMES``."""

from __future__ import annotations

from bot.games.colony import FRONTEND as COLONY
from bot.games.exobase import FRONTEND as EXOBASE
from bot.games.spec import CommandSpec, GameFrontend, OptionSpec, action_from_options

FRONTENDS: dict[str, GameFrontend] = {EXOBASE.key: EXOBASE, COLONY.key: COLONY}

__all__ = ["FRONTENDS", "CommandSpec", "GameFrontend", "OptionSpec", "action_from_options"]
