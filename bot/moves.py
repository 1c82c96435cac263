"""One accepted move: applied to the state and recorded, with the clocks it changes, in one transaction.

A player's move (``GameService.act``) and the move the bot makes for a seat whose time ran out
(``Timekeeping.expire``) both go through :func:`play`, so they are checked, saved and logged alike.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.store import DeadlineChanges, GameRecord, Repository
from engine.core import Action, Event, Rules

log = logging.getLogger(__name__)

Clocks = Callable[[Any], Awaitable[DeadlineChanges | None]]


@dataclass(frozen=True)
class Played:
    """The saved game, the state after the move, its events and whether it may be taken back."""

    record: GameRecord
    state: Any
    events: list[Event]
    undoable: bool


def loggable(rules: Rules[Any], action: Action, events: Sequence[Event] = ()) -> str:
    """What a log line may say of ``action``. In a hidden-information game its arguments may name
    secret cards and even its kind may be the secret (placing a plan face down or not), so only
    the kinds of the public ``events`` it made: what the table was told anyway."""
    if not rules.meta.hidden_information:
        return str(action)
    told = sorted({event.kind for event in events if event.public})
    return f"a move (the table saw: {', '.join(told)})" if told else "a move"


async def play(
    repo: Repository,
    record: GameRecord,
    rules: Rules[Any],
    before: Any,
    seat: int,
    action: Action,
    *,
    user_id: int,
    clocks: Clocks,
    may_undo: bool = True,
    applied: Callable[[Any, list[Event]], None] | None = None,
) -> Played:
    """Apply ``action`` for ``seat`` and save it with the rows ``clocks(after)`` changes (a fired
    deadline settled among them) in one write at ``record``'s version.

    ``may_undo`` False records the move as never undoable (the bot's own moves). ``applied(after,
    events)`` is told of the move before it is saved (to start on its pictures). Raises EngineError
    (nothing saved) and StoreError (ConflictError when the game moved on meanwhile).
    """
    after, events = rules.apply(before, seat, action)
    if applied is not None:
        applied(after, events)
    undoable = may_undo and rules.can_undo(before, after)
    record = await repo.record_action(
        record.id,
        record.version,
        seat=seat,
        user_id=user_id,
        action=action.to_json(),
        undoable=undoable,
        snapshot=rules.to_json(after),
        status="finished" if rules.outcome(after) is not None else "active",
        before=rules.to_json(before) if undoable else None,
        deadlines=await clocks(after),
        seats=record.seats,
    )
    log.info("seat %d: %s", seat, loggable(rules, action, events))
    return Played(record, after, events, undoable)
