"""Helpers for building Exoplanet Colony states in tests: a drafted game, hands and modules put in place."""

from __future__ import annotations

from typing import Any

from engine.colony import CONTENT, RULES
from engine.colony.derive import production
from engine.colony.setup import hub
from engine.colony.state import ColonyState
from engine.core.action import Action
from engine.core.game import Event


def new(seed: int = 1, players: int = 2, scenario: str = "verdance") -> ColonyState:
    """A game in its draft."""
    state: ColonyState = RULES.setup([f"p{i + 1}" for i in range(players)], {"scenario": scenario}, seed)
    return state


def started(
    seed: int = 1, players: int = 2, scenario: str = "verdance", characters: list[str] | None = None
) -> ColonyState:
    """A game past its draft, seat 0 to act with 4 actions; ``characters`` overrides the picks."""
    state = new(seed, players, scenario)
    for seat in range(players):
        state, _ = act(state, "choose_character", seat, character=state.dealt[seat][0])
    if characters is not None:
        state.characters = list(characters)
    return state


def act(state: ColonyState, kind: str, actor: int = 0, **args: Any) -> tuple[ColonyState, list[Event]]:
    result: tuple[ColonyState, list[Event]] = RULES.apply(state, actor, Action.of(kind, **args))
    return result


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def hand(state: ColonyState, seat: int, *cards: str) -> None:
    """Give ``seat`` exactly ``cards`` (taken out of the deck where possible, to keep counts honest)."""
    for c in state.hands[seat]:
        state.deck.append(c)
    state.hands[seat] = []
    for c in cards:
        if c in state.deck:
            state.deck.remove(c)
        state.hands[seat].append(c)


def put(state: ColonyState, card: str, at: str, **extra: Any) -> None:
    state.grid[at] = {**hub(), "card": card, **extra}


def levels(state: ColonyState) -> dict[str, int]:
    return production(state, CONTENT)


def legal(state: ColonyState, seat: int = 0) -> list[Action]:
    actions: list[Action] = RULES.legal_actions(state, seat)
    return actions


def events_on_top(state: ColonyState, *cards: str) -> None:
    """Make ``cards`` the next events revealed, in order."""
    state.event_deck = [*cards, *state.event_deck]
