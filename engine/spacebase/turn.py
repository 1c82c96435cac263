"""The active player's turn: roll, activation choices, rewards, buying, abilities and the turn's end."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from engine.core.game import Event
from engine.core.words import listed
from engine.spacebase.board import on_board, place
from engine.spacebase.model import GOAL_VP, MAX_SEATS, Card, Content
from engine.spacebase.rewards import bonus_depth, gains, grant_all, option_sectors, roll_options, same_result
from engine.spacebase.setup import refill
from engine.spacebase.state import SpaceState

OPTIONS: Final = ("sum", "single")
# The keys of ``choices`` by seat.
SEAT_KEYS: Final = tuple(str(s) for s in range(MAX_SEATS))
# After this many extra rounds a tie for the lead is shared rather than played on.
MAX_EXTRA_ROUNDS: Final = 5


def roll(state: SpaceState, content: Content) -> list[Event]:
    """Roll the dice; seats whose choice makes no difference are settled at once."""
    rng = state.draw()
    # Two ``d6`` draws, one call each.
    d0, d1 = rng.randint(1, 6), rng.randint(1, 6)
    state.dice = [d0, d1]
    state.phase = "choose"
    players = state.players
    events = [_rolled(players[state.active], state.active, d0, d1)]
    # Every seat's gains from the sum and from each die: station side for the active seat.
    state.options = options = roll_options(state.boards, content, d0, d1, state.active)
    choices = {}
    boards = state.boards
    for seat, (by_sum, by_die) in enumerate(options):
        # Equal lists amount to the same; others may too (+8 credits from one card, +4 from each of
        # two; a cube for a card already full is none), as granted.
        if same_result(by_sum, by_die, boards[seat], content):
            choices[SEAT_KEYS[seat]] = "sum"
            events.append(automatic(players[seat], seat))
    state.choices = choices
    if len(choices) == len(players):
        events += maybe_resolve(state, content)
    return events


def choose(state: SpaceState, content: Content, seat: int, option: str) -> list[Event]:
    state.choices = {**state.choices, SEAT_KEYS[seat]: option}
    return maybe_resolve(state, content)


def maybe_resolve(state: SpaceState, content: Content) -> list[Event]:
    """Once every seat has chosen, reveal the choices and grant every seat its rewards."""
    players, choices = state.players, state.choices
    count = len(players)
    if len(choices) < count:
        return []
    events = []
    d0, d1 = state.dice
    # A state loaded between the roll and the reveal has not kept the roll's gains.
    options = state.options or roll_options(state.boards, content, d0, d1, state.active)
    active = state.active
    by_sum_sectors, by_die_sectors = (d0 + d1,), (d0, d1)
    for step in range(count):
        seat = (active + step) % count
        option = choices[SEAT_KEYS[seat]]
        by_sum, by_die = options[seat]
        events.append(_revealed(players[seat], seat, option))
        if option == "sum":
            events.append(grant_all(state, content, seat, by_sum, 0, by_sum_sectors))
        else:
            events.append(grant_all(state, content, seat, by_die, 0, by_die_sectors))
    state.phase = "main"
    state.choices, state.options = {}, ()
    return events


# Events are immutable values, and these few come up again and again (by player, seat and dice or
# option): each is built once and handed out again, which costs about a sixth of building it.
@lru_cache(maxsize=1024)
def _rolled(name: str, seat: int, d0: int, d1: int) -> Event:
    text = f"{name} rolls {d0} and {d1}."
    return Event("dice_rolled", text, {"dice": [d0, d1], "seat": seat, "bonus": False})


@lru_cache(maxsize=256)
def automatic(name: str, seat: int) -> Event:
    text = f"{name} gets the same either way; chosen automatically."
    return Event("choice_automatic", text, {"seat": seat})


@lru_cache(maxsize=256)
def _revealed(name: str, seat: int, option: str) -> Event:
    text = f"{name} takes the sum." if option == "sum" else f"{name} takes each die."
    return Event("choice_revealed", text, {"seat": seat, "option": option})


def bonus_same(state: SpaceState, content: Content) -> bool:
    """Whether the head bonus roll's two options grant its seat the same (what the roll ignores
    and cubes a full card cannot take left out)."""
    step = state.pending[0]
    seat, dice, depth = int(step["seat"]), list(step["dice"]), bonus_depth(step)
    board = state.boards[seat]
    by_sum = gains(board, content, option_sectors(dice, "sum"), "blue", True)
    by_die = gains(board, content, option_sectors(dice, "single"), "blue", False)
    return same_result(by_sum, by_die, board, content, depth)


def bonus_choose(state: SpaceState, content: Content, seat: int, option: str) -> list[Event]:
    """Resolve the head bonus roll: the seat gains station rewards as if it were active."""
    step = state.pending.pop(0)
    found = gains(state.boards[seat], content, option_sectors(step["dice"], option), "blue", option == "sum")
    return [grant_all(state, content, seat, found, bonus=bonus_depth(step))]


def acquire(
    state: SpaceState, content: Content, seat: int, card: str, sector: int, *, from_deck: bool = False
) -> list[Event]:
    """Move ``card`` from the shipyard or colony row (or, ``from_deck``, the cards a claim turned up
    from a deck) to ``seat``'s console and resolve what it gives."""
    info = content.cards[card]
    board = state.board(seat)
    if not from_deck:
        _take_from_offer(state, info)
    on_station = place(board, content, card, sector)
    name = state.players[seat]
    where = f"sector {sector}" if on_station else f"sector {sector}, deployed under the colony"
    event = Event("card_gained", f"{name} adds {info.name} to {where}.", {"seat": seat, "card": card})
    # Most cards have neither immediate, end-of-turn nor shared rewards: one test passes them all.
    if info.immediate or info.end_turn or info.shared:
        return [event, *_card_rewards(state, content, seat, card, on_station)]
    return [event]


def _take_from_offer(state: SpaceState, info: Card) -> None:
    """Take a colony off the colony row, or a ship off the shipyard (its row refilled)."""
    if info.is_colony:
        colonies = state.colonies[:]
        colonies[info.sector - 1] = None
        state.colonies = colonies
        return
    level = str(info.level)
    row = state.shipyard[level][:]
    row.remove(info.id)
    state.shipyard = {**state.shipyard, level: row}
    refill(state, level)


def _card_rewards(state: SpaceState, content: Content, seat: int, card: str, on_station: bool) -> list[Event]:
    """A gained card's immediate rewards (on station; a choice they open is asked before any step
    already waiting), its end-of-turn ones (queued for the end of this turn, whoever's turn it is)
    and shared ones (every seat), each seat's gains told."""
    info = content.cards[card]
    events = []
    if on_station:
        if info.immediate:
            waiting = len(state.pending)
            events.append(grant_all(state, content, seat, [(card, r) for r in info.immediate]))
            if waiting and len(state.pending) > waiting:
                # An immediate reward resolves at once: its choices come before the steps that
                # were already waiting (other rewards of the roll, other players' choices).
                state.pending = [*state.pending[waiting:], *state.pending[:waiting]]
        if info.end_turn:
            state.fresh = [*state.fresh, card]
    if info.shared:
        for other in range(len(state.players)):
            events.append(grant_all(state, content, other, [(card, r) for r in info.shared]))
    return events


def buy(state: SpaceState, content: Content, seat: int, card: str, sector: int, extra: bool) -> list[Event]:
    """A normal buy spends every credit; an extra buy only the price."""
    board = state.board(seat)
    info = content.cards[card]
    # A card that spends the remaining credits itself (cash_out) takes only its price first.
    keep = extra or any(r.kind == "cash_out" for r in info.immediate)
    board.credits = board.credits - info.cost if keep else 0
    if not extra:
        state.bought = True
    return acquire(state, content, seat, card, sector)


def use(state: SpaceState, content: Content, seat: int, card: str) -> list[Event]:
    """Spend a fully charged ability's cubes and gain its effects."""
    board = state.board(seat)
    ability = content.cards[card].ability
    assert ability is not None
    board.charges[card] = 0
    if seat < len(state.declined) and card in state.declined[seat]:
        # Used: once charged again it is asked about again.
        declined = [list(d) for d in state.declined]
        declined[seat].remove(card)
        state.declined = declined
    found = [(card, r) for r in ability.effects]
    gained = grant_all(state, content, seat, found)
    text = f"{state.players[seat]} uses {content.cards[card].name}. {gained.text}"
    return [Event("ability_used", text, {**gained.data, "card": card})]


def end_turn(state: SpaceState, content: Content) -> list[Event]:
    """Credits rise to income, end-of-turn rewards resolve, then the game ends or passes on."""
    seat = state.active
    board = state.boards[seat]
    if board.credits < board.income:
        # A console is copied only when it changes (most turns end with credits above income).
        board = state.board(seat)
        board.credits = board.income
    paid = []
    for card in state.fresh:
        # Usually the active seat's card; another seat may have gained one on this turn (a red
        # diagonal arrow reaching a claim), and it is rewarded now too.
        holder = next((s for s, b in enumerate(state.boards) if on_board(b, card)), None)
        if holder is not None:
            paid.append(grant_all(state, content, holder, [(card, r) for r in content.cards[card].end_turn]))
    state.fresh, state.bought, state.dice = [], False, []
    events = [
        *paid,
        Event("turn_ended", f"{state.players[seat]} ends the turn.", {"seat": seat, "turn": state.turn}),
    ]
    if state.outcome is not None:
        return events + finish(state)
    if not state.ending:
        for b in state.boards:
            if b.vp >= GOAL_VP:
                state.ending = state.turn
                break
    count = len(state.players)
    state.active = (seat + 1) % count
    if state.ending and state.active == state.first:
        scores = [b.vp for b in state.boards]
        top = [s for s, v in enumerate(scores) if v == max(scores)]
        # The round that reached the goal ends less than ``count`` turns after ``ending``, so the
        # fifth extra round is the first whose end is ``count * MAX_EXTRA_ROUNDS`` turns past it.
        if len(top) == 1 or state.turn - state.ending >= count * MAX_EXTRA_ROUNDS:
            state.outcome = {"winners": top, "reason": "points"}
            return events + finish(state)
        events.append(Event("tie_round", "The lead is tied: another round is played.", {"seats": top}))
    state.turn += 1
    state.phase = "roll"
    return events


def finish(state: SpaceState) -> list[Event]:
    state.phase = "over"
    assert state.outcome is not None
    winners = state.outcome["winners"]
    names = listed([state.players[s] for s in winners])
    scores = [b.vp for b in state.boards]
    verb = "wins" if len(winners) == 1 else "share the win of"
    return [Event("game_over", f"{names} {verb} the game.", {"winners": winners, "scores": scores})]
