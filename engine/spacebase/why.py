"""Why a move is refused: a reason a player can act on (an unknown card, its price, whose step it is)."""

from __future__ import annotations

from engine.core.action import Action
from engine.core.words import listed
from engine.spacebase.legal import legal, waiting
from engine.spacebase.model import Content
from engine.spacebase.state import SpaceState
from engine.spacebase.turn import OPTIONS


def why(state: SpaceState, content: Content, seat: int, action: Action) -> str | None:
    """The reason ``action`` of ``seat`` is not legal now, when one is clearer than "not a legal
    move" (only asked once it was refused); None otherwise."""
    kind = action.kind
    card = action.get("card")
    if card is not None and str(card) not in content.cards:
        return f"There is no card '{card}'."
    if kind == "roll":
        if seat != state.active:
            return f"Only {state.players[state.active]} rolls this turn."
        return None if state.phase == "roll" else "The dice are already rolled this turn."
    if kind == "choose":
        if action.get("option") not in OPTIONS:
            return "Choose 'sum' (the two dice added) or 'single' (each die on its own)."
        if state.phase != "choose" and not state.pending:
            return "No roll is waiting for your choice now."
        return None
    if kind == "buy":
        return _buy(state, content, seat, str(card or ""), action.get("sector"))
    return None


def already_chosen(state: SpaceState, seat: int, action: Action) -> str | None:
    """Why a choice is refused from a seat that already chose for this roll; None otherwise."""
    if action.kind != "choose" or state.phase != "choose" or state.pending or str(seat) not in state.choices:
        return None
    others = [state.players[s] for s in sorted(waiting(state)) if s != seat]
    if not others:
        return "You have already chosen for this roll."
    return f"You have already chosen for this roll; waiting for {listed(others)}."


def _buy(state: SpaceState, content: Content, seat: int, card: str, sector: object) -> str | None:
    if seat != state.active:
        return f"Only {state.players[state.active]} buys this turn, after the roll."
    if state.phase != "main" or state.pending or state.reacting:
        return "Buying comes after the roll and its rewards."
    if state.bought:
        return "You have already bought a card this turn."
    info = content.cards[card]
    offered = [c for row in state.shipyard.values() for c in row] + [c for c in state.colonies if c]
    if card not in offered:
        return f"{info.name} is not on offer now."
    credits = state.boards[seat].credits
    if info.cost > credits:
        return f"{info.name} costs {info.cost} credits; you have {credits}."
    sectors = sorted(
        {
            int(str(a.get("sector")))
            for a in legal(state, content, seat)
            if a.kind == "buy" and a.get("card") == card
        }
    )
    if sectors and sector is not None:
        return f"{info.name} goes to sector {' or '.join(str(s) for s in sectors)}."
    return None
