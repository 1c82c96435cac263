"""Lobby replies and checks: who may join, leave, add or remove an AI seat and begin."""

from __future__ import annotations

from typing import Any

from bot.errors import NotAllowedError, NotAPlayerError
from bot.replies import Actor, Button, Reply
from bot.store import GameRecord
from engine.core import GameMeta

# The start option that seats AI players after the people (read by the engines' set-up).
AI = "ai"


def lobby_reply(record: GameRecord, meta: GameMeta, header: str, *, ai_seats: bool = False) -> Reply:
    """The lobby message: players so far and the Join / Leave / Begin buttons, plus Add AI (and
    Remove AI once there is one) for a game that seats AI players (``ai_seats``)."""
    ai = ai_count(record)
    names = ", ".join([seat.name for seat in record.seats] + [f"AI {n + 1}" for n in range(ai)])
    need = (
        f"{meta.min_players}-{meta.max_players}" if meta.min_players != meta.max_players else meta.min_players
    )
    count = seats_with_ai(record)
    text = f"{header}\nPlayers ({count}, {need} needed): {names}\nThe host presses Begin when ready."
    buttons = [
        Button("Join", record.id, record.version, control="join", style="success"),
        Button("Leave", record.id, record.version, control="leave"),
    ]
    if ai_seats:
        buttons.append(Button("Add AI", record.id, record.version, control="add_ai"))
        if ai:
            buttons.append(Button("Remove AI", record.id, record.version, control="remove_ai"))
    buttons.append(Button("Begin", record.id, record.version, control="begin", style="primary"))
    return Reply(text, buttons=buttons)


def ai_count(record: GameRecord) -> int:
    """The AI seats the lobby holds so far."""
    return int(record.options.get(AI, 0) or 0)


def seats_with_ai(record: GameRecord) -> int:
    """The players at the table: the people seated plus the AI seats the start options add."""
    return len(record.seats) + ai_count(record)


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


def check_ai(record: GameRecord, meta: GameMeta, actor: Actor, *, add: bool) -> None:
    """Raises NotAllowedError unless the host adds an AI seat to a table with room (``add``) or
    removes one of the AI seats there are."""
    if actor.user_id != record.host_id:
        raise NotAllowedError("Only the host can add or remove AI players.")
    if add and seats_with_ai(record) >= meta.max_players:
        raise NotAllowedError(f"The table is full ({meta.max_players} players).")
    if not add and ai_count(record) == 0:
        raise NotAllowedError("There is no AI player to remove.")


def check_ai_option(options: dict[str, Any], meta: GameMeta) -> None:
    """Raises NotAllowedError unless the start options ask for AI seats that leave the host a seat."""
    ai = options.get(AI, 0) or 0
    if not isinstance(ai, int) or isinstance(ai, bool) or not 0 <= ai < meta.max_players:
        raise NotAllowedError(f"AI seats: choose a number from 0 to {meta.max_players - 1}.")


def with_ai(options: dict[str, Any], change: int) -> dict[str, Any]:
    """``options`` with ``change`` more AI seats (fewer when negative, never below none)."""
    return {**options, AI: max(0, int(options.get(AI, 0) or 0) + change)}


def check_begin(record: GameRecord, meta: GameMeta, actor: Actor) -> None:
    """Raises NotAllowedError unless the host begins with an allowed number of players."""
    if actor.user_id != record.host_id:
        raise NotAllowedError("Only the host can begin the game.")
    if not meta.min_players <= seats_with_ai(record) <= meta.max_players:
        raise NotAllowedError(f"{meta.title} needs {meta.min_players} to {meta.max_players} players.")
