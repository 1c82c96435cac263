"""What every game engine exposes: metadata, events, outcomes and the Rules protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from engine.core.action import Action
from engine.core.compiled import NATIVE

StateT = TypeVar("StateT")


@dataclass(frozen=True)
class GameMeta:
    """Static facts about a game (OpenSpiel style).

    ``hidden_information``: the seats keep secrets from each other (hands, face-down choices),
    so each seat has a view of its own; a shuffled deck that nobody sees is ``chance``.
    """

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
    ``audience`` is None when everyone may see the event, else the seats that may
    (a card drawn into a hand is private to its holder; "Bob drew a card" is public).
    """

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None

    # Written out: compiled (engine.native), this is native code and an event costs a fraction of
    # what the dataclass's own ``__init__`` (one ``object.__setattr__`` per field) costs; the
    # fields stay frozen to everyone else.
    def __init__(
        self,
        kind: str,
        text: str,
        data: Mapping[str, Any] | None = None,
        audience: frozenset[int] | None = None,
    ) -> None:
        if NATIVE:
            self.kind = kind  # type: ignore[misc]
            self.text = text  # type: ignore[misc]
            self.data = {} if data is None else data  # type: ignore[misc]
            self.audience = audience  # type: ignore[misc]
        else:
            # Plain Python: one update of the instance's dict, not a frozen setattr per field.
            self.__dict__.update(kind=kind, text=text, data={} if data is None else data, audience=audience)

    @property
    def public(self) -> bool:
        return self.audience is None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: the table) may see this event."""
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "data": dict(self.data)}
        if self.audience is not None:
            out["audience"] = sorted(self.audience)
        return out


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

    def to_move(self, state: StateT) -> frozenset[int]:
        """The seats the game waits for now: one, some or all (simultaneous choices); empty once over.

        A seat outside ``to_move`` may still have legal actions (a Plan playable at any time);
        ``to_move`` is whom the bot pings and whose deadline runs.
        """
        ...

    def timeout_action(self, state: StateT, seat: int) -> Action | None:
        """The move made for ``seat`` when its deadline passes (the game's AI policy), or None when
        the seat has nothing to do. Deterministic: the same state gives the same action."""
        ...

    def outcome(self, state: StateT) -> Outcome | None: ...

    def view(self, state: StateT, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see, as JSON-ready data; ``view(state, None)`` is the table's view and
        holds no secret (hands, unrevealed choices, deck order, face-down piles)."""
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
