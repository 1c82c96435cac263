"""The time half of the game service: deadlines and reminders as they fall due, and ``/games``.

A mixin of ``GameService`` (which supplies the repository, the clock, the rules, the
channel locks and the board reply). A deadline plays ``rules.timeout_action`` as its seat
through the same checks and the same one-transaction write as a player's move, and settles
its row in that transaction: it fires once, across restarts, and never for a game that
moved on (the row was closed by the move that made it stale).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from bot.board import Change, public_events
from bot.damage import load_state
from bot.deadlines import (
    AWAY_AFTER,
    DEADLINE,
    REMINDER,
    Post,
    after_move,
    after_timeout,
    opening,
    streak,
    time_left,
    turn_time,
)
from bot.errors import NotAllowedError, StorageError, UnknownGameError
from bot.games.spec import GameFrontend
from bot.logging_setup import log_context
from bot.moves import loggable, play
from bot.replies import Actor, Reply, Where
from bot.store import (
    BOT_USER_ID,
    ConflictError,
    DeadlineChanges,
    DeadlineRecord,
    GameRecord,
    Repository,
    StoreError,
)
from engine.core import Action, EngineError, Event, Rules

log = logging.getLogger(__name__)


class Timekeeping:
    """Turn clocks for ``GameService``: the rows a change writes, firing due rows, and ``/games``."""

    repo: Repository
    clock: Callable[[], datetime]
    _frontends: dict[str, GameFrontend]
    _rules: Callable[[str], Rules[Any]]
    _lock: Callable[[int], asyncio.Lock]
    _board: Callable[..., Awaitable[Reply]]
    _end: Callable[[GameRecord], Awaitable[None]]
    # How long a lobby may wait without a join, a leave or a start before it closes (None: for
    # ever); the scheduler's set-up sets it from LOBBY_IDLE_HOURS.
    lobby_idle: timedelta | None = None

    # -- rows written with a change of the game ---------------------------------------------------

    def _opening_deadlines(
        self, options: Mapping[str, Any], rules: Rules[Any], state: Any
    ) -> DeadlineChanges | None:
        """The first clocks of a game that begins now (lobby Begin, a solo start)."""
        return opening(turn_time(options), rules.to_move(state), self.clock())

    async def _move_deadlines(
        self,
        record: GameRecord,
        rules: Rules[Any],
        before: Any,
        after: Any,
        seat: int,
        *,
        resume: DeadlineRecord | None = None,
    ) -> DeadlineChanges | None:
        """The clocks a player's move changes (none when the game has no turn time); ``resume``: the
        move is an undo, and this is the seat's clock before the undone move."""
        turn = turn_time(record.options)
        if turn is None:
            return None
        return after_move(
            turn,
            self.clock(),
            seats=len(record.seats),
            before=rules.to_move(before),
            after=rules.to_move(after),
            actor=seat,
            streaks=await self._streaks(record.id),
            resume=resume,
        )

    async def _streaks(self, game_id: int) -> dict[int, int]:
        latest = await self.repo.latest_deadlines(game_id)
        return {seat: streak(row) for seat, row in latest.items()}

    # -- the scheduler's side ---------------------------------------------------------------------

    async def due(self, now: datetime) -> list[DeadlineRecord]:
        """Pending reminders and deadlines due at ``now``; raises StoreError."""
        return await self.repo.due_deadlines(now)

    async def fire(self, deadline: DeadlineRecord, now: datetime) -> Post | None:
        """Handle one due row once: a reminder's mention or a deadline's timeout move.

        None when there is nothing to post (the row was stale, or handled already); a stale
        row is closed so it never comes due again. Raises StoreError (the row stays pending
        and is tried again).
        """
        with log_context(None, None, deadline.game_id):
            if deadline.damage is not None:
                # Its payload cannot be read: it is put aside once, and the other clocks run on.
                log.error("deadline %d is damaged (%s); closed", deadline.id, deadline.damage)
                await self.repo.close_deadline(deadline.id, "damaged")
                return None
            record = await self.repo.get_game(deadline.game_id)
            if record is None:
                return None
            async with self._lock(record.channel_id):
                # Reloaded under the lock: a move may have closed the row meanwhile.
                record = await self.repo.get_game(deadline.game_id)
                assert record is not None
                stale = self._stale(record, deadline)
                if stale is not None:
                    await self.repo.close_deadline(deadline.id, stale)
                    logged = log.error if stale == "damaged" else log.info
                    logged("deadline %d is not fired: %s", deadline.id, stale)
                    return None
                try:
                    if deadline.kind == REMINDER:
                        return await self._remind(record, deadline, now)
                    return await self.expire(deadline, now, record=record)
                except ConflictError:
                    # The seat's own move (or another process) settled the row first.
                    log.info("deadline %d was settled meanwhile", deadline.id)
                    return None

    def _stale(self, record: GameRecord, deadline: DeadlineRecord) -> str | None:
        """Why the row must not fire, or None when its seat is still the one the game waits for."""
        if record.status != "active":
            return "ended"
        if deadline.seat is None or deadline.kind not in (REMINDER, DEADLINE):
            return "stale"
        try:
            rules = self._rules(record.kind)
            # A game that no longer loads (logged there) is reported to its players when they act.
            waiting = rules.to_move(load_state(rules, record))
        except UnknownGameError:
            return "stale"
        except NotAllowedError:
            return "damaged"
        return None if deadline.seat in waiting else "left"

    async def _remind(self, record: GameRecord, deadline: DeadlineRecord, now: datetime) -> Post | None:
        ends = deadline.payload.get("ends")
        left = datetime.fromisoformat(ends) - now if isinstance(ends, str) else timedelta(0)
        # After downtime a reminder may come due with its deadline: the timeout post says it all.
        late = left <= timedelta(0)
        if not await self.repo.close_deadline(deadline.id, "late" if late else "fired") or late:
            return None
        # After downtime several of the seat's reminders may be due at once: one mention says it.
        for other in await self.repo.pending_deadlines([record.id]):
            if other.kind == REMINDER and other.seat == deadline.seat and other.due_at <= now:
                await self.repo.close_deadline(other.id, "late")
        user_id = _user_of(record, deadline.seat)
        title = self._frontends[record.kind].title
        text = f"<@{user_id}> your move in {title}: {time_left(left)} left."
        return Post(record.channel_id, Reply(text, mentions=[user_id]))

    async def expire(
        self, deadline: DeadlineRecord, now: datetime, *, record: GameRecord | None = None
    ) -> Post | None:
        """Play the timeout move for the deadline's seat and settle the row in that same write.

        While the seat still has to move, the bot plays on (each step settles the follow-up
        row the previous one set, so a restart resumes where it stopped), up to MAX_CHAIN steps;
        one post tells it all. Call through ``fire`` (which checks the row is live under the
        channel lock); ``record`` is the game as loaded there. None when nothing was played.
        Raises StoreError (ConflictError when the row was settled already).
        """
        record = record or await self.repo.get_game(deadline.game_id)
        if record is None or record.snapshot is None or deadline.seat is None:
            await self.repo.close_deadline(deadline.id, "stale")
            return None
        rules = self._rules(record.kind)
        start = state = rules.from_json(record.snapshot)
        labels: list[str] = []
        events: list[Event] = []
        away = False
        row: DeadlineRecord | None = deadline
        while row is not None:
            try:
                step = await self._timeout_step(record, rules, state, row, now)
            except StoreError:
                if not labels:
                    raise
                # The steps so far are saved; the follow-up row stays pending for the next tick.
                log.exception("timeout step for seat %d failed", deadline.seat)
                break
            if step is None:
                break
            record, state, action, label, step_events, row = step
            away = away or action.kind == "away"
            labels.append(label)
            events.extend(step_events)
        if not labels:
            return None
        name = record.seats[deadline.seat].name
        shown = public_events(events)
        # A hidden-information move's label may name the seat's secret cards: there the table hears
        # only what the public events tell (a buy, a base built), as after anyone's move.
        played = "" if rules.meta.hidden_information else ", ".join(labels)
        lines = [_timeout_text(name, streak(replace(deadline, outcome="fired")), played)]
        if shown:
            lines.append(self._frontends[record.kind].narrate(shown, name))
        if away:
            lines.append(f"`/{record.kind} back` brings {name} back to the table.")
        # The seat was not watching: if the game waits on it again, it is named like a newcomer.
        change = Change(events, start, deadline.seat, present=False)
        reply = await self._board(record, state, change, "\n".join(lines))
        return Post(record.channel_id, reply)

    async def _timeout_step(
        self, record: GameRecord, rules: Rules[Any], before: Any, row: DeadlineRecord, now: datetime
    ) -> tuple[GameRecord, Any, Action, str, list[Event], DeadlineRecord | None] | None:
        """One timeout move settling ``row``: the saved game, the new state, the move and its label,
        its events and the follow-up row to settle next (None when the seat is done); None when
        there was nothing to play (the row is closed)."""
        seat, turn = row.seat, turn_time(record.options)
        assert seat is not None
        missed = streak(replace(row, outcome="fired"))
        action = _timeout_move(rules, before, seat, missed)
        if action is None or turn is None:
            await self.repo.close_deadline(row.id, "idle")
            return None

        markers = self._frontends[record.kind].step_markers

        async def clocks(after: Any) -> DeadlineChanges:
            # The fired row is settled by the same write that records the move.
            return after_timeout(
                turn,
                now,
                row,
                seats=len(record.seats),
                before=rules.to_move(before),
                after=rules.to_move(after),
                streaks=await self._streaks(record.id),
                new_step=_step(markers, rules, before) != _step(markers, rules, after),
            )

        try:
            played = await play(
                self.repo,
                record,
                rules,
                before,
                seat,
                action,
                user_id=BOT_USER_ID,
                clocks=clocks,
            )
        except EngineError:
            log.exception("timeout move %s for seat %d was refused", loggable(rules, action), seat)
            await self.repo.close_deadline(row.id, "failed")
            return None
        record = played.record
        log.info("seat %d ran out of time (%d in a row)", seat, missed)
        follow_up = None
        if seat in rules.to_move(played.state):
            pending = await self.repo.pending_deadlines([record.id])
            follow_up = next((r for r in pending if r.seat == seat and r.payload.get("chain")), None)
        return record, played.state, action, rules.describe(action, before), played.events, follow_up

    async def close_idle_lobbies(self, now: datetime) -> list[Post]:
        """Close every lobby nobody joined, left or began for ``lobby_idle`` (a forgotten lobby would
        keep its channel from any other game); one post for each, in its channel. Raises StoreError."""
        idle = self.lobby_idle
        if idle is None:
            return []
        posts = []
        for found in await self.repo.idle_lobbies(now - idle):
            with log_context(found.guild_id, found.channel_id, found.id):
                async with self._lock(found.channel_id):
                    # Reloaded under the lock: someone may have joined or begun meanwhile.
                    record = await self.repo.get_game(found.id)
                    if record is None or record.status != "lobby" or record.updated_at >= now - idle:
                        continue
                    try:
                        await self._end(record)
                    except ConflictError:
                        continue
                    log.info("lobby closed after %s without a start", idle)
            frontend = self._frontends.get(record.kind)
            title = frontend.title if frontend else record.kind
            text = (
                f"This {title} lobby closed after {time_left(idle)} without a start. "
                f"`/{record.kind} start` opens a new one."
            )
            posts.append(Post(record.channel_id, Reply(text)))
        return posts

    # -- /games -----------------------------------------------------------------------------------

    async def games_of(self, where: Where, actor: Actor) -> Reply:
        """The actor's open games in this server: where, whose move, and how long they have left.

        Always private. Raises StorageError.
        """
        if where.guild_id is None:
            return Reply("Use this in a server to list your games there.", ephemeral=True)
        now = self.clock()
        try:
            records = await self.repo.open_games_of(actor.user_id, where.guild_id)
            pending = await self.repo.pending_deadlines([record.id for record in records])
        except StoreError as exc:
            log.error("storage failure: %s", exc, exc_info=exc)
            raise StorageError("Your games could not be read just now. Try again.") from exc
        if not records:
            return Reply("You have no open games in this server.", ephemeral=True)
        ends = {(row.game_id, row.seat): row.due_at for row in pending if row.kind == DEADLINE}
        lines = ["**Your open games here**", *(self._game_line(record, ends, now) for record in records)]
        return Reply("\n".join(lines), ephemeral=True)

    def _game_line(
        self, record: GameRecord, ends: Mapping[tuple[int, int | None], datetime], now: datetime
    ) -> str:
        frontend = self._frontends.get(record.kind)
        head = f"• {frontend.title if frontend else record.kind} in <#{record.channel_id}>"
        if record.status == "lobby":
            line = f"{head}: lobby, {len(record.seats)} seated"
            if self.lobby_idle is None:
                return line
            left = max(record.updated_at + self.lobby_idle - now, timedelta(0))
            return f"{line}; closes in {time_left(left)} unless someone joins, leaves or begins"
        try:
            rules = self._rules(record.kind)
            waiting = sorted(rules.to_move(load_state(rules, record)))
        except UnknownGameError:
            return head
        except NotAllowedError:
            return f"{head}: damaged; the host can abandon it"
        names = []
        for seat in waiting:
            due = ends.get((record.id, seat))
            clock = f" ({time_left(max(due - now, timedelta(0)))} left)" if due is not None else ""
            names.append(f"{record.seats[seat].name}{clock}")
        return f"{head}: waiting for {', '.join(names)}" if names else f"{head}: nobody to move"


def _step(markers: tuple[str, ...], rules: Rules[Any], state: Any) -> tuple[Any, ...]:
    """Where the game stands, by the table view's ``markers`` (``GameFrontend.step_markers``)."""
    view = rules.view(state, None)
    return tuple(view.get(marker) for marker in markers)


def _user_of(record: GameRecord, seat: int | None) -> int:
    return next(s.user_id for s in record.seats if s.seat == seat)


def _timeout_move(rules: Rules[Any], state: Any, seat: int, missed: int) -> Action | None:
    """The policy's move, or the game's own ``away`` once the seat missed AWAY_AFTER in a row.

    A seat is not marked away when that would leave nobody to wait for: the AI would play the
    rest of the game at once, and nobody would be left to come back to it. The clock then keeps
    playing one move per deadline instead."""
    if missed >= AWAY_AFTER:
        away = next((action for action in rules.legal_actions(state, seat) if action.kind == "away"), None)
        if away is not None:
            after, _events = rules.apply(state, seat, away)
            if rules.outcome(after) is None and rules.to_move(after):
                return away
    return rules.timeout_action(state, seat)


def _timeout_text(name: str, missed: int, label: str) -> str:
    run = f" ({missed} times in a row)" if missed > 1 else ""
    played = f"the bot played: {label}" if label else "the bot moved for them"
    return f"{name} ran out of time{run}; {played}."
