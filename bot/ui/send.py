"""Delivering a Reply through whatever an interaction still allows, plus DMs with a channel fallback.

An interaction is answered once through ``interaction.response``; after a
defer (or a first answer) further messages go through its followup webhook,
and once its token has expired only the channel is left.

The service saves before it answers, so a public reply is always a change that is
already stored. When Discord refuses to post one (rate limited, a server error),
``send_reply`` raises ``NotPosted``: the error handler then tells the player the
truth (saved, not shown), and the board is kept to be posted again by the next
answer in that channel that gets through. What the channel was shown is forgotten then, so the
next move in it posts every image again, not only the ones it changed.

What reached the channel is remembered per game (the newest version whose board was posted) and
stored by the scheduler's tick in one statement (``take_shown``), not on every command's path; the
tick then posts late the table of any game whose saved change was not shown (a crash between the
commit and the post, a refused board lost with a restart). Ephemeral answers show nothing.

A player whose DMs are closed is told where to look when their turn comes (or the first time a DM
fails in a game), never after every move. DMs go out after the public message, so a "your move" note
can link the very message that named its player (the channel, when Discord refused that message).
"""

from __future__ import annotations

import io
import logging
import weakref
from collections import OrderedDict
from dataclasses import replace
from typing import Any

import discord

from bot import notify, rendering
from bot.games.text import pack_lines, split_messages
from bot.replies import Button, Image, PrivateMessage, Reply
from bot.ui.buttons import build_view

log = logging.getLogger(__name__)

MAX_CONTENT = 2000
# Room kept in a message for the pings put in front of its text.
MENTION_ROOM = 200
MAX_ATTACHMENTS = 10
DM_CLOSED = 50007
TOKEN_EXPIRED = (10015, 10062)
# Discord's "Unknown Channel": the channel or thread was deleted.
UNKNOWN_CHANNEL = 10003
GENERIC_HINT = "the game's `status` command"
MINE_HINT = 'the "My hand" (or "My turn") button under the game\'s latest message'
EMBED_COLOUR = discord.Colour.dark_teal()
_PRIVATE_DEFER = "deferred_privately"
# Per bot, per channel: the last public reply Discord refused, to post again once it answers.
_UNPOSTED: weakref.WeakKeyDictionary[discord.Client, dict[int, Reply]] = weakref.WeakKeyDictionary()
# Per bot: the (game, user) pairs whose DMs were last refused, most recent last, at most REMEMBERED_DMS.
_CLOSED: weakref.WeakKeyDictionary[discord.Client, OrderedDict[tuple[int | None, int], None]] = (
    weakref.WeakKeyDictionary()
)
REMEMBERED_DMS = 4096
# Per bot: game id -> the newest version whose public board got through, not yet stored.
_SHOWN: weakref.WeakKeyDictionary[discord.Client, dict[int, int]] = weakref.WeakKeyDictionary()


class NotPosted(Exception):
    """A saved change whose message Discord refused; ``hint`` says where the player can see it."""

    def __init__(self, hint: str, status: int) -> None:
        super().__init__(f"Discord refused the message (HTTP {status})")
        self.hint = hint
        self.status = status


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


def _still_view(buttons: list[Button]) -> discord.ui.View | None:
    view = build_view(buttons)
    if view is not None:
        # Every item is a DynamicItem routed by custom id, so the library need not keep the view:
        # a stopped view is sent as components only, with no store entry and no timeout task.
        view.stop()
    return view


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
    view = _still_view(reply.buttons)
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


async def _send(interaction: discord.Interaction, reply: Reply) -> int | None:
    """Send ``reply`` as the interaction allows; the id of the message it became, when Discord says."""
    kwargs = message_kwargs(reply)
    if not interaction.response.is_done():
        callback = await interaction.response.send_message(ephemeral=reply.ephemeral, **kwargs)
        return callback.message_id
    if reply.ephemeral and _deferred_publicly(interaction):
        # The first followup would replace the public "thinking" message and stay public,
        # so remove it first; the next followup is then a message of its own.
        try:
            await interaction.delete_original_response()
        except discord.NotFound:
            log.info("The thinking message of interaction %s was already gone.", interaction.id)
    message = await interaction.followup.send(ephemeral=reply.ephemeral, wait=True, **kwargs)
    return message.id


async def send_reply(interaction: discord.Interaction, reply: Reply, *, hint: str = GENERIC_HINT) -> None:
    """Post ``reply`` as the interaction's state allows, then deliver its private messages.

    Raises NotPosted when Discord refuses a public (saved) reply, which is kept to be
    posted again; discord.HTTPException when it refuses a private one (not when only
    the interaction token has expired: then the channel is used).
    """
    try:
        message_id = await _post(interaction, reply)
    except discord.HTTPException as exc:
        if reply.ephemeral:
            raise
        log.warning("Discord refused a saved reply in channel %s: %s", interaction.channel_id, exc)
        _unposted(interaction)[_channel_key(interaction)] = reply
        _unseen(reply)
        await _deliver_all(interaction, reply, hint, None)
        raise NotPosted(hint, exc.status) from exc
    _shown(interaction.client, reply)
    await _deliver_all(interaction, reply, hint, message_id)
    await _catch_up(interaction, reply)


def _unseen(reply: Reply) -> None:
    # The channel never got this board: its next board must bring every image, changed or not.
    if reply.game_id is not None:
        rendering.forget(reply.game_id)


def _unposted(interaction: discord.Interaction) -> dict[int, Reply]:
    return _UNPOSTED.setdefault(interaction.client, {})


def _channel_key(interaction: discord.Interaction) -> int:
    return interaction.channel_id or 0


async def _deliver_all(
    interaction: discord.Interaction, reply: Reply, hint: str, message_id: int | None
) -> None:
    # The move is saved whether or not its public message got through: private views go out,
    # turn notes linking the public message ``message_id`` (None: it was refused).
    for message in reply.private:
        await deliver_private(interaction, reply, notify.pointed(message, message_id), hint=hint)


async def _catch_up(interaction: discord.Interaction, answered: Reply) -> None:
    """After an answer got through: post the channel's refused board, unless a newer one just was."""
    waiting = _unposted(interaction).pop(_channel_key(interaction), None)
    channel = interaction.channel
    if waiting is None or not answered.ephemeral or not isinstance(channel, discord.abc.Messageable):
        return
    try:
        await _send_parts(channel, waiting)
    except discord.HTTPException as exc:
        log.warning("Could not post the kept board in channel %s yet: %s", interaction.channel_id, exc)
        _unposted(interaction)[_channel_key(interaction)] = waiting
        return
    _shown(interaction.client, waiting)


async def _post(interaction: discord.Interaction, reply: Reply) -> int | None:
    """Post ``reply``; a narration too long for one message goes first in parts of its own (the
    first carries the pings), the last part with the images and buttons. Returns the id of the
    first part, the message that named whoever the game now waits for."""
    ids = [await _post_part(interaction, part) for part in parts(reply)]
    return ids[0]


def fitted(text: str) -> list[str]:
    """``text`` as the messages it is sent as, in order: its narration's parts, each cut at line
    ends (or, for one overlong line, at a space) to fit a message with room for the pings."""
    limit = MAX_CONTENT - MENTION_ROOM
    return [piece for part in split_messages(text) or [text] for piece in pack_lines(part.split("\n"), limit)]


def parts(reply: Reply) -> list[Reply]:
    """``reply`` as the messages it is posted as, in order (one when its text fits)."""
    texts = fitted(reply.text)
    if len(texts) == 1:
        return [reply]
    head = [Reply(text, ephemeral=reply.ephemeral) for text in texts[:-1]]
    head[0].mentions = reply.mentions
    return [*head, replace(reply, text=texts[-1], mentions=[])]


async def _post_part(interaction: discord.Interaction, reply: Reply) -> int | None:
    try:
        return await _send(interaction, reply)
    except discord.NotFound as exc:
        channel = interaction.channel
        if (
            exc.code not in TOKEN_EXPIRED
            or reply.ephemeral
            or not isinstance(channel, discord.abc.Messageable)
        ):
            raise
        log.warning("Interaction %s expired; posting in the channel instead.", interaction.id)
        message = await channel.send(**message_kwargs(reply))
        return message.id


async def deliver_private(
    interaction: discord.Interaction, reply: Reply, message: PrivateMessage, *, hint: str
) -> None:
    """DM ``message`` (part of ``reply``); when the DM fails, tell the player in the channel where to
    look instead, if :func:`_note_due` says it is time.

    Never raises on a refused DM: the game goes on without it.
    """
    delivered = await send_dm(interaction.client, message)
    if not delivered and reply.game_id is not None and message.seat is not None:
        # The seat's DMs never got these pictures: its next DM brings them all, changed or not.
        rendering.forget((reply.game_id, message.seat))
    if _note_due(interaction.client, reply, message, delivered=delivered):
        note = _dm_closed_note(message, hint)
        try:
            await _post(interaction, note)
        except discord.HTTPException:
            log.exception("Could not tell user %s that their DMs are closed.", message.user_id)


def _note_due(client: discord.Client, reply: Reply, message: PrivateMessage, *, delivered: bool) -> bool:
    """Whether the channel should tell ``message``'s player that their DM failed: the first time in
    this game, and again only when their turn comes (``reply`` pings them); a DM that gets through
    starts the count afresh."""
    refused = _CLOSED.setdefault(client, OrderedDict())
    key = (reply.game_id, message.user_id)
    if delivered:
        refused.pop(key, None)
        return False
    first = key not in refused
    refused[key] = None
    refused.move_to_end(key)
    while len(refused) > REMEMBERED_DMS:
        refused.popitem(last=False)
    # A "your move" note only repeats the channel's mention of them: telling them once is enough.
    return first or (message.user_id in reply.mentions and not isinstance(message, notify.TurnNote))


def _dm_closed_note(message: PrivateMessage, hint: str) -> Reply:
    if isinstance(message, notify.TurnNote):
        text = (
            f"<@{message.user_id}> I cannot send you direct messages, so your turn DMs for "
            f"{message.title} do not reach you; you are still mentioned here when it is your move."
        )
    else:
        text = f"<@{message.user_id}> I cannot send you direct messages; use {hint} to see it privately."
    return Reply(text, mentions=[message.user_id])


async def send_dm(client: discord.Client, message: PrivateMessage) -> bool:
    """Send ``message`` by DM with its own buttons, a text too long for one message in several (the
    last with the images and buttons); False when Discord refused it."""
    *head, last = fitted(message.text)
    kwargs: dict[str, Any] = {"content": last or "\u200b"}
    if message.images:
        kwargs["files"] = _files(message.images)
        kwargs["embeds"] = _embeds(message.images)
    # Stopped like every other sent view: DMs would otherwise pile up in the library's view store.
    view = _still_view(list(message.buttons))
    if view is not None:
        kwargs["view"] = view
    try:
        channel = await client.create_dm(discord.Object(message.user_id))
        for text in head:
            await channel.send(content=text)
        await channel.send(**kwargs)
    except discord.HTTPException as exc:
        if exc.code != DM_CLOSED:
            log.warning("Could not DM user %s: %s", message.user_id, exc)
        return False
    return True


async def post_in_channel(client: discord.Client, channel_id: int, reply: Reply, *, hint: str) -> None:
    """Post ``reply`` in the game's channel (a click came from a DM, a deadline fired) and deliver its
    private messages; a closed DM is noted in that channel. Raises discord.HTTPException when the
    channel refuses, after the private messages went out (turn notes then link the channel)."""
    channel = client.get_partial_messageable(channel_id)
    kept = _UNPOSTED.setdefault(client, {})
    try:
        ids = await _send_parts(channel, reply)
    except discord.HTTPException as exc:
        _unseen(reply)
        if not channel_unknown(exc):
            # Kept to be posted again (``post_kept``, or after the channel's next private answer),
            # so the table still learns what happened and who is to move.
            kept[channel_id] = replace(reply, private=[])
            # A gone channel's game ends (``GameService.channel_gone``): no "your move" for it.
            await _dm_all(client, channel, reply, hint, None)
        raise
    # This board is newer than any the channel missed.
    kept.pop(channel_id, None)
    _shown(client, reply)
    await _dm_all(client, channel, reply, hint, ids[0])


async def post_kept(client: discord.Client) -> int:
    """Post again each channel's board that Discord refused (its DMs went out already); returns how
    many got through. A channel that refuses again keeps its board for the next try."""
    kept = _UNPOSTED.setdefault(client, {})
    posted = 0
    for channel_id, reply in list(kept.items()):
        channel = client.get_partial_messageable(channel_id)
        try:
            await _send_parts(channel, reply)
        except discord.HTTPException as exc:
            log.warning("Could not post the kept board in channel %s yet: %s", channel_id, exc)
            if channel_unknown(exc):
                kept.pop(channel_id, None)
            continue
        # Unless a newer board replaced it meanwhile.
        if kept.get(channel_id) is reply:
            del kept[channel_id]
        _shown(client, reply)
        posted += 1
    return posted


def _shown(client: discord.Client, reply: Reply) -> None:
    """Remember that ``reply``, a public board of a game version, reached its channel."""
    if not reply.ephemeral and reply.game_id is not None and reply.version is not None:
        keep_shown(client, {reply.game_id: reply.version})


def keep_shown(client: discord.Client, marks: dict[int, int]) -> None:
    """Remember ``marks`` (game id -> a version the channel was shown) until ``take_shown``; a
    version older than one already remembered changes nothing."""
    remembered = _SHOWN.setdefault(client, {})
    for game_id, version in marks.items():
        remembered[game_id] = max(version, remembered.get(game_id, version))


def take_shown(client: discord.Client) -> dict[int, int]:
    """What ``client`` showed since the last call (game id -> newest version), forgotten here: the
    caller stores it, and hands back with ``keep_shown`` what it could not store."""
    return _SHOWN.pop(client, {})


def keeps_board(client: discord.Client, channel_id: int) -> bool:
    """Whether a board Discord refused in ``channel_id`` waits here to be posted again."""
    return channel_id in _UNPOSTED.get(client, {})


def forget_kept(client: discord.Client, channel_id: int) -> None:
    """Drop the board kept for ``channel_id``: its game ended where it can no longer be shown."""
    _UNPOSTED.get(client, {}).pop(channel_id, None)


async def _send_parts(channel: discord.abc.Messageable, reply: Reply) -> list[int]:
    """Post ``reply`` in ``channel`` as its messages (see :func:`parts`); their ids, in order."""
    return [(await channel.send(**message_kwargs(part))).id for part in parts(reply)]


def channel_unknown(error: discord.HTTPException) -> bool:
    """Whether Discord refused because the channel no longer exists (deleted, or a deleted thread)."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL


async def _dm_all(
    client: discord.Client,
    channel: discord.PartialMessageable,
    reply: Reply,
    hint: str,
    message_id: int | None,
) -> None:
    """DM ``reply``'s private messages, turn notes linking ``message_id`` (None: the channel)."""
    for private in reply.private:
        message = notify.pointed(private, message_id)
        delivered = await send_dm(client, message)
        if _note_due(client, reply, message, delivered=delivered):
            try:
                await channel.send(**message_kwargs(_dm_closed_note(message, hint)))
            except discord.HTTPException:
                log.exception("Could not tell user %s that their DMs are closed.", message.user_id)
