"""How an action answering the head of the pending queue (a claim, an extra buy, a cube moved, a
bonus roll, an exchange, a trade...) changes the game; ``engine.spacebase.pending`` lists them."""

from __future__ import annotations

from engine.core.action import Action
from engine.core.game import Event
from engine.spacebase.board import add_charge, colony_at, deploy_to, locate, place, remove
from engine.spacebase.model import Content
from engine.spacebase.rewards import gains, grant_all
from engine.spacebase.setup import refill
from engine.spacebase.state import Board, Json, SpaceState
from engine.spacebase.turn import acquire, bonus_choose, buy


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
