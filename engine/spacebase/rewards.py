"""Which rewards an activation gives (arrows followed one step) and granting them to a player."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, Final

from engine.core.game import Event
from engine.core.words import listed
from engine.spacebase.board import add_charge, chargeable
from engine.spacebase.model import CHOICES, OPTIONAL, SECTORS, Content, Reward, Side, bonus_ignores
from engine.spacebase.state import Board, Json, Options, SpaceState

Gain = tuple[str, Reward]
# What a rewards event names besides amounts: the choices a reward opened (by its label), a swap
# with a neighbour (a choice too) and the win; the win reads better in these words.
NAMED: Final = frozenset({*CHOICES, "swap_neighbor", "win"})
NAMED_WORDS: Final = {"win": "the win of the game"}


def option_sectors(dice: list[int], option: str) -> list[int]:
    """The sectors an option activates: the sum, or each die (a double activates its sector twice)."""
    return [dice[0] + dice[1]] if option == "sum" else [dice[0], dice[1]]


def section_cards(board: Board, content: Content, sector: int, section: str) -> Sequence[str]:
    """The cards whose ``section`` rewards a sector gives: the station ship (blue), or the deployed
    stack plus a colony's own deployed-side rewards (red)."""
    if not 1 <= sector <= SECTORS:
        return ()
    station = board.station[sector - 1]
    if section == "blue":
        return () if station is None or station in content.colony_ids else (station,)
    stack = board.deployed[sector - 1]
    if station is not None and station in content.red_colony_ids:
        return (*stack, station)
    return stack


def _plain(board: Board, content: Content, sector: int, section: str) -> list[Gain]:
    """Rewards of a sector without following its arrows (arrows never chain)."""
    sides = content.blue_sides if section == "blue" else content.red_sides
    out: list[Gain] = []
    for card in section_cards(board, content, sector, section):
        out += sides[card].plain
    return out


def gains(board: Board, content: Content, sectors: Sequence[int], section: str, via_sum: bool) -> list[Gain]:
    """Every reward the sectors give ``section``-side, arrows followed one step.

    ``section_cards`` written out: every roll asks this twice for every seat."""
    out: list[Gain] = []
    station = board.station
    if section == "blue":
        # Colonies are left out of ``station_sides``: their station side gives nothing.
        blue = content.station_sides
        for sector in sectors:
            if 1 <= sector <= SECTORS:
                card = station[sector - 1]
                side = None if card is None else blue.get(card)
                if card is None or side is None:
                    continue
                if side.arrows:
                    _follow(out, board, content, card, side, sector, section, via_sum)
                else:
                    out += side.plain
        return out
    red, red_colonies, deployed = content.red_sides, content.red_colony_ids, board.deployed
    for sector in sectors:
        if not 1 <= sector <= SECTORS:
            continue
        # The deployed stack, then a colony's own deployed-side rewards.
        cards = deployed[sector - 1]
        top = station[sector - 1]
        if top is not None and top in red_colonies:
            cards = (*cards, top)
        for card in cards:
            side = red[card]
            if side.arrows:
                _follow(out, board, content, card, side, sector, section, via_sum)
            else:
                out += side.plain
    return out


def roll_options(boards: Sequence[Board], content: Content, d0: int, d1: int, active: int) -> list[Options]:
    """Each seat's ``gains`` of the sum and of each die (station side for the ``active`` seat,
    deployed side for the others), read from tables while no arrow is to be followed and no colony
    gives its own deployed side. Every roll asks this for every seat: the tables and the three
    activated slots are looked up once for all of them."""
    total = d0 + d1
    i, j, k = total - 1, d0 - 1, d1 - 1
    plain, colonies, stacks = content.station_plain, content.red_colony_ids, content.stack_plain
    out: list[Options] = []
    s: tuple[Gain, ...] | None
    a: tuple[Gain, ...] | None
    b: tuple[Gain, ...] | None
    for seat, board in enumerate(boards):
        station = board.station
        blue = seat == active
        if blue:
            s, a, b = plain[station[i]], plain[station[j]], plain[station[k]]
        elif station[i] in colonies or station[j] in colonies or station[k] in colonies:
            s = a = b = None
        else:
            deployed = board.deployed
            ks, ka, kb = deployed[i], deployed[j], deployed[k]
            try:
                s, a, b = stacks[ks], stacks[ka], stacks[kb]
            except KeyError:
                s, a, b = _stack_plain(content, ks), _stack_plain(content, ka), _stack_plain(content, kb)
        if s is None or a is None or b is None:
            section = "blue" if blue else "red"
            out.append(
                (
                    gains(board, content, (total,), section, True),
                    gains(board, content, (d0, d1), section, False),
                )
            )
        else:
            out.append((list(s), [*a, *b]))
    return out


# Deployed stacks met so far are kept up to this many; then the table starts afresh.
STACKS_KEPT: Final = 50_000


def _stack_plain(content: Content, stack: tuple[str, ...]) -> tuple[Gain, ...] | None:
    """The deployed-side gains of a stack (None when a card has an arrow), kept in the content."""
    stacks = content.stack_plain
    if stack in stacks:
        return stacks[stack]
    red = content.red_sides
    out: list[Gain] = []
    found: tuple[Gain, ...] | None = None
    for card in stack:
        side = red[card]
        if side.arrows:
            break
        out += side.plain
    else:
        found = tuple(out)
    if len(stacks) >= STACKS_KEPT:
        stacks.clear()
    stacks[stack] = found
    return found


# Rewards whose amounts simply add up: +4 credits twice is +8 credits once.
ADDITIVE: Final = frozenset({"credits", "income", "vp", "charge"})


def bonus_depth(step: Mapping[str, Any] | None) -> int:
    """How deep in a chain of bonus rolls the pending ``step`` is (0: no step, not a bonus roll)."""
    return int(step.get("depth", 1)) if step else 0


def effective(found: list[Gain], board: Board, content: Content, bonus: int = 0) -> list[Gain]:
    """``found`` as it will be granted to ``board``'s seat: without what a bonus roll ``bonus`` deep
    ignores, each charge cut to the room left on its card (none on a full one), a cube for each
    card with room only when one has room. A choice's button, the test of whose choice matters and
    the AI's values read this, so none of them counts what the grant will not give."""
    out: list[Gain] = []
    room: dict[str, int] = {}
    for card, r in found:
        kind = r.kind
        if bonus and bonus_ignores(kind, bonus):
            continue
        if kind == "charge":
            left = room.get(card)
            if left is None:
                ability = content.cards[card].ability
                left = 0 if ability is None else max(0, ability.need - board.charges.get(card, 0))
            n = min(r.n, left)
            room[card] = left - n
            if n == 0:
                continue
            if n != r.n:
                r = replace(r, n=n)
        elif kind == "charge_all" and not chargeable(board, content):
            continue
        out.append((card, r))
    return out


def same_result(
    a: list[Gain], b: list[Gain], board: Board | None = None, content: Content | None = None, bonus: int = 0
) -> bool:
    """Whether two lists of gains come to the same for a seat (see ``signature``); with ``board``
    and ``content``, as granted to that board (``effective``). Every roll asks this for every seat,
    and most lists hold only credits, income and VP: their totals settle it at once."""
    if a == b:
        return True
    # Credits, income and VP no other reward makes up for: different sums settle it at once.
    sums, others = _sums(a), _sums(b)
    if sums[:3] != others[:3]:
        return False
    if not sums[3] and not others[3]:
        return True
    if board is not None and content is not None:
        a, b = effective(a, board, content, bonus), effective(b, board, content, bonus)
    return signature(a) == signature(b)


def _sums(found: list[Gain]) -> tuple[int, int, int, bool]:
    """The credits, income and VP of ``found``, and whether it holds any other reward."""
    credits = income = vp = 0
    other = False
    for _card, r in found:
        kind = r.kind
        if kind == "credits":
            credits += r.n
        elif kind == "vp":
            vp += r.n
        elif kind == "income":
            income += r.n
        else:
            other = True
    return credits, income, vp, other


def signature(found: list[Gain]) -> tuple[tuple[str, str, int, int], ...]:
    """What a list of gains amounts to, for telling whether two options differ for a seat.

    Credits, income and VP count by their totals, whichever cards give them; only a charge (its
    cubes add up on the card that gave it) or a choice-opening reward depends on the card."""
    totals: dict[tuple[str, str, int], int] = {}
    keyed = []
    for card, r in found:
        if r.kind in ADDITIVE:
            key = (card if r.kind == "charge" else "", r.kind, r.level)
            totals[key] = totals.get(key, 0) + r.n
        else:
            keyed.append((card if r.kind in CHOICES else "", r.kind, r.n, r.level))
    keyed += [(card, kind, n, level) for (card, kind, level), n in totals.items() if n]
    return tuple(sorted(keyed))


def grant(state: SpaceState, content: Content, seat: int, card: str, r: Reward, bonus: int = 0) -> None:
    """Give one reward to ``seat``; a reward with a choice is queued as a pending step.

    In a bonus roll (``bonus``: how deep in a chain of them, 0 for none), rewards touching other
    players, the shipyard or the colonies are ignored, and so is a bonus roll past the chain's end."""
    kind = r.kind
    if bonus_ignores(kind, bonus):
        return
    board = state.board(seat)
    if kind == "credits":
        board.credits += r.n
    elif kind == "income":
        board.income += r.n
    elif kind == "vp":
        board.vp += r.n
    elif kind == "charge":
        add_charge(board, content, card, r.n)
    elif kind == "charge_all":
        for target in chargeable(board, content):
            add_charge(board, content, target, 1)
    elif kind == "cash_out":
        spent, board.credits = board.credits, 0
        board.vp += spent // r.n
    elif kind == "win":
        state.outcome = {"winners": [seat], "reason": "ability", "card": card}
    else:
        queue(state, seat, card, r, depth=bonus + 1)


def queue(state: SpaceState, seat: int, card: str, r: Reward, depth: int = 1) -> None:
    """Open the choice a reward asks for; a bonus roll rolls its dice now (``depth``: its place in a
    chain of them), and a claim from a deck turns its cards up now (off the deck, so nothing else
    deals them meanwhile)."""
    step: Json = {"kind": r.kind, "seat": seat, "card": card, "level": r.level, "n": r.n}
    if r.kind == "shift":
        step["sectors"] = list(r.sectors)
    if r.kind == "bonus_roll":
        rng = state.draw()
        step["dice"] = [rng.d6(), rng.d6()]
        if depth > 1:
            step["depth"] = depth
    if r.kind == "claim_top":
        level = str(r.level)
        deck = state.decks[level]
        if not deck:
            # Nothing to turn up: no step, so an asynchronous game never waits on a bare "pass".
            return
        step["cards"] = list(deck[: r.n])
        state.decks = {**state.decks, level: deck[r.n :]}
    state.pending.append(step)


def grant_all(
    state: SpaceState,
    content: Content,
    seat: int,
    found: list[Gain],
    bonus: int = 0,
    sectors: tuple[int, ...] | None = None,
) -> Event:
    """Grant a list of gains and return one event telling what ``seat`` got (and, when given, the
    activated ``sectors``)."""
    name = state.players[seat]
    if not found:
        # Many seats get nothing from a roll: the same event, without touching the board.
        return rewards_event(name, seat, 0, 0, 0, 0, 0, sectors)
    # Taken once for every reward: a grant only ever hands this same board on.
    board = state.board(seat)
    # Most lists hold only plain amounts, added up at once; any other reward sends the whole list
    # the long way, in order (cash_out spends the credits gained before it).
    credits, income, vp, other = _sums(found)
    if other:
        credits, income, vp, charges = _grant_each(state, content, seat, board, found, bonus)
        # The choices it opened, so the event never reads "nothing" for a claim or a bonus roll.
        named = [r for _card, r in found if r.kind in NAMED and not bonus_ignores(r.kind, bonus)]
        opened = tuple(NAMED_WORDS.get(r.kind) or r.label() for r in named)
        # A trade has no pass: it is told as what the player must do, not may.
        must = tuple(r.label() for r in named if r.kind in CHOICES and r.kind not in OPTIONAL)
        return rewards_event(name, seat, credits, income, vp, charges, len(found), sectors, opened, must)
    board.credits += credits
    board.income += income
    board.vp += vp
    return rewards_event(name, seat, credits, income, vp, 0, len(found), sectors)


@lru_cache(maxsize=4096)
def rewards_event(
    name: str,
    seat: int,
    credits: int,
    income: int,
    vp: int,
    charges: int,
    count: int,
    sectors: tuple[int, ...] | None,
    opened: tuple[str, ...] = (),
    must: tuple[str, ...] = (),
) -> Event:
    """The event telling what a seat gained. Every reveal makes one per seat, and the same few
    totals come up all game: an event is an immutable value, so one made earlier is handed out
    again (about a sixth of the cost of building it)."""
    data: Json = {
        "seat": seat,
        "credits": credits,
        "income": income,
        "vp": vp,
        "charges": charges,
        "count": count,
    }
    if sectors is not None:
        data["sectors"] = list(sectors)
    if opened:
        data["opened"] = list(opened)
    return Event("rewards", name + _gained(credits, income, vp, charges, opened, must), data)


@lru_cache(maxsize=1024)
def _gained(
    credits: int, income: int, vp: int, charges: int, opened: tuple[str, ...] = (), must: tuple[str, ...] = ()
) -> str:
    """What a rewards event says after the player's name; credits lost are spent (cash-out).

    Kept apart from ``rewards_event``, whose key holds the player and the sectors too: the same
    few sentences come up for every player and roll."""
    parts = []
    if credits > 0:
        parts.append(f"{credits:+d} credit{'' if credits == 1 else 's'}")
    if income:
        parts.append(f"{income:+d} income")
    if vp:
        parts.append(f"{vp:+d} VP")
    if charges:
        parts.append(f"{charges:+d} charge{'' if abs(charges) == 1 else 's'}")
    # A choice is told as what the player may now do ("may claim a level 1 card"), or must (a trade
    # has no pass), in the third person; a bonus roll, a sector's rewards or the win read as gains.
    verbs: list[str] = []
    musts: list[str] = []
    for item in opened:
        if item.startswith(("a ", "an ", "the ")):
            parts.append(item)
        else:
            (musts if item in must else verbs).append(item.replace(" your ", " their "))
    clauses = [f"gains {listed(parts)}" if parts else "", f"must {listed(musts)}" if musts else ""]
    clauses.append(f"may {listed(verbs)}" if verbs else "")
    kept = [clause for clause in clauses if clause]
    said = f" {listed(kept)}" if kept else ""
    if credits < 0:
        spent = f" spends {-credits} credit{'' if credits == -1 else 's'}"
        return f"{spent} and{said}." if said else f"{spent}."
    return f"{said}." if said else " gains nothing new."


def _grant_each(
    state: SpaceState, content: Content, seat: int, board: Board, found: list[Gain], bonus: int
) -> tuple[int, int, int, int]:
    """Grant every gain in order; returns the changes of credits, income, vp and charge cubes."""
    credits, income, vp, charges = board.credits, board.income, board.vp, sum(board.charges.values())
    for card, r in found:
        kind = r.kind
        if kind == "credits":
            board.credits += r.n
        elif kind == "vp":
            board.vp += r.n
        elif kind == "income":
            board.income += r.n
        else:
            grant(state, content, seat, card, r, bonus)
    return (
        board.credits - credits,
        board.income - income,
        board.vp - vp,
        sum(board.charges.values()) - charges,
    )


def _follow(
    out: list[Gain],
    board: Board,
    content: Content,
    card: str,
    side: Side,
    sector: int,
    section: str,
    via_sum: bool,
) -> None:
    other = "red" if section == "blue" else "blue"
    for r in side.rewards:
        if r.kind == "arrow":
            out += _plain(board, content, sector + r.dir, section)
        elif r.kind == "dice_arrow":
            out += _plain(board, content, sector + 1, section) if via_sum else []
        elif r.kind == "diag":
            out += _plain(board, content, sector + r.dir, other)
        else:
            out.append((card, r))
