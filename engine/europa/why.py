"""Why a move is refused: a reason a player can act on (the step the game is in, the card, the die, the
cost), asked only once the move was refused. A reason goes to the refused player alone, yet it never
names another seat's secret: a card is named only when this seat may see it (its own cards and the
cards face up on the table), and "not in your hand" reads the same wherever the card really is.
The build step's reasons (dice, rolls, Ingenuity and Future Planning cards, Invaders) are in
``why_build``."""

from __future__ import annotations

from engine.core.action import Action, Scalar
from engine.core.words import counted, listed
from engine.europa.flow import order, step_four
from engine.europa.legal import waiting, waits_for
from engine.europa.model import BIG_HAND, HAND_SIZE, Ability, Content, ability_text
from engine.europa.perform import BUILD_KINDS
from engine.europa.round import hand_size
from engine.europa.state import EuropaState
from engine.europa.why_build import build_reason, not_in_hand

# The step of the round each move belongs to (the ``state.phase`` it is played in), and its name.
STEP = {
    "choose": "choose",
    "finalize": "choose",
    "undermine": "undermine",
    "pass": "undermine",
    **dict.fromkeys(BUILD_KINDS, "build"),
    "plan": "plan",
    "no_plan": "plan",
    "redraw": "redraw",
}
STEP_NAMES = {
    "choose": "the base choice",
    "undermine": "the undermining step",
    "build": "the build step",
    "plan": "Future Planning",
    "redraw": "the redraw",
}
WAITS_FOR = {
    "choose": "to choose a base card",
    "build": "to build",
    "plan": "to place a Future Planning card or none",
    "redraw": "to discard and draw",
}


def why(state: EuropaState, content: Content, seat: int, action: Action) -> str | None:
    """The reason ``action`` of ``seat`` is refused now, or None when the generic text says it best."""
    if not 0 <= seat < state.seats or state.outcome is not None:
        return None
    kind = action.kind
    if kind in ("away", "back"):
        return _away(state, seat, kind)
    step = STEP.get(kind)
    if step is None:
        return f"There is no move '{kind}' in Europa Base Alpha."
    named = [action.get("card"), action.get("undermine"), *_split(action.get("discard"))]
    unknown = [str(c) for c in named if c is not None and str(c) not in content.cards]
    if unknown:
        return f"There is no card '{unknown[0]}'."
    if step != state.phase:
        return f"That move belongs to {STEP_NAMES[step]}; the game is in {_now(state)}."
    if not waits_for(state, seat):
        return already_done(state, seat, action) or _not_waited(state, seat)
    if step == "build":
        return build_reason(state, content, seat, action)
    if step == "undermine":
        return _undermine(state, content, seat, action) if kind == "undermine" else None
    if step == "redraw":
        return _redraw(state, content, seat, action)
    if kind == "finalize":
        return None if state.status[seat] == "succeeded" else "You can finalize only after building a base."
    return _from_hand(state, content, seat, action) if kind in ("choose", "plan") else None


def already_done(state: EuropaState, seat: int, action: Action) -> str | None:
    """Why a move of the current step is refused from a seat that already made its choice there and
    waits on others (its base, its planning card, its redraw); None otherwise."""
    if not 0 <= seat < state.seats or STEP.get(action.kind) != state.phase or waits_for(state, seat):
        return None
    phase, status = state.phase, state.status[seat]
    others = _names(state, [s for s in sorted(waiting(state)) if s != seat])
    wait = f"; waiting for {others}." if others else "."
    if phase == "choose" and status == "choosing" and state.choice[seat] is not None:
        return "You have already chosen your base for this round" + wait
    if phase == "choose" and status == "building":
        return "You have already chosen your next base" + wait
    if phase == "build" and status == "succeeded":
        return f"Your base is built; waiting for {others} to finish building." if others else None
    if phase == "plan":
        if not state.hands[seat]:
            return "You hold no card to place for Future Planning" + wait
        return "You have already decided on Future Planning this round" + wait
    if phase == "redraw":
        return "You have already discarded and drawn this round" + wait
    return None


def _away(state: EuropaState, seat: int, kind: str) -> str | None:
    if state.ai[seat]:
        return None
    if kind == "back":
        return None if state.away[seat] else "You are not away: you already play your own seat."
    if state.away[seat]:
        return "You are already away: the AI plays for you until you come back."
    if waits_for(state, seat):
        return None
    return "You can hand your seat to the AI only while the game waits for you."


def _split(value: Scalar | None) -> list[str]:
    return [c for c in str(value).split(",") if c] if value else []


def _names(state: EuropaState, seats: list[int]) -> str:
    return listed([state.players[s] for s in seats if not state.auto(s)], "")


def _now(state: EuropaState) -> str:
    """The step the game is in and whom it waits for (both public)."""
    turn = state.players[state.turn]
    if state.phase == "undermine":
        return f"the undermining step, and it is {turn}'s turn"
    if step_four(state):
        return f"step 4, and {turn} chooses another base or finalizes"
    who = _names(state, sorted(waiting(state))) or "nobody"
    return f"{STEP_NAMES[state.phase]}, waiting for {who} {WAITS_FOR[state.phase]}"


def _not_waited(state: EuropaState, seat: int) -> str | None:
    """Why a move of the current step is not this seat's to make (turn order, or out for the round)."""
    status, turn = state.status[seat], state.players[state.turn]
    if state.phase == "undermine":
        if not state.hands[seat]:
            return "You have no cards to undermine with."
        if order(state).index(seat) < order(state).index(state.turn):
            return f"Your undermining turn in this step is over; it is {turn}'s turn now."
        return f"It is {turn}'s turn to undermine; yours comes later in turn order."
    if status == "failed":
        return "Your base failed this round, so you build no more until the next one."
    if status == "finalized" and state.phase == "choose" and not step_four(state):
        return "You have no cards, so you sit out this round's building."
    if status == "finalized":
        return "You have finalized construction this round; you build no more until the next one."
    if status == "succeeded" and step_four(state):
        return f"It is {turn}'s turn to choose another base or finalize; yours comes in turn order."
    return None


def _from_hand(state: EuropaState, content: Content, seat: int, action: Action) -> str | None:
    """A base card (choose) or a Future Planning card (plan) from the hand."""
    cid = action.get("card")
    if cid is None:
        return "Name the card."
    if str(cid) not in state.hands[seat]:
        return not_in_hand(state, content, seat, str(cid))
    plan = content.cards[str(cid)].plan
    if action.kind == "plan" and any(content.cards[c].plan.key == plan.key for c in state.plans[seat]):
        return f"You already have a Future Planning card that does this: {ability_text('plan', plan)}"
    return None


def _undermine(state: EuropaState, content: Content, seat: int, action: Action) -> str | None:
    cid, target = action.get("card"), action.get("target")
    if cid is None:
        return "Name the card to undermine with."
    if str(cid) not in state.hands[seat]:
        return not_in_hand(state, content, seat, str(cid))
    if not isinstance(target, int) or isinstance(target, bool):
        return "Name the player whose base you undermine."
    card = content.cards[str(cid)]
    return (
        _target(state, seat, target)
        or _cost(state, seat, card.id, card.name, card.undermine.cost, _split(action.get("discard")))
        or _destroy_plan(state, content, card.name, card.undermine, target, action.get("plan"))
    )


def _target(state: EuropaState, seat: int, target: int) -> str | None:
    if not 0 <= target < state.seats:
        # Counted from 1, as players type and read them.
        seats = ", ".join(f"{i + 1} {name}" for i, name in enumerate(state.players))
        return f"There is no player {target + 1} at this table; the players are {seats}."
    if target == seat:
        return "You cannot undermine your own base."
    name, att = state.players[target], state.attempt[target]
    if att is None or att["stage"] != "wait":
        return f"{name} has no new base to undermine."
    limit = int(state.options["undermine_limit"])
    if len(state.undermines[target]) >= limit:
        return f"{name}'s base already holds the most Undermining cards one base may take ({limit})."
    return None


def _cost(state: EuropaState, seat: int, cid: str, name: str, cost: int, paid: list[str]) -> str | None:
    """An Undermining card's cost: ``cost`` more cards of the attacker's hand, named in ``discard``."""
    others = [c for c in state.hands[seat] if c != cid]
    if not cost:
        return f"{name} costs no extra card: leave out the discard." if paid else None
    if len(others) < cost:
        held = counted(len(others), "card")
        return f"{name} costs {counted(cost, 'card')} more from your hand, and you hold {held} besides it."
    if any(c not in others for c in paid) or len(set(paid)) < len(paid):
        return "You can pay only with other cards of your hand, each named once."
    if len(paid) != cost:
        return f"{name} costs exactly {counted(cost, 'card')} more from your hand: name {cost} to discard."
    return None


def _destroy_plan(
    state: EuropaState, content: Content, name: str, a: Ability, target: int, key: Scalar | None
) -> str | None:
    """The plan a destroy_plan card takes, named by its planning ability (the only part on show)."""
    defender = state.players[target]
    if a.kind != "destroy_plan":
        return f"{name} destroys no Future Planning card: leave out the plan." if key else None
    shown = {content.cards[c].plan.key for c in state.plans[target]}
    if not shown:
        return f"{defender} has no Future Planning card for {name} to destroy."
    if not key:
        return f"{name} destroys one of {defender}'s Future Planning cards: name which one."
    return None if key in shown else f"{defender} has no Future Planning card with that ability."


def _redraw(state: EuropaState, content: Content, seat: int, action: Action) -> str | None:
    hand, picked = state.hands[seat], _split(action.get("discard"))
    if any(c not in hand for c in picked) or len(set(picked)) < len(picked):
        return "You can discard only cards of your hand, each named once."
    six, left = action.get("six"), len(hand) - len(picked)
    if six is not None and hand_size(state, content, seat) == HAND_SIZE:
        return f"Only a Future Planning card for a hand of {BIG_HAND} lets you draw a sixth card."
    if six is False and left > HAND_SIZE:
        return (
            f"Drawing to {HAND_SIZE} leaves room for {HAND_SIZE} cards and you keep {left}: "
            f"discard {left - HAND_SIZE} more, or draw to {BIG_HAND}."
        )
    return None
