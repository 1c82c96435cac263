"""The content data types of Space Base: rewards, charged abilities, ship and colony cards."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from engine.core.action import Action

SECTORS: Final = 12
MIN_SEATS: Final = 2
MAX_SEATS: Final = 5
SHIPYARD_SIZE: Final = 6
LEVELS: Final[tuple[int, ...]] = (1, 2, 3)
GOAL_VP: Final = 40
START_CREDITS: Final = 5
LIGHT_CREDITS: Final = 15
LIGHT_INCOME: Final = 1
LIGHT_DEAL: Final[tuple[tuple[int, int], ...]] = ((1, 4), (2, 2))
# Turn-order bonuses (credits, income) by place from the starting player: the rulebook's ladder is
# the default (fair with this card set, see docs/spacebase.md); "balanced" is a milder choice.
BONUSES: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    "balanced": ((0, 0), (1, 0), (1, 0), (1, 0), (1, 0)),
    "printed": ((0, 0), (1, 0), (2, 0), (0, 1), (0, 1)),
}
EXPANSIONS: Final[tuple[str, ...]] = ("base", "genesis")
VARIANTS: Final[tuple[str, ...]] = ("standard", "lightspeed")
CARD_TYPES: Final[tuple[str, ...]] = ("starter", "ship", "colony")
TIMINGS: Final[tuple[str, ...]] = ("blue", "red", "green")

# Rewards that add, without a choice.
PLAIN: Final = ("credits", "income", "vp", "charge", "charge_all")
# Rewards gained from another sector's card; never chained through another arrow.
ARROWS: Final = ("arrow", "dice_arrow", "diag")
# Rewards that open a choice for their owner (a pending step).
CHOICES: Final = (
    "claim",
    "claim_top",
    "buy",
    "move_charge",
    "bonus_roll",
    "exchange",
    "shift",
    "red_sectors",
    "trade",
    "deploy",
)
# Steps that may be declined with ``skip``; a bonus roll, red-sector picks and trades must be made.
OPTIONAL: Final = (
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
# Effects only a charged ability or an immediate reward may carry.
SPECIAL: Final = ("win", "cash_out", "swap_neighbor")
KINDS: Final[tuple[str, ...]] = (*PLAIN, *ARROWS, *CHOICES, *SPECIAL)
# Kinds a bonus roll ignores: they would touch other players, the shipyard or the colonies.
BONUS_IGNORES: Final = ("claim", "claim_top", "buy", "trade")
# A bonus roll gained in a bonus roll rolls again, as the rulebook lets it; a chain this many rolls
# deep gains no further one, so a run of lucky dice cannot go on without end.
MAX_BONUS_CHAIN: Final = 5


def bonus_ignores(kind: str, bonus: int) -> bool:
    """Whether a reward of ``kind`` is ignored in a bonus roll ``bonus`` deep (0: not a bonus roll)."""
    return bonus > 0 and (kind in BONUS_IGNORES or (kind == "bonus_roll" and bonus >= MAX_BONUS_CHAIN))


STATS: Final[tuple[str, ...]] = ("deployed", "income", "credits", "charges", "vp", "colonies", "level3")


@dataclass(frozen=True)
class Reward:
    """One reward: ``kind`` and its numbers.

    ``n`` is an amount (credits, VP, cubes, sectors to pick, credits per VP for cash_out);
    ``level`` the shipyard level a claim or buy takes (0 any level or a colony, 4 a colony only), or
    the deck a ``claim_top`` turns ``n`` cards up from;
    ``dir`` -1/+1 for arrows; ``sectors`` where a shift may move a card (empty: one to either side).
    """

    kind: str
    n: int = 1
    level: int = 0
    dir: int = 0
    sectors: tuple[int, ...] = ()

    def label(self) -> str:
        return reward_label(self)


@dataclass(frozen=True)
class Ability:
    """A charged ability: ``need`` cubes, then usable on ``when`` turns (blue own, red others', green any)."""

    need: int
    when: str
    effects: tuple[Reward, ...]


@dataclass(frozen=True)
class Condition:
    """A claimed colony's condition: the claimer's ``stat`` is at least ``at_least``."""

    stat: str
    at_least: int


@dataclass(frozen=True)
class Card:
    """A starter, ship or colony. ``plus``: the ship may go in any sector from ``sector`` up."""

    id: str
    name: str
    type: str
    set: str
    level: int
    cost: int
    sector: int
    plus: bool = False
    blue: tuple[Reward, ...] = ()
    red: tuple[Reward, ...] = ()
    ability: Ability | None = None
    immediate: tuple[Reward, ...] = ()
    end_turn: tuple[Reward, ...] = ()
    shared: tuple[Reward, ...] = ()
    condition: Condition | None = None
    note: str = ""

    @property
    def is_colony(self) -> bool:
        return self.type == "colony"


@dataclass(frozen=True)
class Side:
    """One side (blue or red) of a card, split once per content for the activation hot path.

    ``plain`` holds the ``(card, reward)`` gains of its rewards that are not arrows; ``arrows``
    says whether any reward is one (then the rewards are walked in order, arrows followed)."""

    rewards: tuple[Reward, ...]
    plain: tuple[tuple[str, Reward], ...]
    arrows: bool


class Content:
    """A full content set: every card by id, and the facts derived from the cards, worked out once
    when the content is made since every roll asks them for every seat. A content is never changed
    once made. (Plain attributes rather than ``cached_property``, which the compiled engine,
    engine.native, does not keep.)"""

    def __init__(self, cards: Mapping[str, Card]) -> None:
        self.cards = cards
        every = list(cards.values())
        self.colony_ids = frozenset(c.id for c in every if c.is_colony)
        # Level 3 ships (a claimed colony's condition counts those a player owns).
        self.level3_ship_ids = frozenset(c.id for c in every if c.level == 3 and c.type == "ship")
        # Colonies with deployed-side rewards of their own (they count in their sector's stack).
        self.red_colony_ids = frozenset(c.id for c in every if c.is_colony and c.red)
        # Colonies claimed when a condition is met rather than bought.
        self.conditional_ids = frozenset(c.id for c in every if c.is_colony and c.condition is not None)
        # The lowest price of a colony that is bought: with fewer credits no colony in the row need
        # be looked at.
        self.cheapest_colony = min((c.cost for c in every if c.is_colony and c.condition is None), default=0)
        self.costs: Mapping[str, int] = {c.id: c.cost for c in every}
        # The sectors each card may go to: its own, or every one from it up for a variable sector.
        self.spots: Mapping[str, tuple[int, ...]] = {
            c.id: tuple(range(c.sector, SECTORS + 1)) if c.plus else (c.sector,) for c in every
        }
        # By kind ("buy" or "take") and card: each sector the card may go to with the action taking
        # it there, built once since listing the buys is the commonest work of a turn.
        self.take_moves: Mapping[str, Mapping[str, tuple[tuple[int, Action], ...]]] = {
            kind: {
                card: tuple((s, Action(kind, (("card", card), ("sector", s)))) for s in sectors)
                for card, sectors in self.spots.items()
            }
            for kind in ("buy", "take")
        }
        # ``take_moves`` without the sectors: the moves to list when no sector is closed.
        self.take_lists: Mapping[str, Mapping[str, tuple[Action, ...]]] = {
            kind: {card: tuple(move for _, move in moves) for card, moves in by_card.items()}
            for kind, by_card in self.take_moves.items()
        }
        # The charged ability of each card that has one: the cubes on a console are checked
        # against it at every turn's end, for every seat.
        self.abilities: Mapping[str, Ability] = {c.id: c.ability for c in every if c.ability is not None}
        # The ``use`` action of each card with an ability, built once (actions are values).
        self.use_moves: Mapping[str, Action] = {
            card: Action("use", (("card", card),)) for card in self.abilities
        }
        self.blue_sides: Mapping[str, Side] = {c.id: _side(c.id, c.blue) for c in every}
        # ``blue_sides`` without the colonies, whose station side gives nothing on a roll.
        self.station_sides: Mapping[str, Side] = {
            c.id: self.blue_sides[c.id] for c in every if not c.is_colony
        }
        # What a station slot gives on a roll when no arrow is to be followed: its card's blue
        # gains, () for an empty slot or a colony, None for a card with an arrow.
        plain: dict[str | None, tuple[tuple[str, Reward], ...] | None] = {None: ()}
        for card, side in self.blue_sides.items():
            plain[card] = () if card in self.colony_ids else None if side.arrows else side.plain
        self.station_plain: Mapping[str | None, tuple[tuple[str, Reward], ...] | None] = plain
        # The same for deployed stacks, filled in as rolls meet them (see ``rewards.roll_options``).
        self.stack_plain: dict[tuple[str, ...], tuple[tuple[str, Reward], ...] | None] = {}
        self.red_sides: Mapping[str, Side] = {c.id: _side(c.id, c.red) for c in every}
        # The ships of each level in card order, so that dealing a deck reads only its level.
        by_level: dict[int, list[Card]] = {}
        for c in every:
            if c.type == "ship":
                by_level.setdefault(c.level, []).append(c)
        self.ships_by_level: Mapping[int, tuple[Card, ...]] = {
            n: tuple(ships) for n, ships in by_level.items()
        }
        self._starters = tuple(sorted((c.id for c in every if c.type == "starter"), key=self.sector_of))
        # ``of`` and ``deck`` by their arguments, filled in as games are set up (every setup asks
        # for the same few lists; there are only so many card types and set choices).
        self._of: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}
        self._decks: dict[tuple[int, tuple[str, ...]], tuple[str, ...]] = {}

    def of(self, type_: str, sets: tuple[str, ...]) -> list[str]:
        key = (type_, sets)
        found = self._of.get(key)
        if found is None:
            found = self._of[key] = tuple(
                c.id for c in self.cards.values() if c.type == type_ and c.set in sets
            )
        return list(found)

    def deck(self, level: int, sets: tuple[str, ...]) -> list[str]:
        key = (level, sets)
        found = self._decks.get(key)
        if found is None:
            found = self._decks[key] = tuple(
                c.id for c in self.ships_by_level.get(level, ()) if c.set in sets
            )
        return list(found)

    def starters(self) -> list[str]:
        return list(self._starters)

    def sector_of(self, card: str) -> int:
        return self.cards[card].sector


def _side(card: str, rewards: tuple[Reward, ...]) -> Side:
    plain = tuple((card, r) for r in rewards if r.kind not in ARROWS)
    return Side(rewards, plain, len(plain) < len(rewards))


def sets_for(expansion: str) -> tuple[str, ...]:
    return ("base", "genesis") if expansion == "genesis" else ("base",)


# A claimed colony's condition in words; owned cards count on station or deployed.
CONDITION_WORDS: Final = {
    "deployed": "{n}+ deployed ships",
    "income": "{n}+ income",
    "credits": "{n}+ credits",
    "charges": "{n}+ charge cubes",
    "colonies": "{n}+ colonies owned",
    "level3": "{n}+ level 3 ships owned",
    "vp": "{n}+ VP",
}


def condition_label(c: Condition) -> str:
    """What a claimed colony asks of its claimer, as "6+ income"."""
    return CONDITION_WORDS[c.stat].format(n=c.at_least)


@lru_cache(maxsize=1024)
def reward_label(r: Reward) -> str:
    """A short player-facing text of one reward."""
    side = "right" if r.dir > 0 else "left"
    where = "a colony" if r.level == 4 else (f"a level {r.level} card" if r.level else "any card")
    labels = {
        "credits": f"+{r.n} credits",
        "income": f"+{r.n} income",
        "vp": f"+{r.n} VP",
        "charge": f"+{r.n} charge",
        "charge_all": "1 charge on each of your cards with room",
        "arrow": f"the rewards of the sector to the {side}",
        "dice_arrow": "with the sum: the rewards of the next sector up",
        "diag": f"diagonal: the other side's rewards of the sector to the {side}",
        "claim": f"claim {where} from the shipyard",
        "claim_top": f"turn up the top level {r.level} ship and claim it"
        if r.n == 1
        else f"turn up the top {r.n} level {r.level} ships and claim any of them",
        "buy": f"buy {where} for its price",
        "move_charge": "move a charge cube",
        "bonus_roll": "a bonus roll",
        "exchange": "exchange two of your ships",
        "shift": "move a deployed card"
        + (f" into sector {'/'.join(map(str, r.sectors))}" if r.sectors else " one sector"),
        "red_sectors": "the deployed rewards of a sector"
        if r.n == 1
        else f"the deployed rewards of {r.n} different sectors",
        "trade": "trade a card with another player",
        "deploy": "deploy one of your station ships",
        "win": "win the game at once",
        "cash_out": f"spend all credits: +1 VP per {r.n}",
        "swap_neighbor": "swap with the card in a neighbouring sector",
    }
    return labels[r.kind]
