"""Games whose channel is gone: a deleted channel or thread ends the game that was played there, and
a server that removes the bot ends every game played in it.

Discord tells the bot through the gateway (the guilds intent): a deleted channel (with the threads
the bot knows of under it), a deleted thread, or the bot's removal from a server. While the bot was
offline, or for an archived thread it never saw, the scheduler learns it when a post is refused with
"Unknown Channel" and calls :func:`close_gone` too; a server that removed the bot meanwhile is found
at ready, missing from the servers the bot is in. Either way the game is abandoned and its clocks
stop (``channel_gone``). The players who get the game's DMs are told by DM, since its channel
cannot tell them.
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.cogs.common import service_of
from bot.errors import StorageError
from bot.service import GameService
from bot.store import GameRecord
from bot.ui.send import forget_kept, send_dm

log = logging.getLogger(__name__)


# Why a game ended, as its players are told by DM.
CHANNEL_DELETED = "its channel was deleted"
SERVER_LEFT = "the bot was removed from its server"


async def close_gone(
    client: discord.Client, service: GameService, channel_id: int, *, where: str | None = None
) -> bool:
    """End the game of the gone channel ``channel_id`` (``where`` names it when it is known) and
    tell its players who get DMs; whether there was a game. Never raises: a database failure is
    logged and the next sign of the gone channel tries again; a refused DM is skipped."""
    try:
        record = await service.channel_gone(channel_id)
    except StorageError:
        log.exception("could not end the game of gone channel %s", channel_id)
        return False
    if record is None:
        return False
    forget_kept(client, channel_id)
    await tell_ended(client, service, record, CHANNEL_DELETED, where or _server_of(client, record))
    return True


async def tell_ended(
    client: discord.Client, service: GameService, record: GameRecord, why: str, where: str | None
) -> None:
    """DM ``record``'s players who get its DMs that it ended (``why``); a refused DM is skipped."""
    for note in service.gone_notes(record, why, where):
        await send_dm(client, note)


def _server_of(client: discord.Client, record: GameRecord) -> str | None:
    """ "a channel of **Server**" when the bot still knows ``record``'s server, else None."""
    guild = client.get_guild(record.guild_id) if record.guild_id is not None else None
    return f"a channel of **{guild.name}**" if guild is not None else None


def _named(channel: discord.abc.GuildChannel | discord.Thread) -> str:
    return f"**#{channel.name}** (**{channel.guild.name}**)"


async def guild_left(client: discord.Client, guild_id: int, where: str | None) -> None:
    """End the games of a server that removed the bot and tell their players who get DMs. Never
    raises: a database failure is logged and the next ready or removal tries again."""
    service = service_of(client)
    try:
        ended = await service.guild_gone(guild_id)
    except StorageError:
        log.exception("could not end the games of server %s, which removed the bot", guild_id)
        return
    if ended:
        log.info("removed from server %s: %d games ended", guild_id, len(ended))
    for record in ended:
        forget_kept(client, record.channel_id)
        await tell_ended(client, service, record, SERVER_LEFT, where)


async def left_while_away(client: discord.Client) -> None:
    """End the games of the servers that removed the bot while it was not connected: no removal
    event came for them, and their posts are refused as "Missing Access" rather than "Unknown
    Channel". At ready the bot knows every server it is in (one out for an outage still counts:
    it is unavailable, not gone). Never raises."""
    try:
        gone = await service_of(client).left_guilds({guild.id for guild in client.guilds})
    except StorageError:
        log.exception("could not look for servers that removed the bot")
        return
    for guild_id in gone:
        await guild_left(client, guild_id, None)


class Channels(commands.Cog):
    """Listens for deleted channels and threads and for the bot's removal from a server."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        service = service_of(self.bot)
        # Deleting a channel deletes its threads without a gateway event for each.
        threads: list[discord.Thread] = getattr(channel, "threads", [])
        gone_ones: list[discord.abc.GuildChannel | discord.Thread] = [channel, *threads]
        for gone in gone_ones:
            await close_gone(self.bot, service, gone.id, where=_named(gone))

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        thread = payload.thread
        where = _named(thread) if thread is not None else None
        await close_gone(self.bot, service_of(self.bot), payload.thread_id, where=where)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        # The bot was removed from the server (not an outage: that is "unavailable", not a removal).
        await guild_left(self.bot, guild.id, f"**{guild.name}**")

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await left_while_away(self.bot)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Channels(bot))
