"""Discord slash commands: the bot-wide lifecycle cog and one cog per game."""

from __future__ import annotations

EXTENSIONS: list[str] = ["bot.cogs.lifecycle", "bot.cogs.game"]
