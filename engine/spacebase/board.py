"""Reading and changing one player's console: where a card sits, placing, deploying, charge cubes."""

from __future__ import annotations

from engine.spacebase.model import SECTORS, TIMINGS, Content
from engine.spacebase.state import Board


def locate(board: Board, card: str, spot: str = "") -> tuple[str, int] | None:
    """``("station"|"deployed", sector)`` of ``card`` on ``board``, or None when it is not there.

    ``spot`` ("station" or "deployed") looks only there: a player holding two copies of a starter
    (one of them traded) may have one on station and the other deployed."""
    for i in range(SECTORS):
        if spot != "deployed" and board.station[i] == card:
            return "station", i + 1
        if spot != "station" and card in board.deployed[i]:
            return "deployed", i + 1
    return None


def owned(board: Board) -> list[str]:
    """Every card on the console, station cards first (sector order), then deployed ones."""
    cards = [c for c in board.station if c is not None]
    return cards + [c for stack in board.deployed for c in stack]


def colony_at(board: Board, content: Content, sector: int) -> bool:
    # The colony set (an empty slot is no colony): asked for every claimed colony on offer.
    return board.station[sector - 1] in content.colony_ids


def place(board: Board, content: Content, card: str, sector: int) -> bool:
    """Put ``card`` in ``sector``: on station (the old station card deploys), or deployed straight
    when a colony holds the sector and the card is a ship. Returns whether it went on station."""
    i = sector - 1
    old = board.station[i]
    # The colony set rather than ``colony_at``: every buy places a card.
    colonies = content.colony_ids
    if old in colonies and card not in colonies:
        deploy_to(board, sector, card)
        return False
    if old is not None:
        deploy_to(board, sector, old)
    board.station[i] = card
    return True


def remove(board: Board, card: str, where: tuple[str, int] | None = None) -> None:
    """Take ``card`` off the console (its station slot is left empty); cubes stay with the caller.

    ``where`` picks one copy of a starter the player holds twice (one of them traded)."""
    where = where or locate(board, card)
    if where is None:
        return
    kind, sector = where
    if kind == "station":
        board.station[sector - 1] = None
    else:
        # One copy only: a traded starter may share a stack with the player's own copy.
        stack = list(board.deployed[sector - 1])
        stack.remove(card)
        board.deployed[sector - 1] = tuple(stack)


def deploy_to(board: Board, sector: int, card: str) -> None:
    """Add ``card`` to the deployed stack of ``sector`` (stacks are tuples, replaced, never edited)."""
    board.deployed[sector - 1] = (*board.deployed[sector - 1], card)


def chargeable(board: Board, content: Content) -> list[str]:
    """The charge cards on the console that have room for another cube."""
    out = []
    for card in owned(board):
        ability = content.cards[card].ability
        if ability is not None and board.charges.get(card, 0) < ability.need:
            out.append(card)
    return out


def add_charge(board: Board, content: Content, card: str, n: int) -> int:
    """Add up to ``n`` cubes to ``card`` (never beyond its need); returns how many went on."""
    ability = content.cards[card].ability
    if ability is None:
        return 0
    have = board.charges.get(card, 0)
    added = min(n, ability.need - have)
    if added > 0:
        board.charges[card] = have + added
    return max(added, 0)


def ready(board: Board, content: Content, allowed: tuple[str, ...] = TIMINGS) -> list[str]:
    """Charge cards on the console whose ability is fully charged (and usable on ``allowed``
    turns: "blue" own, "red" others', "green" any)."""
    out = []
    abilities = content.abilities
    for card, cubes in board.charges.items():
        ability = abilities.get(card)
        if (
            ability is not None
            and cubes >= ability.need
            and ability.when in allowed
            and on_board(board, card)
        ):
            out.append(card)
    return out


def on_board(board: Board, card: str) -> bool:
    """``locate(board, card) is not None``, without working out where."""
    return card in board.station or any(card in stack for stack in board.deployed)
