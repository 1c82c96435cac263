"""What a seat (or the table) may see: consoles, shipyard, colonies, dice and whose move it is.

Never the order of a deck, another seat's Light-Speed cards or an activation choice not yet revealed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.spacebase.legal import waiting
from engine.spacebase.model import GOAL_VP, SECTORS, Card, Content, Reward, condition_label
from engine.spacebase.state import Board, Json, SpaceState


def reward_json(r: Reward) -> Json:
    out: Json = {"kind": r.kind, "n": r.n, "text": r.label()}
    if r.level:
        out["level"] = r.level
    if r.dir:
        out["dir"] = r.dir
    if r.sectors:
        out["sectors"] = list(r.sectors)
    return out


def card_json(card: Card) -> Json:
    """A card as views show it: a new dict, over lists and dicts it shares with every other view of
    the card (made once per card, never changed: a view is read, not edited)."""
    return dict(_card_json(card))


def _on_board(content: Content, board: Board, card: str) -> Json:
    return {**_card_json(content.cards[card]), "charges": board.charges.get(card, 0)}


# Each card's view by the card object's identity (a card's hash would hash all its rewards): the
# entry holds the card, so its id is not reused while the entry lasts. Emptied when it reaches
# CARDS_KEPT (contents loaded one after another, as tests do).
_CARDS: dict[int, tuple[Card, Json]] = {}
CARDS_KEPT = 4096


def _card_json(card: Card) -> Json:
    # Every view lists every card on every console, the shipyard and the colonies, and a move makes
    # a few views: built afresh, the cards were most of a view's cost.
    kept = _CARDS.get(id(card))
    if kept is None:
        if len(_CARDS) >= CARDS_KEPT:
            _CARDS.clear()
        kept = _CARDS[id(card)] = (card, _built(card))
    return kept[1]


def _built(card: Card) -> Json:
    ability = card.ability
    return {
        "id": card.id,
        "name": card.name,
        "type": card.type,
        "set": card.set,
        "level": card.level,
        "cost": card.cost,
        "sector": card.sector,
        "plus": card.plus,
        "blue": [reward_json(r) for r in card.blue],
        "red": [reward_json(r) for r in card.red],
        "immediate": [reward_json(r) for r in card.immediate],
        "end_turn": [reward_json(r) for r in card.end_turn],
        "shared": [reward_json(r) for r in card.shared],
        "ability": None
        if ability is None
        else {
            "need": ability.need,
            "when": ability.when,
            "effects": [reward_json(r) for r in ability.effects],
        },
        "condition": None
        if card.condition is None
        else {
            "stat": card.condition.stat,
            "at_least": card.condition.at_least,
            "text": condition_label(card.condition),
        },
    }


def _player(state: SpaceState, content: Content, seat: int, viewer: int | None) -> Json:
    board = state.boards[seat]
    sectors = [
        {
            "sector": i + 1,
            "station": None if board.station[i] is None else _on_board(content, board, str(board.station[i])),
            "deployed": [_on_board(content, board, c) for c in board.deployed[i]],
        }
        for i in range(SECTORS)
    ]
    chose = str(seat) in state.choices
    own = viewer == seat and chose and state.phase == "choose"
    return {
        "seat": seat,
        "name": state.players[seat],
        "ai": state.ai[seat],
        "away": state.away[seat],
        "auto": state.auto[seat],
        "credits": board.credits,
        "income": board.income,
        "vp": board.vp,
        "sectors": sectors,
        "chosen": chose,
        "choice": state.choices[str(seat)] if own else None,
    }


def _pending(state: SpaceState) -> Json | None:
    if not state.pending:
        return None
    step = state.pending[0]
    out: Json = {"kind": step["kind"], "seat": step["seat"], "card": step.get("card")}
    for key in ("dice", "level", "n", "sectors", "sector"):
        if key in step:
            out[key] = step[key]
    return out


def _turned_up(state: SpaceState, content: Content) -> list[Json]:
    """The cards claims from a deck turned up and left unclaimed so far, face up for everyone: the
    head step's first, then those of claims still queued behind it."""
    return [
        card_json(content.cards[str(c)])
        for step in state.pending
        if step["kind"] == "claim_top"
        for c in step["cards"]
    ]


def table_view(state: SpaceState, content: Content, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None: the table; the same but for a seat's own secrets)."""
    outcome = state.outcome
    hand: list[Json] = []
    if seat is not None and state.phase == "keep" and 0 <= seat < len(state.dealt):
        hand = [card_json(content.cards[c]) for c in state.dealt[seat]]
    return {
        "game": "spacebase",
        "expansion": state.expansion,
        "variant": state.variant,
        "phase": state.phase,
        "turn": state.turn,
        "active": state.active,
        "first": state.first,
        "dice": list(state.dice),
        "goal": GOAL_VP,
        "ending": bool(state.ending),
        "players": [_player(state, content, s, seat) for s in range(len(state.players))],
        "shipyard": {k: [card_json(content.cards[c]) for c in row] for k, row in state.shipyard.items()},
        "deck_counts": {k: len(d) for k, d in state.decks.items()},
        "colonies": [
            {"sector": i + 1, "card": None if c is None else card_json(content.cards[c])}
            for i, c in enumerate(state.colonies)
        ],
        "waiting": sorted(waiting(state)),
        "reacting": state.reacting,
        "pending": _pending(state),
        "turned_up": _turned_up(state, content),
        "hand": hand,
        "bought": state.bought,
        "outcome": None
        if outcome is None
        else {
            "winners": list(outcome["winners"]),
            "reason": outcome["reason"],
            "scores": [b.vp for b in state.boards],
        },
    }


def current_dice(view: Mapping[str, Any]) -> tuple[list[int], bool]:
    """The dice the table is acting on, and whether they are a bonus roll's: a bonus roll waiting to
    be chosen from shows its own dice, not the turn's main roll."""
    pending = view.get("pending") or {}
    if pending.get("kind") == "bonus_roll" and len(pending.get("dice") or []) == 2:
        return [int(d) for d in pending["dice"]], True
    return [int(d) for d in view.get("dice") or []], False
