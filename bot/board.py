"""Building the message that follows a change: narration, table summary, images, next steps."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot import rendering
from bot.games.spec import GameFrontend
from bot.replies import Button, Reply
from bot.store import GameRecord
from engine.core import Action, Event, Rules

MAX_BUTTONS = 25


def legal_for_table(rules: Rules[Any], state: Any) -> list[Action]:
    """Legal actions of every active seat, without repeats, in the engine's order."""
    seen: dict[Action, None] = {}
    for seat in sorted(rules.active_seats(state)):
        for action in rules.legal_actions(state, seat):
            seen.setdefault(action, None)
    return list(seen)


def mentions(record: GameRecord, rules: Rules[Any], frontend: GameFrontend, state: Any) -> list[int]:
    """Users to ping: the seats the game waits on, never in solo play or when everyone may act."""
    if len(record.seats) < 2:
        return []
    if frontend.waiting_on is not None:
        waiting = set(frontend.waiting_on(rules.view(state, None)))
    else:
        waiting = set(rules.active_seats(state))
    if len(waiting) == len(record.seats):
        return []
    return [seat.user_id for seat in record.seats if seat.seat in waiting]


async def board_reply(
    record: GameRecord,
    rules: Rules[Any],
    frontend: GameFrontend,
    state: Any,
    events: Sequence[Event],
    text: str,
    *,
    can_undo: bool,
    render: bool,
) -> Reply:
    """The reply showing ``state`` after ``events``; images are rendered off the event loop."""
    view = rules.view(state, None)
    images = await rendering.render(record.kind, view, events) if render else []
    lines = [text] if text else []
    # Without images (no renderer, or a quiet status) the text has to show the table.
    if frontend.summary is not None and (not images or not events):
        lines.append(frontend.summary(view))
    outcome = rules.outcome(state)
    buttons: list[Button] = []
    if outcome is not None:
        verdict = "Won" if outcome.won else "Lost"
        lines.append(f"**Game over** — {verdict}: {outcome.reason}")
    elif record.status == "active":
        legal = legal_for_table(rules, state)
        buttons = frontend.buttons(view, legal, record.id, record.version, can_undo=can_undo)[:MAX_BUTTONS]
    pings = mentions(record, rules, frontend, state) if outcome is None else []
    return Reply("\n".join(lines) or frontend.title, images=images, buttons=buttons, mentions=pings)
