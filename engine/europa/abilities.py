"""Ingenuity and Future Planning abilities on a build attempt: when they can be used, and what they do."""

from __future__ import annotations

from engine.core.game import Event
from engine.core.rng import Rng
from engine.europa.dice import invaded, is_invader_die, live, locked, matches, needs, new_die, roll_die
from engine.europa.model import CANCELLABLE, EXTRA_GREEN, INVADER, INVADER_DIE, STAR, Ability, Content
from engine.europa.state import EuropaState, Json, own

Args = dict[str, str | int | bool]
# A reroll's argument: the loose Stars among its dice are not rolled (they stay loose and wild).
LEAVE_STARS = "leave_stars"


def ability_args(
    state: EuropaState, content: Content, seat: int, a: Ability, loose: bool = False
) -> list[Args]:
    """Every way to use ``a`` now on ``seat``'s attempt ([] when it cannot be used).

    A reroll rolls the matching dice not set aside; ``loose`` ignores that limit (the
    player could still set dice aside first), to tell whether any rescue remains.
    """
    att = state.attempt[seat]
    assert att is not None
    dice = att["dice"]
    if a.kind == "set_face":
        # An Invader showing must be rolled again: it cannot be turned into a result instead.
        return [
            {"die": i}
            for i, d in enumerate(dice)
            if live(d) and matches(d, a.colour) and not locked(d) and not invaded(d) and d["f"] != [a.symbol]
        ]
    if a.kind == "reroll":
        pool = [
            d for d in dice if live(d) and matches(d, a.colour) and not locked(d) and (loose or not d["k"])
        ]
        if loose:
            return [{}] if pool else []
        out: list[Args] = [{}] if pool and len(pool) <= a.n else []
        # "You may choose to roll 1 or 2": the other dice are set aside first, but a Star set aside
        # is locked and costs a token, so loose Stars may also simply stay out of the reroll.
        others = sum(1 for d in pool if STAR not in d["f"])
        if 0 < others < len(pool) and others <= a.n:
            out.append({LEAVE_STARS: True})
        return out
    if a.kind == "extra_die":
        return [{}] if att["extra"] < EXTRA_GREEN else []
    if a.kind == "reduce":
        return [{}] if a.symbol in needs(content, att, state.undermines[seat]) else []
    if a.kind == "cancel_undermine":
        cards = content.cards
        return [{"undermine": c} for c in state.undermines[seat] if cards[c].undermine.kind in CANCELLABLE]
    if a.kind == "invader_main":
        # A choice made before the first main roll, once per base.
        joined = any(is_invader_die(d) for d in dice)
        ready = att["stage"] == "main" and not att["rolled"]
        return [{}] if state.options["invaders"] and ready and not joined else []
    if a.kind == "invader_roll":
        mine = [d for d in dice if is_invader_die(d) and not d["x"]]
        return [{}] if state.options["invaders"] and not any(locked(d) for d in mine) else []
    return []


def use_ability(
    state: EuropaState, content: Content, seat: int, a: Ability, args: Args, events: list[Event]
) -> None:
    att = state.attempt[seat]
    assert att is not None
    dice = att["dice"]
    if a.kind == "set_face":
        dice[int(args["die"])]["f"] = [str(a.symbol)]
    elif a.kind == "reroll":
        chosen = [i for i, d in enumerate(dice) if live(d) and matches(d, a.colour) and not d["k"]]
        if args.get(LEAVE_STARS):
            chosen = [i for i in chosen if STAR not in dice[i]["f"]]
        roll(state, content, seat, chosen, True, events)
    elif a.kind == "extra_die":
        added = min(a.n, EXTRA_GREEN - att["extra"])
        att["extra"] += added
        start = len(dice)
        dice += [new_die("green") for _ in range(added)]
        # "Roll ... extra": rolled at once, between main rolls too (where the next main roll
        # rolls it again unless it is set aside), so stopping the rolls never wastes it.
        roll(state, content, seat, list(range(start, len(dice))), att["stage"] == "rescue", events)
    elif a.kind == "reduce":
        att["reduce"][str(a.symbol)] = att["reduce"].get(str(a.symbol), 0) + a.n
    elif a.kind == "cancel_undermine":
        card = str(args["undermine"])
        own(state.undermines, seat).remove(card)
        state.discard = [*state.discard, card]
    elif a.kind == "invader_roll":
        _invader_roll(state, content, seat, att, events)
    elif a.kind == "invader_main":
        dice.append(new_die(INVADER_DIE))


def _invader_roll(state: EuropaState, content: Content, seat: int, att: Json, events: list[Event]) -> None:
    dice = att["dice"]
    mine = [i for i, d in enumerate(dice) if is_invader_die(d) and not d["x"]]
    if not mine:
        dice.append(new_die(INVADER_DIE))
        mine = [len(dice) - 1]
    dice[mine[0]]["k"] = False
    roll(state, content, seat, mine, True, events)


def roll(
    state: EuropaState, content: Content, seat: int, which: list[int], final: bool, events: list[Event]
) -> None:
    """Roll the dice ``which``; each Invader result asks for a destroyed die, and on a final or
    additional roll the Invader die is rolled again until it shows something else."""
    att = state.attempt[seat]
    assert att is not None
    rng: Rng = state.rng
    faces = []
    for i in which:
        die = att["dice"][i]
        roll_die(content, die, rng)
        # Invader results rolled before the face the die ends on (final and additional rolls).
        invaders = 0
        while invaded(die):
            att["destroy"] += 1
            if not final:
                break
            invaders += 1
            roll_die(content, die, rng)
        faces.append({"die": i, "colour": die["c"], "face": list(die["f"]), "invaders": invaders})
    shown = ", ".join(_shown(f) for f in faces)
    events.append(
        Event("dice_rolled", f"{state.players[seat]} rolls {shown}.", {"seat": seat, "dice": faces})
    )
    if att["destroy"]:
        count = att["destroy"]
        events.append(
            Event(
                "invaders",
                f"Invaders! {state.players[seat]} must destroy {count} {'die' if count == 1 else 'dice'}.",
                {"seat": seat, "count": count},
            )
        )


def _shown(face: Json) -> str:
    """How one rolled die reads: green tower, or for an Invader die rolled again after Invader
    results, invader invader, again: bunker."""
    rolled = [*([INVADER] * face["invaders"]), "+".join(face["face"])]
    return f"{face['colour']} {', again: '.join(rolled)}"
