"""ExoBase as an ``engine.core.Rules`` implementation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.action import Action
from engine.core.errors import GameOverError, NotYourTurnError, SchemaError
from engine.core.game import Event, GameMeta, Outcome
from engine.exobase import state as state_mod
from engine.exobase.describe import describe_action
from engine.exobase.flow import legal, perform
from engine.exobase.model import Content
from engine.exobase.setup import MAX_SEATS, new_game
from engine.exobase.state import ExoState
from engine.exobase.view import table_view

META = GameMeta(
    key="exobase",
    title="ExoBase",
    min_players=1,
    max_players=MAX_SEATS,
    chance=True,
    hidden_information=False,
    cooperative=True,
    rules_version="1",
)


class ExoRules:
    """The ExoBase rules over one content set (``load_content`` can supply another)."""

    meta = META

    def __init__(self, content: Content) -> None:
        self.content = content

    def setup(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> ExoState:
        """A new game; raises IllegalActionError on an unknown mode or a bad seat count."""
        return new_game(self.content, players, options, seed)

    def legal_actions(self, state: ExoState, seat: int) -> list[Action]:
        # The same test as active_seats, without building its set on every step.
        if state.outcome is not None or seat not in range(len(state.players)):
            return []
        return legal(state, self.content)

    def apply(self, state: ExoState, seat: int, action: Action) -> tuple[ExoState, list[Event]]:
        """Raises GameOverError, NotYourTurnError or IllegalActionError; ``state`` is never changed."""
        if state.outcome is not None:
            raise GameOverError("This game is over.")
        if seat not in range(len(state.players)):
            raise NotYourTurnError("You are not seated in this game.")
        new = state.clone()
        events = perform(new, self.content, action)
        return new, events

    def active_seats(self, state: ExoState) -> frozenset[int]:
        if state.outcome is not None:
            return frozenset()
        return frozenset(range(len(state.players)))

    def outcome(self, state: ExoState) -> Outcome | None:
        if state.outcome is None:
            return None
        seats = frozenset(range(len(state.players)))
        won = bool(state.outcome["won"])
        points = int(state.outcome["score"])
        return Outcome(
            winners=seats if won else frozenset(),
            reason=str(state.outcome["reason"]),
            scores={s: points for s in seats},
        )

    def view(self, state: ExoState, seat: int | None) -> dict[str, Any]:
        """Every seat sees the table: ExoBase hides only the pile below its top card."""
        return table_view(state, self.content)

    def can_undo(self, before: ExoState, after: ExoState) -> bool:
        return before.rng.position == after.rng.position and len(before.pile) == len(after.pile)

    def to_json(self, state: ExoState) -> dict[str, Any]:
        return state_mod.to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> ExoState:
        """Raises SchemaError on a foreign or damaged document."""
        loaded = state_mod.from_json(data)
        if loaded.mode not in self.content.modes:
            raise SchemaError("The saved ExoBase game uses a mode this content does not have.")
        return loaded

    def describe(self, action: Action, state: ExoState) -> str:
        return describe_action(self.content, action, state)
