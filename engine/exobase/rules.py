"""ExoBase as an ``engine.core.Rules`` implementation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.action import Action
from engine.core.errors import GameOverError, NotYourTurnError, SchemaError
from engine.core.game import Event, GameMeta, Outcome
from engine.core.rng import Rng
from engine.exobase import state as state_mod
from engine.exobase.describe import describe_action
from engine.exobase.flow import legal, perform
from engine.exobase.model import Content
from engine.exobase.policies import greedy_policy
from engine.exobase.setup import MAX_SEATS, new_game
from engine.exobase.state import ExoState
from engine.exobase.view import table_view

TIMEOUT_SALT = 0x7137E0

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


def bolts_in(content: Content, state: ExoState) -> int:
    """The bolt cubes the base's cards have added through their builds and upgrades so far."""
    total = 0
    for b in state.base:
        card = content.cards[b["card"]]
        total += card.build.energy + sum(card.levels[i].benefit.energy for i in range(1, b["level"]))
    return total


class ExoRules:
    """The ExoBase rules over one content set (``load_content`` can supply another)."""

    meta = META

    def __init__(self, content: Content) -> None:
        self.content = content

    def setup(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> ExoState:
        """A new game; raises IllegalActionError on an unknown mode or a bad seat count."""
        return new_game(self.content, players, options, seed)

    def legal_actions(self, state: ExoState, seat: int) -> list[Action]:
        # The same test as to_move, without building its set on every step.
        if state.outcome is not None or seat not in range(len(state.players)):
            return []
        return legal(state, self.content, seat=seat)

    def apply(self, state: ExoState, seat: int, action: Action) -> tuple[ExoState, list[Event]]:
        """Raises GameOverError, NotYourTurnError or IllegalActionError; ``state`` is never changed."""
        if state.outcome is not None:
            raise GameOverError("This game is over.")
        if seat not in range(len(state.players)):
            raise NotYourTurnError("You are not seated in this game.")
        new = state.clone()
        events = perform(new, self.content, action, seat)
        return new, events

    def to_move(self, state: ExoState) -> frozenset[int]:
        """Every seat shares the one base, so the game waits on all of them until it ends;
        during placement and the night (with no choice pending) only on the seats not yet ready."""
        if state.outcome is not None:
            return frozenset()
        seats = frozenset(range(len(state.players)))
        if state.phase in ("placement", "night") and state.pending is None:
            return seats - frozenset(state.ready)
        return seats

    def timeout_action(self, state: ExoState, seat: int) -> Action | None:
        """The greedy policy's move, its tie-breaks seeded by the game's own position.

        In team play the base and its founders are shared: a teammate whose time ran out during
        placement or the night only says Ready (placing founders, spending instants or tucking
        cards would take the shared base out of the other players' hands), and never spends the
        team's one-shot instants, whatever the phase."""
        actions = self.legal_actions(state, seat)
        if not actions:
            return None
        if len(state.players) > 1:
            if state.phase in ("placement", "night") and state.pending is None:
                ready = [a for a in actions if a.kind in ("end_placement", "next_day")]
                if ready:
                    return ready[0]
            actions = [a for a in actions if a.kind != "instant"] or actions
        rng = Rng(state.rng.seed ^ TIMEOUT_SALT, state.rng.position)
        return greedy_policy(self.content, state, actions, rng)

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
        if "bolts" not in data:
            # Saved before bolt cubes were kept in the bank: count those of the cards still built.
            loaded.bolts = bolts_in(self.content, loaded)
        return loaded

    def describe(self, action: Action, state: ExoState) -> str:
        return describe_action(self.content, action, state)
