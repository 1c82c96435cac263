"""Runtime settings, read from the environment and an optional ``.env`` file."""

from __future__ import annotations

import logging
from pathlib import Path

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///data/exobase.db"
_DRIVERS = ("sqlite+aiosqlite://", "postgresql+asyncpg://")

TOKEN_HELP = """\
No DISCORD_TOKEN is set, so the bot cannot connect to Discord.

To run it on a server:
  1. Open https://discord.com/developers/applications and create an application.
  2. In "Bot", reset/copy the token and put it in .env as DISCORD_TOKEN=... (see .env.example).
     No privileged intents are needed.
  3. In "OAuth2 > URL Generator" tick the scopes `bot` and `applications.commands`, and the
     permissions View Channel, Send Messages, Send Messages in Threads, Embed Links,
     Attach Files and Read Message History; open the generated URL to invite the bot.
  4. Optionally set DEV_GUILD_ID to your test server's id so commands appear there at once.

To play without Discord, run `make play`: a local console that plays the same games."""


class SettingsError(ValueError):
    """The settings are invalid; the message names every bad value."""


class Settings(BaseSettings):
    """Every knob of the bot; see ``.env.example`` for the documented list."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str | None = Field(default=None, description="Bot token; required by `python -m bot`.")
    database_url: str = Field(default=DEFAULT_DATABASE_URL, description="SQLAlchemy async URL.")
    dev_guild_id: int | None = Field(default=None, description="Sync commands to this guild only (instant).")
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING, ERROR or CRITICAL.")
    image_dir: Path = Field(default=Path("out/images"), description="Where the local console writes images.")
    render_images: bool = Field(default=True, description="Attach rendered images to replies.")
    sql_echo: bool = Field(default=False, description="Log every SQL statement (debugging).")
    exobase_content_dir: Path | None = Field(default=None, description="Your own ExoBase card files.")
    colony_content_dir: Path | None = Field(default=None, description="Your own Exoplanet Colony card files.")

    @field_validator("exobase_content_dir", "colony_content_dir", mode="before")
    @classmethod
    def _blank_dir_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("exobase_content_dir", "colony_content_dir")
    @classmethod
    def _existing_dir(cls, value: Path | None) -> Path | None:
        if value is not None and not value.is_dir():
            raise ValueError(f"{value} is not a folder")
        return value

    def content_dirs(self) -> dict[str, Path]:
        """Games whose cards come from the operator's own files instead of the shipped ones."""
        dirs = {"exobase": self.exobase_content_dir, "colony": self.colony_content_dir}
        return {game: path for game, path in dirs.items() if path is not None}

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value.strip() if isinstance(value, str) else value

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_guild_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("dev_guild_id")
    @classmethod
    def _positive_guild(cls, value: int | None) -> int | None:
        if value is not None and value <= 0:
            raise ValueError("DEV_GUILD_ID must be a positive Discord id")
        return value

    @field_validator("database_url")
    @classmethod
    def _known_driver(cls, value: str) -> str:
        value = value.strip()
        if value.startswith("postgresql://") or value.startswith("postgres://"):
            # Operators paste the plain form; the async driver is the only one we ship.
            value = "postgresql+asyncpg://" + value.split("://", 1)[1]
        if not value.startswith(_DRIVERS):
            raise ValueError(f"DATABASE_URL must start with one of {', '.join(_DRIVERS)}")
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError("LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL")
        return level

    def sqlite_path(self) -> Path | None:
        """The database file for a file-backed SQLite URL, else None."""
        prefix = "sqlite+aiosqlite:///"
        if not self.database_url.startswith(prefix):
            return None
        rest = self.database_url[len(prefix) :].split("?", 1)[0]
        if not rest or rest == ":memory:":
            return None
        return Path(rest)

    def prepare_paths(self) -> None:
        """Create the SQLite file's directory; raises OSError when it cannot be made."""
        path = self.sqlite_path()
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)


def load_settings(**overrides: object) -> Settings:
    """Settings from the environment/.env with ``overrides``; raises SettingsError on bad values."""
    try:
        settings = Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']).upper() or 'settings'}: {err['msg']}"
            for err in exc.errors()
        )
        raise SettingsError(f"Invalid settings: {problems}") from exc
    settings.prepare_paths()
    return settings
