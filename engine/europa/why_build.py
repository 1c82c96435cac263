"""Why a move of the build step is refused: the dice (numbered from 1 for players), the rolls, an
Ingenuity or Future Planning card played on them, and the Invaders. Cards are named only as ``why``
names them (``card_name``): never a card another seat keeps secret."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.action import Action, Scalar
from engine.core.words import listed
from engine.europa.abilities import LEAVE_STARS, Args, ability_args
from engine.europa.build import destroy_targets, invader_pending, met, owed
from engine.europa.dice import invaded, is_invader_die, live, locked, matches, needs, wild_only
from engine.europa.model import ANY, STAR, SYMBOL_NAMES, Ability, Content, dice_label
from engine.europa.state import EuropaState, Json


def card_name(state: EuropaState, content: Content, seat: int, cid: str) -> str:
    """A card by its name when this seat may see it (its own cards, the cards face up on the table),
    else "that card": never a name from another hand, secret choice, Built pile or plan."""
    seen = [*state.hands[seat], *state.plans[seat], *state.built[seat], state.choice[seat]]
    seen += [state.plan_choice[seat], *state.discard[-1:], *(c for u in state.undermines for c in u)]
    seen += [a["card"] for a in state.attempt if a is not None]
    seen += [b["card"] for bases in state.bases for b in bases]
    return content.cards[cid].name if cid in seen else "that card"


def not_in_hand(state: EuropaState, content: Content, seat: int, cid: str) -> str:
    name = card_name(state, content, seat, cid)
    if cid in state.plans[seat]:
        return f"{name} is one of your Future Planning cards, not in your hand."
    return f"{name[0].upper()}{name[1:]} is not in your hand."


def build_reason(state: EuropaState, content: Content, seat: int, action: Action) -> str | None:
    """Why a move of the build step, the seat's own to make now, is refused; None when it is not."""
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


def _die(att: Json, value: Scalar | None) -> tuple[int, str | None]:
    """The die an action names (counted from 1 for players) and why it cannot be that one (a
    destroyed die offers no move: it "may not be used or rerolled again" for this base)."""
    count = len(att["dice"])
    if not isinstance(value, int) or isinstance(value, bool):
        return -1, f"Name one of your dice by its number, 1 to {count}."
    if not 0 <= value < count:
        return value, f"There is no die {value + 1}: your dice are numbered 1 to {count}."
    if att["dice"][value]["x"]:
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
    index, bad = _die(att, action.get("die"))
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
    short = owed(att)
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
    card, name = content.cards[cid], card_name(state, content, seat, cid)
    if action.kind == "ingenuity":
        if cid not in state.hands[seat]:
            return not_in_hand(state, content, seat, cid)
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
    if a.kind == "reroll":
        return _reroll(att, name, a, given, options)
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


def _reroll(att: Json, name: str, a: Ability, given: Mapping[str, Scalar], options: list[Args]) -> str | None:
    """Why a reroll cannot be played as asked (it can be played some way: ``options``)."""
    extra = sorted(set(given) - {LEAVE_STARS})
    if extra:
        return f"{name} takes no {' or '.join(extra)}: leave it out."
    if given and given not in options:
        rolled = [d for d in att["dice"] if live(d) and matches(d, a.colour) and not d["k"]]
        if rolled and all(STAR in d["f"] for d in rolled):
            return (
                f"With the loose Stars left out, {name} would roll nothing: "
                "every die it may reroll shows a Star."
            )
        return f"{name} can leave Stars unrolled only when a loose Star lies among the dice it rerolls."
    if not given and {} not in options:
        loose = sum(1 for d in att["dice"] if live(d) and matches(d, a.colour) and not d["k"])
        return (
            f"{name} rerolls up to {a.n} dice, and {loose} of your loose dice would roll: set aside "
            f"all but {a.n} first, or leave your loose Stars unrolled ({LEAVE_STARS})."
        )
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
