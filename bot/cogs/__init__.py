"""Discord slash commands: the bot-wide lifecycle cog, one cog per game, ``/games`` and the scheduler."""

from __future__ import annotations

EXTENSIONS: list[str] = [
    "bot.cogs.lifecycle",
    "bot.cogs.game",
    "bot.cogs.games_list",
    "bot.cogs.scheduler",
    "bot.cogs.channels",
]
