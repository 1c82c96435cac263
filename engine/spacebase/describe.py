"""Short player-facing labels of actions, for buttons and autocomplete."""

from __future__ import annotations

from engine.core.action import Action
from engine.spacebase.model import Content
from engine.spacebase.state import SpaceState


def _name(content: Content, card: object) -> str:
    info = content.cards.get(str(card))
    return info.name if info is not None else str(card)


def describe_action(content: Content, action: Action, state: SpaceState) -> str:
    """One line naming what ``action`` does."""
    a = action.params
    kind = action.kind
    card = _name(content, a.get("card", ""))
    labels = {
        "roll": "Roll the dice",
        "end": "End your turn",
        "skip": "Pass",
        "away": "Let the AI play for me",
        "back": "I am back",
        "auto": f"Automatic choices {'on' if a.get('on') else 'off'}",
        "use": f"Use {card}",
        "claim_colony": f"Claim {card}",
        "deploy": f"Deploy {card}",
        "pick_sector": f"Deployed rewards of sector {a.get('sector')}",
    }
    head = state.pending[0] if state.pending else None
    if kind == "skip" and head is not None and head["kind"] == "receive":
        return f"Keep {_name(content, head['card'])} on station"
    if kind == "skip" and head is None and state.reacting:
        return "Keep my abilities for later"
    if kind == "deploy" and head is not None and head["kind"] == "receive":
        return f"Deploy {card} instead"
    if kind in labels:
        return labels[kind]
    if kind == "choose":
        dice = state.pending[0]["dice"] if state.pending and "dice" in state.pending[0] else state.dice
        if len(dice) == 2 and a.get("option") == "sum":
            return f"Sum: sector {dice[0] + dice[1]}"
        if len(dice) == 2:
            return f"Each die: sectors {dice[0]} and {dice[1]}"
        return f"Choose {a.get('option')}"
    if kind in ("buy", "take"):
        if kind == "take" and not _extra_buy(state):
            # A claim is free: the price is shown only for an extra buy.
            return f"Take {card} (free) into sector {a.get('sector')}"
        cost = content.cards[str(a["card"])].cost if str(a["card"]) in content.cards else 0
        verb = "Buy" if kind == "buy" else "Take"
        return f"{verb} {card} ({cost} cr) into sector {a.get('sector')}"
    if kind == "move_charge":
        return f"Move a cube from {_name(content, a.get('src'))} to {_name(content, a.get('dst'))}"
    if kind == "exchange":
        return f"Exchange {_name(content, a.get('a'))} and {_name(content, a.get('b'))}"
    if kind == "shift":
        return f"Move {card} to sector {a.get('sector')}"
    if kind == "give":
        seat = int(a.get("seat", 0))
        who = state.players[seat] if 0 <= seat < len(state.players) else "?"
        return f"Give {card} to {who}"
    if kind == "keep":
        names = [_name(content, c) for c in str(a.get("cards", "")).split(",") if c]
        return "Keep " + (", ".join(names) if names else "nothing")
    return str(action)


def _extra_buy(state: SpaceState) -> bool:
    """Whether the head pending step is an extra buy (a ``take`` then costs the card's price)."""
    return bool(state.pending) and state.pending[0].get("kind") == "buy"
