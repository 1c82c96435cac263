"""Bot-wide pieces: /help, the central error handler, and the handling of every game button."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.channels import close_gone
from bot.cogs.common import actor_of, service_of, where_of
from bot.errors import UserError
from bot.replies import Reply
from bot.service import GameService
from bot.ui.buttons import ActionButton, ActionSelect, ControlButton
from bot.ui.custom_ids import Target
from bot.ui.errors import report_error
from bot.ui.send import (
    MINE_HINT,
    channel_unknown,
    defer_thinking,
    message_kwargs,
    post_in_channel,
    send_reply,
)

log = logging.getLogger(__name__)

# Lobby changes rewrite the lobby message itself instead of posting a new one.
IN_PLACE = frozenset({"join", "leave", "add_ai", "remove_ai"})


def help_text(service: GameService) -> str:
    """Every playable game and how to start it."""
    lines = ["**Games you can play here**"]
    for key in service.games:
        frontend = service.frontend(key)
        options = " ".join(f"[{option.name}]" for option in frontend.start_options)
        start = f"`/{key} start {options}`" if options else f"`/{key} start`"
        lines.append(f"• **{frontend.title}**: {start}; `/{key} rules` explains it.")
    lines.append("One game per channel; start a thread to run another beside it.")
    lines.append("Buttons under each message offer the usual next steps; `/<game> status` shows the table.")
    return "\n".join(lines)


class Lifecycle(commands.Cog):
    """Registers the buttons and the error handler; answers /help and every button click."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ActionButton, ActionSelect, ControlButton)
        self.bot.tree.error(self.on_tree_error)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ActionButton, ActionSelect, ControlButton)

    async def on_tree_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)

    @app_commands.command(name="help", description="The games this bot runs and how to start one.")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        await send_reply(interaction, Reply(help_text(service_of(interaction.client)), ephemeral=True))

    @commands.Cog.listener()
    async def on_game_button(self, interaction: discord.Interaction[Any], target: Target) -> None:
        try:
            await self._click(interaction, target)
        except Exception as error:
            await report_error(interaction, error)

    async def _click(self, interaction: discord.Interaction[Any], target: Target) -> None:
        service = service_of(interaction.client)
        where, actor = where_of(interaction), actor_of(interaction)
        if target.control in IN_PLACE:
            reply = await service.lobby(where, actor, target.control, target.game_id, target.version)
            if reply.ephemeral or reply.images:
                await send_reply(interaction, reply)
            else:
                await _edit_in_place(interaction, reply)
            return
        if target.control == "mine":
            # The seat's own images are rendered first, which may pass Discord's 3-second limit.
            await defer_thinking(interaction, private=True)
            await send_reply(interaction, await service.mine(where, actor, game_id=target.game_id))
            return
        await interaction.response.defer()
        reply = await self._resolve(interaction, target)
        if _from_dm(interaction, reply):
            # A move made from a DM: the table hears of it in the game's own channel.
            assert reply.channel_id is not None
            try:
                await post_in_channel(interaction.client, reply.channel_id, reply, hint=MINE_HINT)
            except discord.HTTPException as exc:
                await _retire_buttons(interaction)
                if not channel_unknown(exc):
                    # Refused for now (no access, a locked thread, Discord down): the board is kept
                    # and posted there again by the scheduler.
                    log.warning("The game's channel %s refused a DM move's board: %s", reply.channel_id, exc)
                    raise UserError(
                        f"Your move was saved, but Discord would not post it in the game's channel just "
                        f"now (HTTP {exc.status}); it is posted there as soon as Discord lets it."
                    ) from exc
                await close_gone(interaction.client, service_of(interaction.client), reply.channel_id)
                raise UserError(
                    "Your move was saved, but the game's channel no longer exists, so the game has ended."
                ) from exc
        else:
            await send_reply(interaction, reply, hint=MINE_HINT)
        if not reply.ephemeral:
            await _retire_buttons(interaction)

    async def _resolve(self, interaction: discord.Interaction[Any], target: Target) -> Reply:
        service = service_of(interaction.client)
        where, actor = where_of(interaction), actor_of(interaction)
        game_id, version = target.game_id, target.version
        if target.action is not None:
            return await service.act(where, actor, target.action, game_id=game_id, version=version)
        if target.control == "begin":
            return await service.lobby(where, actor, "begin", game_id, version)
        if target.control == "undo":
            return await service.undo(where, actor, game_id=game_id, version=version)
        if target.control == "rematch":
            return await service.rematch(where, actor, game_id)
        if target.control == "abandon":
            return await service.abandon(where, actor, confirm=True, game_id=game_id, version=version)
        raise UserError("This button does nothing any more.")


def _from_dm(interaction: discord.Interaction[Any], reply: Reply) -> bool:
    return (
        interaction.guild_id is None
        and not reply.ephemeral
        and reply.channel_id is not None
        and reply.channel_id != interaction.channel_id
    )


async def _edit_in_place(interaction: discord.Interaction[Any], reply: Reply) -> None:
    """Rewrite the lobby message; when Discord refuses (it was deleted), post the saved lobby anew."""
    kwargs = message_kwargs(reply)
    kwargs.setdefault("view", None)
    try:
        await interaction.response.edit_message(**kwargs)
    except discord.HTTPException as exc:
        log.info(
            "Could not edit the lobby message of interaction %s (%s); posting it anew", interaction.id, exc
        )
        await send_reply(interaction, reply)


async def _retire_buttons(interaction: discord.Interaction[Any]) -> None:
    """Take the now-stale buttons off the clicked message; a failure here costs only tidiness."""
    try:
        await interaction.edit_original_response(view=None)
    except discord.HTTPException as exc:
        log.info("Could not remove the old buttons after interaction %s: %s", interaction.id, exc)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lifecycle(bot))
