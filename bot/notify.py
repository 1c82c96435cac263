"""Opt-in turn DMs: who asked to be told by DM that the game waits for them, and what they get.

In a game that offers ``notify`` (Space Base, played over days) nobody is sent a DM unless they
asked: the channel mention and the "My turn" button carry the game. Whoever turned DMs on gets a
short "your move" with a link to the channel message that named them. That message's id is known
only once Discord has posted it, so a note is built linking the game's channel and aimed at the
message by :func:`pointed` after the post; a post Discord refused leaves the channel link.
The preference lives in the game's stored options, so it outlasts a restart.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bot.replies import PrivateMessage, Reply
from bot.store import GameRecord

# The option holding the user ids who asked for turn DMs.
NOTIFY = "notify"
# The lifecycle command that makes a game's turn DMs opt-in.
COMMAND = "notify"


@dataclass(frozen=True)
class TurnNote(PrivateMessage):
    """A "your move" DM for the game ``title`` in channel ``channel_id`` of guild ``guild_id``."""

    title: str = ""
    guild_id: int | None = None
    channel_id: int = 0


def opted_in(record: GameRecord) -> frozenset[int]:
    """The users of ``record`` who asked for a DM when the game waits for them."""
    return frozenset(int(user) for user in record.options.get(NOTIFY) or ())


def receivers(record: GameRecord, *, opt_in: bool, hidden: bool) -> list[int]:
    """The players ``record``'s game sends DMs to: in a server, where its turn DMs are opt-in
    (``opt_in``), those who asked; otherwise every seated player of a game with hidden information
    (``hidden``: each seat's own view comes by DM); nobody in any other game."""
    if opt_in and record.guild_id is not None:
        wanted = opted_in(record)
        return [seat.user_id for seat in record.seats if seat.user_id in wanted]
    return [seat.user_id for seat in record.seats] if hidden else []


def with_preference(options: dict[str, Any], user_id: int, on: bool) -> dict[str, Any]:
    """``options`` with ``user_id`` added to (``on``) or removed from those who get turn DMs."""
    users = set(options.get(NOTIFY) or ()) - {user_id}
    if on:
        users.add(user_id)
    return {**options, NOTIFY: sorted(users)}


def channel_link(guild_id: int | None, channel_id: int) -> str:
    """A link that opens the channel at its newest message."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


def message_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    """A link that opens the channel at message ``message_id``."""
    return f"{channel_link(guild_id, channel_id)}/{message_id}"


def _text(title: str, channel_id: int, link: str) -> str:
    return f"Your move in **{title}** (<#{channel_id}>): {link}"


def turn_notes(record: GameRecord, reply: Reply, title: str) -> list[PrivateMessage]:
    """A "your move" DM for each player ``reply`` newly waits for (its mentions) who opted in,
    linking the game's channel until :func:`pointed` aims it at the posted message; it names no
    card or choice, only where to look."""
    wanted = opted_in(record)
    text = _text(title, record.channel_id, channel_link(record.guild_id, record.channel_id))
    return [
        TurnNote(
            seat.user_id,
            text,
            seat=seat.seat,
            title=title,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
        )
        for seat in record.seats
        if seat.user_id in wanted and seat.user_id in reply.mentions
    ]


def pointed(message: PrivateMessage, message_id: int | None) -> PrivateMessage:
    """``message`` linking the public message ``message_id`` (the one that named its player) when it
    is a turn note and that message was posted (``message_id`` not None); otherwise unchanged."""
    if not isinstance(message, TurnNote) or message_id is None:
        return message
    link = message_link(message.guild_id, message.channel_id, message_id)
    return replace(message, text=_text(message.title, message.channel_id, link))
