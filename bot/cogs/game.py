"""One cog per game: a slash group with the lifecycle subcommands and one subcommand per engine action.

Nothing here knows a particular game: the action subcommands come from the
game's CommandSpecs and the start options from its front-end data, so a new
game only adds that data.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import Defer, actor_of, answer, service_of, where_of
from bot.cogs.factory import Runner, Suggester, Value, filter_choices, make_command
from bot.deadlines import REMINDERS, TURN_TIME, with_turn_time
from bot.errors import NotAllowedError, UserError
from bot.games import GameFrontend, action_from_options
from bot.games.spec import CommandSpec, OptionSpec
from bot.replies import Reply, Where
from bot.service import GameService
from bot.ui.send import forget_kept, post_in_channel

log = logging.getLogger(__name__)

# Every game's start takes a turn time; the service keeps it with the game's own options.
TURN_TIME_OPTION = OptionSpec(
    TURN_TIME, "Minutes each player has per move (0: no limit; a day is 1440)", "int", False
)

# Every game's start takes the reminder points too (percentages of the turn time).
REMINDERS_OPTION = OptionSpec(
    REMINDERS, 'When to remind, in % of the turn time: "50,90" (default), "none"', "str", False
)

# Every game may be played in a thread of its own, opened from the channel by the start command.
THREAD_OPTION = OptionSpec("thread", "Open the game in a new thread of this channel", "bool", False)

# Turn DMs are opt-in where a game offers ``notify``: on or off, per player and game.
DM_OPTION = OptionSpec(
    "dm",
    "A DM with a link when the game waits for you",
    "str",
    True,
    choices=("on", "off"),
    labels=("On", "Off"),
)
# The options of the lifecycle subcommands other than start.
LIFECYCLE_OPTIONS: dict[str, tuple[OptionSpec, ...]] = {"notify": (DM_OPTION,)}

Work = Callable[[GameService, discord.Interaction[Any], dict[str, Value]], Awaitable[Reply]]


def _lifecycle(key: str) -> dict[str, tuple[str, Defer, Work]]:
    """Lifecycle subcommands: description, how to defer, and the service call."""

    async def start(service: GameService, i: discord.Interaction[Any], values: dict[str, Value]) -> Reply:
        options = dict(values)
        if not options.pop("thread", False):
            return await service.start(where_of(i), actor_of(i), key, options)
        frontend = service.frontend(key)
        _check_options(frontend, options)
        thread = await _open_thread(i, frontend.title)
        where = Where(guild_id=i.guild_id, channel_id=thread.id)
        try:
            reply = await service.start(where, actor_of(i), key, options)
        except Exception:
            await _close_thread(thread)
            raise
        try:
            await post_in_channel(i.client, thread.id, reply, hint=f"`/{key} status`")
        except discord.Forbidden as exc:
            # The thread opened but refuses the game's first message (Send Messages in Threads is a
            # permission of its own): a game nobody can see there is ended with its thread.
            log.warning("The new thread %s refused the game's first message: %s", thread.id, exc)
            forget_kept(i.client, thread.id)
            await service.channel_gone(thread.id)
            await _close_thread(thread)
            raise UserError(
                "I opened a thread but could not post in it (I need Send Messages in Threads), so no "
                "game was started; start it without thread, or give me that permission."
            ) from exc
        except discord.HTTPException as exc:
            # Discord failing for a moment: the game stands, and its board is posted there later.
            log.warning("The new thread %s did not take the game's first message yet: %s", thread.id, exc)
            raise UserError(
                f"Your game is saved in {thread.mention}, but Discord would not post its first message "
                f"just now (HTTP {exc.status}); it is posted there as soon as Discord lets it."
            ) from exc
        return Reply(f"{actor_of(i).name} opened a {frontend.title} game in {thread.mention}.")

    async def status(service: GameService, i: discord.Interaction[Any], _: dict[str, Value]) -> Reply:
        return await service.status(where_of(i), actor_of(i), game=key)

    async def rules(service: GameService, i: discord.Interaction[Any], _: dict[str, Value]) -> Reply:
        return service.rules_text(key)

    async def undo(service: GameService, i: discord.Interaction[Any], _: dict[str, Value]) -> Reply:
        return await service.undo(where_of(i), actor_of(i), game=key)

    async def abandon(service: GameService, i: discord.Interaction[Any], _: dict[str, Value]) -> Reply:
        return await service.abandon(where_of(i), actor_of(i), confirm=False, game=key)

    async def hand(service: GameService, i: discord.Interaction[Any], _: dict[str, Value]) -> Reply:
        return await service.mine(where_of(i), actor_of(i), game=key)

    async def notify(service: GameService, i: discord.Interaction[Any], values: dict[str, Value]) -> Reply:
        return await service.notify(where_of(i), actor_of(i), on=values.get("dm") == "on", game=key)

    return {
        "start": ("Start a game in this channel (a lobby when several may play).", "public", start),
        "status": ("Show this channel's game, only to you.", "private", status),
        "rules": ("A short summary of the rules.", None, rules),
        "undo": ("Take back the last action when it rolled and revealed nothing.", "public", undo),
        "abandon": ("End this channel's game (host or Manage Channels).", None, abandon),
        "hand": ("Your own hand and choices, shown only to you.", "private", hand),
        "notify": ("Get a DM when this game waits for you, or stop them.", "private", notify),
    }


class GameCog(commands.Cog):
    """The ``/<game>`` group; registered on the tree while the cog is loaded."""

    def __init__(self, bot: commands.Bot, frontend: GameFrontend) -> None:
        # Several instances of this class live side by side, so each needs its own cog name.
        self.__cog_name__ = f"game:{frontend.key}"
        self.bot = bot
        self.frontend = frontend
        # Where a player whose DMs are closed sees what was meant for them.
        secret = frontend.private_summary is not None
        self.hint = f"`/{frontend.key} hand`" if secret else f"`/{frontend.key} status`"
        self.group = app_commands.Group(
            name=frontend.key, description=f"Play {frontend.title} in this channel."
        )
        for name, (description, defer, work) in _lifecycle(frontend.key).items():
            if name not in frontend.lifecycle and not (name == "hand" and secret):
                continue
            clock = (TURN_TIME_OPTION, REMINDERS_OPTION)
            start = (*frontend.start_options, *clock, THREAD_OPTION)
            options = start if name == "start" else LIFECYCLE_OPTIONS.get(name, ())
            spec = CommandSpec(name, name, description, tuple(options))
            command = make_command(spec, self._lifecycle_runner(work, defer), None)
            if name == "start":
                # A Python parameter cannot hold a dash; Discord shows the option as turn-time.
                app_commands.rename(**{TURN_TIME: "turn-time"})(command)
            self.group.add_command(command)
        for spec in frontend.commands:
            self.group.add_command(make_command(spec, self._action_runner(spec), self._suggester(spec)))

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group, override=True)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.group.name)

    def _lifecycle_runner(self, work: Work, defer: Defer) -> Runner:
        async def run(interaction: discord.Interaction[Any], values: dict[str, Value]) -> None:
            service = service_of(interaction.client)
            await answer(interaction, lambda: work(service, interaction, values), defer=defer, hint=self.hint)

        return run

    def _action_runner(self, spec: CommandSpec) -> Runner:
        async def run(interaction: discord.Interaction[Any], values: dict[str, Value]) -> None:
            service = service_of(interaction.client)
            action = action_from_options(spec, values)
            where, actor = where_of(interaction), actor_of(interaction)
            key = self.frontend.key
            await answer(
                interaction,
                lambda: service.act(where, actor, action, game=key),
                defer="public",
                hint=self.hint,
            )

        return run

    def _suggester(self, spec: CommandSpec) -> Suggester:
        types: dict[str, str] = {option.name: option.type for option in spec.options}
        key = self.frontend.key

        async def suggest(
            interaction: discord.Interaction[Any], option: str, current: str
        ) -> list[app_commands.Choice[Any]]:
            filled = _filled(interaction, option, types)
            pairs = await service_of(interaction.client).choices(
                where_of(interaction), actor_of(interaction), key, spec.kind, option, filled
            )
            return filter_choices(pairs, current, types[option])

        return suggest


def _filled(
    interaction: discord.Interaction[Any], focused: str, types: dict[str, str]
) -> dict[str, str | int]:
    """The other options the user has already filled, typed as the engine expects."""
    filled: dict[str, str | int] = {}
    for name, value in interaction.namespace:
        if name == focused or name not in types or value is None or value == "":
            continue
        if types[name] == "int":
            try:
                filled[name] = int(value)
            except (TypeError, ValueError):
                continue
        else:
            filled[name] = str(value)
    return filled


def _check_options(frontend: GameFrontend, options: dict[str, Value]) -> None:
    """Refuse bad start options before a thread is opened for them; raises NotAllowedError.

    The service checks them again (with the game's default turn time), so this only spares
    the channel a thread that would stay empty."""
    try:
        with_turn_time(0, options, frontend.clean_options)
    except ValueError as exc:
        raise NotAllowedError(str(exc)) from exc


async def _close_thread(thread: discord.Thread) -> None:
    """Delete a thread whose game could not start; a failure here leaves only an empty thread."""
    try:
        await thread.delete()
    except discord.HTTPException as exc:
        log.warning("Could not delete the empty thread %s: %s", thread.id, exc)


async def _open_thread(interaction: discord.Interaction[Any], title: str) -> discord.Thread:
    """A public thread of the interaction's channel for one game; raises UserError when there is none
    to open (already in a thread, a DM) or Discord refuses (no permission to create threads)."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise UserError("A game can open a thread only from a text channel; start it here without thread.")
    try:
        return await channel.create_thread(
            name=f"{title} — {actor_of(interaction).name}",
            type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,  # a week: games played over days
        )
    except discord.HTTPException as exc:
        raise UserError(
            "I could not open a thread here (I need Create Public Threads and Send Messages in Threads); "
            "start the game without thread."
        ) from exc


async def setup(bot: commands.Bot) -> None:
    """Extension entry point: one cog per game the service plays (rules and front-end data)."""
    service = service_of(bot)
    for key in service.games:
        await bot.add_cog(GameCog(bot, service.frontend(key)))
