"""Space Base (and its Genesis expansion) as an ``engine.core.Rules`` implementation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import repeat
from operator import is_
from typing import Any, Final

from engine.core.action import Action
from engine.core.compiled import NATIVE
from engine.core.errors import GameOverError, NotYourTurnError, SchemaError
from engine.core.game import Event, GameMeta, Outcome
from engine.core.rng import Rng
from engine.spacebase import state as state_mod
from engine.spacebase.describe import describe_action
from engine.spacebase.legal import game_actions, legal, waiting
from engine.spacebase.model import MAX_SEATS, MIN_SEATS, Content
from engine.spacebase.perform import perform, settle
from engine.spacebase.policies import greedy_policy
from engine.spacebase.setup import new_game
from engine.spacebase.state import SpaceState, any_set
from engine.spacebase.view import table_view

TIMEOUT_SALT: Final = 0x5BA5E7

META: Final = GameMeta(
    key="spacebase",
    title="Space Base",
    min_players=MIN_SEATS,
    max_players=MAX_SEATS,
    chance=True,
    hidden_information=True,
    cooperative=False,
    rules_version="1",
)


def _holds(moves: tuple[Action, ...], action: Action) -> bool:
    """Whether ``action`` is in ``moves``: by identity first (``is``), then by value."""
    if NATIVE:
        # Compiled (engine.native): a plain loop is native code, the builtins below are calls.
        for move in moves:
            if move is action:
                return True
        return action in moves
    return any(map(is_, moves, repeat(action))) or action in moves


class SpaceRules:
    """The Space Base rules over one content set (``load_content`` can supply another)."""

    meta = META

    def __init__(self, content: Content) -> None:
        self.content = content
        # The last legal list handed out, by state object and seat: ``apply`` usually checks a move
        # picked from it. States are never changed once handed out, so the list stays right.
        self._last: tuple[SpaceState, int, tuple[Action, ...]] | None = None

    def setup(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> SpaceState:
        """A new game (AI seats already moved); raises IllegalActionError on bad options or seat count."""
        state = new_game(self.content, players, options, seed)
        settle(state, self.content)
        return state

    def legal_actions(self, state: SpaceState, seat: int) -> list[Action]:
        if not 0 <= seat < len(state.players) or state.ai[seat]:
            return []
        if state.away[seat]:
            return [Action.of("back")] if state.outcome is None else []
        moves = legal(state, self.content, seat)
        self._last = (state, seat, moves)
        return list(moves)

    def apply(self, state: SpaceState, seat: int, action: Action) -> tuple[SpaceState, list[Event]]:
        """Raises GameOverError, NotYourTurnError or IllegalActionError; ``state`` is never changed."""
        if state.outcome is not None:
            raise GameOverError("This game is over.")
        if action.kind == "keep":
            # Light-Speed: the ships kept may be typed in any order.
            action = action.listed_in_order("cards")
        last = self._last
        if last is not None and last[0] is state and last[1] == seat:
            # The legal list last handed out is for this very state and seat, so the seat was found
            # to be a human one, not away (a state is never changed once handed out). A move in it
            # is not checked again: usually one of the list's own objects, found by identity first,
            # which spares a dataclass ``__eq__`` call on every move before it.
            listed = _holds(last[2], action)
        else:
            if not 0 <= seat < len(state.players) or state.ai[seat]:
                raise NotYourTurnError("You have no seat of your own at this table.")
            if state.away[seat] and action.kind != "back":
                raise NotYourTurnError("You are marked away and the AI plays your seat: come back first.")
            listed = False
        new = state.fork()
        return new, perform(new, self.content, seat, action, listed)

    def to_move(self, state: SpaceState) -> frozenset[int]:
        """The seats whose choice matters now; the engine has already moved for robot seats."""
        seats = waiting(state)
        ai, away = state.ai, state.away
        if not any_set(ai) and not any_set(away):
            return seats
        return frozenset([s for s in seats if not (ai[s] or away[s])])

    def timeout_action(self, state: SpaceState, seat: int) -> Action | None:
        """The greedy move for ``seat`` (its tie-breaks seeded by the game's own position)."""
        if seat not in self.to_move(state):
            return None
        actions = game_actions(state, self.content, seat)
        if not actions:
            return None
        rng = Rng(state.rng.seed ^ TIMEOUT_SALT, state.rng.position)
        return greedy_policy(self.content, state, seat, actions, rng)

    def outcome(self, state: SpaceState) -> Outcome | None:
        if state.outcome is None:
            return None
        return Outcome(
            winners=frozenset(int(s) for s in state.outcome["winners"]),
            reason=str(state.outcome["reason"]),
            scores={s: b.vp for s, b in enumerate(state.boards)},
        )

    def view(self, state: SpaceState, seat: int | None) -> dict[str, Any]:
        """The table's view; a seat also sees its own dealt Light-Speed cards and its own choice."""
        return table_view(state, self.content, seat)

    def can_undo(self, before: SpaceState, after: SpaceState) -> bool:
        """Refused once dice were rolled, a card revealed or a deck shuffled (the RNG or a deck moved).

        Decks are compared whole, not by length: cards turned up from a deck and all put back under
        it leave it as long as before, but in another order and seen."""
        return (
            before.rng.position == after.rng.position
            and before.decks == after.decks
            and after.outcome is None
        )

    def to_json(self, state: SpaceState) -> dict[str, Any]:
        return state_mod.to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> SpaceState:
        """Raises SchemaError on a foreign or damaged document, or cards this content lacks."""
        loaded = state_mod.from_json(data)
        cards = self.content.cards
        if any(c not in cards for deck in loaded.decks.values() for c in deck):
            raise SchemaError("The saved Space Base game uses cards this content does not have.")
        return loaded

    def describe(self, action: Action, state: SpaceState) -> str:
        return describe_action(self.content, action, state)
