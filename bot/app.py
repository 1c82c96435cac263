"""The app factory: a discord.py Bot that migrates, builds the service and loads the cogs."""

from __future__ import annotations

import asyncio
import importlib
import logging

import discord
from discord.ext import commands

from bot import rendering
from bot.command_sync import SyncRecord, sync_if_changed
from bot.games import MODULES, ContentSettingError, Game, load_games, shipped_games
from bot.integrity import require_loadable_games
from bot.memory import freeze_heap
from bot.service import GameService
from bot.settings import Settings, SettingsError, load_settings
from bot.startup import migrate, open_engine
from bot.store import Repository, make_sessionmaker

log = logging.getLogger(__name__)


def extensions() -> list[str]:
    """The cog modules to load (``bot.cogs.EXTENSIONS``)."""
    module = importlib.import_module("bot.cogs")
    return list(module.EXTENSIONS)


def games_for(settings: Settings) -> dict[str, Game]:
    """Every registered game, over the operator's own card files where the settings name a folder;
    loaded once here and handed to the service, the renderer bridge and the console.

    Raises SettingsError when such a folder fails the content checks.
    """
    try:
        return load_games(MODULES, settings.content_dirs())
    except ContentSettingError as exc:
        raise SettingsError(str(exc)) from exc


class GameBot(commands.Bot):
    """Owns the database engine and the game service.

    ``prepare`` migrates the database before the bot logs in (so a database problem is told
    without contacting Discord); ``setup_hook`` then loads the cogs and syncs the commands
    (migrating first when nobody called ``prepare``).
    Raises StartupError (``bot.startup``) when the database driver is missing.
    """

    def __init__(self, settings: Settings) -> None:
        # The bot never joins voice, so discord.py's warnings about missing voice libraries are noise.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self.settings = settings
        self.db = open_engine(settings.database_url, echo=settings.sql_echo)
        rendering.configure(
            settings.render_cache_size, settings.render_piece_cache_mb, settings.render_processes
        )
        self.games = games_for(settings)
        self.service = GameService(
            Repository(make_sessionmaker(self.db)), render=settings.render_images, games=self.games
        )
        self._migrated = False
        self._heap_frozen = False

    async def prepare(self) -> None:
        """Migrate the database to head and check the installed cards still load every game in play
        (once); raises StartupError with a line for the operator, SettingsError when cards are missing."""
        if not self._migrated:
            await migrate(self.db)
            rules = {key: game.rules for key, game in self.games.items()}
            shipped = {key: game.rules for key, game in shipped_games().items()}
            await require_loadable_games(self.service.repo, rules, shipped)
            self._migrated = True

    async def setup_hook(self) -> None:
        """Migrate and check the cards unless ``prepare`` did, start the image workers, load every
        cog, then sync the slash commands when they changed."""
        await self.prepare()
        await asyncio.to_thread(rendering.start_workers)
        for name in extensions():
            await self.load_extension(name)
        await self.sync_commands()

    async def sync_commands(self) -> bool:
        """Sync to DEV_GUILD_ID (instant) when set, else globally (may take up to an hour), when the
        commands changed since the last sync or SYNC_COMMANDS says so; True when it synced."""
        guild_id = self.settings.dev_guild_id
        guild = None if guild_id is None else discord.Object(id=guild_id)
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        record = SyncRecord(self.settings.command_sync_file())
        return await sync_if_changed(
            self.tree, self.application_id, guild, record, self.settings.sync_commands
        )

    async def on_ready(self) -> None:
        log.info("connected as %s in %d guilds", self.user, len(self.guilds))
        # The first ready comes once the gateway has filled the guild caches: start-up is over.
        if not self._heap_frozen:
            self._heap_frozen = True
            freeze_heap()

    async def close(self) -> None:
        await super().close()
        await self.db.dispose()


def create_bot(settings: Settings | None = None) -> GameBot:
    """An unstarted bot; raises SettingsError when the environment's settings are invalid."""
    return GameBot(settings or load_settings())
