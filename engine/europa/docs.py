"""A Markdown reference of every Europa Base Alpha card and die, generated from the content data."""

from __future__ import annotations

from engine.europa.model import (
    COLOURS,
    INVADER_DIE,
    PER_PLAYER,
    SYMBOL_NAMES,
    Card,
    Content,
    Face,
    ability_text,
)


def card_reference(content: Content | None = None) -> str:
    """Markdown tables of the dice faces, the cards and the Invaders cards (pure: no I/O)."""
    if content is None:
        from engine.europa import CONTENT

        content = CONTENT
    parts = ["## Card reference", "", "### Dice", "", "| die | per player | faces |", "| --- | --- | --- |"]
    for die in (*COLOURS, INVADER_DIE):
        count = PER_PLAYER.get(die, 1)
        parts.append(f"| {die} | {count} | {'; '.join(_face(f) for f in content.faces[die])} |")
    for invader, title in ((False, "Cards"), (True, "Invaders cards")):
        cards = [c for c in content.cards.values() if c.invader == invader]
        parts += ["", f"### {title} ({len(cards)})", ""]
        parts += [
            "| card | points | needs | undermining | ingenuity | future planning |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        parts += [_card(c) for c in cards]
    return "\n".join(parts) + "\n"


def _face(face: Face) -> str:
    name = SYMBOL_NAMES[face[0]]
    return f"double {name}" if len(face) == 2 else name


def _card(c: Card) -> str:
    needs = ", ".join(f"{n} {SYMBOL_NAMES[s]}" for s, n in c.needs.items())
    return (
        f"| {c.name} (`{c.id}`) | {c.points} | {needs} | {ability_text('undermine', c.undermine)} | "
        f"{ability_text('ingenuity', c.ingenuity)} | {ability_text('plan', c.plan)} |"
    )
