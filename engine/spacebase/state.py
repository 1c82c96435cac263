"""The Space Base game state: plain containers only, so cloning and JSON are cheap and exact."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Final

from engine.core.compiled import NATIVE
from engine.core.errors import SchemaError
from engine.core.rng import Rng
from engine.spacebase.model import Reward

SCHEMA_VERSION: Final = 1

Json = dict[str, Any]
# A seat's gains (card, reward) from the sum and from each die of a roll.
Options = tuple[list[tuple[str, Reward]], list[tuple[str, Reward]]]


@dataclass
class Board:
    """One player's command console: 12 station slots (a card id or None: empty) and deployed stacks.

    Deployed stacks and decks are tuples, replaced rather than edited, so a clone shares them.

    ``charges`` counts the cubes on each charge card the player owns (by card id).
    """

    credits: int
    income: int
    vp: int
    station: list[str | None]
    deployed: list[tuple[str, ...]]
    charges: dict[str, int] = field(default_factory=dict)

    # Written out rather than generated: compiled (engine.native), this one is native code, where
    # the dataclass's own ``__init__`` would stay a Python function (about five times slower).
    def __init__(
        self,
        credits: int,
        income: int,
        vp: int,
        station: list[str | None],
        deployed: list[tuple[str, ...]],
        charges: dict[str, int] | None = None,
    ) -> None:
        self.credits = credits
        self.income = income
        self.vp = vp
        self.station = station
        self.deployed = deployed
        self.charges = {} if charges is None else charges

    def clone(self) -> Board:
        # Made without ``__init__`` (a copy of the fields in their order, as ``to_json`` reads
        # them): a move clones a console or two, a reveal one for each seat that gains something.
        # A new dict rather than ``self.__dict__.copy()``: that copy keeps the class's shared keys,
        # and on such a dict every later attribute read and write misses the interpreter's fast
        # path (about three times slower; ~2.5 % of a random game's instructions).
        if NATIVE:
            # Compiled (engine.native): a native class has no ``__dict__``, and its constructor is
            # a plain C call.
            return Board(
                self.credits, self.income, self.vp, self.station[:], self.deployed[:], self.charges.copy()
            )
        new = object.__new__(Board)
        new.__dict__ = {
            "credits": self.credits,
            "income": self.income,
            "vp": self.vp,
            "station": self.station[:],
            "deployed": self.deployed[:],
            "charges": self.charges.copy(),
        }
        return new


@dataclass
class SpaceState:
    """One game of Space Base.

    ``phase``: "keep" (Light-Speed: choosing dealt cards), "roll", "choose", "main" or "over".
    ``choices`` holds the activation choices made so far this roll (secret until all are in);
    ``pending`` the queue of choices rewards opened (its head is the one the game waits for).
    ``ending`` is the turn in which someone first reached the goal (0: not yet).
    ``robots`` are seats the engine plays itself: AI seats and players who are away.
    ``reacting`` is set while a turn waits to end for the seats in ``react``: human players who
    may still use a ready red or green ability on this turn. ``autoroll``: the engine rolls for an
    active player who has nothing to do before the roll.

    ``apply`` works on a ``fork``: the state it returns shares every console the move left alone
    with the state it was given, so a state is changed in place only through ``board`` (for a
    console), ``draw`` (for the dice and shuffles) or after a ``clone``; the other lists and dicts
    ``fork`` names as shared are replaced whole, never edited.
    """

    players: list[str]
    ai: list[bool]
    away: list[bool]
    auto: list[bool]
    expansion: str
    variant: str
    rng: Rng
    boards: list[Board]
    decks: dict[str, tuple[str, ...]]
    shipyard: dict[str, list[str]]
    colonies: list[str | None]
    box: list[str]
    bonuses: str = "printed"
    phase: str = "roll"
    active: int = 0
    first: int = 0
    turn: int = 1
    dice: list[int] = field(default_factory=list)
    choices: dict[str, str] = field(default_factory=dict)
    pending: list[Json] = field(default_factory=list)
    bought: bool = False
    fresh: list[str] = field(default_factory=list)
    dealt: list[list[str]] = field(default_factory=list)
    ending: int = 0
    outcome: Json | None = None
    autoroll: bool = True
    reacting: bool = False
    react: list[int] = field(default_factory=list)
    # Per seat, the ready abilities it kept for later in a reaction window: it is not waited for
    # again until another becomes ready (it may still use them on any turn they allow).
    declined: list[list[str]] = field(default_factory=list)
    # The boards of the state this one was forked from (see ``fork``): a seat whose board is still
    # the very same object shares it. Empty for a state that was not forked.
    origin: Sequence[Board] = field(default=(), repr=False, compare=False)
    # Each seat's gains from both options, worked out by the roll (to see whose choice matters) and
    # read again at the reveal: no console changes in between. Never saved or cloned: a state
    # without them (loaded mid-roll) works them out again.
    options: Sequence[Options] = field(default=(), repr=False, compare=False)
    # The RNG of the state this one was forked from: while ``rng`` is that very object it is
    # shared, and ``draw`` copies it before the first draw.
    origin_rng: Rng | None = field(default=None, repr=False, compare=False)

    # Written out for the compiled engine, as ``Board.__init__`` is; the lists and dicts left out
    # start empty, as the fields' factories say.
    def __init__(
        self,
        players: list[str],
        ai: list[bool],
        away: list[bool],
        auto: list[bool],
        expansion: str,
        variant: str,
        rng: Rng,
        boards: list[Board],
        decks: dict[str, tuple[str, ...]],
        shipyard: dict[str, list[str]],
        colonies: list[str | None],
        box: list[str],
        bonuses: str = "printed",
        phase: str = "roll",
        active: int = 0,
        first: int = 0,
        turn: int = 1,
        dice: list[int] | None = None,
        choices: dict[str, str] | None = None,
        pending: list[Json] | None = None,
        bought: bool = False,
        fresh: list[str] | None = None,
        dealt: list[list[str]] | None = None,
        ending: int = 0,
        outcome: Json | None = None,
        autoroll: bool = True,
        reacting: bool = False,
        react: list[int] | None = None,
        declined: list[list[str]] | None = None,
        origin: Sequence[Board] = (),
        options: Sequence[Options] = (),
        origin_rng: Rng | None = None,
    ) -> None:
        self.players = players
        self.ai = ai
        self.away = away
        self.auto = auto
        self.expansion = expansion
        self.variant = variant
        self.rng = rng
        self.boards = boards
        self.decks = decks
        self.shipyard = shipyard
        self.colonies = colonies
        self.box = box
        self.bonuses = bonuses
        self.phase = phase
        self.active = active
        self.first = first
        self.turn = turn
        self.dice = [] if dice is None else dice
        self.choices = {} if choices is None else choices
        self.pending = [] if pending is None else pending
        self.bought = bought
        self.fresh = [] if fresh is None else fresh
        self.dealt = [] if dealt is None else dealt
        self.ending = ending
        self.outcome = outcome
        self.autoroll = autoroll
        self.reacting = reacting
        self.react = [] if react is None else react
        self.declined = [] if declined is None else declined
        self.origin = origin
        self.options = options
        self.origin_rng = origin_rng

    def clone(self) -> SpaceState:
        return SpaceState(
            players=list(self.players),
            ai=list(self.ai),
            away=list(self.away),
            auto=list(self.auto),
            expansion=self.expansion,
            variant=self.variant,
            rng=Rng(self.rng.seed, self.rng.position),
            boards=[b.clone() for b in self.boards],
            decks=dict(self.decks),
            shipyard={k: list(v) for k, v in self.shipyard.items()},
            colonies=list(self.colonies),
            box=list(self.box),
            bonuses=self.bonuses,
            phase=self.phase,
            active=self.active,
            first=self.first,
            turn=self.turn,
            dice=list(self.dice),
            choices=dict(self.choices),
            pending=[_copy(p) for p in self.pending],
            bought=self.bought,
            fresh=list(self.fresh),
            dealt=[list(d) for d in self.dealt],
            ending=self.ending,
            outcome=None if self.outcome is None else _copy(self.outcome),
            autoroll=self.autoroll,
            reacting=self.reacting,
            react=list(self.react),
            declined=[list(d) for d in self.declined],
        )

    def fork(self) -> SpaceState:
        """A copy to apply one move to: every board is shared with this state until ``board``
        hands it out to be changed, so a move copies only the consoles it touches.

        The lists and dicts a move replaces rather than edits (players, ai, away, auto, colonies,
        box, dice, fresh, react, declined, choices, dealt, outcome, decks, shipyard and its rows) are shared
        as they are, and so is the RNG until ``draw`` hands it out (most moves roll nothing)."""
        pending = [_copy(p) for p in self.pending] if self.pending else []
        if NATIVE:
            # Every field in its order (see ``Board.clone``).
            return SpaceState(
                players=self.players,
                ai=self.ai,
                away=self.away,
                auto=self.auto,
                expansion=self.expansion,
                variant=self.variant,
                rng=self.rng,
                boards=self.boards[:],
                decks=self.decks,
                shipyard=self.shipyard,
                colonies=self.colonies,
                box=self.box,
                bonuses=self.bonuses,
                phase=self.phase,
                active=self.active,
                first=self.first,
                turn=self.turn,
                dice=self.dice,
                choices=self.choices,
                pending=pending,
                bought=self.bought,
                fresh=self.fresh,
                dealt=self.dealt,
                ending=self.ending,
                outcome=self.outcome,
                autoroll=self.autoroll,
                reacting=self.reacting,
                react=self.react,
                declined=self.declined,
                origin=self.boards,
                options=self.options,
                origin_rng=self.rng,
            )
        new = object.__new__(SpaceState)
        # A plain dict, not a ``copy`` sharing the class's keys (see ``Board.clone``).
        data = {**self.__dict__}
        data["boards"] = self.boards[:]
        data["pending"] = pending
        data["origin"] = self.boards
        data["origin_rng"] = self.rng
        new.__dict__ = data
        return new

    def board(self, seat: int) -> Board:
        """``seat``'s board, to change: a forked state takes its own copy first."""
        board = self.boards[seat]
        if self.origin and board is self.origin[seat]:
            board = self.boards[seat] = board.clone()
        return board

    def draw(self) -> Rng:
        """The RNG, to draw from: a forked state takes its own copy first."""
        rng = self.rng
        if rng is self.origin_rng:
            rng = self.rng = Rng(rng.seed, rng.position)
        return rng

    def robot(self, seat: int) -> bool:
        return self.ai[seat] or self.away[seat]


def any_set(flags: list[bool]) -> bool:
    """Whether any of the seat flags ``flags`` is set: ``True in flags``, a loop when compiled.

    Every move asks this of the AI, away and auto flags; ``in`` compares ``True`` with each flag
    through Python's rich comparison, where compiled code (``any`` of a generator becomes a loop)
    reads the flags as C booleans."""
    if NATIVE:
        return any(flag for flag in flags)
    return True in flags


SAVED: Final = tuple(f.name for f in fields(SpaceState) if f.compare)


def _copy(data: Json) -> Json:
    return {k: list(v) if isinstance(v, list) else v for k, v in data.items()}


def to_json(state: SpaceState) -> Json:
    copy = state.clone()
    # The saved fields (not the fork's links, which compare nothing), in their order.
    data = {name: getattr(copy, name) for name in SAVED}
    data["rng"] = state.rng.to_json()
    data["boards"] = [
        {
            "credits": b.credits,
            "income": b.income,
            "vp": b.vp,
            "station": b.station,
            "deployed": [list(d) for d in b.deployed],
            "charges": b.charges,
        }
        for b in copy.boards
    ]
    data["decks"] = {k: list(v) for k, v in state.decks.items()}
    return {"schema_version": SCHEMA_VERSION, **data}


def from_json(data: Mapping[str, Any]) -> SpaceState:
    """Rebuild a state; raises SchemaError on another schema version or a malformed document."""
    if not isinstance(data, Mapping) or data.get("schema_version") != SCHEMA_VERSION:
        raise SchemaError("This saved game is not a Space Base game of a known version.")
    try:
        fields = {k: v for k, v in data.items() if k != "schema_version"}
        fields["rng"] = Rng.from_json(fields["rng"])
        fields["boards"] = [
            Board(**{**b, "deployed": [tuple(d) for d in b["deployed"]]}) for b in fields["boards"]
        ]
        fields["decks"] = {k: tuple(v) for k, v in fields["decks"].items()}
        return SpaceState(**fields).clone()
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SchemaError("The saved Space Base game is damaged.") from exc
