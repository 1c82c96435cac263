"""Delivering a Reply through whatever an interaction still allows, plus DMs with a channel fallback.

An interaction is answered once through ``interaction.response``; after a
defer (or a first answer) further messages go through its followup webhook,
and once its token has expired only the channel is left.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from bot.replies import Image, PrivateMessage, Reply
from bot.ui.buttons import build_view

log = logging.getLogger(__name__)

MAX_CONTENT = 2000
MAX_ATTACHMENTS = 10
DM_CLOSED = 50007
TOKEN_EXPIRED = (10015, 10062)
GENERIC_HINT = "the game's `status` command"
EMBED_COLOUR = discord.Colour.dark_teal()
_PRIVATE_DEFER = "deferred_privately"


def _files(images: list[Image] | tuple[Image, ...]) -> list[discord.File]:
    return [
        discord.File(io.BytesIO(image.data), filename=image.filename, description=image.description or None)
        for image in images[:MAX_ATTACHMENTS]
    ]


def _embeds(images: list[Image] | tuple[Image, ...]) -> list[discord.Embed]:
    # One embed per image makes Discord show them full width and in order.
    return [
        discord.Embed(colour=EMBED_COLOUR).set_image(url=f"attachment://{image.filename}")
        for image in images[:MAX_ATTACHMENTS]
    ]


def _content(reply: Reply) -> str:
    missing = [f"<@{user_id}>" for user_id in reply.mentions if f"<@{user_id}>" not in reply.text]
    text = " ".join([*missing, reply.text]) if missing else reply.text
    if len(text) > MAX_CONTENT:
        text = text[: MAX_CONTENT - 1] + "…"
    return text or "\u200b"


def message_kwargs(reply: Reply) -> dict[str, Any]:
    """Keyword arguments for ``send``/``send_message``: text, files + embeds, buttons, allowed pings."""
    kwargs: dict[str, Any] = {
        "content": _content(reply),
        "allowed_mentions": discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(user_id) for user_id in reply.mentions]
        ),
    }
    if reply.images:
        kwargs["files"] = _files(reply.images)
        kwargs["embeds"] = _embeds(reply.images)
    view = build_view(reply.buttons)
    if view is not None:
        kwargs["view"] = view
    return kwargs


def _deferred_publicly(interaction: discord.Interaction) -> bool:
    thinking = interaction.response.type is discord.InteractionResponseType.deferred_channel_message
    return thinking and not interaction.extras.get(_PRIVATE_DEFER, False)


async def defer_thinking(interaction: discord.Interaction, *, private: bool) -> None:
    """Show "thinking..." (only to the user when ``private``) and buy fifteen minutes to answer."""
    interaction.extras[_PRIVATE_DEFER] = private
    await interaction.response.defer(thinking=True, ephemeral=private)


async def _send(interaction: discord.Interaction, reply: Reply) -> None:
    kwargs = message_kwargs(reply)
    if not interaction.response.is_done():
        await interaction.response.send_message(ephemeral=reply.ephemeral, **kwargs)
        return
    if reply.ephemeral and _deferred_publicly(interaction):
        # The first followup would replace the public "thinking" message and stay public,
        # so remove it first; the next followup is then a message of its own.
        await interaction.delete_original_response()
    await interaction.followup.send(ephemeral=reply.ephemeral, **kwargs)


async def send_reply(interaction: discord.Interaction, reply: Reply, *, hint: str = GENERIC_HINT) -> None:
    """Post ``reply`` as the interaction's state allows, then deliver its private messages.

    Raises discord.HTTPException when Discord refuses the message itself (not
    when only the interaction token has expired: then the channel is used).
    """
    await _post(interaction, reply)
    for message in reply.private:
        await deliver_private(interaction, message, hint=hint)


async def _post(interaction: discord.Interaction, reply: Reply) -> None:
    try:
        await _send(interaction, reply)
    except discord.NotFound as exc:
        channel = interaction.channel
        if (
            exc.code not in TOKEN_EXPIRED
            or reply.ephemeral
            or not isinstance(channel, discord.abc.Messageable)
        ):
            raise
        log.warning("Interaction %s expired; posting in the channel instead.", interaction.id)
        await channel.send(**message_kwargs(reply))


async def deliver_private(interaction: discord.Interaction, message: PrivateMessage, *, hint: str) -> None:
    """DM ``message``; when the DM fails, tell the player in the channel where to look instead.

    Never raises on a refused DM: the game goes on without it.
    """
    kwargs: dict[str, Any] = {"content": message.text[:MAX_CONTENT] or "\u200b"}
    if message.images:
        kwargs["files"] = _files(message.images)
    try:
        channel = await interaction.client.create_dm(discord.Object(message.user_id))
        await channel.send(**kwargs)
    except discord.HTTPException as exc:
        if exc.code != DM_CLOSED:
            log.warning("Could not DM user %s: %s", message.user_id, exc)
        note = Reply(
            f"<@{message.user_id}> I cannot send you direct messages; use {hint} to see it privately.",
            mentions=[message.user_id],
        )
        try:
            await _post(interaction, note)
        except discord.HTTPException:
            log.exception("Could not tell user %s that their DMs are closed.", message.user_id)
