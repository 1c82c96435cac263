"""Runtime settings, read from the environment and an optional ``.env`` file."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from pydantic import Field, ValidationError, create_model, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from bot.games import MODULES
from render.pieces import DEFAULT_MEGABYTES

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///data/exobase.db"
_DRIVERS = ("sqlite+aiosqlite://", "postgresql+asyncpg://")
T = TypeVar("T", bound=BaseSettings)

TOKEN_HELP = """\
No DISCORD_TOKEN is set, so the bot does not connect to Discord.

To run it on a server:
  1. Open https://discord.com/developers/applications and create an application.
  2. In "Bot", reset/copy the token and put it in .env as DISCORD_TOKEN=... (see .env.example).
     No privileged intents are needed.
  3. In "OAuth2 > URL Generator" tick the scopes `bot` and `applications.commands`, and the
     permissions View Channel, Send Messages, Send Messages in Threads, Create Public Threads,
     Embed Links, Attach Files and Read Message History; open the generated URL to invite the bot.
  4. Optionally set DEV_GUILD_ID to your test server's id so commands appear there at once.

To play without Discord, run `make play`: a local console that plays the same games."""


class SettingsError(ValueError):
    """The settings are invalid; the message names every bad value."""


# One "<GAME>_CONTENT_DIR" setting per registered game, named by its module (GameModule.content_setting).
CONTENT_DIRS = {module.content_setting.lower(): key for key, module in MODULES.items()}

if TYPE_CHECKING:
    _ContentFolders = BaseSettings
else:
    # The folder settings are made from the registry, so a new game brings its own.
    _ContentFolders = create_model(
        "_ContentFolders",
        __base__=BaseSettings,
        **{
            name: (Path | None, Field(default=None, description=f"Your own {key} card files (a folder)."))
            for name, key in CONTENT_DIRS.items()
        },
    )


class ToolSettings(_ContentFolders):
    """What the offline commands (``exobase sim``, ``exobase docs``) read: the log level and the
    operator's own card folders. Nothing of Discord or the database, so a setting they never use
    (a malformed DISCORD_TOKEN or DATABASE_URL) cannot stop them, and no database folder is made."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING, ERROR or CRITICAL.")

    @field_validator(*CONTENT_DIRS, mode="before")
    @classmethod
    def _blank_dir_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator(*CONTENT_DIRS)
    @classmethod
    def _existing_dir(cls, value: Path | None) -> Path | None:
        if value is not None and not value.is_dir():
            raise ValueError(f"{value} is not a folder")
        return value

    def content_dirs(self) -> dict[str, Path]:
        """Games whose cards come from the operator's own files instead of the shipped ones."""
        dirs = {key: getattr(self, name) for name, key in CONTENT_DIRS.items()}
        return {game: path for game, path in dirs.items() if path is not None}

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError("LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL")
        return level


class Settings(ToolSettings):
    """Every knob of the bot; see ``.env.example`` for the documented list."""

    discord_token: str | None = Field(default=None, description="Bot token; required by `python -m bot`.")
    database_url: str = Field(default=DEFAULT_DATABASE_URL, description="SQLAlchemy async URL.")
    dev_guild_id: int | None = Field(default=None, description="Sync commands to this guild only (instant).")
    image_dir: Path = Field(default=Path("out/images"), description="Where the local console writes images.")
    render_images: bool = Field(default=True, description="Attach rendered images to replies.")
    render_cache_size: int = Field(default=256, ge=0, description="Rendered images kept for reuse (0 = off).")
    render_piece_cache_mb: int = Field(
        default=DEFAULT_MEGABYTES, ge=0, description="MiB of drawn image parts kept for reuse (0 = off)."
    )
    render_processes: int = Field(
        default=0, ge=0, le=64, description="Worker processes drawing images (0 = threads of the bot's own)."
    )
    sql_echo: bool = Field(default=False, description="Log every SQL statement (debugging).")
    scheduler_interval: float = Field(
        default=30.0, gt=0, le=3600, description="Seconds between checks for due reminders and deadlines."
    )
    lobby_idle_hours: int = Field(
        default=72,
        ge=0,
        le=24 * 365,
        description="Hours a lobby may wait without a join, a leave or a start before it closes (0 = never).",
    )
    sync_commands: Literal["auto", "always", "never"] = Field(
        default="auto", description="Sync slash commands when they changed (auto), at every start, or never."
    )

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
        unencoded = (
            "DATABASE_URL is not a valid database URL (a special character in the password "
            "must be percent-encoded, such as %40 for @ and %23 for #)"
        )
        login = value.split("://", 1)[1].split("/", 1)[0]
        if login.count("@") > 1 or "#" in login:
            raise ValueError(unencoded)
        try:
            # Parsed as the database engine will parse it, so a bad port is a settings error here.
            port = make_url(value).port
        except (ArgumentError, ValueError) as exc:
            raise ValueError(unencoded) from exc
        if port is not None and not 0 < port < 65536:
            raise ValueError(f"DATABASE_URL's port must be from 1 to 65535, not {port}")
        return value

    @field_validator("sync_commands", mode="before")
    @classmethod
    def _sync_mode(cls, value: object) -> object:
        if isinstance(value, str):
            return value.strip().lower() or "auto"
        return value

    def sqlite_path(self) -> Path | None:
        """The database file for a file-backed SQLite URL, else None."""
        prefix = "sqlite+aiosqlite:///"
        if not self.database_url.startswith(prefix):
            return None
        rest = self.database_url[len(prefix) :].split("?", 1)[0]
        if not rest or rest == ":memory:":
            return None
        return Path(rest)

    def command_sync_file(self) -> Path:
        """Where the digest of the last command sync is kept: next to the SQLite file, else data/."""
        path = self.sqlite_path()
        return (path.parent if path is not None else Path("data")) / "command-sync.json"

    def prepare_paths(self) -> None:
        """Create the SQLite file's folder; raises SettingsError when it cannot be made or written."""
        path = self.sqlite_path()
        if path is None:
            return
        fix = "fix it or set DATABASE_URL to another path"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError) as exc:
            raise SettingsError(
                f"Invalid settings: DATABASE_URL: the database {path} would be under a file, not a folder "
                f"({exc.filename}); {fix}."
            ) from exc
        except OSError as exc:
            raise SettingsError(
                f"Invalid settings: DATABASE_URL: cannot create the folder of {path} ({exc.strerror}); {fix}."
            ) from exc
        if not os.access(path.parent, os.W_OK | os.X_OK):
            raise SettingsError(
                f"Invalid settings: DATABASE_URL: this user may not write to {path.parent}; {fix}."
            )


def load_settings(**overrides: object) -> Settings:
    """Settings from the environment/.env with ``overrides``; raises SettingsError on bad values."""
    settings = _read(Settings, overrides)
    settings.prepare_paths()
    return settings


def load_tool_settings() -> ToolSettings:
    """The offline commands' settings from the environment/.env; raises SettingsError on a bad log
    level or card folder, never on the bot's other settings."""
    return _read(ToolSettings, {})


def _read(kind: type[T], overrides: Mapping[str, Any]) -> T:
    try:
        return kind(**overrides)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']).upper() or 'settings'}: {err['msg']}"
            for err in exc.errors()
        )
        raise SettingsError(f"Invalid settings: {problems}") from exc
