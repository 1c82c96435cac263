"""Rebuilding a state from the seed and the action log (for undo and audits)."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from bot.errors import NotAllowedError
from bot.store import ActionRecord, GameRecord
from engine.core import Action, Rules

log = logging.getLogger(__name__)


def replay(rules: Rules[Any], record: GameRecord, actions: Sequence[ActionRecord]) -> Any:
    """The state after ``actions`` from the game's seed; raises EngineError if the log is not legal."""
    state = rules.setup(record.player_names, record.options, record.seed)
    for row in actions:
        state, _events = rules.apply(state, row.seat, Action.from_json(row.action))
    return state


def replay_before_last(
    rules: Rules[Any], record: GameRecord, actions: Sequence[ActionRecord], current: Any
) -> Any:
    """The state before the last logged action, checked against the snapshot.

    Raises NotAllowedError when the log and the snapshot disagree or the engine forbids the undo.
    """
    before = replay(rules, record, actions[:-1])
    after, _events = rules.apply(before, actions[-1].seat, Action.from_json(actions[-1].action))
    if _plain(rules.to_json(after)) != _plain(rules.to_json(current)):
        log.error("action log and snapshot disagree for game %d", record.id)
        raise NotAllowedError("This game's history cannot be replayed, so the undo is refused.")
    if not rules.can_undo(before, after):
        raise NotAllowedError("The last action rolled dice or revealed cards; it cannot be undone.")
    return before


def _plain(data: Any) -> Any:
    # Compare as stored: JSON turns tuples into lists.
    return json.loads(json.dumps(data, sort_keys=True))
