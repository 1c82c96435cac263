"""Games whose stored data cannot be read: a clear refusal for the players and an error in the log.

A damaged game is never played on (its state is unknown), but it stays in its
channel until the host or a moderator abandons it, which needs no state at all.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from datetime import datetime
from typing import Any

from bot.errors import NotAllowedError
from bot.store import ActionRecord, GameRecord
from engine.core import Rules

log = logging.getLogger(__name__)


def damaged(record: GameRecord, detail: str) -> NotAllowedError:
    """The refusal for a game whose state cannot be loaded (logged here, raised by the caller)."""
    log.error("game %d in channel %d is damaged: %s", record.id, record.channel_id, detail)
    return NotAllowedError(
        f"This game (#{record.id}) is damaged and cannot go on: {detail}. "
        "The host or someone with Manage Channels can abandon it to free the channel."
    )


# Games whose state this process has loaded and exercised once (by id and creation time, most recent
# last): the states it saves after that come from the engine itself.
_EXERCISED: OrderedDict[tuple[int, datetime], None] = OrderedDict()
REMEMBERED = 10_000


def exercise(rules: Rules[Any], state: Any) -> None:
    """What every command asks of a state: the table's view and the waiting seats' legal moves.
    Raises whatever a state with well-formed but wrong values raises (a number stored as text)."""
    rules.view(state, None)
    for seat in rules.to_move(state):
        rules.legal_actions(state, seat)


def load_state(rules: Rules[Any], record: GameRecord) -> Any:
    """The state in ``record``'s snapshot; raises NotAllowedError when it is damaged or does not load
    with the installed rules and cards (a card folder that dropped a card this game uses).

    The first load of a game in this process also exercises the state, so a value damaged in the
    database is reported as such rather than failing later in the middle of a command."""
    if record.damage is not None:
        raise damaged(record, record.damage)
    try:
        state = rules.from_json(record.snapshot or {})
        key = (record.id, record.created_at)
        if key not in _EXERCISED:
            exercise(rules, state)
            _EXERCISED[key] = None
            while len(_EXERCISED) > REMEMBERED:
                _EXERCISED.popitem(last=False)
        return state
    except KeyError as exc:
        raise damaged(record, f"its saved state names {exc}, which the installed cards lack") from exc
    except Exception as exc:
        raise damaged(record, f"its saved state does not load ({type(exc).__name__}: {exc})") from exc


def damaged_log(record: GameRecord, last: ActionRecord | None) -> None:
    """Refuse an undo over a log row that cannot be read; raises NotAllowedError."""
    if last is None or last.damage is None:
        return
    log.error("game %d is damaged: %s", record.id, last.damage)
    raise NotAllowedError(
        f"This game's history is damaged ({last.damage}), so the last action cannot be taken back. "
        "Play on, or the host can abandon the game."
    )
