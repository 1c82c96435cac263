"""Errors raised by the engines.

Every message is written for the player: the bot shows it as it is.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error an engine raises on bad input; the state is left untouched."""


class IllegalActionError(EngineError):
    """The action is not legal in the current state (wrong phase, occupied space, cost not met...)."""


class AlreadyDoneError(IllegalActionError):
    """The seat already made this move in the step the game is in (pressed Ready, chose for this
    roll) and waits on others; the message says so and who is still awaited."""


class NotYourTurnError(EngineError):
    """The seat may not act now."""


class GameOverError(EngineError):
    """The game has ended; no action may be applied."""


class SchemaError(EngineError):
    """A serialised state or action does not match the expected shape or schema version."""


class ContentError(EngineError):
    """A content data file is malformed or fails a cross-check."""
