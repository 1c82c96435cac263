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


def waiting(rules: Rules[Any], frontend: GameFrontend, state: Any) -> set[int]:
    """The seats the game waits on: the front end's reading, else the engine's active seats."""
    if rules.outcome(state) is not None:
        return set()
    if frontend.waiting_on is not None:
        return set(frontend.waiting_on(rules.view(state, None)))
    return set(rules.active_seats(state))


def mentions(
    record: GameRecord, rules: Rules[Any], frontend: GameFrontend, state: Any, before: Any | None = None
) -> list[int]:
    """Users to ping: seats the game now waits on and did not wait on ``before`` (a turn starts,
    a choice falls to someone); never in solo play or when everyone may act."""
    if len(record.seats) < 2:
        return []
    now = waiting(rules, frontend, state)
    if len(now) == len(record.seats):
        return []
    if before is not None:
        now -= waiting(rules, frontend, before)
    return [seat.user_id for seat in record.seats if seat.seat in now]


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
    before: Any | None = None,
) -> Reply:
    """The reply showing ``state`` after ``events`` (from ``before``, which decides who is pinged);
    images are rendered off the event loop."""
    view = rules.view(state, None)
    which = frontend.images(events) if events and frontend.images is not None else None
    images = (
        await rendering.render(record.kind, view, events, sorted(which) if which else None) if render else []
    )
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
        if frontend.status_line is not None:
            lines.append(frontend.status_line(view))
        legal = legal_for_table(rules, state)
        buttons = frontend.buttons(view, legal, record.id, record.version, can_undo=can_undo)[:MAX_BUTTONS]
    pings = mentions(record, rules, frontend, state, before)
    return Reply("\n".join(lines) or frontend.title, images=images, buttons=buttons, mentions=pings)
