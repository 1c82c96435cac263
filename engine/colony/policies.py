"""Simple policies for the balance simulation: uniform random, and a cooperative greedy player."""

from __future__ import annotations

from collections.abc import Callable

from engine.colony.derive import module_production, neighbours, production, tokens
from engine.colony.model import RESOURCES, Content
from engine.colony.state import ColonyState
from engine.core.action import Action
from engine.core.rng import Rng

Policy = Callable[[Content, ColonyState, int, list[Action], Rng], Action]

PREFERRED = ("quartermaster", "engineer", "chemist", "pilot", "medic", "scavenger", "courier")


def random_policy(content: Content, state: ColonyState, seat: int, actions: list[Action], rng: Rng) -> Action:
    return rng.choice(actions)


def deficit(levels: dict[str, int]) -> int:
    return sum(min(0, v) for v in levels.values())


def card_value(content: Content, state: ColonyState, seat: int, cid: str) -> int:
    """How much a card is worth keeping: Plans most, useful modules next, colours modules need."""
    card = content.cards[cid]
    if card.type == "plan":
        return 20
    levels = production(state, content)
    if card.type == "module":
        after = {r: levels[r] + module_production(content, state.scenario, cid).get(r, 0) for r in RESOURCES}
        return 8 + 3 * (deficit(after) - deficit(levels))
    needed = {
        c for m in state.hands[seat] if content.cards[m].type == "module" for c in content.cards[m].cost
    }
    return 4 + (5 if card.colour in needed else 0)


def greedy_policy(content: Content, state: ColonyState, seat: int, actions: list[Action], rng: Rng) -> Action:
    by: dict[str, list[Action]] = {}
    for a in actions:
        by.setdefault(a.kind, []).append(a)
    if "choose_character" in by:
        ranked = sorted(by["choose_character"], key=lambda a: _rank(str(a.arg("character"))))
        return ranked[0]
    if "discard" in by:
        return min(by["discard"], key=lambda a: card_value(content, state, seat, str(a.arg("card"))))
    if "place" in by:
        return by["place"][-1]
    # With no action left only a card's effect can still help this turn; repositioning or drawing
    # would spend a card for nothing, so the turn ends.
    steps = (
        (_rescue, _deploy, _repair, _heal, _reposition, _draw)
        if state.actions_left
        else (_rescue, _repair, _heal)
    )
    for step in steps:
        chosen = step(content, state, seat, by)
        if chosen is not None:
            return chosen
    return by["end_turn"][0] if "end_turn" in by else actions[0]


def _rank(character: str) -> int:
    return PREFERRED.index(character) if character in PREFERRED else len(PREFERRED)


def _danger(content: Content, state: ColonyState) -> list[str]:
    """Resources the next resource update would deplete, most urgent first."""
    levels = production(state, content)
    at_risk = [r for r in RESOURCES if state.supplies[r] + levels[r] <= 1]
    return sorted(at_risk, key=lambda r: state.supplies[r] + levels[r])


def _rescue(content: Content, state: ColonyState, seat: int, by: dict[str, list[Action]]) -> Action | None:
    for r in _danger(content, state):
        for a in by.get("play", []):
            card = content.cards[str(a.arg("card"))]
            if (card.effect == "supply" and card.resource == r) or a.get("resource") == r:
                return a
        if state.actions_left <= 2 or state.supplies[r] == 0:
            gens = [a for a in by.get("generate", []) if a.get("resource") == r]
            gens += [a for a in by.get("special", []) if a.get("target") == r]
            if gens:
                return min(gens, key=lambda a: _spent(content, state, seat, a))
    return None


def _spent(content: Content, state: ColonyState, seat: int, action: Action) -> int:
    card = action.get("card")
    return 0 if card is None else card_value(content, state, seat, str(card))


def _deploy(content: Content, state: ColonyState, seat: int, by: dict[str, list[Action]]) -> Action | None:
    levels = production(state, content)
    best: tuple[int, int, Action] | None = None
    for a in by.get("deploy", []):
        gain = module_production(content, state.scenario, str(a.arg("card")))
        after = {r: levels[r] + gain.get(r, 0) for r in RESOURCES}
        improvement = deficit(after) - deficit(levels)
        if improvement <= 0:
            continue
        cost = sum(card_value(content, state, seat, c) for c in str(a.arg("pay")).split(","))
        key = (improvement, -cost)
        if best is None or key > best[:2]:
            best = (improvement, -cost, a)
    return None if best is None else best[2]


def _repair(content: Content, state: ColonyState, seat: int, by: dict[str, list[Action]]) -> Action | None:
    repairs = by.get("repair", []) + [a for a in by.get("special", []) if a.get("token") is not None]
    repairs += [a for a in by.get("play", []) if a.get("token") is not None]
    if repairs:
        return min(repairs, key=lambda a: 0 if a.get("token") == "emergency" else 1)
    return None


def _heal(content: Content, state: ColonyState, seat: int, by: dict[str, list[Action]]) -> Action | None:
    cures = [a for a in by.get("special", []) + by.get("play", []) if a.get("issue") is not None]
    if cures:
        return cures[0]
    if state.health[seat] and len(state.hands[seat]) >= 5 and "recover" in by:
        return min(
            by["recover"],
            key=lambda a: sum(card_value(content, state, seat, c) for c in str(a.arg("pay")).split(",")),
        )
    return None


def _reposition(
    content: Content, state: ColonyState, seat: int, by: dict[str, list[Action]]
) -> Action | None:
    """Walk toward a damaged module, or out of a crowded spot when a module is ready to deploy."""
    here = state.pawns[seat]
    targets = [at for at, m in state.grid.items() if tokens(m)]
    if (
        not targets
        and _ready(content, state, seat)
        and not any(n not in state.grid for n in neighbours(here))
    ):
        targets = [at for at in state.grid if any(n not in state.grid for n in neighbours(at))]
    if not targets:
        return None
    moves = by.get("move", []) + [a for a in by.get("special", []) if a.get("at") is not None]
    moves += [a for a in by.get("play", []) if a.get("at") is not None and a.get("token") is None]
    moves = [a for a in moves if a.get("seat") in (None, seat)]
    if not moves:
        return None
    return min(moves, key=lambda a: min(_distance(str(a.arg("at")), t) for t in targets))


def _ready(content: Content, state: ColonyState, seat: int) -> bool:
    hand = state.hands[seat]
    plans = sum(1 for c in hand if content.cards[c].type == "plan")
    for m in hand:
        card = content.cards[m]
        if card.type == "module":
            have = sum(
                min(n, sum(1 for c in hand if c != m and content.cards[c].colour == col))
                for col, n in card.cost.items()
            )
            if have + plans >= card.cost_size:
                return True
    return False


def _distance(a: str, b: str) -> int:
    ax, ay = (int(v) for v in a.split(","))
    bx, by_ = (int(v) for v in b.split(","))
    return abs(ax - bx) + abs(ay - by_)


def _draw(content: Content, state: ColonyState, seat: int, by: dict[str, list[Action]]) -> Action | None:
    specials = [a for a in by.get("special", []) if not a.args]
    if specials and state.characters[seat] == "quartermaster":
        return specials[0]
    if "draw" in by:
        return by["draw"][0]
    low = min(RESOURCES, key=lambda r: state.supplies[r])
    gens = [a for a in by.get("generate", []) if a.get("resource") == low]
    return gens[0] if gens else None


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}
