from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot import app
from bot.service import GameService
from bot.settings import Settings


def settings(tmp_path: Path, **extra: Any) -> Settings:
    return Settings(database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", _env_file=None, **extra)


async def test_bot_is_unstarted_with_no_privileged_intents(tmp_path: Path) -> None:
    pytest.importorskip("engine.registry")
    bot = app.create_bot(settings(tmp_path))
    try:
        assert bot.intents.guilds
        assert not bot.intents.message_content and not bot.intents.members and not bot.intents.presences
        assert isinstance(bot.service, GameService)
        assert bot.settings.database_url.endswith("bot.db")
        assert not bot.is_ready()
    finally:
        await bot.db.dispose()


async def test_setup_hook_migrates_loads_cogs_and_syncs_to_dev_guild(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("engine.registry")
    loaded: list[str] = []
    synced: list[Any] = []
    monkeypatch.setattr(app, "extensions", lambda: ["cog.one", "cog.two"])
    bot = app.create_bot(settings(tmp_path, dev_guild_id=777))

    async def load_extension(name: str, *, package: str | None = None) -> None:
        loaded.append(name)

    async def sync(*, guild: discord.abc.Snowflake | None = None) -> list[Any]:
        synced.append(guild.id if guild else None)
        return []

    monkeypatch.setattr(bot, "load_extension", load_extension)
    monkeypatch.setattr(bot.tree, "sync", sync)
    try:
        await bot.setup_hook()
        assert loaded == ["cog.one", "cog.two"]
        assert synced == [777]
        # Migrations ran: the service can store a game.
        assert await bot.service.repo.open_game(1) is None
    finally:
        await bot.db.dispose()


def test_extensions_come_from_the_cogs_package() -> None:
    names = app.extensions()
    assert names and all(name.startswith("bot.cogs.") for name in names)


async def test_own_card_files_replace_the_shipped_ones(tmp_path: Path) -> None:
    import json
    import shutil

    from engine.exobase import DEFAULT_DIR

    folder = tmp_path / "cards"
    shutil.copytree(DEFAULT_DIR, folder)
    founders = json.loads((folder / "founders.json").read_text())
    founders[0]["name"] = "Captain Custom"
    (folder / "founders.json").write_text(json.dumps(founders))
    bot = app.create_bot(settings(tmp_path, exobase_content_dir=folder))
    try:
        rules: Any = bot.service._rules("exobase")
        assert any(f.name == "Captain Custom" for f in rules.content.founders.values())
        assert bot.service._rules("colony") is app.GAMES["colony"]
    finally:
        await bot.db.dispose()


def test_broken_card_files_are_a_settings_error(tmp_path: Path) -> None:
    from bot.settings import SettingsError

    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "founders.json").write_text("[]")
    with pytest.raises(SettingsError, match="EXOBASE_CONTENT_DIR"):
        app.games_for(settings(tmp_path, exobase_content_dir=folder))
