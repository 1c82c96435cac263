"""The Discord bot application and its local console."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import GameBot
    from bot.settings import Settings

__all__ = ["create_bot"]


def create_bot(settings: Settings | None = None) -> GameBot:
    """An unstarted bot (see ``bot.app.create_bot``); imported lazily so ``import bot`` stays light."""
    from bot.app import create_bot as factory

    return factory(settings)
