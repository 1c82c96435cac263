"""Lobby replies and checks: who may join, leave and begin."""

from __future__ import annotations

from bot.errors import NotAllowedError, NotAPlayerError
from bot.replies import Actor, Button, Reply
from bot.store import GameRecord
from engine.core import GameMeta


def lobby_reply(record: GameRecord, meta: GameMeta, header: str) -> Reply:
    """The lobby message: players so far and the Join / Leave / Begin buttons."""
    ai = seats_with_ai(record) - len(record.seats)
    names = ", ".join([seat.name for seat in record.seats] + [f"AI {n + 1}" for n in range(ai)])
    need = (
        f"{meta.min_players}-{meta.max_players}" if meta.min_players != meta.max_players else meta.min_players
    )
    count = seats_with_ai(record)
    text = f"{header}\nPlayers ({count}, {need} needed): {names}\nThe host presses Begin when ready."
    buttons = [
        Button("Join", record.id, record.version, control="join", style="success"),
        Button("Leave", record.id, record.version, control="leave"),
        Button("Begin", record.id, record.version, control="begin", style="primary"),
    ]
    return Reply(text, buttons=buttons)


def seats_with_ai(record: GameRecord) -> int:
    """The players at the table: the people seated plus the AI seats the start options add."""
    return len(record.seats) + int(record.options.get("ai", 0) or 0)


def check_join(record: GameRecord, meta: GameMeta, actor: Actor) -> None:
    """Raises NotAllowedError when ``actor`` is seated already or the table is full."""
    if record.seat_of(actor.user_id) is not None:
        raise NotAllowedError("You are already in this game.")
    if seats_with_ai(record) >= meta.max_players:
        raise NotAllowedError(f"The table is full ({meta.max_players} players).")


def check_leave(record: GameRecord, actor: Actor) -> None:
    """Raises NotAPlayerError for a stranger and NotAllowedError for the host."""
    if record.seat_of(actor.user_id) is None:
        raise NotAPlayerError("You are not in this game.")
    if actor.user_id == record.host_id:
        raise NotAllowedError("The host cannot leave; abandon the game to close the lobby.")


def check_begin(record: GameRecord, meta: GameMeta, actor: Actor) -> None:
    """Raises NotAllowedError unless the host begins with an allowed number of players."""
    if actor.user_id != record.host_id:
        raise NotAllowedError("Only the host can begin the game.")
    if not meta.min_players <= seats_with_ai(record) <= meta.max_players:
        raise NotAllowedError(f"{meta.title} needs {meta.min_players} to {meta.max_players} players.")
