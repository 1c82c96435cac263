"""Cross-checks over a whole content set, run once at load time."""

from __future__ import annotations

from engine.colony.model import COLOURS, Content
from engine.core.errors import ContentError

MIN_CHARACTERS = 8


def cross_check(content: Content) -> None:
    """Raise ContentError when the files load but cannot make a playable game."""
    if len(content.characters) < MIN_CHARACTERS:
        raise ContentError(f"characters.json: at least {MIN_CHARACTERS} characters deal two to four players.")
    if not any(c.ability == "heal_member" for c in content.characters.values()):
        raise ContentError("characters.json: some character must be able to heal a team member.")
    modules = [c for c in content.cards.values() if c.type == "module"]
    for colour in COLOURS:
        if not any(m.colour == colour for m in modules):
            raise ContentError(f"cards.json: no {colour} module; every colour needs one.")
    if not any(c.type == "plan" for c in content.cards.values()):
        raise ContentError("cards.json: the deck needs at least one Plan.")
    for module in modules:
        if module.cost_size >= len(content.deck()):
            raise ContentError(f"cards.json '{module.id}': costs more cards than the deck holds.")
    normal = len(content.event_pool(False))
    critical = len(content.event_pool(True))
    for s in content.scenarios.values():
        where = f"scenarios.json '{s.id}'"
        if all(p >= 0 for p in s.production.values()):
            raise ContentError(f"{where}: the colony would start already self-sustaining.")
        if max(s.normal_events.values()) > normal or s.critical_events > critical:
            raise ContentError(f"{where}: asks for more events than events.json holds ({normal}/{critical}).")
        if max(s.deal.values()) > len(content.deck()):
            raise ContentError(f"{where}: starting hands need more cards than the deck holds.")
