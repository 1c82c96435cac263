"""The content data types of Exoplanet Colony: characters, scenarios, player and event cards."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

RESOURCES: tuple[str, ...] = ("oxygen", "water", "food", "energy")
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")
COLOUR_OF: Mapping[str, str] = dict(zip(RESOURCES, COLOURS, strict=True))
RESOURCE_OF: Mapping[str, str] = dict(zip(COLOURS, RESOURCES, strict=True))
ENVIRONMENT: tuple[str, ...] = ("radiation", "pressure", "humidity")

PRODUCTION_MIN = -5
PRODUCTION_MAX = 3
SUPPLY_MAX = 20
HAND_LIMIT = 6
MIN_SEATS = 1
MAX_SEATS = 4
SEAT_COUNTS: tuple[int, ...] = tuple(range(MIN_SEATS, MAX_SEATS + 1))
GENERATE = 2
MAX_LOSS_TOKENS = 3
# Actions a turn on each space of the emergency track; the last space ends the game.
TRACK: tuple[int, ...] = (4, 4, 3, 3, 2, 2, 0)
HUB = "hub"

ABILITIES: tuple[str, ...] = (
    "heal_member",
    "remote_repair",
    "dash",
    "boost",
    "draw_two",
    "convert",
    "radio_transfer",
    "scavenge",
)
ITEM_EFFECTS: tuple[str, ...] = ("supply", "extra_action", "first_aid", "teleport", "repair_anywhere")
PLAN_EFFECTS: tuple[str, ...] = ("supply_any", "teleport_any", "repair_anywhere", "salvage")
HEALTH_EFFECTS: Mapping[str, str] = {
    "fatigue": "one action fewer each turn (never fewer than 1)",
    "no_move": "may not take the move action",
    "no_special": "may not use the character's special action",
    "no_generate": "may not take the generate action",
}
WHERE: tuple[str, ...] = (*COLOURS, "any", HUB)

# A production or supply amount: a number, or a scenario value such as "radiation" or "-humidity".
Amount = int | str


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    ability: str
    text: str
    colour: str | None = None
    resource: str | None = None
    amount: int = 0


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    difficulty: int
    environment: Mapping[str, int]
    production: Mapping[str, int]
    supplies: Mapping[str, int]
    # Cards dealt to the whole team at the start, by player count: a bigger team holds more cards
    # but fewer each, since every turn still reveals one event whoever plays it.
    deal: Mapping[int, int]
    # Normal events in the deck by player count; criticals are the same for every count.
    normal_events: Mapping[int, int]
    critical_events: int

    def value(self, amount: Amount) -> int:
        """A card amount on this planet: numbers stay, "radiation"/"-pressure" read the scenario."""
        if isinstance(amount, int):
            return amount
        if amount.startswith("-"):
            return -self.environment[amount[1:]]
        return self.environment[amount]


@dataclass(frozen=True)
class PlayerCard:
    """A Module (cost, production), an Item (coloured, own turn) or a Plan (wild, any time)."""

    id: str
    name: str
    type: str
    colour: str | None
    copies: int
    cost: Mapping[str, int] = field(default_factory=dict)
    production: Mapping[str, Amount] = field(default_factory=dict)
    effect: str | None = None
    resource: str | None = None
    amount: int = 0

    @property
    def cost_size(self) -> int:
        return sum(self.cost.values())


@dataclass(frozen=True)
class LossSpec:
    resource: str
    where: str


@dataclass(frozen=True)
class EventCard:
    id: str
    name: str
    critical: bool
    copies: int
    loss: tuple[LossSpec, ...] = ()
    emergency: tuple[str, ...] = ()
    supply: Mapping[str, Amount] = field(default_factory=dict)
    health: str | None = None


@dataclass(frozen=True, eq=False)
class Content:
    """A whole content set; compared and hashed by identity."""

    characters: Mapping[str, Character]
    scenarios: Mapping[str, Scenario]
    cards: Mapping[str, PlayerCard]
    events: Mapping[str, EventCard]

    def deck(self) -> list[str]:
        """Every player card, copies included, in content order."""
        return [c.id for c in self.cards.values() for _ in range(c.copies)]

    def event_pool(self, critical: bool) -> list[str]:
        return [e.id for e in self.events.values() if e.critical == critical for _ in range(e.copies)]


def amount_label(amount: Amount) -> str:
    if isinstance(amount, int):
        return f"{amount:+d}"
    return f"-{amount[1:]}" if amount.startswith("-") else f"+{amount}"
