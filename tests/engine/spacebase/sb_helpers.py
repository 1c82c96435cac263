"""Helpers for building Space Base states in tests: cards put in place, dice forced, moves applied."""

from __future__ import annotations

from typing import Any

from engine.core.action import Action
from engine.core.game import Event
from engine.core.rng import Rng
from engine.spacebase import CONTENT, RULES
from engine.spacebase.model import Card, Content, Reward
from engine.spacebase.state import SpaceState


def new(players: int = 2, seed: int = 1, **options: object) -> SpaceState:
    """A fresh game; the starting player is moved to seat 0 so tests read in seat order. The roll
    stays explicit (``autoroll`` off) unless asked, so tests can force the dice first."""
    options.setdefault("autoroll", False)
    state: SpaceState = RULES.setup([f"p{i + 1}" for i in range(players)], dict(options), seed)
    state.first = state.active = 0
    return state


def card(kind: str, section: str = "blue", **where: object) -> Card:
    """The first ship whose ``section`` holds a reward of ``kind`` (and matches ``where``)."""
    content: Content = CONTENT
    for c in content.cards.values():
        rewards: tuple[Reward, ...] = getattr(c, section)
        # Sector 1 can only be reached by a die, never a sum: tests pick it only when asked.
        if "sector" not in where and c.sector == 1:
            continue
        if any(r.kind == kind for r in rewards) and all(getattr(c, k) == v for k, v in where.items()):
            return c
    raise LookupError(kind)


def clarified(number: int) -> Card:
    """Our own card for the rulebook's clarification of card ``number``."""
    content: Content = CONTENT
    return next(c for c in content.cards.values() if c.note == f"clarify:{number}")


def put(state: SpaceState, seat: int, card_id: str, sector: int | None = None) -> None:
    """Make ``card_id`` the station card of a sector (the old one is dropped, not deployed)."""
    _take_out(state, card_id)
    state.boards[seat].station[(sector or CONTENT.sector_of(card_id)) - 1] = card_id


def deploy(state: SpaceState, seat: int, card_id: str, sector: int | None = None) -> None:
    _take_out(state, card_id)
    i = (sector or CONTENT.sector_of(card_id)) - 1
    state.boards[seat].deployed[i] = (*state.boards[seat].deployed[i], card_id)


def _take_out(state: SpaceState, card_id: str) -> None:
    """Remove a card from decks and shipyard so cards stay conserved (replacing them: a state
    shares both with the one it was forked from)."""
    state.decks = {level: tuple(c for c in deck if c != card_id) for level, deck in state.decks.items()}
    state.shipyard = {level: [c for c in row if c != card_id] for level, row in state.shipyard.items()}
    state.colonies = [None if c == card_id else c for c in state.colonies]


def to_shipyard(state: SpaceState, card_id: str) -> None:
    info = CONTENT.cards[card_id]
    _take_out(state, card_id)
    level = str(info.level)
    state.shipyard = {**state.shipyard, level: [card_id, *state.shipyard[level]]}


def force_dice(state: SpaceState, a: int, b: int) -> None:
    """Move the RNG to a position whose next two d6 rolls are ``a`` then ``b``."""
    for position in range(state.rng.position, state.rng.position + 100000):
        probe = Rng(state.rng.seed, position)
        if probe.d6() == a and probe.d6() == b:
            state.draw().position = position
            return
    raise LookupError((a, b))


def act(state: SpaceState, who: int, kind: str, **args: str | int | bool) -> tuple[SpaceState, list[Event]]:
    result: tuple[SpaceState, list[Event]] = RULES.apply(state, who, Action.of(kind, **args))
    return result


def roll(state: SpaceState, a: int, b: int) -> tuple[SpaceState, list[Event]]:
    force_dice(state, a, b)
    return act(state, state.active, "roll")


def choose_all(state: SpaceState, option: str = "single") -> SpaceState:
    for seat in sorted(RULES.to_move(state)):
        state, _ = act(state, seat, "choose", option=option)
    return state


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def finish(state: SpaceState, seat: int) -> SpaceState:
    """End ``seat``'s turn unless it already ended by itself (nothing else was left to do); seats
    asked whether to use an ability before it ends keep theirs for later."""
    if state.active == seat and state.phase == "main" and not state.pending and not state.reacting:
        state, _ = act(state, seat, "end")
    while state.reacting and not state.pending:
        state, _ = act(state, min(RULES.to_move(state)), "skip")
    return state


def plain(players: int = 2, **options: Any) -> SpaceState:
    """A game whose consoles hold only the starters, every seat with 0 credits and income."""
    state = new(players, **options)
    starters = CONTENT.starters()
    for board in state.boards:
        board.station = list(starters)
        board.deployed = [() for _ in range(12)]
        board.credits = board.income = 0
    return state


def activate(state: SpaceState, sector: int, option: str = "sum") -> tuple[SpaceState, list[Event]]:
    """Roll dice whose sum is ``sector`` (option "sum"; a double of it for "single") and let every
    asked seat take ``option``."""
    a = max(1, sector - 6)
    state, events = roll(state, a, sector - a) if option == "sum" else roll(state, sector, sector)
    for seat in sorted(RULES.to_move(state)):
        state, more = act(state, seat, "choose", option=option)
        events += more
    return state, events


def claimer_of(n: int) -> Card:
    """A ship (not in sector 1) whose station reward claims ``n`` ships from the top of a deck."""
    content: Content = CONTENT
    return next(
        c
        for c in content.cards.values()
        if c.sector != 1 and any(r.kind == "claim_top" and r.n == n for r in c.blue)
    )


def turned_up(n: int) -> tuple[SpaceState, Card, tuple[str, ...]]:
    """A Genesis table where seat 0's station card claims from a deck and was just activated;
    also the deck as it stood before."""
    claimer = claimer_of(n)
    state = plain(expansion="genesis")
    put(state, 0, claimer.id)
    level = str(claimer.blue[0].level)
    before = state.decks[level]
    state, events = activate(state, claimer.sector)
    assert "cards_revealed" in kinds(events)
    return state, claimer, before
