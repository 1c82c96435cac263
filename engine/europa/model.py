"""The content data types of Europa Base Alpha: dice, abilities and four-part cards."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

SYMBOLS: tuple[str, ...] = ("command", "transport", "tower", "silo", "bunker")
SYMBOL_NAMES: Mapping[str, str] = {
    "command": "Global Command Center",
    "transport": "Intergalactic Transport",
    "tower": "Communication Tower",
    "silo": "Missile Silo",
    "bunker": "Personnel Bunker",
    "star": "Star",
    "invader": "Invader",
}
STAR = "star"
INVADER = "invader"
COLOURS: tuple[str, ...] = ("green", "blue", "red")
INVADER_DIE = "invader"
# Dice each player rolls (fixed by the rules) and the shared extra green dice.
PER_PLAYER: Mapping[str, int] = {"green": 4, "blue": 2, "red": 1}
EXTRA_GREEN = 4
CUT_CORNER = 2
HAND_SIZE = 5
BIG_HAND = 6
MAIN_ROLLS = 3
MIN_SEATS = 2
MAX_SEATS = 4
ROUNDS: Mapping[int, int] = {2: 4, 3: 3, 4: 4}
UNDERMINE_LIMIT = 2

UNDERMINE_KINDS: tuple[str, ...] = (
    "min_keep",
    "fewer_dice",
    "wild_only",
    "extra_need",
    "fewer_rolls",
    "destroy_plan",
)
INGENUITY_KINDS: tuple[str, ...] = (
    "set_face",
    "reroll",
    "extra_die",
    "reduce",
    "cancel_undermine",
    "invader_roll",
)
PLAN_KINDS: tuple[str, ...] = ("set_face", "reroll", "reduce", "big_hand", "extra_die", "invader_main")
# Abilities that only make sense with the Invader dice in play: only Invaders cards carry them.
# Only Ingenuity (after the main rolls) and Future Planning (in them) bring in the Invader die.
INVADER_KINDS: frozenset[str] = frozenset({"invader_roll", "invader_main"})
# Planning abilities that work by themselves (never "used" on a die).
PASSIVE_PLANS: frozenset[str] = frozenset({"big_hand", "extra_die"})
# Undermining effects an Ingenuity "cancel" can still lift once the dice are rolled.
CANCELLABLE: frozenset[str] = frozenset({"extra_need", "wild_only"})
TIMINGS: tuple[str, ...] = ("after", "main")
ANY = "any"

Face = tuple[str, ...]


@dataclass(frozen=True)
class Ability:
    """One part of a card: ``kind`` with its parameters (``colour`` may be "any")."""

    kind: str
    colour: str | None = None
    symbol: str | None = None
    n: int = 1
    cost: int = 0
    timing: str = "after"

    @property
    def key(self) -> str:
        """What makes two Future Planning abilities "the same kind"."""
        return f"{self.kind}:{self.colour}:{self.symbol}:{self.n}"


@dataclass(frozen=True)
class Card:
    """A card's four parts: the base (name, points, dice needed) and three abilities."""

    id: str
    name: str
    points: int
    needs: Mapping[str, int]
    undermine: Ability
    ingenuity: Ability
    plan: Ability
    invader: bool = False

    @property
    def size(self) -> int:
        return sum(self.needs.values())


@dataclass(frozen=True, eq=False)
class Content:
    """A whole content set; compared and hashed by identity."""

    faces: Mapping[str, tuple[Face, ...]]
    cards: Mapping[str, Card]

    def deck(self, invaders: bool) -> list[str]:
        """Every card of the game in content order, the Invaders cards only when playing with them."""
        return [c.id for c in self.cards.values() if invaders or not c.invader]


def dice_label(colour: str | None, n: int = 1) -> str:
    what = "die" if n == 1 else "dice"
    return f"{n} {what}" if colour in (None, ANY) else f"{n} {colour} {what}"


@lru_cache(maxsize=1024)
def ability_text(part: str, a: Ability) -> str:
    """One player-facing sentence for an ability; ``part`` is undermine, ingenuity or plan."""
    sym = SYMBOL_NAMES.get(a.symbol or "", "")
    colour = "any" if a.colour in (None, ANY) else a.colour
    texts = {
        "min_keep": f"Must set aside at least {a.n} {'die' if a.n == 1 else 'dice'} after every main roll.",
        "fewer_dice": f"Rolls {dice_label(a.colour, a.n)} fewer.",
        "wild_only": f"The {colour} dice count only when they show a Star.",
        "extra_need": f"The base needs {a.n} more {sym}.",
        "fewer_rolls": f"Main rolls reduced by {a.n}.",
        "destroy_plan": "Destroys one of the defender's Future Planning cards.",
        "set_face": f"Turn {'any one' if colour == 'any' else f'one {colour}'} die to "
        f"{'an' if sym[:1] in 'AEIOU' else 'a'} {sym}.",
        "reroll": f"Reroll up to {dice_label(a.colour, a.n)} you have not set aside.",
        "extra_die": f"Roll {dice_label('green', a.n)} extra.",
        "reduce": f"The base needs {a.n} {sym} fewer.",
        "cancel_undermine": "Discard an Undermining card on your base that adds a need or limits a colour.",
        "invader_roll": "Roll your Invader die once more.",
        "big_hand": "Draw 6 cards instead of 5 each round; take a Cut Corner token when you do.",
        "invader_main": "You may add your Invader die to your main rolls (before the first).",
    }
    text = texts[a.kind]
    if part == "plan" and a.kind == "extra_die":
        text = f"Add {dice_label('green', a.n)} to your main rolls."
    if part == "undermine" and a.cost:
        text += f" The attacker discards {a.cost} more card{'s' if a.cost > 1 else ''} to play it."
    if part == "ingenuity" and a.timing == "main":
        text += " May be played between main rolls."
    return text
