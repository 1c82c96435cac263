"""Opt-in turn DMs: who asked to be told by DM that the game waits for them, and what they get.

In a game that offers ``notify`` (Space Base, played over days) nobody is sent a DM unless they
asked: the channel mention and the "My turn" button carry the game. Whoever turned DMs on gets a
short "your move" with a link to the game's channel, where the message naming them was just posted.
The preference lives in the game's stored options, so it outlasts a restart.
"""

from __future__ import annotations

from typing import Any

from bot.replies import PrivateMessage, Reply
from bot.store import GameRecord

# The option holding the user ids who asked for turn DMs.
NOTIFY = "notify"
# The lifecycle command that makes a game's turn DMs opt-in.
COMMAND = "notify"


def opted_in(record: GameRecord) -> frozenset[int]:
    """The users of ``record`` who asked for a DM when the game waits for them."""
    return frozenset(int(user) for user in record.options.get(NOTIFY) or ())


def with_preference(options: dict[str, Any], user_id: int, on: bool) -> dict[str, Any]:
    """``options`` with ``user_id`` added to (``on``) or removed from those who get turn DMs."""
    users = set(options.get(NOTIFY) or ()) - {user_id}
    if on:
        users.add(user_id)
    return {**options, NOTIFY: sorted(users)}


def channel_link(record: GameRecord) -> str:
    """A link that opens the game's channel at its newest message."""
    return f"https://discord.com/channels/{record.guild_id or '@me'}/{record.channel_id}"


def turn_notes(record: GameRecord, reply: Reply, title: str) -> list[PrivateMessage]:
    """A "your move" DM for each player ``reply`` newly waits for (its mentions) who opted in;
    it names no card or choice, only where to look."""
    wanted = opted_in(record)
    link = channel_link(record)
    text = f"Your move in **{title}** (<#{record.channel_id}>): {link}"
    return [
        PrivateMessage(seat.user_id, text, seat=seat.seat)
        for seat in record.seats
        if seat.user_id in wanted and seat.user_id in reply.mentions
    ]
