from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import DEFAULT_DATABASE_URL, SettingsError, load_settings

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
        ("LOG_LEVEL", "loud", "LOG_LEVEL"),
        ("DEV_GUILD_ID", "abc", "DEV_GUILD_ID"),
        ("DEV_GUILD_ID", "-4", "DEV_GUILD_ID"),
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


def test_run_without_token_explains_and_exits_2(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(root),
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/x.db",
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr
    assert "applications.commands" in done.stderr and "Attach Files" in done.stderr
    assert "make play" in done.stderr
