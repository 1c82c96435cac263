"""Errors of the storage layer; the service turns them into user-facing errors."""

from __future__ import annotations


class StoreError(Exception):
    """The database failed; the transaction was rolled back and nothing changed."""


class ConflictError(StoreError):
    """The game's version is not the expected one (someone acted first) or the game is gone."""


class ChannelBusyError(StoreError):
    """The channel already holds a game in the lobby or in play."""
