"""Short player-facing labels of actions (buttons, autocomplete, undo): names, never raw ids."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.colony.model import Content
from engine.colony.ops import name, place, token_name
from engine.colony.state import ColonyState
from engine.core.action import Action

SIMPLE = {
    "draw": "Draw a card",
    "switch": "Switch this module on/off",
    "end_turn": "End the turn (resource update, then an event)",
}


class _Words:
    """Reads an action's arguments as names: players, cards, modules, tokens."""

    def __init__(self, content: Content, state: ColonyState, args: Mapping[str, object]) -> None:
        self.content, self.state, self.args = content, state, args

    def who(self, key: str = "seat") -> str:
        seat = int(str(self.args[key]))
        players = self.state.players
        return players[seat] if 0 <= seat < len(players) else f"player {seat + 1}"

    def card(self, key: str = "card") -> str:
        return name(self.content, str(self.args[key]))

    def at(self) -> str:
        return place(self.state, self.content, str(self.args["at"]))

    def token(self) -> str:
        return token_name(str(self.args["token"]))

    def paid(self) -> str:
        return ", ".join(name(self.content, c) for c in str(self.args["pay"]).split(","))


def describe_action(content: Content, action: Action, state: ColonyState) -> str:
    kind = action.kind
    if kind in SIMPLE:
        return SIMPLE[kind]
    w = _Words(content, state, action.params)
    try:
        if kind == "special":
            return _special(content, state, w)
        if kind == "play":
            return _play(content, w)
        return LABELS[kind](w) if kind in LABELS else kind.replace("_", " ").capitalize()
    except (KeyError, ValueError):
        return kind.replace("_", " ").capitalize()


LABELS: dict[str, Callable[[_Words], str]] = {
    "choose_character": lambda w: f"Play as {w.card('character')}",
    "give": lambda w: f"Give {w.card()} to {w.who()}",
    "take": lambda w: f"Take {w.card()} from {w.who()}",
    "deploy": lambda w: f"Deploy {w.card()} at {w.args['at']} paying {w.paid()}",
    "move": lambda w: f"Move to {w.at()}",
    "place": lambda w: f"Put the token on {w.at()}",
    "generate": lambda w: f"Discard {w.card()} for +2 {w.args['resource']}",
    "repair": lambda w: f"Repair the {w.token()} here",
    "recover": lambda w: f"Recover from {w.card('issue')} paying {w.paid()}",
    "discard": lambda w: f"Discard {w.card()}",
}


def _special(content: Content, state: ColonyState, w: _Words) -> str:
    """Specials belong to the turn's player, so their character says what the arguments mean."""
    char = state.characters[state.seat]
    hero = content.characters[char] if char is not None else None
    ability = hero.ability if hero is not None else ""
    if ability == "heal_member":
        return f"Special: heal {w.who()}'s {w.card('issue')}"
    if ability == "remote_repair":
        return f"Special: repair the {w.token()} on {w.at()}"
    if ability == "dash":
        return f"Special: fly to {w.at()}"
    if ability == "boost" and hero is not None:
        return f"Special: discard {w.card()} for +{hero.amount} {hero.resource}"
    if ability == "draw_two":
        return "Special: draw two cards"
    if ability == "scavenge":
        return "Special: take the top card of the discard pile"
    if ability == "convert" and hero is not None:
        amount = hero.amount
        return f"Special: {amount} {w.args['source']} into {amount + 1} {w.args['target']}"
    if ability == "radio_transfer":
        return f"Special: send {w.card()} to {w.who()}"
    return "Special action"


def _play(content: Content, w: _Words) -> str:
    head = f"Play {w.card()}"
    args = w.args
    if "issue" in args:
        return f"{head}: cure {w.who()}'s {w.card('issue')}"
    if "token" in args:
        return f"{head}: remove the {w.token()} on {w.at()}"
    if "seat" in args and "at" in args:
        return f"{head}: move {w.who()} to {w.at()}"
    if "at" in args:
        return f"{head}: go to {w.at()}"
    if "resource" in args:
        card = content.cards.get(str(args["card"]))
        amount = card.amount if card is not None else 0
        return f"{head}: +{amount} {args['resource']}"
    return head
