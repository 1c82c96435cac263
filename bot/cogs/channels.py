"""Games whose channel is gone: a deleted channel or thread ends the game that was played there, and
a server that removes the bot ends every game played in it.

Discord tells the bot through the gateway (the guilds intent): a deleted channel (with the threads
the bot knows of under it), a deleted thread, or the bot's removal from a server. While the bot was
offline, or for an archived thread it never saw, the scheduler learns it when a post is refused with
"Unknown Channel" and calls :func:`close_gone` too. Either way the game is abandoned and its clocks
stop (``channel_gone``).
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.cogs.common import service_of
from bot.errors import StorageError
from bot.service import GameService

log = logging.getLogger(__name__)


async def close_gone(service: GameService, channel_id: int) -> bool:
    """End the game of the gone channel ``channel_id``; whether there was one. Never raises: a
    database failure is logged and the next sign of the gone channel tries again."""
    try:
        return await service.channel_gone(channel_id) is not None
    except StorageError:
        log.exception("could not end the game of gone channel %s", channel_id)
        return False


class Channels(commands.Cog):
    """Listens for deleted channels and threads and for the bot's removal from a server."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        service = service_of(self.bot)
        # Deleting a channel deletes its threads without a gateway event for each.
        threads = getattr(channel, "threads", [])
        for channel_id in (channel.id, *(thread.id for thread in threads)):
            await close_gone(service, channel_id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await close_gone(service_of(self.bot), payload.thread_id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        # The bot was removed from the server (not an outage: that is "unavailable", not a removal).
        try:
            ended = await service_of(self.bot).guild_gone(guild.id)
        except StorageError:
            log.exception("could not end the games of server %s, which removed the bot", guild.id)
            return
        if ended:
            log.info("removed from server %s: %d games ended", guild.id, len(ended))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Channels(bot))
