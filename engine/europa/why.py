"""Why a move is refused: a reason a player can act on (the step the game is in, the card, the die, the
cost), asked only once the move was refused. A reason goes to the refused player alone, yet it never
names another seat's secret: a card is named only when this seat may see it (its own cards and the
cards face up on the table), and "not in your hand" reads the same wherever the card really is."""

from __future__ import annotations

from engine.core.action import Action, Scalar
from engine.core.words import listed
from engine.europa.abilities import ability_args
from engine.europa.build import destroy_targets, invader_pending, met
from engine.europa.dice import invaded, is_invader_die, locked, matches, needs, wild_only
from engine.europa.flow import order, step_four
from engine.europa.legal import waiting, waits_for
from engine.europa.model import (
    ANY,
    BIG_HAND,
    HAND_SIZE,
    STAR,
    SYMBOL_NAMES,
    Ability,
    Content,
    ability_text,
    dice_label,
)
from engine.europa.perform import BUILD_KINDS
from engine.europa.round import hand_size
from engine.europa.state import EuropaState, Json

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
        return _build(state, content, seat, action)
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


def _card(state: EuropaState, content: Content, seat: int, cid: str) -> str:
    """A card by its name when this seat may see it (its own cards, the cards face up on the table),
    else "that card": never a name from another hand, secret choice, Built pile or plan."""
    seen = [*state.hands[seat], *state.plans[seat], *state.built[seat], state.choice[seat]]
    seen += [state.plan_choice[seat], *state.discard[-1:], *(c for u in state.undermines for c in u)]
    seen += [a["card"] for a in state.attempt if a is not None]
    seen += [b["card"] for bases in state.bases for b in bases]
    return content.cards[cid].name if cid in seen else "that card"


def _not_in_hand(state: EuropaState, content: Content, seat: int, cid: str) -> str:
    name = _card(state, content, seat, cid)
    if cid in state.plans[seat]:
        return f"{name} is one of your Future Planning cards, not in your hand."
    return f"{name[0].upper()}{name[1:]} is not in your hand."


def _from_hand(state: EuropaState, content: Content, seat: int, action: Action) -> str | None:
    """A base card (choose) or a Future Planning card (plan) from the hand."""
    cid = action.get("card")
    if cid is None:
        return "Name the card."
    if str(cid) not in state.hands[seat]:
        return _not_in_hand(state, content, seat, str(cid))
    plan = content.cards[str(cid)].plan
    if action.kind == "plan" and any(content.cards[c].plan.key == plan.key for c in state.plans[seat]):
        return f"You already have a Future Planning card that does this: {ability_text('plan', plan)}"
    return None


def _undermine(state: EuropaState, content: Content, seat: int, action: Action) -> str | None:
    cid, target = action.get("card"), action.get("target")
    if cid is None:
        return "Name the card to undermine with."
    if str(cid) not in state.hands[seat]:
        return _not_in_hand(state, content, seat, str(cid))
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
        return f"There is no seat {target} at this table."
    if target == seat:
        return "You cannot undermine your own base."
    name, att = state.players[target], state.attempt[target]
    if att is None or att["stage"] != "wait":
        return f"{name} has no new base to undermine."
    limit = int(state.options["undermine_limit"])
    if len(state.undermines[target]) >= limit:
        return f"{name}'s base already holds the most Undermining cards one base may take ({limit})."
    return None


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _cost(state: EuropaState, seat: int, cid: str, name: str, cost: int, paid: list[str]) -> str | None:
    """An Undermining card's cost: ``cost`` more cards of the attacker's hand, named in ``discard``."""
    others = [c for c in state.hands[seat] if c != cid]
    if not cost:
        return f"{name} costs no extra card: leave out the discard." if paid else None
    if len(others) < cost:
        held = _cards(len(others))
        return f"{name} costs {_cards(cost)} more from your hand, and you hold {held} besides it."
    if any(c not in others for c in paid) or len(set(paid)) < len(paid):
        return "You can pay only with other cards of your hand, each named once."
    if len(paid) != cost:
        return f"{name} costs exactly {_cards(cost)} more from your hand: name {cost} to discard."
    return _order(paid)


def _order(picked: list[str]) -> str | None:
    """The legal moves name several cards in sorted order; a list in another order is told so."""
    if picked == sorted(picked):
        return None
    return f"Give the cards in the order the choices list them: '{','.join(sorted(picked))}'."


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
    return _order(picked)


def _build(state: EuropaState, content: Content, seat: int, action: Action) -> str | None:
    att, kind = state.attempt[seat], action.kind
    if att is None:
        return None
    if att["destroy"] and kind != "destroy":
        return f"An Invader result comes first: choose {att['destroy']} of your dice to destroy."
    if kind == "destroy":
        return _destroy(att, action.get("die"))
    if kind in ("ingenuity", "use_plan"):
        return _card_play(state, content, seat, att, action)
    if not att["rolled"] and kind not in ("give_up", "roll"):
        return "Roll first: none of your dice has been rolled for this base."
    if kind in ("keep", "release"):
        return _mark(state, content, seat, att, action)
    if kind == "roll":
        return _roll(att)
    if kind == "build":
        return _meet(state, content, seat, att)
    if kind == "stop":
        return "The main rolls are already over." if att["stage"] == "rescue" else None
    if kind == "give_up" and att["stage"] == "main":
        return "You can give up only once the main rolls are over: end them first."
    return None


def _die(att: Json, value: Scalar | None, alive: bool = True) -> tuple[int, str | None]:
    """The die an action names (counted from 1 for players) and why it cannot be that one (with
    ``alive``, a destroyed die cannot be it)."""
    count = len(att["dice"])
    if not isinstance(value, int) or isinstance(value, bool):
        return -1, f"Name one of your dice by its number, 1 to {count}."
    if not 0 <= value < count:
        return value, f"There is no die {value + 1}: your dice are numbered 1 to {count}."
    if alive and att["dice"][value]["x"]:
        return value, f"Die {value + 1} was destroyed by the Invaders."
    return value, None


def _destroy(att: Json, value: Scalar | None) -> str | None:
    if not att["destroy"]:
        return "No Invader result asks you to destroy a die now."
    index, bad = _die(att, value)
    if bad or index in destroy_targets(att):
        return bad
    return "The Invader die never destroys itself: choose another die."


def _mark(state: EuropaState, content: Content, seat: int, att: Json, action: Action) -> str | None:
    """Setting a die aside (keep) or taking it back (release)."""
    cards = content.cards
    reroll = any(cards[c].ingenuity.kind == "reroll" for c in state.hands[seat]) or any(
        cards[c].plan.kind == "reroll" and c not in att["used"] for c in state.plans[seat]
    )
    if att["stage"] == "rescue" and not reroll:
        return "The main rolls are over: setting dice aside now only matters to a reroll, and you have none."
    # A destroyed die still set aside may be released (the legal moves allow it; it counts for nothing).
    index, bad = _die(att, action.get("die"), alive=action.kind == "keep")
    if bad:
        return bad
    die, number = att["dice"][index], f"Die {index + 1}"
    if action.kind == "release":
        if not die["k"]:
            return f"{number} is not set aside."
        return f"{number} is a Star set aside: it is locked and must be used." if locked(die) else None
    if die["k"]:
        return f"{number} is already set aside."
    return f"{number} shows an Invader: it must be rolled again, not set aside." if invaded(die) else None


def _roll(att: Json) -> str | None:
    if att["stage"] == "rescue" or att["rolls_left"] <= 0:
        return "The main rolls are over: play an Ingenuity or Future Planning card, or give up."
    if all(d["x"] or d["k"] for d in att["dice"]):
        return "Every die is set aside: nothing is left to roll. Build the base or end the main rolls."
    short = att["min_keep"] - sum(1 for d in att["dice"] if d["k"] and not d["x"]) + att["kept_before"]
    if short <= 0 or not att["rolled"]:
        return None
    return (
        f"An Undermining card makes you set aside at least {att['min_keep']} more after every main "
        f"roll: set aside {dice_label(None, short)} more first."
    )


def _meet(state: EuropaState, content: Content, seat: int, att: Json) -> str | None:
    if met(state, content, seat):
        if att["stage"] == "main" and invader_pending(att):
            return "Your Invader die shows an Invader: the next main roll must roll it before you build."
        return None
    return f"Your dice do not meet {content.cards[att['card']].name} yet: {missing(state, content, seat)}."


def missing(state: EuropaState, content: Content, seat: int) -> str:
    """What the seat's dice still lack for its base: "1 Missile Silo and 2 Personnel Bunker missing,
    1 Star to fill the gaps" (Stars are wild)."""
    att = state.attempt[seat]
    assert att is not None
    need = needs(content, att, state.undermines[seat])
    wild = wild_only(content, state.undermines[seat])
    have = dict.fromkeys(need, 0)
    stars = 0
    for d in (d for d in att["dice"] if not d["x"]):
        for sym in d["f"]:
            if sym == STAR:
                stars += 1
            elif sym in have and d["c"] not in wild:
                have[sym] += 1
    short = listed([f"{n - have[s]} {SYMBOL_NAMES[s]}" for s, n in need.items() if have[s] < n])
    if not stars:
        return f"{short} missing"
    return f"{short} missing, {stars} Star{'' if stars == 1 else 's'} to fill the gaps"


def _card_play(state: EuropaState, content: Content, seat: int, att: Json, action: Action) -> str | None:
    """An Ingenuity card from the hand or a Future Planning card: where it is, when it may act, and
    whether it can act on these dice."""
    if action.get("card") is None:
        return "Name the card to play."
    cid = str(action.get("card"))
    card, name = content.cards[cid], _card(state, content, seat, cid)
    if action.kind == "ingenuity":
        if cid not in state.hands[seat]:
            return _not_in_hand(state, content, seat, cid)
        if not att["rolled"]:
            return "Roll first: Ingenuity cards are played after a roll."
        if att["stage"] == "main" and card.ingenuity.timing != "main":
            return f"{name} may be played only once the main rolls are over."
        return _ability(state, content, seat, att, name, card.ingenuity, action)
    if cid not in state.plans[seat]:
        where = " (it is in your hand: play it as an Ingenuity card)" if cid in state.hands[seat] else ""
        return f"{name[0].upper()}{name[1:]} is not one of your Future Planning cards{where}."
    if card.plan.kind in ("big_hand", "extra_die"):
        return f"{name} acts by itself: it is never played on the dice."
    if cid in att["used"]:
        return f"You have already used {name} for this base."
    if card.plan.kind != "invader_main" and att["stage"] == "main":
        return "Future Planning cards help once the main rolls are over."
    return _ability(state, content, seat, att, name, card.plan, action)


def _ability(
    state: EuropaState, content: Content, seat: int, att: Json, name: str, a: Ability, action: Action
) -> str | None:
    """Why the card's ability cannot act now, or not on the die or card the action names."""
    options = ability_args(state, content, seat, a)
    if not options:
        return _useless(state, seat, att, name, a)
    given = {k: v for k, v in action.args if k != "card"}
    wanted = set(options[0])
    if set(given) - wanted:
        return f"{name} takes no {' or '.join(sorted(set(given) - wanted))}: leave it out."
    if wanted - set(given):
        return f"{name} acts on one {'die' if 'die' in wanted else 'Undermining card'}: name which."
    if "die" in given:
        return _face_die(att, name, a, given["die"])
    if given and given not in options:
        return f"{name} can lift only an Undermining card on your base that adds a need or limits a colour."
    return None


def _face_die(att: Json, name: str, a: Ability, value: Scalar) -> str | None:
    """Why ``set_face`` cannot turn the die named."""
    index, bad = _die(att, value)
    if bad:
        return bad
    die, number = att["dice"][index], f"Die {index + 1}"
    if not matches(die, a.colour):
        return f"{name} turns a {a.colour} die, and {number.lower()} is {die['c']}."
    if not die["f"]:
        return f"{number} has not been rolled yet."
    if locked(die):
        return f"{number} is a Star set aside: it is locked."
    if invaded(die):
        return f"{number} shows an Invader: it must be rolled again."
    return f"{number} already shows a {SYMBOL_NAMES[str(a.symbol)]}." if die["f"] == [a.symbol] else None


def _useless(state: EuropaState, seat: int, att: Json, name: str, a: Ability) -> str:
    """Why an ability has no use at all now (no die, no need, nothing it could act on)."""
    colour = "" if a.colour in (None, ANY) else f"{a.colour} "
    symbol = SYMBOL_NAMES.get(str(a.symbol), "")
    loose = [d for d in att["dice"] if not d["x"] and d["f"] and matches(d, a.colour) and not d["k"]]
    texts = {
        "set_face": f"{name} has no die to turn: it needs a rolled {colour}die that is not a Star set "
        f"aside, an Invader or already a {symbol}.",
        "reroll": f"{name} rerolls up to {dice_label(a.colour, a.n)}, and {len(loose)} of your loose "
        f"{colour}dice would roll: set aside all but {a.n} first."
        if loose
        else f"You have no loose {colour}dice for {name} to reroll.",
        "extra_die": "All the extra green dice are already in your roll.",
        "reduce": f"Your base needs no {symbol} now.",
        "cancel_undermine": "No Undermining card on your base adds a need or limits a colour.",
    }
    if a.kind in texts:
        return texts[a.kind]
    if not state.options["invaders"]:
        return "The Invader die is not in this game."
    if a.kind == "invader_main" and any(is_invader_die(d) for d in att["dice"]):
        return "Your Invader die is already in your rolls."
    if a.kind == "invader_main":
        return "The Invader die may join the main rolls only before the first of them."
    return "Your Invader die is a Star set aside: it is locked."
