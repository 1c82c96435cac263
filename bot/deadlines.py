"""Turn time: the start option, when reminders and deadlines fall, and which rows an action sets.

Pure planning, no I/O: the service reads the clock and the stored rows, this module says
what to write. A seat the game waits for (``rules.to_move``) has one pending deadline and
its reminders; they are replaced when the seat acts or enters, and closed when it leaves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from bot.replies import Reply
from bot.store import DeadlineChanges, DeadlineRecord, NewDeadline

REMINDER = "reminder"
DEADLINE = "deadline"
TURN_TIME = "turn_time"
REMINDERS = "reminders"
MAX_TURN_MINUTES = 30 * 24 * 60
# After this many missed deadlines in a row the bot marks the seat away, where the game can.
AWAY_AFTER = 3
# A timed-out seat that still has to move in the same step is played on at once, move by move; past
# this many moves its next deadline is a full turn again (a game that waits on a seat all along). A
# Colony turn with a full hand and a two-token event takes 14 moves; no step of any game takes 40.
MAX_CHAIN = 40
LAST_CALL = timedelta(minutes=1)


@dataclass(frozen=True)
class Post:
    """A message the scheduler posts in a game's channel."""

    channel_id: int
    reply: Reply


def with_turn_time(
    default_minutes: int, options: Mapping[str, Any], clean: Callable[[Mapping[str, Any]], dict[str, Any]]
) -> dict[str, Any]:
    """The game's own options cleaned by ``clean``, plus the turn time in minutes when there is one
    and the reminder points when the host chose them (see :func:`reminder_points`).

    0 means no time limit; an absent value takes ``default_minutes``. Raises ValueError
    for a value outside 0..MAX_TURN_MINUTES or bad reminder points (and whatever ``clean`` raises).
    """
    rest = {name: value for name, value in options.items() if name not in (TURN_TIME, REMINDERS)}
    cleaned = clean(rest)
    minutes = options.get(TURN_TIME, default_minutes)
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 0 <= minutes <= MAX_TURN_MINUTES:
        raise ValueError(f"The turn time is a number of minutes from 1 to {MAX_TURN_MINUTES} (0: no limit).")
    if minutes:
        cleaned[TURN_TIME] = minutes
    if options.get(REMINDERS) is not None:
        cleaned[REMINDERS] = reminder_points(options[REMINDERS])
    return cleaned


def reminder_points(text: object) -> list[int]:
    """The host's reminder points: percentages of the turn time, "50,90"; "none" (or "0") for no
    reminders. Raises ValueError for anything else."""
    words = str(text).replace(" ", "").lower()
    if words in ("none", "0", "off"):
        return []
    try:
        points = sorted({int(word) for word in words.split(",")})
    except ValueError:
        points = []
    if not points or not all(0 < point < 100 for point in points):
        raise ValueError(
            'Reminders are percentages of the turn time from 1 to 99, such as "50,90" ("none": no reminders).'
        )
    return points


@dataclass(frozen=True)
class TurnTime:
    """A game's clock: the time each seat has per move, and the reminder points chosen at start
    (percentages of it; None: the usual ones, see :func:`reminder_offsets`)."""

    length: timedelta
    reminders: tuple[int, ...] | None = None


def turn_time(options: Mapping[str, Any]) -> TurnTime | None:
    """The game's clock from its options, or None when the game has no clock."""
    minutes = options.get(TURN_TIME)
    if not minutes:
        return None
    points = options.get(REMINDERS)
    return TurnTime(timedelta(minutes=int(minutes)), None if points is None else tuple(points))


def reminder_offsets(turn: TurnTime) -> list[timedelta]:
    """When reminders fall after a seat's clock starts: at the chosen points, else at half time and
    when a tenth is left (at least a minute before the end); none that would coincide or fall at
    the start or the end."""
    length = turn.length
    if turn.reminders is None:
        chosen = [length / 2, length - max(length / 10, LAST_CALL)]
    else:
        chosen = [length * point / 100 for point in turn.reminders]
    return sorted({offset for offset in chosen if timedelta(0) < offset < length})


def rows_for(seat: int, now: datetime, turn: TurnTime, misses: int, chain: int = 0) -> list[NewDeadline]:
    """A fresh clock for ``seat``: its reminders and deadline, or (``chain`` > 0: the bot plays on
    for a seat that timed out) only a deadline due at once."""
    if chain:
        return [NewDeadline(seat, DEADLINE, now, misses, {"chain": chain})]
    return _clock(seat, now, now + turn.length, turn, misses)


def _clock(seat: int, now: datetime, ends: datetime, turn: TurnTime, misses: int) -> list[NewDeadline]:
    """The rows of a clock that started at ``ends`` less the turn time: the reminders still ahead
    of ``now`` and the deadline."""
    start = ends - turn.length
    reminders = [
        NewDeadline(seat, REMINDER, start + offset, misses, {"ends": ends.isoformat()})
        for offset in reminder_offsets(turn)
        if start + offset > now
    ]
    return [*reminders, NewDeadline(seat, DEADLINE, ends, misses)]


def resumed(seat: int, now: datetime, turn: TurnTime, previous: DeadlineRecord) -> list[NewDeadline]:
    """The clock ``seat`` had before a move it took back (``previous``, the deadline that move
    closed): the same deadline and run of misses, so a move and its undo never buy a fresh turn.
    A deadline that passed meanwhile leaves the player a last minute to move again."""
    return _clock(seat, now, max(previous.due_at, now + LAST_CALL), turn, previous.misses)


def streak(row: DeadlineRecord | None) -> int:
    """The seat's run of missed deadlines after its latest deadline row."""
    if row is None or row.outcome == "acted":
        return 0
    if row.outcome == "fired" and not row.payload.get("chain"):
        return row.misses + 1
    return row.misses


def opening(turn: TurnTime | None, waiting: frozenset[int], now: datetime) -> DeadlineChanges | None:
    """The first clocks of a game that begins waiting for ``waiting``."""
    if turn is None:
        return None
    return DeadlineChanges(add=tuple(row for seat in sorted(waiting) for row in rows_for(seat, now, turn, 0)))


def after_move(
    turn: TurnTime | None,
    now: datetime,
    *,
    seats: int,
    before: frozenset[int],
    after: frozenset[int],
    actor: int,
    streaks: Mapping[int, int],
    resume: DeadlineRecord | None = None,
) -> DeadlineChanges | None:
    """The rows a player's own move changes: the actor's clock and those of seats that left or
    entered the waiting set; seats still waiting that did not act keep theirs.

    Acting ends the actor's run of missed deadlines, even a move made while no clock ran for them
    (coming back, a setting, an ability on another's turn): a settled row marks it. ``resume``: the
    move is an undo, and this is the deadline the undone move closed; the actor gets that clock back
    rather than a fresh one."""
    if turn is None:
        return None
    close = {seat: "left" for seat in range(seats) if seat not in after or seat not in before}
    close[actor] = "acted"
    add: list[NewDeadline] = []
    for seat in sorted(after):
        if seat == actor and resume is not None and resume.outcome == "acted":
            add += resumed(seat, now, turn, resume)
        elif seat == actor or seat not in before:
            add += rows_for(seat, now, turn, 0 if seat == actor else streaks.get(seat, 0))
    if actor not in before and actor not in after and streaks.get(actor, 0):
        add.append(NewDeadline(actor, DEADLINE, now, 0, outcome="acted"))
    return DeadlineChanges(add=tuple(add), close=close)


def after_timeout(
    turn: TurnTime,
    now: datetime,
    fired: DeadlineRecord,
    *,
    seats: int,
    before: frozenset[int],
    after: frozenset[int],
    streaks: Mapping[int, int],
    new_step: bool = False,
) -> DeadlineChanges:
    """The rows a move the bot made for a timed-out seat changes; it settles ``fired`` and keeps
    the seat's miss count.

    While the seat still has to move in the same step (its turn goes on, or a simultaneous phase
    asks it for several small moves, such as dice kept one by one) the bot plays on at once, so one
    deadline finishes the seat's whole step. When the move opened a new step (``new_step``: the
    table's round, day, turn or phase moved on; or a seat the game did not wait for is waited for
    now) the seat gets a fresh turn, so a game that waits on one seat all along goes on at the pace
    of its deadlines."""
    assert fired.seat is not None
    seat = fired.seat
    changes = after_move(turn, now, seats=seats, before=before, after=after, actor=seat, streaks=streaks)
    assert changes is not None
    missed = streak(replace(fired, outcome="fired"))
    chain = int(fired.payload.get("chain", 0)) + 1
    same_step = not new_step and after <= before and chain <= MAX_CHAIN
    own = rows_for(seat, now, turn, missed, chain if same_step else 0) if seat in after else []
    others = [row for row in changes.add if row.seat != seat]
    close = {**changes.close, seat: "timeout"}
    return DeadlineChanges(add=(*others, *own), close=close, fired=fired.id)


def time_left(delta: timedelta) -> str:
    """A short duration for players: "1 d 4 h", "2 h 24 min", "12 min", "less than a minute"."""
    minutes = round(delta.total_seconds() / 60)
    if minutes < 1:
        return "less than a minute"
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h" if hours else f"{days} d"
    if hours:
        return f"{hours} h {mins} min" if mins else f"{hours} h"
    return f"{mins} min"
