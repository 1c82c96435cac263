"""AI policies: ``random`` (any game move) and ``greedy`` (a one-step value estimate).

The greedy policy plays AI and away seats, settles auto seats' activation choices and gives
``timeout_action``; its tie-breaks use the RNG it is handed, never the game's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.core.action import Action
from engine.core.rng import Rng
from engine.spacebase.legal import CHOOSE
from engine.spacebase.model import CHOICES, GOAL_VP, SECTORS, Card, Content, Reward
from engine.spacebase.rewards import Gain, bonus_depth, effective, gains, option_sectors
from engine.spacebase.state import SpaceState

Policy = Callable[[Content, SpaceState, int, list[Action], Rng], Action]
PREFERENCES: Final = ("auto", "away", "back")
SUM, EACH = CHOOSE
# Chance that any one sector is activated by a roll for a player taking the better option.
REACH: Final = tuple(
    (11 / 36 if s <= 6 else 0.0) + ((6 - abs(s - 7)) / 36 if s >= 2 else 0.0) for s in range(1, SECTORS + 1)
)
CHOICE_VALUE: Final = {
    "claim": 5.0,
    "claim_top": 5.0,
    "buy": 2.0,
    "move_charge": 1.0,
    "bonus_roll": 4.0,
    "exchange": 1.0,
}


def random_policy(content: Content, state: SpaceState, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Any game move, preferences left alone while a game move exists."""
    moves = [a for a in actions if a.kind not in PREFERENCES] or actions
    return rng.choice(moves)


def buyer_policy(content: Content, state: SpaceState, seat: int, actions: list[Action], rng: Rng) -> Action:
    """A random game move, except that an open buy takes one of the dearest cards on offer.

    A uniformly random player buys rarely and badly, so its games run 300 to 600 moves; this one's
    games end about as soon as real ones do (the bench plays it)."""
    if actions and actions[0] is SUM:
        # An activation choice (the commonest move): the two options, then preferences only.
        return SUM if rng.randint(0, 1) == 0 else EACH
    # One pass keeps the other game moves and the dearest buys so far (in the order listed).
    moves: list[Action] = []
    buys: list[Action] = []
    top, costs = 0, content.costs
    for a in actions:
        kind = a.kind
        if kind == "buy" or kind == "take":
            # Their arguments in name order are the card, then the sector.
            cost = costs[str(a.args[0][1])]
            if not buys or cost > top:
                buys, top = [a], cost
            elif cost == top:
                buys.append(a)
        elif kind not in PREFERENCES:
            moves.append(a)
    if buys:
        return rng.choice(buys)
    return rng.choice(moves or actions)


def horizon(state: SpaceState) -> float:
    """Own turns a new card is likely to work for: fewer as the leader nears the goal."""
    lead = max(b.vp for b in state.boards)
    return max(1.0, min(8.0, (GOAL_VP - lead) / 4))


def reward_value(content: Content, r: Reward, h: float) -> float:
    if r.kind == "credits":
        return 1.0 * r.n
    if r.kind == "income":
        return min(h, 5.0) * r.n
    if r.kind == "vp":
        return 3.0 * r.n
    if r.kind in ("charge", "charge_all"):
        return 2.0 * r.n
    if r.kind == "win":
        # Worth a large lead, not the game: its many cubes rarely all arrive before the end.
        return 40.0
    return CHOICE_VALUE.get(r.kind, 2.0)


def gains_value(content: Content, found: list[Gain], h: float) -> float:
    return sum(reward_value(content, r, h) for _, r in found)


def _side(content: Content, card: str | None, side: str, h: float) -> float:
    if card is None:
        return 0.0
    info = content.cards[card]
    rewards = info.blue if side == "blue" else info.red
    return sum(reward_value(content, r, h) for r in rewards)


def card_value(content: Content, state: SpaceState, seat: int, card: Card, sector: int, h: float) -> float:
    """What adding ``card`` at ``sector`` is worth over the game's likely rest of ``h`` turns."""
    old = state.boards[seat].station[sector - 1]
    reach = REACH[sector - 1]
    others = len(state.players) - 1
    now = sum(reward_value(content, r, h) for r in (*card.immediate, *card.end_turn, *card.shared))
    if card.ability is not None:
        now += sum(reward_value(content, r, h) for r in card.ability.effects) / card.ability.need
    lost = _side(content, old, "blue", h) * reach * h
    gained = _side(content, card.id, "blue", h) * reach * h
    deployed = _side(content, old, "red", h) * reach * h * others * 0.7
    return now + gained - lost + deployed


def score(content: Content, state: SpaceState, seat: int, action: Action, h: float) -> float:
    kind = action.kind
    board = state.boards[seat]
    if kind == "use" and state.phase == "roll":
        # Credits come with the roll: an ability (an extra buy above all) is better used after it.
        return -1.0
    if kind in ("use", "claim_colony"):
        return 500.0
    if kind == "deploy" and state.pending and state.pending[0]["kind"] == "receive":
        return received_value(content, state, h)
    if kind in ("buy", "take"):
        info = content.cards[str(action.arg("card"))]
        value = card_value(content, state, seat, info, int(action.arg("sector")), h)
        spent = board.credits if kind == "buy" else (info.cost if state.pending[0]["kind"] == "buy" else 0)
        return value - 0.25 * spent + (5.0 if kind == "take" else 0.0)
    if kind == "choose":
        dice = state.pending[0]["dice"] if state.pending else state.dice
        section = "blue" if seat == state.active or state.pending else "red"
        option = str(action.arg("option"))
        found = gains(board, content, option_sectors(dice, option), section, option == "sum")
        # Valued as granted: a bonus roll ignores claims and buys, a full card takes no cube.
        bonus = bonus_depth(state.pending[0] if state.pending else None)
        return gains_value(content, effective(found, board, content, bonus), h)
    if kind == "keep":
        cards = [c for c in str(action.arg("cards")).split(",") if c]
        return sum(card_value(content, state, seat, content.cards[c], content.sector_of(c), h) for c in cards)
    if kind == "pick_sector":
        found = gains(board, content, [int(action.arg("sector"))], "red", False)
        return gains_value(content, found, h)
    if kind == "move_charge":
        dst = str(action.arg("dst"))
        ability = content.cards[dst].ability
        return 2.0 if ability is not None and board.charges.get(dst, 0) + 1 >= ability.need else 0.5
    if kind == "give":
        card = str(action.arg("card"))
        return (
            -_side(content, card, "blue", h) - _side(content, card, "red", h) - content.cards[card].cost / 4
        )
    if kind in ("end", "skip"):
        return 0.0
    return 0.1


def received_value(content: Content, state: SpaceState, h: float) -> float:
    """Deploying a ship given in a trade rather than keeping it on station (where it pushed the
    old station card down): its red side against the swap of station cards."""
    step = state.pending[0]
    card, old = str(step["card"]), step.get("old")
    reach = REACH[int(step["sector"]) - 1] * h
    others = len(state.players) - 1
    kept = _side(content, card, "blue", h) - _side(content, old, "blue", h)
    kept += _side(content, old, "red", h) * others * 0.7
    return (_side(content, card, "red", h) * others * 0.7 - kept) * reach


def greedy_policy(content: Content, state: SpaceState, seat: int, actions: list[Action], rng: Rng) -> Action:
    """The game move with the best one-step value; ties broken by ``rng``."""
    moves = [a for a in actions if a.kind not in PREFERENCES] or actions
    h = horizon(state)
    scored = [(score(content, state, seat, a, h), a) for a in moves]
    best = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v >= best - 1e-9])


def auto_choice(content: Content, state: SpaceState, seat: int, actions: list[Action]) -> Action | None:
    """An auto seat's activation choice, unless a charge or a card choice is at stake."""
    chooses = [a for a in actions if a.kind == "choose"]
    if not chooses:
        return None
    dice = state.pending[0]["dice"] if state.pending else state.dice
    section = "blue" if seat == state.active or state.pending else "red"
    board = state.boards[seat]
    bonus = bonus_depth(state.pending[0] if state.pending else None)
    for a in chooses:
        option = str(a.arg("option"))
        found = gains(board, content, option_sectors(dice, option), section, option == "sum")
        # As granted: a claim a bonus roll ignores, or a cube a full card cannot take, is no stake.
        if any(r.kind == "charge" or r.kind in CHOICES for _, r in effective(found, board, content, bonus)):
            return None
    h = horizon(state)
    scored = [(score(content, state, seat, a, h), a) for a in chooses]
    return max(scored, key=lambda pair: pair[0])[1]


POLICIES: Final[dict[str, Policy]] = {"random": random_policy, "buyer": buyer_policy, "greedy": greedy_policy}
