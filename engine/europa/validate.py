"""Cross-checks over a whole content set, run once at load time."""

from __future__ import annotations

from engine.core.errors import ContentError
from engine.europa.model import (
    BIG_HAND,
    COLOURS,
    INGENUITY_KINDS,
    INVADER,
    INVADER_DIE,
    INVADER_KINDS,
    MAX_SEATS,
    PER_PLAYER,
    PLAN_KINDS,
    STAR,
    UNDERMINE_KINDS,
    Card,
    Content,
)

MIN_CARDS = 40


def cross_check(content: Content) -> None:
    """Raise ContentError when the files load but cannot make a playable game."""
    _check_dice(content)
    base = [c for c in content.cards.values() if not c.invader]
    if len(base) < MIN_CARDS or len(base) < MAX_SEATS * BIG_HAND:
        raise ContentError(f"cards.json: at least {MIN_CARDS} cards make a deck for {MAX_SEATS} players.")
    for card in content.cards.values():
        _check_card(card)
    _check_coverage(base, "cards.json", set(UNDERMINE_KINDS) - INVADER_KINDS, "undermine")
    _check_coverage(base, "cards.json", set(INGENUITY_KINDS) - INVADER_KINDS, "ingenuity")
    _check_coverage(base, "cards.json", set(PLAN_KINDS) - INVADER_KINDS, "plan")
    for card in (c for c in content.cards.values() if c.invader):
        parts = (card.undermine.kind, card.ingenuity.kind, card.plan.kind)
        if not INVADER_KINDS & set(parts):
            raise ContentError(f"invaders.json '{card.id}': an Invaders card needs an Invader ability.")


def _check_dice(content: Content) -> None:
    for colour in COLOURS:
        faces = content.faces[colour]
        if not any(STAR in f for f in faces):
            raise ContentError(f"dice.json die '{colour}': every building die needs a Star face.")
        if all(len(f) == 1 and f[0] == STAR for f in faces):
            raise ContentError(f"dice.json die '{colour}': a die of only Stars builds nothing but debt.")
    if not any(f == (INVADER,) for f in content.faces[INVADER_DIE]):
        raise ContentError("dice.json die 'invader': the Invader die needs an Invader result.")
    if all(f == (INVADER,) for f in content.faces[INVADER_DIE]):
        raise ContentError("dice.json die 'invader': it needs at least one face that is not an Invader.")


def _check_card(card: Card) -> None:
    where = f"{'invaders' if card.invader else 'cards'}.json '{card.id}'"
    if not card.invader:
        for part, ability in (
            ("undermine", card.undermine),
            ("ingenuity", card.ingenuity),
            ("plan", card.plan),
        ):
            if ability.kind in INVADER_KINDS:
                raise ContentError(f"{where} '{part}': '{ability.kind}' belongs on Invaders cards only.")
    if card.size > sum(PER_PLAYER.values()) * 2:
        raise ContentError(f"{where} 'needs': more results than the dice can ever show.")
    if card.undermine.kind == "fewer_dice" and card.undermine.colour == "any":
        raise ContentError(f"{where} 'undermine': 'fewer_dice' names a colour.")
    if card.undermine.kind == "wild_only" and card.undermine.colour == "any":
        raise ContentError(f"{where} 'undermine': 'wild_only' names a colour.")


def _check_coverage(cards: list[Card], name: str, kinds: set[str], part: str) -> None:
    present = {getattr(c, part).kind for c in cards}
    missing = sorted(kinds - present)
    if missing:
        raise ContentError(f"{name}: no card has the {part} ability {', '.join(missing)}.")
