"""The app factory: a discord.py Bot that migrates, builds the service and loads the cogs."""

from __future__ import annotations

import importlib
import logging
from typing import Any

import discord
from discord.ext import commands

from bot.service import GameService
from bot.settings import Settings, SettingsError, load_settings
from bot.store import Repository, make_engine, make_sessionmaker
from bot.store.migrate import upgrade
from engine.core import EngineError, Rules
from engine.registry import GAMES, rules_with_content

log = logging.getLogger(__name__)


def extensions() -> list[str]:
    """The cog modules to load (``bot.cogs.EXTENSIONS``)."""
    module = importlib.import_module("bot.cogs")
    return list(module.EXTENSIONS)


def games_for(settings: Settings) -> dict[str, Rules[Any]]:
    """Every game, with the operator's own card files where the settings name a folder.

    Raises SettingsError when such a folder fails the content checks.
    """
    games = dict(GAMES)
    for key, folder in settings.content_dirs().items():
        try:
            games[key] = rules_with_content(key, str(folder))
        except EngineError as exc:
            raise SettingsError(f"Invalid settings: {key.upper()}_CONTENT_DIR: {exc}") from exc
    return games


class GameBot(commands.Bot):
    """Owns the database engine and the game service; ``setup_hook`` wires everything up."""

    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self.settings = settings
        self.db = make_engine(settings.database_url, echo=settings.sql_echo)
        self.service = GameService(
            Repository(make_sessionmaker(self.db)), render=settings.render_images, games=games_for(settings)
        )

    async def setup_hook(self) -> None:
        """Migrate to head, load every cog, then sync the slash commands."""
        await upgrade(self.db)
        for name in extensions():
            await self.load_extension(name)
        await self.sync_commands()

    async def sync_commands(self) -> list[Any]:
        """Sync to DEV_GUILD_ID (instant) when set, else globally (may take up to an hour)."""
        guild_id = self.settings.dev_guild_id
        if guild_id is None:
            synced = await self.tree.sync()
        else:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        log.info("synced %d commands%s", len(synced), f" to guild {guild_id}" if guild_id else " globally")
        return synced

    async def on_ready(self) -> None:
        log.info("connected as %s in %d guilds", self.user, len(self.guilds))

    async def close(self) -> None:
        await super().close()
        await self.db.dispose()


def create_bot(settings: Settings | None = None) -> GameBot:
    """An unstarted bot; raises SettingsError when the environment's settings are invalid."""
    return GameBot(settings or load_settings())
