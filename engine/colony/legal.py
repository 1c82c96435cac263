"""Every legal action, by phase: the one source of truth for apply, buttons and policies."""

from __future__ import annotations

from itertools import combinations

from engine.colony.abilities import special_actions
from engine.colony.cards import play_actions
from engine.colony.derive import (
    distinct,
    has_issue,
    module_production,
    neighbours,
    production,
    repairable,
    shifted,
    within,
)
from engine.colony.model import HUB, RESOURCE_OF, RESOURCES, Content
from engine.colony.state import ColonyState
from engine.core.action import Action

TURN_KINDS = (
    "draw",
    "give",
    "take",
    "deploy",
    "move",
    "generate",
    "repair",
    "switch",
    "recover",
    "special",
)


def legal(state: ColonyState, content: Content, seat: int, kind: str | None = None) -> list[Action]:
    """The legal actions of ``seat`` now; with ``kind`` only actions of that kind."""
    if state.outcome is not None:
        return []
    if state.phase == "draft":
        if state.characters[seat] is not None:
            return []
        return [Action.of("choose_character", character=c) for c in state.dealt[seat]]
    out: list[Action] = []
    if kind in (None, "play"):
        out += play_actions(state, content, seat)
    pending = state.pending
    if pending is not None:
        if pending["kind"] == "discard" and pending["seat"] == seat:
            out += [Action.of("discard", card=c) for c in sorted(set(state.hands[seat]))]
        if pending["kind"] == "place" and state.seat == seat:
            out += [Action.of("place", at=at) for at in pending["options"]]
        return out
    if state.phase != "actions" or seat != state.seat:
        return out
    if state.actions_left > 0:
        for name in TURN_KINDS if kind is None else (kind,):
            maker = MAKERS.get(name)
            if maker is not None:
                out += maker(state, content, seat)
    if kind in (None, "end_turn"):
        out.append(Action.of("end_turn"))
    return out


def _draw(state: ColonyState, content: Content, seat: int) -> list[Action]:
    return [Action.of("draw")] if state.deck or state.discard else []


def _mates(state: ColonyState, seat: int) -> list[int]:
    return [s for s in range(len(state.players)) if s != seat and state.pawns[s] == state.pawns[seat]]


def _give(state: ColonyState, content: Content, seat: int) -> list[Action]:
    cards = distinct(state.hands[seat])
    return [Action.of("give", card=c, seat=s) for s in _mates(state, seat) for c in cards]


def _take(state: ColonyState, content: Content, seat: int) -> list[Action]:
    return [Action.of("take", card=c, seat=s) for s in _mates(state, seat) for c in distinct(state.hands[s])]


def payments(content: Content, cost: dict[str, int], hand: list[str]) -> list[str]:
    """Every distinct way to pay ``cost`` from ``hand`` (Plans are wild), as sorted comma lists."""
    size = sum(cost.values())
    useful = sorted(c for c in hand if content.cards[c].type == "plan" or content.cards[c].colour in cost)
    found: set[str] = set()
    for combo in combinations(useful, size):
        need = dict(cost)
        ok = True
        for c in combo:
            colour = content.cards[c].colour
            if content.cards[c].type == "plan":
                continue
            if colour is None or need.get(colour, 0) == 0:
                ok = False
                break
            need[colour] -= 1
        if ok:
            found.add(",".join(combo))
    return sorted(found)


def _deploy(state: ColonyState, content: Content, seat: int) -> list[Action]:
    here = state.pawns[seat]
    free = [n for n in neighbours(here) if n not in state.grid]
    if not free:
        return []
    levels = production(state, content)
    out: list[Action] = []
    hand = state.hands[seat]
    for module in distinct(hand):
        card = content.cards[module]
        if card.type != "module":
            continue
        if not within(shifted(levels, module_production(content, state.scenario, module))):
            continue
        rest = list(hand)
        rest.remove(module)
        for pay in payments(content, dict(card.cost), rest):
            out += [Action.of("deploy", card=module, at=at, pay=pay) for at in free]
    return out


def _move(state: ColonyState, content: Content, seat: int) -> list[Action]:
    if has_issue(state, content, seat, "no_move"):
        return []
    return [Action.of("move", at=n) for n in neighbours(state.pawns[seat]) if n in state.grid]


def _generate(state: ColonyState, content: Content, seat: int) -> list[Action]:
    if has_issue(state, content, seat, "no_generate"):
        return []
    out: list[Action] = []
    for c in distinct(state.hands[seat]):
        colour = content.cards[c].colour
        targets = RESOURCES if colour is None else (RESOURCE_OF[colour],)
        out += [Action.of("generate", card=c, resource=r) for r in targets]
    return out


def _repair(state: ColonyState, content: Content, seat: int) -> list[Action]:
    return [Action.of("repair", token=t) for t in repairable(state, content, state.pawns[seat])]


def _switch(state: ColonyState, content: Content, seat: int) -> list[Action]:
    module = state.grid[state.pawns[seat]]
    if module["card"] == HUB:
        return []
    change = module_production(content, state.scenario, module["card"])
    sign = 1 if module["off"] else -1
    return [Action.of("switch")] if within(shifted(production(state, content), change, sign)) else []


def _recover(state: ColonyState, content: Content, seat: int) -> list[Action]:
    if not state.health[seat]:
        return []
    pairs = sorted({",".join(p) for p in combinations(sorted(state.hands[seat]), 2)})
    return [Action.of("recover", issue=i, pay=p) for i in distinct(state.health[seat]) for p in pairs]


def _special(state: ColonyState, content: Content, seat: int) -> list[Action]:
    if has_issue(state, content, seat, "no_special"):
        return []
    return special_actions(state, content, seat)


MAKERS = {
    "draw": _draw,
    "give": _give,
    "take": _take,
    "deploy": _deploy,
    "move": _move,
    "generate": _generate,
    "repair": _repair,
    "switch": _switch,
    "recover": _recover,
    "special": _special,
}
