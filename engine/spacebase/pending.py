"""Choices a reward opened (claim, extra buy, move a cube, bonus roll, exchanges, trades...):
their legal actions and how each resolves. Only the head of the queue is open."""

from __future__ import annotations

from functools import lru_cache

from engine.core.action import Action
from engine.core.game import Event
from engine.spacebase.board import add_charge, colony_at, deploy_to, locate, owned, place, remove
from engine.spacebase.model import SECTORS, Content
from engine.spacebase.rewards import gains, grant_all
from engine.spacebase.setup import refill
from engine.spacebase.state import Board, Json, SpaceState
from engine.spacebase.turn import OPTIONS, acquire, bonus_choose, buy

SKIP = Action.of("skip")
BONUS_CHOICES = [Action.of("choose", option=o) for o in OPTIONS]
PICKS = [Action.of("pick_sector", sector=s) for s in range(1, SECTORS + 1)]
# No sector closed to buys: a console without colonies.
NONE_CLOSED: frozenset[int] = frozenset()
# Steps that may be declined with ``skip``; a bonus roll, red-sector picks and trades must be made.
OPTIONAL = (
    "claim",
    "claim_top",
    "buy",
    "move_charge",
    "exchange",
    "swap_neighbor",
    "shift",
    "deploy",
    "receive",
)


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
NEVER_EMPTY = frozenset({"bonus_roll", "claim_top", "red_sectors", "receive"})


def no_choice(state: SpaceState, content: Content) -> bool:
    """Whether the head step offers nothing but to pass (worked out cheaply for claims and buys,
    which a turn queues often; the rare rearranging steps list their moves)."""
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
    return pending_actions(state, content) == [SKIP]


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
        sources = [c for c, n in board.charges.items() if n > 0 and locate(board, c) is not None]
        targets = [c for c in owned(board) if content.cards[c].ability is not None]
        out = [
            Action("move_charge", (("dst", d), ("src", s)))
            for s in sorted(sources)
            for d in targets
            if d != s and board.charges.get(d, 0) < _need(content, d)
        ]
    elif kind in ("exchange", "swap_neighbor"):
        out = [_exchange(a, b) for a, b in _exchanges(state, content, step)]
    elif kind == "shift":
        out = _shifts(state, step)
    elif kind == "red_sectors":
        # Two sectors are two different ones: a sector already picked is not offered again.
        picked = step.get("picked")
        return [a for a in PICKS if a.get("sector") not in picked] if picked else list(PICKS)
    elif kind == "trade":
        others = [s for s in range(len(state.players)) if s != seat]
        cards = list(dict.fromkeys(owned(board)))
        return [Action("give", (("card", c), ("seat", o))) for o in others for c in cards] or [SKIP]
    elif kind == "trade_back":
        # Only the very card received is barred: the player's own copy of the same starter may go.
        cards = owned(board)
        if step["card"] in cards:
            cards.remove(str(step["card"]))
        to = int(step["to"])
        return [Action("give", (("card", c), ("seat", to))) for c in dict.fromkeys(cards)] or [SKIP]
    elif kind == "receive":
        out = [Action.of("deploy", card=str(step["card"]))]
    elif kind == "deploy":
        out = [
            Action.of("deploy", card=c)
            for c in board.station
            if c is not None and not content.cards[c].is_colony
        ]
    return [*out, SKIP] if kind in OPTIONAL else out


def _need(content: Content, card: str) -> int:
    ability = content.cards[card].ability
    return 0 if ability is None else ability.need


def _ships(state: SpaceState, content: Content, seat: int) -> list[str]:
    return [c for c in owned(state.boards[seat]) if not content.cards[c].is_colony]


@lru_cache(maxsize=16384)
def _exchange(a: str, b: str) -> Action:
    """The move swapping ``a`` and ``b``. An exchange lists every pair of a console's ships (a few
    hundred late in a game), so each move is built once and handed out again (actions are values)."""
    return Action("exchange", (("a", a), ("b", b)))


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
        for card in stack:
            targets = step["sectors"] or [i, i + 2]
            out += [
                Action.of("shift", card=card, sector=s) for s in targets if 1 <= s <= SECTORS and s != i + 1
            ]
    return out


def exchange(state: SpaceState, seat: int, a: str, b: str) -> None:
    """Swap the places of two cards on ``seat``'s console (station or deployed)."""
    board = state.board(seat)
    la, lb = locate(board, a), locate(board, b)
    assert la is not None and lb is not None
    _put(board.station, board.deployed, la, a, b)
    _put(board.station, board.deployed, lb, b, a)


def _put(
    station: list[str | None], deployed: list[tuple[str, ...]], where: tuple[str, int], old: str, new: str
) -> None:
    spot, sector = where
    if spot == "station":
        station[sector - 1] = new
    else:
        stack = list(deployed[sector - 1])
        stack[stack.index(old)] = new
        deployed[sector - 1] = tuple(stack)


def resolve(state: SpaceState, content: Content, seat: int, action: Action) -> list[Event]:
    """Apply a legal action answering the head pending step."""
    kind = action.kind
    if kind == "choose":
        return bonus_choose(state, content, seat, str(action.arg("option")))
    step = state.pending.pop(0)
    name = state.players[seat]
    if kind == "skip":
        if step["kind"] == "claim_top":
            return _return_unclaimed(state, step, name)
        if step["kind"] == "receive":
            ship = content.cards[str(step["card"])].name
            text = f"{name} keeps {ship} on station in sector {step['sector']}."
            return [Event("skipped", text, {"seat": seat})]
        return [Event("skipped", f"{name} passes on {str(step['kind']).replace('_', ' ')}.", {"seat": seat})]
    if kind == "take":
        card, sector = str(action.arg("card")), int(action.arg("sector"))
        if step["kind"] == "claim_top":
            rest = [c for c in step["cards"] if c != card]
            if rest:
                # The others stay turned up for another claim until the player passes.
                state.pending.insert(0, {**step, "cards": rest})
            return acquire(state, content, seat, card, sector, from_deck=True)
        if step["kind"] == "buy":
            return buy(state, content, seat, card, sector, extra=True)
        return acquire(state, content, seat, card, sector)
    board = state.board(seat)
    if kind == "move_charge":
        src, dst = str(action.arg("src")), str(action.arg("dst"))
        board.charges[src] -= 1
        add_charge(board, content, dst, 1)
        text = f"{name} moves a charge cube from {content.cards[src].name} to {content.cards[dst].name}."
        return [Event("charge_moved", text, {"seat": seat, "src": src, "dst": dst})]
    if kind == "exchange":
        a, b = str(action.arg("a")), str(action.arg("b"))
        exchange(state, seat, a, b)
        text = f"{name} swaps {content.cards[a].name} and {content.cards[b].name}."
        return [Event("cards_exchanged", text, {"seat": seat, **action.params})]
    if kind == "shift":
        card, sector = str(action.arg("card")), int(action.arg("sector"))
        remove(board, card, locate(board, card, "deployed"))
        deploy_to(board, sector, card)
        text = f"{name} moves {content.cards[card].name} (deployed) to sector {sector}."
        return [Event("card_moved", text, {"seat": seat, "card": card, "sector": sector})]
    if kind == "pick_sector":
        sector = int(action.arg("sector"))
        if int(step["n"]) > 1:
            picked = [*step.get("picked", []), sector]
            state.pending.insert(0, {**step, "n": int(step["n"]) - 1, "picked": picked})
        return [grant_all(state, content, seat, gains(board, content, [sector], "red", False))]
    if kind == "deploy" and step["kind"] == "receive":
        undo_station(board, step)
        for later in state.pending:
            if later["kind"] == "trade_back" and later["card"] == step["card"]:
                later["received"] = "deployed"
        return [
            Event(
                "card_deployed", f"{name} deploys the ship they were given.", {"seat": seat, **action.params}
            )
        ]
    if kind == "deploy":
        card = str(action.arg("card"))
        where = locate(board, card, "station")
        assert where is not None
        remove(board, card, where)
        deploy_to(board, where[1], card)
        text = f"{name} deploys {content.cards[card].name} from the station of sector {where[1]}."
        return [Event("card_deployed", text, {"seat": seat, "card": card})]
    return give(state, content, seat, step, action)


def _return_unclaimed(state: SpaceState, step: Json, name: str) -> list[Event]:
    """The cards of a claim from a deck left unclaimed go to the bottom of that deck, in order; a
    shipyard row left short while the deck was empty (a card taken meanwhile) is filled again."""
    level, cards = str(step["level"]), [str(c) for c in step["cards"]]
    state.decks = {**state.decks, level: (*state.decks[level], *cards)}
    refill(state, level)
    count = f"{len(cards)} card" + ("s" if len(cards) != 1 else "")
    text = f"{name} claims no more and puts {count} back under the level {level} deck."
    return [Event("cards_returned", text, {"seat": int(step["seat"]), "level": level, "count": len(cards)})]


def undo_station(board: Board, step: Json) -> None:
    """Take a given ship off the station it was placed on, put back the card it pushed down and
    deploy the given ship in that sector instead."""
    i = int(step["sector"]) - 1
    old = step["old"]
    stack = list(board.deployed[i])
    if old is not None:
        # The pushed-down card is the last of the stack.
        del stack[len(stack) - 1 - stack[::-1].index(str(old))]
    board.station[i] = None if old is None else str(old)
    board.deployed[i] = (*stack, str(step["card"]))


def give(state: SpaceState, content: Content, seat: int, step: Json, action: Action) -> list[Event]:
    """One side of a trade: the card moves with its cubes; a deployed card stays deployed."""
    to, card = int(action.arg("seat")), str(action.arg("card"))
    giver, taker = state.board(seat), state.board(to)
    where = locate(giver, card)
    assert where is not None
    if step["kind"] == "trade_back" and card == step["card"]:
        # The player's own copy of the starter it was given goes, never the one it received.
        where = _own_copy(giver, card, str(step.get("received", "station")))
    remove(giver, card, where)
    if card in state.fresh:
        # A card given away before its end-of-turn reward came gives it to no one.
        state.fresh = [c for c in state.fresh if c != card]
    cubes = giver.charges.pop(card, None)
    if cubes is not None:
        taker.charges[card] = cubes
    spot, sector = where
    old = taker.station[sector - 1]
    if spot == "deployed" or (colony_at(taker, content, sector) and content.cards[card].is_colony):
        deploy_to(taker, sector, card)
    elif place(taker, content, card, sector) and not content.cards[card].is_colony:
        # A station ship given may be deployed instead (card 130): placed now, undone on request.
        receive = {"kind": "receive", "seat": to, "card": card, "sector": sector, "old": old}
        state.pending.insert(0, receive)
    if step["kind"] == "trade":
        receiving = bool(state.pending) and state.pending[0]["kind"] == "receive"
        placed = "station" if receiving else "deployed"
        state.pending.insert(
            1 if receiving else 0,
            {"kind": "trade_back", "seat": to, "to": seat, "card": card, "received": placed},
        )
    text = f"{state.players[seat]} gives {content.cards[card].name} to {state.players[to]}."
    return [Event("card_given", text, {"seat": seat, "to": to, "card": card})]


def _own_copy(board: Board, card: str, received: str) -> tuple[str, int]:
    """Where the player's own copy of ``card`` lies, given where the copy it received lies."""
    station = [i + 1 for i, c in enumerate(board.station) if c == card]
    deployed = [i + 1 for i, stack in enumerate(board.deployed) if card in stack]
    if received == "station" and station:
        # The received copy holds the station: the own one is deployed, unless the player has
        # two deployed besides (any of them is the same card in the same place).
        return ("deployed", deployed[-1]) if deployed else ("station", station[0])
    return ("station", station[0]) if station else ("deployed", deployed[-1])
