"""The one place where a failed command or click becomes a message for the user.

Errors the user can act on (``UserError``, ``EngineError``) are shown to them
privately, word for word. Anything else is a bug: it is logged with its
traceback and the user gets a short apology that claims nothing about the game
(the failure may come after a move was saved). A saved move whose message
Discord refused (``NotPosted``) is reported as what it is: saved, not shown.
The answer reaches the player even when the interaction can no longer carry
it: then it goes to the channel, naming them, or, for a refusal (which may name
the cards of a secret hand), by DM, with only a pointer in the channel.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.errors import UserError
from bot.replies import PrivateMessage, Reply
from bot.ui.send import TOKEN_EXPIRED, NotPosted, message_kwargs, send_dm, send_reply
from engine.core import EngineError

log = logging.getLogger(__name__)

APOLOGY = (
    "Sorry, something went wrong on our side. Check the game's `status` to see where it stands, "
    "then try again."
)
OUTDATED = "This command is out of date; wait a minute for Discord to refresh the commands and try again."
LATE = (
    "Your answer took longer than Discord waits for one (15 minutes) and could not be shown; "
    "run the command again."
)


def unwrap(error: BaseException) -> BaseException:
    """The exception a command raised, without discord.py's wrapper."""
    if isinstance(error, app_commands.CommandInvokeError):
        return error.original
    return error


def user_message(error: BaseException) -> str | None:
    """The text to show for an error the user can act on; None for a bug."""
    if isinstance(error, NotPosted):
        return (
            f"Your move was saved, but Discord would not show it just now (HTTP {error.status}). "
            f"{error.hint} shows the game; the board is posted again with the next answer here."
        )
    if isinstance(error, (UserError, EngineError)):
        return str(error) or "That is not possible right now."
    if isinstance(error, app_commands.TransformerError):
        return f"'{error.value}' is not a valid value here."
    if isinstance(error, (app_commands.CommandNotFound, app_commands.CommandSignatureMismatch)):
        return OUTDATED
    if isinstance(error, app_commands.CheckFailure):
        return "You may not use this command here."
    if expired(error):
        return LATE
    return None


def expired(error: BaseException) -> bool:
    """Whether Discord refused an answer because the interaction's token had run out: a slow
    answer, not a bug (a public one goes to the channel instead; a private one cannot)."""
    return isinstance(error, discord.NotFound) and error.code in TOKEN_EXPIRED


async def report_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Tell the user privately what went wrong; log bugs with their traceback. Never raises."""
    original = unwrap(error)
    text = user_message(original)
    if text is None:
        log.error(
            "Unexpected error in interaction %s (user %s, channel %s)",
            interaction.id,
            interaction.user.id if interaction.user else None,
            interaction.channel_id,
            exc_info=original,
        )
        text = APOLOGY
    elif text == LATE:
        log.warning("Interaction %s was answered after its token ran out", interaction.id)
    try:
        await send_reply(interaction, Reply(text, ephemeral=True))
    except discord.HTTPException as exc:
        log.warning("Could not answer interaction %s privately (%s); trying elsewhere", interaction.id, exc)
        # Our own texts (a saved move not shown, the apology) say nothing of the game; a refusal
        # may name the cards of the move refused, so it goes by DM and the channel only points there.
        public = isinstance(original, NotPosted) or text in (APOLOGY, LATE)
        await _tell_elsewhere(interaction, text, public=public)


async def _tell_elsewhere(interaction: discord.Interaction[Any], text: str, *, public: bool) -> None:
    """The last ways to reach the player: the text in the channel naming them when ``public``; else
    the text by DM and, in the channel, only that it was refused and where to read why."""
    channel, user = interaction.channel, interaction.user
    if user is None:
        return
    if not public:
        sent = await send_dm(interaction.client, PrivateMessage(user.id, text))
        where = "I sent you the reason by DM" if sent else "try it again in a moment"
        text = f"I could not answer you privately just now: that was refused and nothing changed; {where}."
    if not isinstance(channel, discord.abc.Messageable):
        return
    try:
        await channel.send(**message_kwargs(Reply(f"<@{user.id}> {text}", mentions=[user.id])))
    except discord.HTTPException:
        log.exception("Could not report an error to the user in interaction %s", interaction.id)
