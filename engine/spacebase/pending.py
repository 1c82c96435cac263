"""Choices a reward opened (claim, extra buy, move a cube, bonus roll, exchanges, trades...):
their legal actions (``engine.spacebase.resolve`` applies them). Only the head of the queue is open."""

from __future__ import annotations

from typing import Final

from engine.core.action import Action
from engine.spacebase.board import colony_at, locate, owned
from engine.spacebase.model import OPTIONAL, SECTORS, Content
from engine.spacebase.state import Board, Json, SpaceState
from engine.spacebase.turn import OPTIONS

SKIP: Final = Action.of("skip")
BONUS_CHOICES: Final = [Action.of("choose", option=o) for o in OPTIONS]
PICKS: Final = [Action.of("pick_sector", sector=s) for s in range(1, SECTORS + 1)]
# No sector closed to buys: a console without colonies.
NONE_CLOSED: Final[frozenset[int]] = frozenset()


def card_actions(
    state: SpaceState, content: Content, seat: int, card: str, kind: str, level: int, cap: int
) -> list[Action]:
    """``kind`` actions taking ``card``: a face-up ship of the level (0: any; 4: none) or, when
    buying (``cap`` >= 0), a colony (level 0 or 4) of at most ``cap``. Claims (cap < 0) are free
    and never take colonies. A ship goes to its own sector, or any from it up for a variable
    sector; a buy may not go where a colony stands, a claim may (the ship is deployed there).
    Empty when the card may not be taken."""
    info = content.cards.get(card)
    if info is None or (cap >= 0 and info.cost > cap):
        return []
    board, moves = state.boards[seat], content.take_moves[kind][card]
    if info.is_colony:
        if cap < 0 or level not in (0, 4) or info.condition is not None or card not in state.colonies:
            return []
        return [] if colony_at(board, content, info.sector) else [moves[0][1]]
    if level not in (0, info.level) or card not in state.shipyard[str(info.level)]:
        return []
    buying = cap >= 0
    return [move for s, move in moves if not (buying and colony_at(board, content, s))]


def buy_actions(
    state: SpaceState, content: Content, seat: int, level: int, kind: str, cap: int
) -> list[Action]:
    """Every ``kind`` action of ``card_actions`` over the shipyard and the colony row (the same
    rules, with the colony sectors found once rather than per card)."""
    buying = cap >= 0
    costs = content.costs
    closed = _closed(state, content, seat) if buying else NONE_CLOSED
    out: list[Action] = []
    if closed:
        # Only a buy closes sectors (a claimed ship may be deployed under a colony).
        moves = content.take_moves[kind]
        for key, row in state.shipyard.items():
            if level and level != int(key):
                continue
            for card in row:
                if costs[card] <= cap:
                    for s, move in moves[card]:
                        if s not in closed:
                            out.append(move)
    else:
        # No sector closed (most consoles): every move of a card is taken, as one ready tuple.
        every = content.take_lists[kind]
        for key, row in state.shipyard.items():
            if level and level != int(key):
                continue
            if buying:
                for card in row:
                    if costs[card] <= cap:
                        out += every[card]
            else:
                for card in row:
                    out += every[card]
    if buying and level in (0, 4) and cap >= content.cheapest_colony:
        # A colony goes to its own sector only; claimed colonies are not bought.
        conditional, moves = content.conditional_ids, content.take_moves[kind]
        for col in state.colonies:
            if col is not None and costs[col] <= cap and col not in conditional:
                ((s, move),) = moves[col]
                if s not in closed:
                    out.append(move)
    return out


def can_buy(state: SpaceState, content: Content, seat: int, cap: int, level: int = 0) -> bool:
    """Whether ``buy_actions`` of a buy of ``level`` (0: any) with ``cap`` credits would list anything."""
    # A sector is closed when a colony holds its station slot (``_closed``, read slot by slot).
    costs, spots, colonies = content.costs, content.spots, content.colony_ids
    station = state.boards[seat].station
    for key, row in state.shipyard.items():
        if level and level != int(key):
            continue
        for card in row:
            if costs[card] <= cap:
                for s in spots[card]:
                    if station[s - 1] not in colonies:
                        return True
    if level not in (0, 4) or cap < content.cheapest_colony:
        return False
    conditional = content.conditional_ids
    return any(
        col is not None
        and costs[col] <= cap
        and col not in conditional
        and station[spots[col][0] - 1] not in colonies
        for col in state.colonies
    )


# Steps whose choice always has an answer: a bonus roll's dice, the cards a claim turned up, the
# deployed-sector picks, a given ship's deploy.
NEVER_EMPTY: Final = frozenset({"bonus_roll", "claim_top", "red_sectors", "receive"})


def no_choice(state: SpaceState, content: Content) -> bool:
    """Whether the head step offers nothing but to pass (worked out cheaply for claims and buys,
    which a turn queues often, and for exchanges, shifts and cube moves, whose moves are many; the
    other rare steps list their moves)."""
    step = state.pending[0]
    kind = str(step["kind"])
    if kind in NEVER_EMPTY:
        return False
    level = int(step.get("level") or 0)
    if kind == "claim":
        return not any(row for key, row in state.shipyard.items() if not level or level == int(key))
    if kind == "buy":
        seat = int(step["seat"])
        return not can_buy(state, content, seat, state.boards[seat].credits, level)
    if kind == "exchange":
        return len(set(_ships(state, content, int(step["seat"])))) < 2
    if kind == "shift":
        return not _can_shift(state, step)
    if kind == "move_charge":
        sources, targets = _charge_moves(state.boards[int(step["seat"])], content)
        return not any(d != s for s in sources for d in targets)
    return pending_actions(state, content) == [SKIP]


def _can_shift(state: SpaceState, step: Json) -> bool:
    """Whether ``_shifts`` lists anything: a deployed card with a sector to move to."""
    deployed = state.boards[int(step["seat"])].deployed
    return any(stack and _shift_targets(step, i) for i, stack in enumerate(deployed))


def _shift_targets(step: Json, index: int) -> list[int]:
    """The sectors a shift may move a card deployed in sector ``index + 1`` to: those the step names
    (a neighbour on either side when it names none), on the console, other than its own."""
    sectors = step["sectors"] or (index, index + 2)
    return [s for s in sectors if 1 <= s <= SECTORS and s != index + 1]


def _closed(state: SpaceState, content: Content, seat: int) -> frozenset[int] | set[int]:
    """The sectors of ``seat``'s console a colony closed to buys."""
    colonies, station = content.colony_ids, state.boards[seat].station
    if colonies.isdisjoint(station):
        # Most consoles hold no colony; this test is a third of the cost of the loop below.
        return NONE_CLOSED
    return {i + 1 for i, c in enumerate(station) if c in colonies}


def pending_actions(state: SpaceState, content: Content) -> list[Action]:
    """The head step's moves. Those listed by the hundred are built as ``Action(kind, args)`` with
    the arguments already in name order, the order ``Action.of`` sorts them into."""
    step = state.pending[0]
    seat, kind = int(step["seat"]), str(step["kind"])
    board = state.boards[seat]
    out: list[Action] = []
    if kind == "claim":
        out = buy_actions(state, content, seat, int(step["level"]), "take", -1)
    elif kind == "buy":
        out = buy_actions(state, content, seat, int(step["level"]), "take", board.credits)
    elif kind == "claim_top":
        # A ship turned up may go wherever a claimed ship may: deployed under a colony too.
        take = content.take_moves["take"]
        out = [move for c in step["cards"] for _, move in take[str(c)]]
    elif kind == "bonus_roll":
        return list(BONUS_CHOICES)
    elif kind == "move_charge":
        sources, targets = _charge_moves(board, content)
        out = [_move("move_charge", "dst", d, "src", s) for s in sorted(sources) for d in targets if d != s]
    elif kind in ("exchange", "swap_neighbor"):
        out = [_move("exchange", "a", a, "b", b) for a, b in _exchanges(state, content, step)]
    elif kind == "shift":
        out = _shifts(state, step)
    elif kind == "red_sectors":
        # Two sectors are two different ones: a sector already picked is not offered again.
        picked = step.get("picked")
        return [a for a in PICKS if a.get("sector") not in picked] if picked else list(PICKS)
    elif kind == "trade":
        others = [s for s in range(len(state.players)) if s != seat]
        cards = list(dict.fromkeys(owned(board)))
        return [_move("give", "card", c, "seat", o) for o in others for c in cards] or [SKIP]
    elif kind == "trade_back":
        # Only the very card received is barred: the player's own copy of the same starter may go.
        cards = owned(board)
        if step["card"] in cards:
            cards.remove(str(step["card"]))
        to = int(step["to"])
        return [_move("give", "card", c, "seat", to) for c in dict.fromkeys(cards)] or [SKIP]
    elif kind == "receive":
        out = [Action.of("deploy", card=str(step["card"]))]
    elif kind == "deploy":
        out = [
            Action.of("deploy", card=c)
            for c in board.station
            if c is not None and not content.cards[c].is_colony
        ]
    return [*out, SKIP] if kind in OPTIONAL else out


def _charge_moves(board: Board, content: Content) -> tuple[list[str], list[str]]:
    """The cards a cube may be moved from (holding one) and to (owned, with room for one): a move
    joins a source to any other target."""
    charges, abilities = board.charges, content.abilities
    sources = [c for c, n in charges.items() if n > 0 and locate(board, c) is not None]
    targets = [c for c in owned(board) if c in abilities and charges.get(c, 0) < abilities[c].need]
    return sources, targets


def _ships(state: SpaceState, content: Content, seat: int) -> list[str]:
    return [c for c in owned(state.boards[seat]) if not content.cards[c].is_colony]


# The moves of two arguments listed by the dozen or the hundred (an exchange lists every pair of a
# console's ships, a trade every card for every other player), each built once and handed out
# again: actions are values. Up to this many are kept; then the table starts afresh.
MOVES_KEPT: Final = 50_000
_MOVES: Final[dict[tuple[str, str, str | int, str, str | int], Action]] = {}


def _move(kind: str, first: str, a: str | int, second: str, b: str | int) -> Action:
    """``Action(kind, ((first, a), (second, b)))``, its arguments already in name order."""
    key = (kind, first, a, second, b)
    move = _MOVES.get(key)
    if move is None:
        if len(_MOVES) >= MOVES_KEPT:
            _MOVES.clear()
        move = _MOVES[key] = Action(kind, ((first, a), (second, b)))
    return move


def _exchanges(state: SpaceState, content: Content, step: Json) -> list[tuple[str, str]]:
    seat = int(step["seat"])
    board = state.boards[seat]
    if step["kind"] == "exchange":
        # Two copies of one starter (one of them traded) swap to no effect: each card once.
        ships = sorted(set(_ships(state, content, seat)))
        return [(a, b) for i, a in enumerate(ships) for b in ships[i + 1 :]]
    me = str(step["card"])
    where = locate(board, me)
    if where is None:
        return []
    spot, sector = where
    out = []
    for other in (sector - 1, sector + 1):
        if not 1 <= other <= SECTORS:
            continue
        target = board.station[other - 1]
        # From the station the ship may swap with a colony; from a deployed spot only with a ship.
        if target is not None and (spot == "station" or not content.cards[target].is_colony):
            out.append((me, target))
    return out


def _shifts(state: SpaceState, step: Json) -> list[Action]:
    board = state.boards[int(step["seat"])]
    out = []
    for i, stack in enumerate(board.deployed):
        targets = _shift_targets(step, i) if stack else []
        for card in stack:
            # ``Action.of("shift", card=card, sector=s)``, its arguments already in name order.
            out += [_move("shift", "card", card, "sector", s) for s in targets]
    return out
