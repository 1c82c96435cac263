"""Logging: every line carries the guild, channel and game it is about."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_guild: ContextVar[int | None] = ContextVar("guild", default=None)
_channel: ContextVar[int | None] = ContextVar("channel", default=None)
_game: ContextVar[int | None] = ContextVar("game", default=None)

FORMAT = "%(asctime)s %(levelname)s %(name)s [guild=%(guild)s channel=%(channel)s game=%(game)s] %(message)s"


class ContextFilter(logging.Filter):
    """Stamps each record with the guild/channel/game of the request being served."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.guild = _guild.get() if _guild.get() is not None else "-"
        record.channel = _channel.get() if _channel.get() is not None else "-"
        record.game = _game.get() if _game.get() is not None else "-"
        return True


@contextmanager
def log_context(guild: int | None, channel: int | None, game: int | None = None) -> Iterator[None]:
    """Within the block, log lines name this guild/channel (and game, when known)."""
    tokens = (_guild.set(guild), _channel.set(channel), _game.set(game))
    try:
        yield
    finally:
        _game.reset(tokens[2])
        _channel.reset(tokens[1])
        _guild.reset(tokens[0])


def set_game(game_id: int | None) -> None:
    """Name the game once the request has found it (inside a ``log_context`` block)."""
    _game.set(game_id)


QUIET_LOGGERS = ("sqlalchemy", "aiosqlite", "asyncpg")


def setup_logging(level: str = "INFO") -> None:
    """Configure the root logger once: one stream handler with the context filter."""
    root = logging.getLogger()
    root.setLevel(level)
    for handler in root.handlers:
        if getattr(handler, "_exobase", False):
            return
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(ContextFilter())
    handler._exobase = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLevelName(level)))
    # The database layers' own lines echo stored rows and SQL parameters (snapshots with every
    # hand): even at LOG_LEVEL=DEBUG they say only warnings and errors.
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.WARNING, logging.getLevelName(level)))
