"""The scheduler: a background task that fires due reminders and deadlines and posts what happened.

Every ``SCHEDULER_INTERVAL`` seconds it posts again the boards Discord refused, stores which
versions the channels were shown, and posts late the table of every game whose saved change its
channel was not shown ``LATE_AFTER`` after it was saved (the process died between the commit and
the post, or a refused board was lost with a restart). Then it asks the service for due rows and
fires each through ``GameService.fire`` (which settles the row in the database first), then closes
the lobbies left without a change for ``LOBBY_IDLE_HOURS``; the post goes
to the game's channel by id. A failed post is logged and never stops the next row; it is kept and
posted again at the next tick (unless a newer board went out first). A post refused because the
channel no longer exists ends that channel's game (``bot.cogs.channels``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

import discord
from discord.ext import commands, tasks

from bot.cogs.channels import close_gone, left_while_away
from bot.cogs.common import service_of
from bot.deadlines import Post
from bot.service import GameService
from bot.store import DeadlineRecord, GameRecord, StoreError
from bot.ui.send import (
    MINE_HINT,
    channel_unknown,
    keep_shown,
    keeps_board,
    post_in_channel,
    post_kept,
    take_shown,
)

log = logging.getLogger(__name__)

# How long a saved change may go unshown before the sweep posts its table late. Longer than a tick
# (the boards a process posted are stored as shown only at its next tick) plus a normal post
# (rendering, Discord's rate limits), so a board on its way is not posted twice; a bot whose
# SCHEDULER_INTERVAL is longer waits three intervals instead.
LATE_AFTER = timedelta(minutes=2)


class Scheduler(commands.Cog):
    """Runs ``tick`` on a loop once the bot is connected; tests call ``tick`` with their own clock."""

    def __init__(
        self,
        bot: commands.Bot,
        service: GameService,
        *,
        interval: float,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.bot = bot
        self.service = service
        self._clock = clock
        self.late_after = max(LATE_AFTER, timedelta(seconds=3 * interval))
        self.loop.change_interval(seconds=interval)

    def now(self) -> datetime:
        """The scheduler's clock, else the service's: one injected clock drives both."""
        return (self._clock or self.service.clock)()

    async def cog_load(self) -> None:
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()
        # A bot stopped on purpose leaves no shown board to be posted again after its restart.
        await self.store_shown()

    @tasks.loop(seconds=30)
    async def loop(self) -> None:
        try:
            await self.tick(self.now())
        except Exception:
            # An error escaping the loop would stop it for good; the next interval must still run.
            log.exception("scheduler tick failed")

    @loop.before_loop
    async def _connected(self) -> None:
        await self.bot.wait_until_ready()
        # Before any deadline fires: the servers that removed the bot while it was away end their
        # games (the AI must not play on where nobody sees it).
        await left_while_away(self.bot)

    async def tick(self, now: datetime) -> int:
        """Post again the boards Discord refused, store what the channels were shown, post the
        changes they were not shown, then fire every row due at ``now``; returns how many posts
        went out."""
        posts = await post_kept(self.bot)
        await self.store_shown()
        posts += await self._late_boards(now)
        try:
            due = await self.service.due(now)
        except Exception:
            # Whatever went wrong, the next tick tries again; idle lobbies still close now.
            log.exception("could not read due deadlines")
            due = []
        for deadline in due:
            post = await self._fire(deadline, now)
            if post is not None and await self.send(post):
                posts += 1
        for post in await self._idle_lobbies(now):
            if await self.send(post):
                posts += 1
        await self.store_shown()
        return posts

    async def store_shown(self) -> None:
        """Store the versions whose boards this bot posted since last time, in one statement; when
        the database fails they are kept for the next try."""
        marks = take_shown(self.bot)
        try:
            await self.service.repo.mark_shown(marks)
        except StoreError:
            log.exception("could not store which boards were shown")
            keep_shown(self.bot, marks)

    async def _late_boards(self, now: datetime) -> int:
        """Post the table of each game whose saved change was not shown in time; how many went out."""
        before = now - self.late_after
        try:
            found = await self.service.unshown(before)
        except Exception:
            # Whatever went wrong, the deadlines still fire now and the next tick looks again.
            log.exception("could not look for changes the channels were not shown")
            return 0
        posts = 0
        for record in found:
            if keeps_board(self.bot, record.channel_id):
                # Refused, not lost: this process posts that very board (the move's own words, its
                # DMs already sent) once the channel takes it; a late table would only repeat DMs.
                continue
            post = await self._late_board(record, before, now)
            if post is not None and await self.send(post, shown=record):
                posts += 1
        return posts

    async def _late_board(self, record: GameRecord, before: datetime, now: datetime) -> Post | None:
        try:
            return await self.service.late_board(record, before, now)
        except Exception:
            # Unclaimed, or its claim runs out: a later sweep tries again.
            log.exception("the late board of game %d could not be made", record.id)
            return None

    async def _idle_lobbies(self, now: datetime) -> list[Post]:
        try:
            return await self.service.close_idle_lobbies(now)
        except StoreError:
            log.exception("could not close idle lobbies")
            return []

    async def _fire(self, deadline: DeadlineRecord, now: datetime) -> Post | None:
        try:
            return await self.service.fire(deadline, now)
        except Exception:
            # The row stays pending (or was settled by whoever got there first); the next tick retries.
            log.exception("deadline %d could not be fired", deadline.id)
            return None

    async def send(self, post: Post, *, shown: GameRecord | None = None) -> bool:
        """Post in the game's channel and DM any private parts (a closed DM is noted in the channel);
        False when Discord refused the channel post. ``shown``: the game of a late board, counted
        as shown when its channel is gone (there is nowhere left to show it)."""
        try:
            await post_in_channel(self.bot, post.channel_id, post.reply, hint=MINE_HINT)
        except discord.HTTPException as exc:
            log.warning("could not post in channel %s: %s", post.channel_id, exc)
            if channel_unknown(exc):
                await close_gone(self.bot, self.service, post.channel_id)
                if shown is not None:
                    keep_shown(self.bot, {shown.id: shown.version})
            return False
        return True


async def setup(bot: commands.Bot) -> None:
    """Extension entry point; the interval and the lobbies' idle time come from the bot's settings
    when it has them."""
    settings = getattr(bot, "settings", None)
    interval = float(getattr(settings, "scheduler_interval", 30.0))
    hours = int(getattr(settings, "lobby_idle_hours", 0))
    service = service_of(bot)
    service.lobby_idle = timedelta(hours=hours) if hours else None
    await bot.add_cog(Scheduler(bot, service, interval=interval))
