"""Rebuilding states from the action log, for undo and audits.

An undoable action's log row keeps the snapshot it was applied to, so taking it back starts from
that snapshot instead of replaying the whole game (rows written before the column existed fall back
to a replay from the seed). The moves logged after it (other seats' moves in a simultaneous step)
are applied again, and the result is checked against the stored snapshot.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from bot.errors import NotAllowedError
from bot.store import ActionRecord, GameRecord
from engine.core import Action, EngineError, Rules

log = logging.getLogger(__name__)

UNREPLAYABLE = "This game's history cannot be replayed, so the undo is refused."


def replay(rules: Rules[Any], record: GameRecord, actions: Sequence[ActionRecord]) -> Any:
    """The state after ``actions`` from the game's seed; raises EngineError if the log is not legal."""
    state = rules.setup(record.player_names, record.options, record.seed)
    for row in actions:
        state, _events = rules.apply(state, row.seat, Action.from_json(row.action))
    return state


def take_back(
    rules: Rules[Any],
    record: GameRecord,
    before: Any,
    rows: Sequence[ActionRecord],
    current: Any,
    *,
    reveals: str = "rolled dice or revealed cards",
) -> tuple[Any, dict[int, Any]]:
    """The state as if ``rows[0]`` (applied to ``before``) had never been taken; ``rows[1:]`` are the
    later moves, applied again in order. Also the state each later undoable move now applies to, by
    its seq: their stored before-snapshots held the move taken back and must be replaced with these.

    Raises NotAllowedError when the log and the snapshot disagree, the engine forbids the undo
    (dice, a shuffle, a revealed card: ``reveals`` words it for the game) or a later move no longer
    applies without it.
    """
    taken = rows[0]
    try:
        after, _events = rules.apply(before, taken.seat, Action.from_json(taken.action))
    except EngineError as exc:
        log.error("game %d: action %d does not apply to its stored before-state", record.id, taken.seq)
        raise NotAllowedError(UNREPLAYABLE) from exc
    if not rules.can_undo(before, after):
        raise NotAllowedError(f"That action {reveals}; it cannot be undone.")
    rebuilt, without = after, before
    befores: dict[int, Any] = {}
    for row in rows[1:]:
        action = Action.from_json(row.action)
        if row.undoable:
            befores[row.seq] = without
        try:
            rebuilt, _events = rules.apply(rebuilt, row.seat, action)
        except EngineError as exc:
            raise NotAllowedError(UNREPLAYABLE) from exc
        try:
            without, _events = rules.apply(without, row.seat, action)
        except EngineError as exc:
            raise NotAllowedError("A later move depends on that action, so it cannot be undone.") from exc
    if _plain(rules.to_json(rebuilt)) != _plain(rules.to_json(current)):
        log.error("action log and snapshot disagree for game %d", record.id)
        raise NotAllowedError(UNREPLAYABLE)
    return without, befores


def _plain(data: Any) -> Any:
    # Compare as stored: JSON turns tuples into lists.
    return json.loads(json.dumps(data, sort_keys=True))
