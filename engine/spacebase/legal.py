"""Every legal action of a seat, the one source of truth for apply, buttons and policies."""

from __future__ import annotations

from typing import Final

from engine.core.action import Action
from engine.spacebase.board import colony_at, ready
from engine.spacebase.model import LIGHT_CREDITS, MAX_SEATS, Card, Condition, Content
from engine.spacebase.pending import SKIP, buy_actions, can_buy, card_actions, pending_actions
from engine.spacebase.state import Board, SpaceState
from engine.spacebase.turn import OPTIONS, SEAT_KEYS

NOBODY: Final[frozenset[int]] = frozenset()
ONLY: Final = {s: frozenset({s}) for s in range(MAX_SEATS)}
# The seats yet to choose, by seat count and then by the keys of ``choices`` in the order they
# came: a few hundred sets in all, each built once since every move of a roll asks for one.
_OPEN: Final[list[dict[tuple[str, ...], frozenset[int]]]] = [{} for _ in range(MAX_SEATS + 1)]


def waiting(state: SpaceState) -> frozenset[int]:
    """The seats whose move the game needs now, robots included."""
    if state.outcome is not None:
        return NOBODY
    phase = state.phase
    if phase == "choose" or phase == "keep":
        count, chosen = len(state.players), tuple(state.choices)
        seats = _OPEN[count].get(chosen)
        if seats is None:
            seats = _OPEN[count][chosen] = frozenset(
                [s for s, k in enumerate(SEAT_KEYS[:count]) if k not in chosen]
            )
        return seats
    if state.pending:
        seat = int(state.pending[0]["seat"])
        return ONLY.get(seat) or frozenset({seat})
    if state.reacting:
        return frozenset(state.react)
    return ONLY.get(state.active) or frozenset({state.active})


AUTO_ON: Final = Action.of("auto", on=True)
AUTO_OFF: Final = Action.of("auto", on=False)
AWAY: Final = Action.of("away")
BACK: Final = Action.of("back")
END: Final = Action.of("end")
ROLL: Final = Action.of("roll")
CHOOSE: Final = [Action.of("choose", option=o) for o in OPTIONS]
CHOOSING: Final = tuple(CHOOSE)
MANUAL: Final = (AUTO_ON, AWAY)
AUTOMATIC: Final = (AUTO_OFF, AWAY)
ABSENT: Final = (BACK,)


def preferences(state: SpaceState, seat: int) -> tuple[Action, ...]:
    """``auto``, ``away`` and ``back``: open to a human seat at any time."""
    if state.ai[seat] or state.outcome is not None:
        return ()
    if state.away[seat]:
        return ABSENT
    return AUTOMATIC if state.auto[seat] else MANUAL


def game_actions(state: SpaceState, content: Content, seat: int) -> list[Action]:
    """The game moves (not preferences) ``seat`` may make now."""
    if state.outcome is not None:
        return []
    if state.phase == "keep":
        return keep_actions(state, content, seat) if str(seat) not in state.choices else []
    if state.phase == "choose":
        return list(CHOOSE) if str(seat) not in state.choices else []
    if state.pending:
        if int(state.pending[0]["seat"]) != seat:
            return []
        # A claimed colony may be claimed at any time of one's turn: a queued step (an extra buy
        # that would spend the credits a condition counts) does not have to come first.
        claims = colony_claims(state, content, seat) if state.phase == "main" and seat == state.active else []
        return [*pending_actions(state, content), *claims]
    if state.reacting:
        return [*use_actions(state, content, seat), SKIP] if seat in state.react else []
    if state.phase == "roll":
        # Abilities usable on one's own turn may also be used before the dice are rolled.
        return [*use_actions(state, content, seat), ROLL] if seat == state.active else []
    return main_actions(state, content, seat)


def legal(state: SpaceState, content: Content, seat: int) -> tuple[Action, ...]:
    """Every legal action of ``seat``: its game moves, then its preferences."""
    prefs = preferences(state, seat)
    phase = state.phase
    if phase == "main" and not state.pending and not state.reacting and state.outcome is None:
        # The buys and the rest, listed every turn (what ``game_actions`` comes to then).
        return (*main_actions(state, content, seat), *prefs)
    if phase == "choose" and state.outcome is None:
        return CHOOSING + prefs if SEAT_KEYS[seat] not in state.choices else prefs
    return (*game_actions(state, content, seat), *prefs)


def main_actions(state: SpaceState, content: Content, seat: int) -> list[Action]:
    """After the rewards: the active seat buys, claims colonies, uses abilities or ends; others may
    use abilities that work on others' turns."""
    out = use_actions(state, content, seat)
    if seat != state.active:
        return out
    if not state.bought:
        out += buy_actions(state, content, seat, 0, "buy", state.boards[seat].credits)
    out += colony_claims(state, content, seat)
    out.append(END)
    return out


# The ability timings usable on one's own turn and on another's.
OWN_TURN: Final = ("blue", "green")
OTHERS_TURN: Final = ("red", "green")


def usable(state: SpaceState, content: Content, seat: int) -> list[str]:
    """The cards whose ability ``seat`` may use now (``use_actions`` without building the moves)."""
    board = state.boards[seat]
    if not board.charges:
        # Asked for every seat at every turn's end; most consoles hold no cube at all.
        return []
    return ready(board, content, OWN_TURN if seat == state.active else OTHERS_TURN)


def use_actions(state: SpaceState, content: Content, seat: int) -> list[Action]:
    moves = content.use_moves
    return [moves[card] for card in usable(state, content, seat)]


def colony_claims(state: SpaceState, content: Content, seat: int) -> list[Action]:
    conditional = content.conditional_ids
    if conditional.isdisjoint(state.colonies):
        # Asked at every step of a main phase; the row rarely holds a colony claimed by condition.
        return []
    board = state.boards[seat]
    out = []
    for col in state.colonies:
        if col in conditional:
            info = content.cards[col]
            assert info.condition is not None
            if claimable(board, content, info, info.condition):
                out.append(Action("claim_colony", (("card", info.id),)))
    return out


def only_end(state: SpaceState, content: Content) -> bool:
    """Whether the active seat has nothing left but to end its turn."""
    seat = state.active
    # An open buy is looked at first: before the buy it is the usual answer, and a cheap one.
    if not state.bought and can_buy(state, content, seat, state.boards[seat].credits):
        return False
    return not usable(state, content, seat) and not colony_claims(state, content, seat)


def is_legal(state: SpaceState, content: Content, seat: int, action: Action) -> bool:
    """``action in legal(...)``, without listing every buy when checking one."""
    kind = action.kind
    if kind in ("auto", "away", "back"):
        return action in preferences(state, seat)
    if kind == "choose" and state.phase == "choose" and state.outcome is None:
        return str(seat) not in state.choices and action in CHOOSE
    main = state.outcome is None and state.phase == "main" and not state.pending and not state.reacting
    if main and kind == "buy":
        cap = state.boards[seat].credits
        card = str(action.get("card", ""))
        ok = seat == state.active and not state.bought
        return ok and action in card_actions(state, content, seat, card, "buy", 0, cap)
    if main and kind in ("use", "claim_colony", "end"):
        if kind == "use":
            return action in use_actions(state, content, seat)
        if seat != state.active:
            return False
        return kind == "end" or action in colony_claims(state, content, seat)
    return action in game_actions(state, content, seat)


def claimable(board: Board, content: Content, info: Card, cond: Condition) -> bool:
    if colony_at(board, content, info.sector):
        return False
    return stat(board, content, cond.stat) >= cond.at_least


def stat(board: Board, content: Content, name: str) -> int:
    """A number a claimed colony's condition reads from a console."""
    if name == "income":
        return board.income
    if name == "credits":
        return board.credits
    if name == "vp":
        return board.vp
    if name == "deployed":
        # Ships only: a colony deployed under another (given in a trade) is not a ship.
        colonies = content.colony_ids
        return sum(1 for stack in board.deployed for c in stack if c not in colonies)
    if name == "charges":
        return sum(board.charges.values())
    # Cards the player owns count wherever they lie: on station or deployed (a level 3 ship pushed
    # down by a later buy, a colony deployed by a swap is still the player's). Genesis asks this at
    # every step of a main phase while such a colony is on offer: counted by id, without lists.
    if name == "colonies":
        ids = content.colony_ids
    elif name == "level3":
        ids = content.level3_ship_ids
    else:
        raise KeyError(name)
    count = 0
    for card in board.station:
        if card in ids:
            count += 1
    for stack in board.deployed:
        for card in stack:
            if card in ids:
                count += 1
    return count


def keep_actions(state: SpaceState, content: Content, seat: int) -> list[Action]:
    """Light-Speed: every affordable set of the dealt cards, as a sorted comma-separated list."""
    hand = sorted(state.dealt[seat])
    out = []
    for mask in range(1 << len(hand)):
        chosen = [c for i, c in enumerate(hand) if mask >> i & 1]
        if sum(content.cards[c].cost for c in chosen) <= LIGHT_CREDITS:
            out.append(Action.of("keep", cards=",".join(chosen)))
    return out
