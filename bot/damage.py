"""Games whose stored data cannot be read: a clear refusal for the players and an error in the log.

A damaged game is never played on (its state is unknown), but it stays in its
channel until the host or a moderator abandons it, which needs no state at all.
"""

from __future__ import annotations

import logging
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


def load_state(rules: Rules[Any], record: GameRecord) -> Any:
    """The state in ``record``'s snapshot; raises NotAllowedError when it is damaged or does not load
    with the installed rules and cards (a card folder that dropped a card this game uses)."""
    if record.damage is not None:
        raise damaged(record, record.damage)
    try:
        return rules.from_json(record.snapshot or {})
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
