"""Card and event texts for the images, read from the game's content by the ids the view carries.

Each function is handed ``cards``, the content the game is played with (the shipped cards or an
owner's own), so an owner's card files are drawn with their own texts. Ids the content does not
know simply get no detail line.
"""

from __future__ import annotations

from engine.colony.model import Amount, Content, PlayerCard

MINUS = "\u2212"
TYPES = {"module": "Module", "item": "Item", "plan": "Plan"}
EFFECTS = {
    "extra_action": "+{amount} action this turn",
    "first_aid": "cure any player's Health Issue",
    "teleport": "move your pawn to any module",
    "teleport_any": "move any pawn to any module",
    "repair_anywhere": "repair a token on any module",
    "salvage": "take the top card of the discard pile",
}
HEALTH = {
    "fatigue": "one action fewer each turn",
    "no_move": "may not take the Move action",
    "no_special": "cannot use the special action",
    "no_generate": "cannot generate resources",
}
WHERE = {"any": "any module", "hub": "the Central Hub"}


def signed(value: int) -> str:
    """+2, 0 or −1 with a true minus sign, which reads better than a hyphen at small sizes."""
    return f"+{value}" if value > 0 else (f"{MINUS}{-value}" if value < 0 else "0")


def value_on(cards: Content, amount: Amount, scenario: str) -> int | None:
    planet = cards.scenarios.get(scenario)
    if planet is None:
        return amount if isinstance(amount, int) else None
    return planet.value(amount)


def amount_text(cards: Content, amount: Amount, scenario: str, *, sources: bool = True) -> str:
    """A card amount on this planet; with ``sources`` a scenario value also names where it comes from."""
    value = value_on(cards, amount, scenario)
    if isinstance(amount, int) or value is None or not sources:
        return signed(value) if value is not None else str(amount)
    return f"{signed(value)} ({amount.lstrip('-')})"


def production_text(cards: Content, card: PlayerCard, scenario: str) -> str:
    return ", ".join(f"{r} {amount_text(cards, a, scenario)}" for r, a in card.production.items())


def cost_text(card: PlayerCard) -> str:
    return " + ".join(f"{n} {colour}" for colour, n in card.cost.items())


def card_detail(cards: Content, card_id: str, scenario: str) -> str:
    """What a player card does: a module's cost and production, an item's or plan's effect."""
    card = cards.cards.get(card_id)
    if card is None:
        return ""
    if card.type == "module":
        return f"pay {cost_text(card)}: {production_text(cards, card, scenario)}"
    effect = str(card.effect)
    if effect == "supply":
        text = f"{card.resource} supply +{card.amount}"
    elif effect == "supply_any":
        text = f"any one supply +{card.amount}"
    else:
        text = EFFECTS.get(effect, effect.replace("_", " ")).format(amount=card.amount)
    # Plans may be played at any time, Items only on their holder's own turn.
    return f"any time: {text}" if card.type == "plan" else f"own turn: {text}"


def module_effect(cards: Content, card_id: str, scenario: str, *, sources: bool = True) -> list[str]:
    """A deployed module's production changes, one item per resource, for its tile on the grid."""
    card = cards.cards.get(card_id)
    if card is None:
        return []
    return [f"{r} {amount_text(cards, a, scenario, sources=sources)}" for r, a in card.production.items()]


def event_effects(cards: Content, event_id: str, scenario: str) -> list[str]:
    """What an event card says, one line per effect, in the order the engine resolves them."""
    event = cards.events.get(event_id)
    if event is None:
        return []
    lines = [f"{r} supply {amount_text(cards, a, scenario)}" for r, a in event.supply.items()]
    lines += [f"{x.resource} Loss token on {where(x.where)}" for x in event.loss]
    lines += [f"Emergency token on {where(w)}" for w in event.emergency]
    if event.health:
        lines.append(f"Health Issue for the active player: {HEALTH.get(event.health, event.health)}")
    return lines or ["Nothing happens."]


def where(target: str) -> str:
    return WHERE.get(target, f"a {target} module")
