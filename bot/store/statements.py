"""The statements every command runs, built once with bound parameters.

Building a SQLAlchemy statement and computing its cache key cost more than SQLite takes to run
it (0.17 ms against 0.08 ms for loading a game): a statement built once and given its values at
execution skips both. The SQL is the same as the query builder would write each time.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from sqlalchemy import Delete, Insert, Select, Update, bindparam, delete, func, insert, select, update

from bot.store.models import OPEN_WHERE, ActionRow, GameRow
from bot.store.rows import ACTION_COLUMNS, GAME_COLUMNS, GAMES_WITH_SEATS, raw

# The game in the lobby or in play in a channel (through the partial index), and a game by id.
OPEN_GAME: Select[Any] = GAMES_WITH_SEATS.where(GameRow.channel_id == bindparam("p_channel"), OPEN_WHERE)
GAME_BY_ID: Select[Any] = GAMES_WITH_SEATS.where(GameRow.id == bindparam("p_game"))

# A game's whole log in order, and its newest rows (newest first) with their before-snapshots.
LOG: Select[Any] = (
    select(*ACTION_COLUMNS).where(ActionRow.game_id == bindparam("p_game")).order_by(ActionRow.seq)
)
NEWEST: Select[Any] = (
    select(*ACTION_COLUMNS, raw(ActionRow.before_snapshot).label("before"))
    .where(ActionRow.game_id == bindparam("p_game"))
    .order_by(ActionRow.seq.desc())
    .limit(bindparam("p_count"))
)

# The next action of a game; its seq follows the last one's (the game row's lock makes it ours).
APPEND: Insert = insert(ActionRow).values(
    game_id=bindparam("p_game"),
    seq=select(func.coalesce(func.max(ActionRow.seq), 0) + 1)
    .where(ActionRow.game_id == bindparam("p_game"))
    .scalar_subquery(),
    seat=bindparam("p_seat"),
    user_id=bindparam("p_user"),
    action=bindparam("p_action"),
    undoable=bindparam("p_undoable"),
    before_snapshot=bindparam("p_before"),
    version=bindparam("p_version"),
)
DROP: Delete = delete(ActionRow).where(
    ActionRow.game_id == bindparam("p_game"), ActionRow.seq == bindparam("p_seq")
)
SET_BEFORE: Update = (
    update(ActionRow)
    .where(ActionRow.game_id == bindparam("p_game"), ActionRow.seq == bindparam("p_seq"))
    .values(before_snapshot=bindparam("p_before"))
)


@cache
def bump(columns: tuple[str, ...]) -> Update:
    """Moving a game from version ``p_expected`` to ``p_version``, setting ``columns`` (each given
    as ``p_<column>``) and ``p_now``; its RETURNING is the game row."""
    return (
        update(GameRow)
        .where(GameRow.id == bindparam("p_game"), GameRow.version == bindparam("p_expected"))
        .values(
            version=bindparam("p_version"),
            updated_at=bindparam("p_now"),
            **{column: bindparam(f"p_{column}") for column in columns},
        )
        .returning(*GAME_COLUMNS)
    )
