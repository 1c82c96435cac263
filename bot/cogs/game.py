"""One cog per game: a slash group with the lifecycle subcommands and one subcommand per engine action.

Nothing here knows a particular game: the action subcommands come from the
game's CommandSpecs and the start options from its front-end data, so a new
game only adds that data.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import Defer, actor_of, answer, service_of, where_of
from bot.cogs.factory import Runner, Suggester, Value, filter_choices, make_command
from bot.games import GameFrontend, action_from_options
from bot.games.spec import CommandSpec
from bot.replies import Reply
from bot.service import GameService

Work = Callable[[GameService, discord.Interaction[Any], dict[str, Value]], Awaitable[Reply]]


def _lifecycle(key: str) -> dict[str, tuple[str, Defer, Work]]:
    """Lifecycle subcommands: description, how to defer, and the service call."""

    async def start(service: GameService, i: discord.Interaction[Any], values: dict[str, Value]) -> Reply:
        return await service.start(where_of(i), actor_of(i), key, dict(values))

    async def status(service: GameService, i: discord.Interaction[Any], _: dict[str, Value]) -> Reply:
        return await service.status(where_of(i), actor_of(i))

    async def rules(service: GameService, i: discord.Interaction[Any], _: dict[str, Value]) -> Reply:
        return service.rules_text(key)

    async def undo(service: GameService, i: discord.Interaction[Any], _: dict[str, Value]) -> Reply:
        return await service.undo(where_of(i), actor_of(i))

    async def abandon(service: GameService, i: discord.Interaction[Any], _: dict[str, Value]) -> Reply:
        return await service.abandon(where_of(i), actor_of(i), confirm=False)

    return {
        "start": ("Start a game in this channel (a lobby when several may play).", "public", start),
        "status": ("Show this channel's game, only to you.", "private", status),
        "rules": ("A short summary of the rules.", None, rules),
        "undo": ("Take back the last action when it rolled and revealed nothing.", "public", undo),
        "abandon": ("End this channel's game (host or Manage Channels).", None, abandon),
    }


class GameCog(commands.Cog):
    """The ``/<game>`` group; registered on the tree while the cog is loaded."""

    def __init__(self, bot: commands.Bot, frontend: GameFrontend) -> None:
        # Several instances of this class live side by side, so each needs its own cog name.
        self.__cog_name__ = f"game:{frontend.key}"
        self.bot = bot
        self.frontend = frontend
        self.hint = f"`/{frontend.key} status`"
        self.group = app_commands.Group(
            name=frontend.key, description=f"Play {frontend.title} in this channel."
        )
        for name, (description, defer, work) in _lifecycle(frontend.key).items():
            if name not in frontend.lifecycle:
                continue
            options = frontend.start_options if name == "start" else ()
            spec = CommandSpec(name, name, description, tuple(options))
            self.group.add_command(make_command(spec, self._lifecycle_runner(work, defer), None))
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
            await answer(
                interaction, lambda: service.act(where, actor, action), defer="public", hint=self.hint
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


async def setup(bot: commands.Bot) -> None:
    """Extension entry point: one cog per game the service plays (rules and front-end data)."""
    service = service_of(bot)
    for key in service.games:
        await bot.add_cog(GameCog(bot, service.frontend(key)))
