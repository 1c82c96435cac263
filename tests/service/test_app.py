from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot import app
from bot.service import GameService
from bot.settings import Settings
from engine.colony import RULES as COLONY_RULES


def settings(tmp_path: Path, **extra: Any) -> Settings:
    return Settings(
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
        _env_file=None,  # type: ignore[call-arg]  # pydantic-settings' init-only switch; mypy sees fields only
        **extra,
    )


async def test_bot_is_unstarted_with_no_privileged_intents(tmp_path: Path) -> None:
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
        # Nobody called prepare(), so the hook migrates before loading anything.
        await bot.setup_hook()
        assert await bot.service.repo.open_game(1) is None
        assert loaded == ["cog.one", "cog.two"]
        assert synced == [777]
    finally:
        await bot.db.dispose()


async def synced_on_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, starts: list[dict[str, Any]]
) -> list[bool]:
    """Whether each start (with these settings, and optionally a changed command) synced."""
    results: list[bool] = []
    for extra in starts:
        changed = extra.pop("changed", False)
        bot = app.create_bot(settings(tmp_path, **extra))
        bot.tree.add_command(discord.app_commands.Command(name="ping", description="Ping", callback=_ping))
        if changed:
            bot.tree.add_command(
                discord.app_commands.Command(name="pong", description="Pong", callback=_ping)
            )
        calls: list[Any] = []

        async def sync(*, guild: discord.abc.Snowflake | None = None, calls: list[Any] = calls) -> list[Any]:
            calls.append(guild)
            return []

        monkeypatch.setattr(bot.tree, "sync", sync)
        try:
            await bot.sync_commands()
        finally:
            await bot.db.dispose()
        results.append(bool(calls))
    return results


async def _ping(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pong")


async def test_commands_sync_only_when_they_changed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    starts: list[dict[str, Any]] = [
        {},  # first start: nothing remembered, so it syncs
        {},  # same commands: no sync
        {"changed": True},  # a command was added
        {"changed": True},
        {"changed": True, "dev_guild_id": 5},  # another target is synced on its own
        {"changed": True, "sync_commands": "always"},  # the operator forces it
        {"sync_commands": "never"},  # changed back, but syncing is off
    ]
    assert await synced_on_starts(tmp_path, monkeypatch, starts) == [
        True,
        False,
        True,
        False,
        True,
        True,
        False,
    ]
    remembered = json.loads((tmp_path / "command-sync.json").read_text())
    assert set(remembered) == {"None:global", "None:5"}


def test_extensions_come_from_the_cogs_package() -> None:
    names = app.extensions()
    assert names and all(name.startswith("bot.cogs.") for name in names)


async def test_own_card_files_replace_the_shipped_ones(tmp_path: Path) -> None:
    import json
    import shutil

    from engine.exobase.content_load import DEFAULT_DIR

    folder = tmp_path / "cards"
    shutil.copytree(DEFAULT_DIR, folder)
    founders = json.loads((folder / "founders.json").read_text())
    founders[0]["name"] = "Captain Custom"
    (folder / "founders.json").write_text(json.dumps(founders))
    bot = app.create_bot(settings(tmp_path, exobase_content_dir=folder))
    try:
        rules: Any = bot.service._rules("exobase")
        assert any(f.name == "Captain Custom" for f in rules.content.founders.values())
        assert bot.service._rules("colony") is COLONY_RULES
    finally:
        await bot.db.dispose()


def test_broken_card_files_are_a_settings_error(tmp_path: Path) -> None:
    from bot.settings import SettingsError

    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "founders.json").write_text("[]")
    with pytest.raises(SettingsError, match="EXOBASE_CONTENT_DIR"):
        app.games_for(settings(tmp_path, exobase_content_dir=folder))


async def test_a_refused_sync_is_logged_and_retried_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    bot = app.create_bot(settings(tmp_path, dev_guild_id=42))

    async def forbidden(*, guild: discord.abc.Snowflake | None = None) -> list[Any]:
        response = SimpleNamespace(status=403, reason="Forbidden")
        raise discord.Forbidden(response, {"code": 50001, "message": "Missing Access"})

    monkeypatch.setattr(bot.tree, "sync", forbidden)
    try:
        assert await bot.sync_commands() is False
    finally:
        await bot.db.dispose()
    assert "invite the bot there with the applications.commands scope, or fix DEV_GUILD_ID" in caplog.text
    assert "guild 42" in caplog.text and "Missing Access" in caplog.text
    assert not (tmp_path / "command-sync.json").exists()


def test_own_colony_cards_reach_the_images(tmp_path: Path) -> None:
    import shutil

    from bot.games import MODULES, load_game
    from engine.colony.content_load import DEFAULT_DIR
    from engine.core import Event

    folder = tmp_path / "colony"
    shutil.copytree(DEFAULT_DIR, folder)
    events = json.loads((folder / "events.json").read_text())
    events[0]["name"] = "Owner's Own Storm"
    (folder / "events.json").write_text(json.dumps(events))
    revealed = [Event("event_revealed", "", {"card": events[0]["id"]})]
    own, shipped = load_game(MODULES["colony"], folder), load_game(MODULES["colony"])
    # Both games live in one process; each draws the texts of its own cards.
    assert own.renderer is not None and shipped.renderer is not None
    (mine,) = own.renderer.render({}, revealed, which={"event"})
    (theirs,) = shipped.renderer.render({}, revealed, which={"event"})
    assert "Owner's Own Storm" in mine.description
    assert "Owner's Own Storm" not in theirs.description
