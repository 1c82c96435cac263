from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.games import MODULES
from bot.settings import DEFAULT_DATABASE_URL, TOKEN_HELP, SettingsError, load_settings

ENV = (
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "IMAGE_DIR",
    "RENDER_IMAGES",
    "SQL_ECHO",
    "EXOBASE_CONTENT_DIR",
    "COLONY_CONTENT_DIR",
    "SYNC_COMMANDS",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    # No .env from the developer's checkout leaks in.
    monkeypatch.chdir(tmp_path)


def test_defaults_create_the_database_folder(tmp_path: Path) -> None:
    settings = load_settings()
    assert settings.database_url == DEFAULT_DATABASE_URL
    assert settings.discord_token is None and settings.dev_guild_id is None
    assert settings.log_level == "INFO"
    assert (tmp_path / "data").is_dir()


def test_reads_environment_and_dotenv(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nDEV_GUILD_ID=123\n")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@db/exo")
    settings = load_settings()
    assert settings.discord_token == "abc"
    assert settings.dev_guild_id == 123
    assert settings.log_level == "DEBUG"
    assert settings.database_url == "postgresql+asyncpg://u:p@db/exo"


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("DATABASE_URL", "mysql://x/y", "DATABASE_URL"),
        ("DATABASE_URL", "postgres://bob:s3cret@127.0.0.1:notaport/db", "percent-encoded"),
        ("DATABASE_URL", "postgresql://bob:s3cret@127.0.0.1:99999/db", "port must be from 1 to 65535"),
        ("DATABASE_URL", "postgresql://bob:p@ss#word@127.0.0.1/db", "%40 for @"),
        ("LOG_LEVEL", "loud", "LOG_LEVEL"),
        ("DEV_GUILD_ID", "abc", "DEV_GUILD_ID"),
        ("DEV_GUILD_ID", "-4", "DEV_GUILD_ID"),
        ("LOBBY_IDLE_HOURS", "-1", "LOBBY_IDLE_HOURS"),
    ],
)
def test_bad_values_are_named(monkeypatch: pytest.MonkeyPatch, name: str, value: str, message: str) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError, match=message):
        load_settings()


def test_blank_token_and_guild_mean_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "  ")
    monkeypatch.setenv("DEV_GUILD_ID", "")
    settings = load_settings()
    assert settings.discord_token is None and settings.dev_guild_id is None


def test_env_example_documents_every_setting() -> None:
    text = (Path(__file__).resolve().parents[2] / ".env.example").read_text()
    for name in ENV:
        assert f"{name}=" in text


def test_run_without_token_explains_and_exits_0(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(root),
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/x.db",
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    # `make run` without a token is how a newcomer starts: help, not a make error.
    assert done.returncode == 0, done.stderr
    assert "DISCORD_TOKEN" in done.stdout
    assert "applications.commands" in done.stdout and "Attach Files" in done.stdout
    assert "make play" in done.stdout
    assert "Traceback" not in done.stderr


def test_token_help_asks_for_every_permission_the_readme_names() -> None:
    # The games may open threads (`thread:true`), so the invite needs that permission too.
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    step = readme.split("permissions", 1)[1].split("4. `make run`", 1)[0]
    named = [" ".join(p.split()) for p in re.findall(r"\*\*(.+?)\*\*", step, flags=re.S)]
    assert "Create Public Threads" in named
    flat = " ".join(TOKEN_HELP.split())
    for permission in named:
        # The portal's own spelling is "View Channel"; the README says "View Channels".
        assert permission.removesuffix("s") in flat, permission


def test_sync_mode_is_read_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_settings().sync_commands == "auto"
    monkeypatch.setenv("SYNC_COMMANDS", " Always ")
    assert load_settings().sync_commands == "always"
    monkeypatch.setenv("SYNC_COMMANDS", "sometimes")
    with pytest.raises(SettingsError, match="SYNC_COMMANDS"):
        load_settings()


def test_command_sync_file_sits_next_to_the_sqlite_file(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'db' / 'bot.db'}"
    assert load_settings(database_url=url).command_sync_file() == tmp_path / "db" / "command-sync.json"
    postgres = load_settings(database_url="postgresql+asyncpg://u:p@h/db")
    assert postgres.command_sync_file() == Path("data") / "command-sync.json"


def test_a_database_under_a_file_is_one_clear_error(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("not a folder")
    with pytest.raises(
        SettingsError, match=r"DATABASE_URL: the database data/exobase.db would be under a file"
    ):
        load_settings()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_an_unwritable_database_folder_is_one_clear_error(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(SettingsError, match="may not write to"):
            load_settings(database_url=f"sqlite+aiosqlite:///{folder / 'bot.db'}")
    finally:
        folder.chmod(0o700)


def test_each_game_module_names_its_own_card_folder_setting(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    for key, module in MODULES.items():
        folder = tmp_path / key
        folder.mkdir()
        monkeypatch.setenv(module.content_setting, str(folder))
    assert load_settings().content_dirs() == {key: tmp_path / key for key in MODULES}
    monkeypatch.setenv("EUROPA_CONTENT_DIR", str(tmp_path / "missing"))
    with pytest.raises(SettingsError, match="EUROPA_CONTENT_DIR"):
        load_settings()
