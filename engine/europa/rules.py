"""Europa Base Alpha as an ``engine.core.Rules`` implementation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import repeat
from operator import is_
from typing import Any

from engine.core.action import Action
from engine.core.errors import (
    AlreadyDoneError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    SchemaError,
)
from engine.core.game import Event, GameMeta, Outcome
from engine.core.rng import Rng
from engine.core.words import waiting_on
from engine.europa import state as state_mod
from engine.europa.describe import describe_action
from engine.europa.flow import resume_step_four
from engine.europa.legal import legal, waiting
from engine.europa.model import HAND_SIZE, MAX_SEATS, MIN_SEATS, Content
from engine.europa.perform import autoplay, perform
from engine.europa.policies import greedy_policy
from engine.europa.round import hand_size
from engine.europa.setup import new_game
from engine.europa.state import EuropaState
from engine.europa.view import seat_view, table_view
from engine.europa.why import already_done, why

TIMEOUT_SALT = 0xE1207A

META = GameMeta(
    key="europa",
    title="Europa Base Alpha",
    min_players=MIN_SEATS,
    max_players=MAX_SEATS,
    chance=True,
    hidden_information=True,
    cooperative=False,
    rules_version="1",
)


class EuropaRules:
    """The Europa Base Alpha rules over one content set (``load_content`` can supply another)."""

    meta = META

    def __init__(self, content: Content) -> None:
        self.content = content
        # The last legal list handed out, by state object and seat: ``apply`` usually checks a move
        # picked from it. States are never changed once handed out, so the list stays right.
        self._last: tuple[EuropaState, int, tuple[Action, ...]] | None = None

    def setup(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> EuropaState:
        """A new game at its first base choice (AI seats already chose); raises IllegalActionError on
        bad options or a seat count outside 2–4."""
        state = new_game(self.content, players, options, seed)
        autoplay(state, self.content, [])
        return state

    def legal_actions(self, state: EuropaState, seat: int) -> list[Action]:
        if not 0 <= seat < state.seats:
            return []
        moves = legal(state, self.content, seat)
        self._last = (state, seat, tuple(moves))
        return moves

    def _named(self, action: Action, state: EuropaState) -> str:
        """A refused move as the player knows it (dice counted from 1), or as sent when unreadable."""
        try:
            return describe_action(self.content, action, state)
        except (LookupError, ValueError, TypeError):
            return str(action)

    def apply(self, state: EuropaState, seat: int, action: Action) -> tuple[EuropaState, list[Event]]:
        """Raises GameOverError, NotYourTurnError or IllegalActionError (AlreadyDoneError for a choice
        already made in this step): the reason alone when there is one, else the move quoted as the
        player knows it; ``state`` is never changed."""
        if state.outcome is not None:
            raise GameOverError("This game is over.")
        # Cards to discard may be typed in any order; a reroll's leave_stars typed false is no flag.
        action = self._with_six(state, seat, action.listed_in_order("discard"))
        if action.get("leave_stars") is False:
            action = Action.of(action.kind, **{k: v for k, v in action.args if k != "leave_stars"})
        if not self._is_legal(state, seat, action):
            done = already_done(state, seat, action)
            if done is not None:
                raise AlreadyDoneError(done)
            reason = why(state, self.content, seat, action)
            if not self.legal_actions(state, seat):
                raise NotYourTurnError(reason or waiting_on(state.players, self.to_move(state)))
            # The reason alone, as the other games give it; the move is quoted only when none is clearer.
            raise IllegalActionError(
                reason or f"'{self._named(action, state)}' is not a legal move for you now."
            )
        new = state.fork()
        events = perform(new, self.content, seat, action)
        return new, events

    def _with_six(self, state: EuropaState, seat: int, action: Action) -> Action:
        """A hand-of-6 plan's redraw names whether to draw the sixth card; left out (a typed command
        without it), the card is drawn, as the plan's own text offers."""
        if action.kind != "redraw" or action.get("six") is not None or not 0 <= seat < state.seats:
            return action
        if hand_size(state, self.content, seat) == HAND_SIZE:
            return action
        return Action.of("redraw", discard=str(action.get("discard", "")), six=True)

    def _is_legal(self, state: EuropaState, seat: int, action: Action) -> bool:
        last = self._last
        if last is not None and last[0] is state and last[1] == seat:
            # The move is usually one of the list's own objects: finding it by identity spares a
            # dataclass ``__eq__`` call on every move before it.
            return any(map(is_, last[2], repeat(action))) or action in last[2]
        # Only the moves of the action's kind are built: the same list, at a fraction of the cost.
        return 0 <= seat < state.seats and action in legal(state, self.content, seat, action.kind)

    def to_move(self, state: EuropaState) -> frozenset[int]:
        """Every seat the game waits for (several at once in the simultaneous steps); never AI or away."""
        if state.outcome is not None:
            return frozenset()
        seats = waiting(state)
        if not (any(state.ai) or any(state.away)):
            return seats
        return frozenset(s for s in seats if not state.auto(s))

    def timeout_action(self, state: EuropaState, seat: int) -> Action | None:
        """The greedy policy's move for ``seat``, its tie-breaks seeded by the game's own position."""
        if seat not in self.to_move(state):
            return None
        actions = [a for a in self.legal_actions(state, seat) if a.kind not in ("away", "back")]
        if not actions:
            return None
        rng = Rng(state.rng.seed ^ TIMEOUT_SALT, state.rng.position)
        return greedy_policy(self.content, state, seat, actions, rng)

    def outcome(self, state: EuropaState) -> Outcome | None:
        o = state.outcome
        if o is None:
            return None
        scores = {s: int(v) for s, v in enumerate(o["scores"])}
        return Outcome(winners=frozenset(o["winners"]), reason=str(o["reason"]), scores=scores)

    def view(self, state: EuropaState, seat: int | None) -> dict[str, Any]:
        """The table's view holds no hand, unrevealed choice, Built pile or deck order."""
        moving = self.to_move(state)
        if seat is None or not 0 <= seat < state.seats:
            return table_view(state, self.content, moving)
        return seat_view(state, self.content, seat, moving)

    def can_undo(self, before: EuropaState, after: EuropaState) -> bool:
        """Refused once dice were rolled, a card drawn or shuffled, or a card revealed: any step that
        used the RNG, drew from the deck (a redraw that discards nothing draws without shuffling or
        discarding), changed the phase or round, played a card face up or flipped the secret choices."""
        flipped = any(
            b is not None and a is None
            for b, a in zip(before.choice + before.plan_choice, after.choice + after.plan_choice, strict=True)
        )
        return (
            before.rng.position == after.rng.position
            and before.phase == after.phase
            and before.round == after.round
            and before.status == after.status
            and len(before.discard) == len(after.discard)
            and before.deck == after.deck
            and before.undermines == after.undermines
            and after.outcome is None
            and not flipped
        )

    def to_json(self, state: EuropaState) -> dict[str, Any]:
        return state_mod.to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> EuropaState:
        """Raises SchemaError on a foreign or damaged document."""
        loaded = state_mod.from_json(data)
        for pile in (loaded.deck, loaded.discard, *loaded.hands, *loaded.built, *loaded.plans):
            if any(c not in self.content.cards for c in pile):
                raise SchemaError("The saved Europa Base Alpha game uses cards this content does not have.")
        resume_step_four(loaded, self.content)
        return loaded

    def describe(self, action: Action, state: EuropaState) -> str:
        return describe_action(self.content, action, state)
