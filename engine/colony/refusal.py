"""Why an action is refused right now, in words a player can act on."""

from __future__ import annotations

from engine.colony.derive import has_issue
from engine.colony.model import HAND_LIMIT, Content
from engine.colony.ops import article, token_name
from engine.colony.state import ColonyState
from engine.core.action import Action

# The Health Issue that forbids an action kind, and how its refusal reads.
FORBIDDEN = {
    "move": ("no_move", "a Health Issue keeps you from moving"),
    "special": ("no_special", "a Health Issue keeps you from using your special action"),
    "generate": ("no_generate", "a Health Issue keeps you from generating resources"),
}
FREE = ("play", "end_turn", "discard", "place", "choose_character")


def refusal(state: ColonyState, content: Content, seat: int, action: Action) -> str:
    """The reason ``action`` is not legal for ``seat`` now (the first that applies)."""
    if state.outcome is not None:
        return "This game is over."
    if state.phase == "draft":
        if state.characters[seat] is not None:
            return "You have chosen your character; the game starts when everyone has."
        return "Choose your character first: the game starts when everyone has."
    waiting = _pending(state, seat, action)
    if waiting is not None:
        return waiting
    if action.kind == "play":
        return _play(state, content, seat, action)
    if seat != state.seat:
        return f"It is {state.players[state.seat]}'s turn; out of turn you may only play a Plan."
    if action.kind in ("discard", "place"):
        return "Nothing is waiting for that choice now."
    if action.kind not in FREE and state.actions_left <= 0:
        return "You have no actions left: play an Item or a Plan, or end your turn."
    issue = FORBIDDEN.get(action.kind)
    if issue is not None and has_issue(state, content, seat, issue[0]):
        return f"You cannot do that: {issue[1]} (use Recover, a First Aid Kit or the Medic)."
    return f"'{action}' is not a legal move right now: check its card, target and cost."


def _pending(state: ColonyState, seat: int, action: Action) -> str | None:
    """A pending discard or token placement comes first; only Plans (and the turn's Items) go around it."""
    pending = state.pending
    if pending is None or action.kind == "play":
        return None
    if pending["kind"] == "discard":
        owner = int(pending["seat"])
        if owner == seat and action.kind == "discard":
            return "That card is not in your hand."
        if owner == seat:
            return (
                f"You hold more than {HAND_LIMIT} cards: discard one (or play an Item or a Plan from "
                "your hand) before anything else."
            )
        return (
            f"A discard is pending: {state.players[owner]} must first get back to {HAND_LIMIT} cards; "
            "meanwhile only Plans may be played."
        )
    token = article(token_name(str(pending["token"])))
    if seat == state.seat and action.kind == "place":
        options = ", ".join(pending["options"])
        return f"{token[:1].upper()}{token[1:]} cannot go there: choose one of {options}."
    if seat == state.seat:
        return f"First choose where {token} goes (the event is still being resolved)."
    return (
        f"{state.players[state.seat]} must first choose where {token} goes; "
        "meanwhile only Plans may be played."
    )


def _play(state: ColonyState, content: Content, seat: int, action: Action) -> str:
    card = content.cards.get(str(action.get("card")))
    if card is None or card.id not in state.hands[seat]:
        return "That card is not in your hand."
    if card.type == "module":
        return f"{card.name} is a module: deploy it instead."
    if card.type == "item" and seat != state.seat:
        return "Items may only be played on your own turn; Plans may be played at any time."
    if card.type == "item" and state.pending is not None and state.pending["kind"] == "discard":
        owner = state.players[int(state.pending["seat"])]
        return f"A discard is pending: {owner} must first get back to {HAND_LIMIT} cards."
    if card.effect == "extra_action" and state.phase != "actions":
        return f"{card.name} only helps during the actions step."
    return f"{card.name} cannot be played that way now: check its target."
