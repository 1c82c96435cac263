"""What every game engine exposes: metadata, events, outcomes and the Rules protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from engine.core.action import Action

StateT = TypeVar("StateT")


@dataclass(frozen=True)
class GameMeta:
    """Static facts about a game (OpenSpiel style)."""

    key: str
    title: str
    min_players: int
    max_players: int
    chance: bool
    hidden_information: bool
    cooperative: bool
    rules_version: str


@dataclass(frozen=True)
class Event:
    """Something that happened while applying an action: narrated by the bot, drives images.

    ``kind`` is a short machine name (``"dice_rolled"``, ``"phase_started"``);
    ``text`` is one player-facing sentence; ``data`` carries the numbers.
    """

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "data": dict(self.data)}


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. ``winners`` are seats; empty when the players lost."""

    winners: frozenset[int]
    reason: str
    scores: Mapping[int, int] = field(default_factory=dict)

    @property
    def won(self) -> bool:
        return bool(self.winners)

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": sorted(self.winners),
            "reason": self.reason,
            "scores": {str(k): v for k, v in self.scores.items()},
        }


class Rules(Protocol[StateT]):
    """The engine contract every game implements (see DESIGN.md)."""

    meta: GameMeta

    def setup(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> StateT:
        """A new game; raises EngineError on bad options or player count."""
        ...

    def legal_actions(self, state: StateT, seat: int) -> list[Action]:
        """Every action ``seat`` may take now; empty when it may not act."""
        ...

    def apply(self, state: StateT, seat: int, action: Action) -> tuple[StateT, list[Event]]:
        """A new state and the events; raises EngineError (state untouched) when illegal."""
        ...

    def active_seats(self, state: StateT) -> frozenset[int]: ...

    def outcome(self, state: StateT) -> Outcome | None: ...

    def view(self, state: StateT, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (or the table, for None) may see, as JSON-ready data."""
        ...

    def can_undo(self, before: StateT, after: StateT) -> bool:
        """Whether the action that led from ``before`` to ``after`` may be taken back.

        False when it rolled dice, shuffled or revealed hidden information.
        """
        ...

    def to_json(self, state: StateT) -> dict[str, Any]: ...

    def from_json(self, data: Mapping[str, Any]) -> StateT:
        """Raises SchemaError when the data is not a state of this game and schema version."""
        ...

    def describe(self, action: Action, state: StateT) -> str:
        """A short player-facing label of a legal action (buttons, autocomplete)."""
        ...
