"""Short player-facing labels of actions (buttons, autocomplete)."""

from __future__ import annotations

from engine.colony.model import Content
from engine.colony.ops import name
from engine.colony.state import ColonyState
from engine.core.action import Action

SIMPLE = {
    "draw": "Draw a card",
    "switch": "Switch this module on/off",
    "end_turn": "End the actions step",
}


def describe_action(content: Content, action: Action, state: ColonyState) -> str:
    kind = action.kind
    if kind in SIMPLE:
        return SIMPLE[kind]
    args = action.params

    def who(key: str = "seat") -> str:
        return state.players[int(args[key])]

    def card(key: str = "card") -> str:
        return name(content, str(args[key]))

    def paid() -> str:
        return ", ".join(name(content, c) for c in str(args["pay"]).split(","))

    if kind == "choose_character":
        return f"Play as {card('character')}"
    if kind in ("give", "take"):
        return f"Give {card()} to {who()}" if kind == "give" else f"Take {card()} from {who()}"
    if kind == "deploy":
        return f"Deploy {card()} at {args['at']} paying {paid()}"
    if kind in ("move", "place"):
        return f"Move to {args['at']}" if kind == "move" else f"Put the token on {args['at']}"
    if kind == "generate":
        return f"Discard {card()} for +2 {args['resource']}"
    if kind == "repair":
        return f"Repair the {args['token']} token here"
    if kind == "recover":
        return f"Recover from {card('issue')} paying {paid()}"
    if kind == "discard":
        return f"Discard {card()}"
    extra = ", ".join(f"{k} {v}" for k, v in sorted(args.items()) if k != "card")
    head = "Special action" if kind == "special" else f"Play {card()}"
    return f"{head} ({extra})" if extra else head
