"""Exoplanet Colony's images: the grid, the resource board and the hands, and the event card when
one was revealed. Card and event texts come from the content the game is played with."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from engine.colony.model import Content
from engine.core import Event
from engine.core.words import counted
from render.colony.board import render_board
from render.colony.common import turn_line
from render.colony.event import Revealed, render_event, revealed_event
from render.colony.grid import render_grid
from render.colony.hands import render_hands
from render.image import RenderedImage
from render.registry import Kind, Renderer, View


def _grid(cards: Content, view: View, _: None) -> RenderedImage:
    count = len(view.get("grid") or [])
    text = (
        f"The colony grid: {counted(count, 'module')} with tokens and pawns. {turn_line(view, drawn=False)}."
    )
    return RenderedImage("grid.png", render_grid(view, cards), text)


def _board(view: View, _: None) -> RenderedImage:
    levels = ", ".join(
        f"{r.get('resource')} {int(r.get('production', 0)):+d} ({int(r.get('supply', 0))} left)"
        for r in view.get("resources") or []
    )
    turn = turn_line(view, drawn=False)
    text = f"Resource board: production and supplies ({levels}), emergency track. {turn}."
    return RenderedImage("board.png", render_board(view), text[:1000])


def _hands(cards: Content, view: View, _: None) -> RenderedImage:
    return RenderedImage(
        "hands.png", render_hands(view, cards), f"Every player's hand. {turn_line(view, drawn=False)}."
    )


def _event(cards: Content, view: View, revealed: Revealed) -> RenderedImage:
    kind = "Critical event" if revealed.critical else "Event"
    text = f"{kind}: {revealed.name}. {' '.join(revealed.outcomes)}".strip()[:1000]
    return RenderedImage("event.png", render_event(revealed, view, cards), text)


def _revealed(cards: Content, view: View, events: Sequence[Event]) -> Revealed | None:
    return revealed_event(events, view, cards)


def edition(cards: Content) -> str:
    """A short fingerprint of ``cards``: equal cards share cached pictures, different cards never do."""
    return "@" + hashlib.blake2b(repr(cards).encode(), digest_size=8).hexdigest()


def _hands_only(seen: dict[str, Any]) -> dict[str, Any]:
    # The hands show who holds what, not where anyone stands: a pawn's move is the grid's news.
    players = [{k: v for k, v in p.items() if k != "at"} for p in seen.get("players") or []]
    return {**seen, "players": players}


def _players_with(*fields: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A narrowing that keeps only ``fields`` of each player: a picture that shows no hand is not
    posted again because a card changed hands."""

    def narrow(seen: dict[str, Any]) -> dict[str, Any]:
        players = [{k: v for k, v in p.items() if k in fields} for p in seen.get("players") or []]
        return {**seen, "players": players}

    return narrow


# The grid shows pawns and each player's character; the board only names the players.
_grid_only = _players_with("seat", "name", "character", "at")
_board_only = _players_with("seat", "name")

_TURN = frozenset({"active_seat", "outcome", "phase", "players", "scenario", "turn"})


def renderer(cards: Content) -> Renderer:
    """Colony's images drawn with the texts of ``cards`` (the shipped cards or an owner's own)."""
    return Renderer(
        "colony",
        (
            Kind("grid", _TURN | {"grid", "pending"}, partial(_grid, cards), narrow=_grid_only),
            Kind(
                "board",
                _TURN
                | {"actions_left", "deck_count", "discard_count", "discard_top", "emergency"}
                | {"event_deck_count", "event_discard_count", "grid", "limits", "pending", "resources"},
                _board,
                narrow=_board_only,
            ),
            Kind("hands", _TURN | {"limits"}, partial(_hands, cards), narrow=_hands_only),
            Kind(
                "event",
                frozenset({"event_deck_count", "grid", "last_event", "scenario"}),
                partial(_event, cards),
                shows=partial(_revealed, cards),
            ),
        ),
        edition(cards),
    )
