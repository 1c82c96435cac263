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
from engine.colony.policies import greedy_policy
from engine.colony.refusal import refusal
from engine.colony.setup import new_game
from engine.colony.state import ColonyState
from engine.colony.view import table_view
from engine.core.action import Action
from engine.core.errors import GameOverError, IllegalActionError, NotYourTurnError, SchemaError
from engine.core.game import Event, GameMeta, Outcome
from engine.core.rng import Rng

TIMEOUT_SALT = 0x7137E0

META = GameMeta(
    key="colony",
    title="Exoplanet Colony",
    min_players=MIN_SEATS,
    max_players=MAX_SEATS,
    chance=True,
    hidden_information=False,  # hands are public; the decks are chance
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
        if not 0 <= seat < len(state.players):
            raise NotYourTurnError("You have no seat at this table.")
        if seat not in self._may_act(state):
            reason = refusal(state, self.content, seat, action)
            if self._plan_in_hand(state, seat, action):
                # A Plan may be played at any time: refused now, it is for the card's own reason
                # ("the discard pile is empty"), not because it is someone else's turn.
                raise IllegalActionError(reason)
            raise NotYourTurnError(reason)
        new = state.clone()
        events = perform(new, self.content, seat, action.listed_in_order("pay"))
        return new, events

    def to_move(self, state: ColonyState) -> frozenset[int]:
        """Draft: who has not chosen; a pending choice: its owner; otherwise the turn's player."""
        if state.outcome is not None:
            return frozenset()
        if state.phase == "draft":
            return frozenset(s for s, c in enumerate(state.characters) if c is None)
        if state.pending is not None:
            owner = state.pending["seat"] if state.pending["kind"] == "discard" else state.seat
            return frozenset({int(owner)})
        return frozenset({state.seat})

    def timeout_action(self, state: ColonyState, seat: int) -> Action | None:
        """The greedy policy's move for ``seat``, its tie-breaks seeded by the game's own position."""
        actions = self.legal_actions(state, seat)
        if not actions or seat not in self.to_move(state):
            return None
        rng = Rng(state.rng.seed ^ TIMEOUT_SALT, state.rng.position)
        return greedy_policy(self.content, state, seat, actions, rng)

    def _plan_in_hand(self, state: ColonyState, seat: int, action: Action) -> bool:
        card = self.content.cards.get(str(action.get("card", "")))
        if action.kind != "play" or card is None:
            return False
        return card.type == "plan" and card.id in state.hands[seat]

    def _may_act(self, state: ColonyState) -> frozenset[int]:
        """The seats waited for plus anyone who may play a card now (Plans may be played at any time)."""
        waited = self.to_move(state)
        if state.outcome is not None or state.phase == "draft":
            return waited
        players = range(len(state.players))
        return waited | {s for s in players if play_actions(state, self.content, s)}

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
