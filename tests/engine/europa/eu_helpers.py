"""Helpers for building Europa Base Alpha states in tests: hands given, bases chosen, dice set."""

from __future__ import annotations

from typing import Any

from engine.core.action import Action
from engine.core.game import Event
from engine.europa import CONTENT, RULES, Content
from engine.europa.state import EuropaState


def new(players: int = 2, seed: int = 1, **options: Any) -> EuropaState:
    state: EuropaState = RULES.setup([f"p{i + 1}" for i in range(players)], options, seed)
    return state


def act(state: EuropaState, seat: int, kind: str, **args: Any) -> tuple[EuropaState, list[Event]]:
    result: tuple[EuropaState, list[Event]] = RULES.apply(state, seat, Action.of(kind, **args))
    return result


def card(part: str, kind: str, **match: Any) -> str:
    """The first card whose ``part`` ability has ``kind`` (and the given parameters)."""
    content: Content = CONTENT
    for c in content.cards.values():
        a = getattr(c, part)
        if a.kind == kind and all(getattr(a, k) == v for k, v in match.items()):
            return c.id
    raise LookupError(f"no card with {part} {kind} {match}")


def give(state: EuropaState, seat: int, *cards: str) -> None:
    """Put ``cards`` in ``seat``'s hand, swapping out other cards so every card stays in one place."""
    for cid in cards:
        if cid in state.hands[seat]:
            continue
        spare = next(c for c in state.hands[seat] if c not in cards)
        for pile in (state.deck, state.discard, *state.hands):
            if cid in pile:
                pile[pile.index(cid)] = spare
                break
        state.hands[seat][state.hands[seat].index(spare)] = cid


def to_undermine(state: EuropaState, bases: dict[int, str]) -> EuropaState:
    """Every seat chooses its base (given ones for ``bases``, else its first card)."""
    for seat in range(state.seats):
        if seat in RULES.to_move(state):
            state, _ = act(state, seat, "choose", card=bases.get(seat, state.hands[seat][0]))
    return state


def pass_all(state: EuropaState) -> EuropaState:
    while state.phase == "undermine":
        state, _ = act(state, state.turn, "pass")
    return state


def to_build(state: EuropaState, bases: dict[int, str]) -> EuropaState:
    return pass_all(to_undermine(state, bases))


def attempt(state: EuropaState, seat: int) -> dict[str, Any]:
    """The seat's build attempt, which the test has just set under way."""
    att = state.attempt[seat]
    assert att is not None
    return att


def set_dice(state: EuropaState, seat: int, faces: list[list[str]], kept: bool = False) -> None:
    """Show ``faces`` on the seat's first dice (as after a roll)."""
    att = state.attempt[seat]
    assert att is not None
    for die, face in zip(att["dice"], faces, strict=False):
        die["f"] = list(face)
        die["k"] = kept


def meet(state: EuropaState, seat: int) -> None:
    """Make the seat's dice show exactly what its base needs (one result per die)."""
    att = state.attempt[seat]
    assert att is not None
    need = [s for s, n in CONTENT.cards[att["card"]].needs.items() for _ in range(n)]
    faces = [[s] for s in need] + [["bunker"]] * (len(att["dice"]) - len(need))
    set_dice(state, seat, faces)


def miss(state: EuropaState, seat: int) -> None:
    """Make the seat's dice show nothing its base needs and no Star."""
    att = state.attempt[seat]
    assert att is not None
    need = CONTENT.cards[att["card"]].needs
    useless = next(s for s in ("command", "transport", "tower", "silo", "bunker") if s not in need)
    set_dice(state, seat, [[useless]] * len(att["dice"]))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def small(max_size: int = 3, exclude: tuple[str, ...] = ()) -> str:
    """A card whose base needs few results (easy to meet with set dice)."""
    content: Content = CONTENT
    return next(
        c.id for c in content.cards.values() if c.size <= max_size and not c.invader and c.id not in exclude
    )


def fail_seat(state: EuropaState, seat: int) -> EuropaState:
    """Roll once, show nothing useful, end the main rolls and give up if anything could still help."""
    state, _ = act(state, seat, "roll")
    miss(state, seat)
    state, _ = act(state, seat, "stop")
    if state.attempt[seat] is not None:
        state, _ = act(state, seat, "give_up")
    return state


def invader_builder(seed: int = 3) -> EuropaState:
    """Seat 1 holds a Future Planning card that may add its Invader die to the main rolls (the only
    way, with an Ingenuity card, the rulebook brings that die in); both seats then start building,
    and seat 1 uses the plan before its first roll."""
    plan = card("plan", "invader_main")
    state = new(2, seed=seed, invaders=True)
    if plan in state.deck:
        state.deck.remove(plan)
    for hand in state.hands:
        if plan in hand:
            hand[hand.index(plan)] = state.deck.pop()
    state.plans[1] = [plan]
    state = to_build(state, {})
    joined: EuropaState = RULES.apply(state, 1, Action.of("use_plan", card=plan))[0]
    return joined


def all_built(players: int = 3, seed: int = 7) -> tuple[EuropaState, list[str]]:
    """Every seat has built its first base (dice set by hand): step 4 is open, from First in Flight."""
    bases: list[str] = []
    while len(bases) < players:
        bases.append(small(exclude=tuple(bases)))
    state = new(players, seed=seed)
    for seat, base in enumerate(bases):
        give(state, seat, base)
    state = to_build(state, dict(enumerate(bases)))
    for seat in range(players):
        state, _ = act(state, seat, "roll")
        meet(state, seat)
        state, _ = act(state, seat, "build")
    return state, bases
