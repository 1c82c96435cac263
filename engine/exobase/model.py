"""The content data types of ExoBase: cards, founders, hazards and modes (immutable)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

RESOURCES: tuple[str, ...] = ("minerals", "metal", "water", "gas", "food")
SIDES: tuple[str, ...] = ("N", "E", "S", "W")
OPPOSITE: Mapping[str, str] = {"N": "S", "S": "N", "E": "W", "W": "E"}
STEP: Mapping[str, tuple[int, int]] = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}
BASE_STORAGE_CAP = 6

PASSIVE_KEYS = ("production", "energy", "adjacent_bonus", "work_bonus", "danger_less", "storage")
INSTANT_KEYS = ("gain", "choice_gain", "heal", "repair")
HAZARD_KEYS = ("lose", "hurt", "targets")


@dataclass(frozen=True)
class Space:
    """A work space: a fixed gain, an either/or choice, or healing; maybe a price and danger dice."""

    level: int = 1
    gain: Mapping[str, int] = field(default_factory=dict)
    either: tuple[str, ...] = ()
    amount: int = 0
    pay: Mapping[str, int] = field(default_factory=dict)
    heal: int = 0
    danger: int = 0

    @property
    def label(self) -> str:
        if self.heal:
            text = f"heal {self.heal}"
        elif self.either:
            names = "any" if len(self.either) == len(RESOURCES) else "/".join(self.either)
            text = f"+{self.amount} {names}"
        else:
            text = ", ".join(f"+{n} {r}" for r, n in self.gain.items())
        if self.pay:
            text = f"{cost_label(self.pay)} -> {text}"
        return text


@dataclass(frozen=True)
class Benefit:
    """What building or upgrading gives at once: production, a chosen production, energy, resources."""

    production: Mapping[str, int] = field(default_factory=dict)
    production_choice: int = 0
    energy: int = 0
    gain: Mapping[str, int] = field(default_factory=dict)

    @property
    def label(self) -> str:
        parts = [f"+{n} {r} production" for r, n in self.production.items()]
        if self.production_choice:
            parts.append(f"+{self.production_choice} production of any one resource")
        if self.energy:
            parts.append(f"+{self.energy} energy")
        parts += [f"+{n} {r}" for r, n in self.gain.items()]
        return ", ".join(parts) or "nothing"


@dataclass(frozen=True)
class Level:
    """One upgrade level: energy needed (or supplied, for generators), silo space, price, benefit."""

    energy: int
    storage: int = 0
    cost: Mapping[str, int] = field(default_factory=dict)
    benefit: Benefit = field(default_factory=Benefit)


@dataclass(frozen=True)
class Ability:
    kind: str
    text: str
    effect: Mapping[str, Any]


@dataclass(frozen=True)
class Task:
    name: str
    danger: int
    reward: Space
    ability: Ability


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    dice: int
    doors: frozenset[str]
    type: str
    bonus_from: str | None
    levels: tuple[Level, ...]
    spaces: tuple[Space, ...]
    cost: Mapping[str, int] = field(default_factory=dict)
    build: Benefit = field(default_factory=Benefit)
    generator: bool = False
    silo: bool = False
    core: bool = False
    start: tuple[int, int] | None = None
    task: Task | None = None

    @property
    def max_level(self) -> int:
        return len(self.levels)

    @property
    def location_side(self) -> str:
        """The location side in a few words: what building it costs and gives."""
        if self.generator:
            power = f"supplies {self.levels[0].energy} energy"
        elif self.silo:
            power = f"+{self.levels[0].storage} storage, no energy"
        else:
            power = f"needs {self.levels[0].energy} energy"
        return f"{self.name} (build {cost_label(self.cost)}, {power}; gives {self.build.label})"

    def needs(self, level: int) -> int:
        """Energy cubes this card draws from the bank at ``level`` (0 for generators and silos)."""
        if self.generator or self.silo:
            return 0
        return self.levels[level - 1].energy


@dataclass(frozen=True)
class Founder:
    id: str
    name: str
    max_health: int
    injured_at: int
    passive: Ability
    instants: tuple[Ability, ...]


@dataclass(frozen=True)
class Hazard:
    low: int
    high: int
    name: str
    text: str
    effects: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class Mode:
    key: str
    name: str
    days: int
    production_max: int
    green: Mapping[str, int]
    start_production: Mapping[str, int]
    start_storage: Mapping[str, int]
    hazards: tuple[Hazard, ...]

    def hazard(self, roll: int) -> Hazard:
        """The hazard for ``roll``; raises KeyError when the table misses it (content is validated)."""
        for hazard in self.hazards:
            if hazard.low <= roll <= hazard.high:
                return hazard
        raise KeyError(roll)


@dataclass(frozen=True, eq=False)
class Content:
    """A whole content set; compared and hashed by identity so per-card facts can be cached."""

    cards: Mapping[str, Card]
    founders: Mapping[str, Founder]
    modes: Mapping[str, Mode]

    @property
    def core(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards.values() if c.core)

    @property
    def deck(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards.values() if not c.core)


def cost_label(cost: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in cost.items()) or "free"
