"""Exoplanet Colony as an ``engine.core.Rules`` implementation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.colony import state as state_mod
from engine.colony.cards import play_actions
from engine.colony.describe import describe_action
from engine.colony.legal import legal
from engine.colony.model import MAX_SEATS, MIN_SEATS, Content
from engine.colony.perform import perform
from engine.colony.setup import new_game
from engine.colony.state import ColonyState
from engine.colony.view import table_view
from engine.core.action import Action
from engine.core.errors import GameOverError, NotYourTurnError, SchemaError
from engine.core.game import Event, GameMeta, Outcome

META = GameMeta(
    key="colony",
    title="Exoplanet Colony",
    min_players=MIN_SEATS,
    max_players=MAX_SEATS,
    chance=True,
    hidden_information=True,
    cooperative=True,
    rules_version="1",
)


class ColonyRules:
    """The Exoplanet Colony rules over one content set (``load_content`` can supply another)."""

    meta = META

    def __init__(self, content: Content) -> None:
        self.content = content

    def setup(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> ColonyState:
        """A new game in its draft; raises IllegalActionError on an unknown scenario or seat count."""
        return new_game(self.content, players, options, seed)

    def legal_actions(self, state: ColonyState, seat: int) -> list[Action]:
        if not 0 <= seat < len(state.players):
            return []
        return legal(state, self.content, seat)

    def apply(self, state: ColonyState, seat: int, action: Action) -> tuple[ColonyState, list[Event]]:
        """Raises GameOverError, NotYourTurnError or IllegalActionError; ``state`` is never changed."""
        if state.outcome is not None:
            raise GameOverError("This game is over.")
        if seat not in self.active_seats(state):
            raise NotYourTurnError("It is not your turn to act.")
        new = state.clone()
        events = perform(new, self.content, seat, action)
        return new, events

    def active_seats(self, state: ColonyState) -> frozenset[int]:
        """Draft: who has not chosen; a pending choice: its owner; otherwise the turn's player plus
        anyone holding a Plan (Plans may be played at any time)."""
        if state.outcome is not None:
            return frozenset()
        if state.phase == "draft":
            return frozenset(s for s, c in enumerate(state.characters) if c is None)
        if state.pending is not None:
            owner = state.pending["seat"] if state.pending["kind"] == "discard" else state.seat
            return frozenset({int(owner)})
        cards = self.content.cards
        planners = {
            s
            for s, hand in enumerate(state.hands)
            if any(cards[c].type == "plan" for c in hand) and play_actions(state, self.content, s)
        }
        return frozenset({state.seat} | planners)

    def outcome(self, state: ColonyState) -> Outcome | None:
        if state.outcome is None:
            return None
        seats = frozenset(range(len(state.players)))
        return Outcome(
            winners=seats if state.outcome["won"] else frozenset(), reason=str(state.outcome["reason"])
        )

    def view(self, state: ColonyState, seat: int | None) -> dict[str, Any]:
        """Hands are public, so every seat sees the table view (never the order of either deck)."""
        return table_view(state, self.content)

    def can_undo(self, before: ColonyState, after: ColonyState) -> bool:
        """Undo is refused once a card was drawn, a deck shuffled or an event revealed."""
        return (
            before.rng.position == after.rng.position
            and len(before.deck) == len(after.deck)
            and len(before.event_deck) == len(after.event_deck)
            and before.turn == after.turn
            and after.outcome is None
        )

    def to_json(self, state: ColonyState) -> dict[str, Any]:
        return state_mod.to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> ColonyState:
        """Raises SchemaError on a foreign or damaged document."""
        loaded = state_mod.from_json(data)
        if loaded.scenario not in self.content.scenarios:
            raise SchemaError("The saved Exoplanet Colony game uses a scenario this content does not have.")
        return loaded

    def describe(self, action: Action, state: ColonyState) -> str:
        return describe_action(self.content, action, state)
