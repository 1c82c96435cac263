"""Why an action is refused right now, in words a player can act on.

Asked only once ``legal`` refused the action. The checks run in the order a player thinks: whose
move it is, then the card, then where it goes, then what it costs; the first that fails is the
reason. Arguments are read defensively, since a refused action may be malformed in any way.

Here: the draft, a pending discard or token placement, the turn and its basic actions. The shared
checks live in ``refusal_ask``; Items, Plans and the characters' special actions in ``refusal_play``.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.colony.derive import module_production, neighbours, production, shifted
from engine.colony.describe import describe_action
from engine.colony.legal import payments
from engine.colony.model import HAND_LIMIT, HUB, RESOURCE_OF, Content, PlayerCard
from engine.colony.ops import article, name, token_name
from engine.colony.refusal_ask import (
    AROUND,
    MOVES,
    NO_SEAT,
    Ask,
    already,
    bounded,
    drawable,
    either,
    held,
    known_resource,
    removable,
    shape,
    space,
    suffering,
    unheld,
)
from engine.colony.refusal_play import play, special
from engine.colony.state import ColonyState
from engine.core.action import Action
from engine.core.words import listed

FREE = ("play", "end_turn", "discard", "place", "choose_character")
# The Health Issue effect that forbids an action kind, and what it keeps the player from.
FORBIDDEN = {
    "move": ("no_move", "moving"),
    "special": ("no_special", "using your special action"),
    "generate": ("no_generate", "generating resources"),
}


def refusal(state: ColonyState, content: Content, seat: int, action: Action) -> str:
    """The reason ``action`` is not legal for ``seat`` now (the first that applies)."""
    if state.outcome is not None:
        return "This game is over."
    if action.kind not in MOVES:
        return f"There is no move called '{action.kind}' in Exoplanet Colony."
    ask = Ask(state, content, seat, action)
    if state.phase == "draft":
        return _draft(ask)
    if action.kind == "choose_character":
        return "Characters are chosen before the first turn; this game is already under way."
    reason = _pending(ask)
    if reason is None:
        reason = play(ask) if action.kind == "play" else _turn(ask)
    # None only for the unforeseen: every refusal the rules make has its own reason.
    return reason or f"'{describe_action(content, action, state)}' is not possible right now."


def _draft(ask: Ask) -> str:
    if ask.state.characters[ask.seat] is not None:
        return "You have chosen your character; the game starts when everyone has."
    if ask.action.kind != "choose_character":
        return "Choose your character first: the game starts when everyone has."
    dealt = ask.state.dealt[ask.seat]
    offered = either([name(ask.content, c) for c in dealt])
    pick = ask.arg("character")
    wrong = shape(ask.action.params, MOVES["choose_character"])
    if wrong is not None or pick in dealt:
        return wrong or f"Choose {offered}."
    if pick not in ask.content.characters:
        return f"There is no character '{pick}'; choose {offered}."
    return f"{name(ask.content, pick)} was not dealt to you: choose {offered}."


def _pending(ask: Ask) -> str | None:
    """A pending discard or token placement comes first; only Plans (and the turn's Items) go around it."""
    state, kind, pending = ask.state, ask.action.kind, ask.state.pending
    if pending is None or kind == "play":
        return None
    if pending["kind"] == "discard":
        owner = int(pending["seat"])
        if owner == ask.seat and kind == "discard":
            return shape(ask.action.params, MOVES["discard"]) or held(ask, owner, ask.arg("card"))
        if owner == ask.seat:
            # Items only on one's own turn: a hand filled on another's turn has only Plans to play.
            cards = "an Item or a Plan" if owner == state.seat else "a Plan"
            return (
                f"You hold more than {HAND_LIMIT} cards: discard one (or play {cards} from "
                "your hand) before anything else."
            )
        return (
            f"A discard is pending: {ask.who(owner)} must first get back to {HAND_LIMIT} cards; "
            "meanwhile only Plans may be played."
        )
    token = article(token_name(str(pending["token"])))
    if ask.seat == state.seat and kind == "place":
        options = either([ask.where(at) for at in pending["options"]])
        wrong = shape(ask.action.params, MOVES["place"])
        return wrong or f"{token[:1].upper()}{token[1:]} cannot go there: choose {options}."
    if ask.seat == state.seat:
        return f"First choose where {token} goes (the event is still being resolved)."
    return f"{ask.who(state.seat)} must first choose where {token} goes; meanwhile only Plans may be played."


def _cures(ask: Ask) -> str:
    """What may cure a Health Issue of the asking seat: the Recover action, a First Aid Kit, and
    the Medic when another player at the table is her."""
    ways = ["Recover", "a First Aid Kit"]
    if any(c == "medic" for s, c in enumerate(ask.state.characters) if s != ask.seat):
        ways.append("the Medic")
    return either(ways)


def _turn(ask: Ask) -> str | None:
    state, kind = ask.state, ask.action.kind
    if ask.seat != state.seat:
        return f"It is {ask.who(state.seat)}'s turn; out of turn you may only play a Plan."
    if kind == "discard":
        return f"You hold no more than {HAND_LIMIT} cards: there is nothing to discard."
    if kind == "place":
        return "No event token is waiting to be placed."
    if kind not in FREE and state.actions_left <= 0:
        return "You have no actions left: play an Item or a Plan, or end your turn."
    effect, doing = FORBIDDEN.get(kind, ("", ""))
    for issue in state.health[ask.seat]:
        if ask.content.events[issue].health == effect:
            what = ask.content.events[issue].name
            return f"{what} keeps you from {doing}: recover first ({_cures(ask)})."
    if kind == "special":
        return special(ask)
    check = CHECKS.get(kind)
    return shape(ask.action.params, MOVES[kind]) or (None if check is None else check(ask))


# The turn's actions, each once its arguments were found to be the ones it takes.


def _give(ask: Ask) -> str | None:
    target = ask.target()
    if target is None or target == ask.seat:
        return NO_SEAT if target is None else "You cannot give a card to yourself."
    return held(ask, ask.seat, ask.arg("card")) or _together(ask, target)


def _take(ask: Ask) -> str | None:
    target = ask.target()
    if target is None or target == ask.seat:
        return NO_SEAT if target is None else "You cannot take a card from yourself."
    return held(ask, target, ask.arg("card")) or _together(ask, target)


def _together(ask: Ask, other: int) -> str | None:
    theirs, yours = ask.here(other), ask.here()
    if theirs == yours:
        return None
    return (
        f"{ask.who(other)} is on {ask.where(theirs)} and you are on {ask.where(yours)}: "
        "cards change hands only between players on the same module."
    )


def _deploy(ask: Ask) -> str | None:
    bad = held(ask, ask.seat, ask.arg("card"))
    if bad is not None:
        return bad
    card, at = ask.card(), ask.arg("at")
    if card.type != "module":
        return f"{card.name} is {article(card.type.capitalize())}, not a module: play it instead."
    bad = space(ask, at, module=False)
    if bad is not None:
        return bad
    if at in ask.state.grid:
        return f"{ask.where(at)} is already built: a module goes on a free space."
    if at not in neighbours(ask.here()):
        return f"{at} is not next to you: a module goes on a free space {AROUND} of {ask.where(ask.here())}."
    change = module_production(ask.content, ask.state.scenario, card.id)
    rest = list(ask.state.hands[ask.seat])
    rest.remove(card.id)
    over = bounded(shifted(production(ask.state, ask.content), change), f"Deploying {card.name}")
    return over or _deploy_pay(ask.content, card, rest, ask.arg("pay"))


def _deploy_pay(content: Content, card: PlayerCard, rest: list[str], pay: str) -> str | None:
    cost = dict(card.cost)
    price = listed([f"{n} {colour} card{'s' if n > 1 else ''}" for colour, n in cost.items()])
    if not payments(content, cost, rest):
        have = [f"{sum(content.cards[c].colour == colour for c in rest)} {colour}" for colour in cost]
        plans = sum(content.cards[c].type == "plan" for c in rest)
        have.append("no Plan" if not plans else f"{plans} Plan{'s' if plans > 1 else ''}")
        return f"{card.name} costs {price}; besides it you hold {listed(have)} (Plans are wild)."
    paid = pay.split(",")
    if len(paid) != card.cost_size:
        return f"Pay for {card.name} with {card.cost_size} cards: {price} (Plans are wild)."
    short = unheld(content, paid, rest, card.id)
    if short is not None:
        return short
    for cid in paid:
        colour = content.cards[cid].colour
        if content.cards[cid].type == "plan":
            continue
        if colour is None or cost.get(colour, 0) == 0:
            what = f"is {colour}" if colour else "has no colour"
            return f"{content.cards[cid].name} {what}; {card.name} is paid with {price} (Plans are wild)."
        cost[colour] -= 1
    return None


def _move(ask: Ask) -> str | None:
    at, here = ask.arg("at"), ask.here()
    bad = space(ask, at, module=False) or already(ask, ask.seat, at)
    if bad is not None:
        return bad
    if at not in ask.state.grid:
        return f"There is no module at {at}: you may only move onto modules."
    if at not in neighbours(here):
        return f"{ask.where(at)} is not next to {ask.where(here)}: move one module {AROUND} (no diagonals)."
    return None


def _generate(ask: Ask) -> str | None:
    if not ask.state.hands[ask.seat]:
        return "You hold no card: generating costs a card of the resource's colour (or a Plan)."
    resource = ask.arg("resource")
    bad = known_resource(resource) or held(ask, ask.seat, ask.arg("card"))
    if bad is not None:
        return bad
    card = ask.card()
    if card.colour is None or RESOURCE_OF[card.colour] == resource:
        return None
    made = RESOURCE_OF[card.colour]
    return f"{card.name} is {card.colour}: it generates {made}, not {resource} (a Plan generates any)."


def _repair(ask: Ask) -> str | None:
    return removable(ask, ask.here(), ask.arg("token"))


def _switch(ask: Ask) -> str | None:
    module = ask.state.grid[ask.here()]
    if module["card"] == HUB:
        return "The Central Hub cannot be switched off; stand on another module to switch it."
    change = module_production(ask.content, ask.state.scenario, module["card"])
    after = shifted(production(ask.state, ask.content), change, 1 if module["off"] else -1)
    return bounded(after, f"Switching {name(ask.content, module['card'])} {'on' if module['off'] else 'off'}")


def _recover(ask: Ask) -> str | None:
    bad = suffering(ask, ask.seat, ask.arg("issue"))
    if bad is not None:
        return bad
    hand, pay = ask.state.hands[ask.seat], ask.arg("pay")
    if len(hand) < 2:
        return f"Recovering costs two cards from your hand; you hold {len(hand)}."
    if len(pay.split(",")) != 2:
        return "Recovering costs exactly two cards from your hand."
    return unheld(ask.content, pay.split(","), hand)


CHECKS: dict[str, Callable[[Ask], str | None]] = {
    "draw": drawable,
    "give": _give,
    "take": _take,
    "deploy": _deploy,
    "move": _move,
    "generate": _generate,
    "repair": _repair,
    "switch": _switch,
    "recover": _recover,
}
