"""``/games``: the caller's open games in this server, whose move it is and how long they have left."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import actor_of, answer, service_of, where_of


class GamesList(commands.Cog):
    """A top-level command beside the per-game groups; the answer is only for the caller."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="games", description="Your open games in this server and whose move it is.")
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        service = service_of(interaction.client)
        where, actor = where_of(interaction), actor_of(interaction)
        await answer(interaction, lambda: service.games_of(where, actor), defer=None, hint="`/games`")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GamesList(bot))
