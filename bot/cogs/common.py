"""Helpers every game cog shares: who and where an interaction is, and the service behind the bot."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord

from bot.replies import Actor, Reply, Where
from bot.service import GameService
from bot.ui.send import defer_thinking, send_reply

Defer = Literal["public", "private"] | None


def service_of(client: discord.Client) -> GameService:
    """The GameService the app factory attached to the bot; raises RuntimeError when there is none."""
    service = getattr(client, "service", None)
    if not isinstance(service, GameService):
        raise RuntimeError("The bot has no game service attached.")
    return service


def where_of(interaction: discord.Interaction[Any]) -> Where:
    """The channel (a thread counts as its own channel) the interaction happened in."""
    if interaction.channel_id is None:
        raise RuntimeError("An interaction without a channel cannot reach a game.")
    return Where(guild_id=interaction.guild_id, channel_id=interaction.channel_id)


def actor_of(interaction: discord.Interaction[Any]) -> Actor:
    """The user behind the interaction; Manage Channels comes from their resolved permissions."""
    user = interaction.user
    return Actor(
        user_id=user.id, name=seat_name(user.display_name), can_manage=interaction.permissions.manage_channels
    )


# A seat's stored name is at most this long (Discord's own names are far shorter).
NAME_CHARS = 100


def seat_name(name: str) -> str:
    """``name`` as the table shows and stores it: control characters dropped (PostgreSQL refuses
    NUL in text), cut to NAME_CHARS, never empty."""
    shown = "".join(ch for ch in name if ch.isprintable()).strip()[:NAME_CHARS]
    return shown or "Player"


async def answer(
    interaction: discord.Interaction[Any],
    work: Callable[[], Awaitable[Reply]],
    *,
    defer: Defer,
    hint: str,
) -> None:
    """Run ``work`` and post its Reply; defer first when it may render images (Discord's 3-second limit).

    ``defer`` is "public" or "private" (for replies that are always ephemeral) or
    None. Errors propagate to the central handler, which answers privately.
    """
    if defer is not None and not interaction.response.is_done():
        await defer_thinking(interaction, private=defer == "private")
    reply = await work()
    await send_reply(interaction, reply, hint=hint)
