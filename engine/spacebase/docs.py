"""A Markdown reference of every Space Base card, generated from the content data."""

from __future__ import annotations

from engine.spacebase.model import OPTIONAL, Card, Content, Reward, condition_label

CLARIFIED = {
    "28": "swaps with a neighbouring sector's card (a colony only from the station)",
    "69": "exchanges any two of your ships, station or deployed",
    "70": "moves a deployed card one sector, the one just deployed included",
    "81": "a charged ability on your turn: buy a colony besides the normal buy, paying only its "
    "price, after gaining credits first if you like",
    "84": "gains the deployed rewards of two different sectors, the one just deployed included",
    "92": "moves a deployed card into sector 7, 8 or 9",
    "114": "wins the game at once when its ability is used",
    "125": "spends every credit left after its price: 1 VP per 5",
    "128": "charges one cube on every card of every player with room",
    "130": "trades a card with another player, the buyer giving first; a station ship received "
    "may be deployed instead",
}


def card_reference(content: Content | None = None) -> str:
    """Markdown tables of starters, ships by set and level, and colonies (pure: no I/O)."""
    if content is None:
        from engine.spacebase import CONTENT

        content = CONTENT
    cards = list(content.cards.values())
    parts = ["## Card reference", ""]
    parts += [
        "Blue: station reward (your turn). Red: deployed reward (others' turns). Yellow: once, when",
        "placed (Genesis). End: once, at the end of the turn it was bought. A charged ability needs its",
        "cubes, then works on your turn (blue), others' turns (red) or any turn (green).",
        "",
    ]
    parts += _table("Starting ships (every player)", [c for c in cards if c.type == "starter"])
    for card_set in ("base", "genesis"):
        for level in (1, 2, 3):
            chosen = [c for c in cards if c.type == "ship" and c.set == card_set and c.level == level]
            parts += _table(f"{card_set.title()} level {level} ships ({len(chosen)})", chosen)
        colonies = [c for c in cards if c.is_colony and c.set == card_set]
        parts += _table(f"{card_set.title()} colonies ({len(colonies)})", colonies)
    return "\n".join(parts) + "\n"


def _rewards(rewards: tuple[Reward, ...], *, immediate: bool = False) -> str:
    """The rewards' labels; an immediate one the buyer may decline says "may" (Genesis: immediate
    rewards are compulsory unless the card says otherwise)."""
    return "; ".join(f"may {r.label()}" if immediate and r.kind in OPTIONAL else r.label() for r in rewards)


def _effects(c: Card) -> str:
    parts = []
    for title, rewards in (
        ("blue", c.blue),
        ("red", c.red),
        ("yellow", c.immediate),
        ("end", c.end_turn),
        ("all players", c.shared),
    ):
        if rewards:
            parts.append(f"{title}: {_rewards(rewards, immediate=title == 'yellow')}")
    if c.ability is not None:
        parts.append(f"ability ({c.ability.need} cubes, {c.ability.when}): {_rewards(c.ability.effects)}")
    if c.condition is not None:
        parts.append(f"claim free with {condition_label(c.condition)}")
    if c.note.startswith("clarify:"):
        parts.append(f"rulebook card {c.note[8:]}: {CLARIFIED.get(c.note[8:], '')}")
    return "<br>".join(parts)


def _table(title: str, cards: list[Card]) -> list[str]:
    rows = [f"### {title}", "", "| card | sector | cost | effects |", "| --- | --- | --- | --- |"]
    for c in sorted(cards, key=lambda c: (c.sector, c.cost, c.id)):
        sector = f"{c.sector}+" if c.plus else str(c.sector)
        rows.append(f"| {c.name} (`{c.id}`) | {sector} | {c.cost} | {_effects(c)} |")
    return [*rows, ""]
