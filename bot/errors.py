"""Errors the service raises on bad requests; every message is safe to show privately.

Engine errors (``engine.core.EngineError``) are shown the same way; anything
else is a bug: logged with its traceback, and the user gets a short apology.
"""

from __future__ import annotations


class UserError(Exception):
    """A request that cannot be served as asked; nothing was changed."""


class NoGameError(UserError):
    """There is no game in this channel (or not the one the click was for)."""


class GameExistsError(UserError):
    """The channel already holds an active game."""


class NotAPlayerError(UserError):
    """The user is not seated in this channel's game."""


class NotAllowedError(UserError):
    """The user may not do this (not the host, no Manage Channels...)."""


class StaleError(UserError):
    """The button or command was made for an older state of the game."""


class UnknownGameError(UserError):
    """No game of that name."""


class StorageError(UserError):
    """The database failed; the game is as it was before the request."""
