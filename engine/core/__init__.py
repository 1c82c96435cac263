"""Contracts shared by every game: actions, events, outcomes, errors and the seeded RNG."""

from __future__ import annotations

from engine.native import extend

# Compiled copies of some modules here come first while they match their sources (engine.native).
extend(__name__, __path__)

from engine.core.action import Action
from engine.core.errors import (
    AlreadyDoneError,
    ContentError,
    EngineError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    SchemaError,
)
from engine.core.game import Event, GameMeta, Outcome, Rules
from engine.core.rng import Rng

__all__ = [
    "Action",
    "AlreadyDoneError",
    "ContentError",
    "EngineError",
    "Event",
    "GameMeta",
    "GameOverError",
    "IllegalActionError",
    "NotYourTurnError",
    "Outcome",
    "Rng",
    "Rules",
    "SchemaError",
]
