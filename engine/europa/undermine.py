"""Step 2: Undermining cards played on other seats' new bases, one seat at a time."""

from __future__ import annotations

from itertools import combinations

from engine.core.action import Action
from engine.core.game import Event
from engine.europa.acts import action
from engine.europa.model import Content, ability_text
from engine.europa.state import EuropaState, own

Arg = tuple[str, str | int]


def targets(state: EuropaState, seat: int) -> list[int]:
    """Other seats' bases waiting to be built that still have room for an Undermining card."""
    limit = int(state.options["undermine_limit"])
    return [
        s
        for s in range(state.seats)
        if s != seat
        and (att := state.attempt[s]) is not None
        and att["stage"] == "wait"
        and len(state.undermines[s]) < limit
    ]


def undermine_actions(state: EuropaState, content: Content, seat: int) -> list[Action]:
    hand = state.hands[seat]
    out: list[Action] = []
    aims = targets(state, seat)
    if not aims:
        return out
    for cid in hand:
        a = content.cards[cid].undermine
        others = [c for c in hand if c != cid]
        if len(others) < a.cost:
            continue
        card: Arg = ("card", cid)
        payments: list[tuple[Arg, ...]] = (
            [(("discard", ",".join(sorted(p))),) for p in combinations(others, a.cost)] if a.cost else [()]
        )
        for target in aims:
            # A plan is named by its ability, the only part of it the attacker can see.
            plans: list[tuple[Arg, ...]] = (
                [(("plan", content.cards[p].plan.key),) for p in state.plans[target]]
                if a.kind == "destroy_plan"
                else [()]
            )
            aim: Arg = ("target", target)
            # Arguments in sorted order, as Action.of would put them (this list is rebuilt often).
            out += [action("undermine", (card, *pay, *plan, aim)) for plan in plans for pay in payments]
    return out


def may_undermine(state: EuropaState, seat: int) -> bool:
    """Whether ``seat`` gets an undermining turn: a hand to play from and a base to aim at.

    Both are public, so skipping a seat never tells the table what its hand lacks; a seat whose
    cards happen not to fit passes by itself.
    """
    return bool(state.hands[seat]) and bool(targets(state, seat))


def play_undermine(
    state: EuropaState, content: Content, seat: int, action: Action, events: list[Event]
) -> None:
    """Put the card on the target's base (it acts when the build starts) and pay its costs."""
    cid = str(action.arg("card"))
    target = int(action.arg("target"))
    card = content.cards[cid]
    own(state.hands, seat).remove(cid)
    state.undermines[target] = [*state.undermines[target], cid]
    attacker, defender = state.players[seat], state.players[target]
    events.append(
        Event(
            "undermined",
            f"{attacker} undermines {defender}'s base with {card.name}: "
            + ability_text("undermine", card.undermine),
            {"seat": seat, "target": target, "card": cid, "kind": card.undermine.kind},
        )
    )
    pay = str(action.get("discard", "") or "")
    for paid in pay.split(",") if pay else []:
        own(state.hands, seat).remove(paid)
        state.discard = [*state.discard, paid]
        events.append(
            Event(
                "cost_paid",
                f"{attacker} discards {content.cards[paid].name} to pay for it.",
                {"seat": seat, "card": paid},
            )
        )
    key = action.get("plan")
    if key:
        plan = next(c for c in state.plans[target] if content.cards[c].plan.key == key)
        own(state.plans, target).remove(plan)
        # The destroyed card goes face up to the discard pile, so it may be named now.
        state.discard = [*state.discard, plan]
        events.append(
            Event(
                "plan_destroyed",
                f"{defender}'s Future Planning card {content.cards[plan].name} is destroyed.",
                {"seat": target, "card": plan},
            )
        )
