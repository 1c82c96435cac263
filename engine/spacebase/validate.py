"""Cross-checks over a whole content set, run once at load time."""

from __future__ import annotations

from engine.core.errors import ContentError
from engine.spacebase.model import LEVELS, SECTORS, SHIPYARD_SIZE, Card, Content, Reward

FILE_OF = {"starter": "starters.json", "ship": "ships.json", "colony": "colonies.json"}
NEEDS_DIR = ("arrow", "diag")
# Effects that need a moment on the owner's own board, never a deployed reward on others' turns.
OWN_TURN_ONLY = ("win", "cash_out", "swap_neighbor", "trade", "exchange", "shift", "red_sectors", "deploy")


def cross_check(content: Content) -> None:
    """Raise ContentError when the files load but cannot make a playable game."""
    starters = [c for c in content.cards.values() if c.type == "starter"]
    if sorted(c.sector for c in starters) != list(range(1, SECTORS + 1)):
        raise ContentError(f"starters.json: needs exactly one starter for each sector 1 to {SECTORS}.")
    base_colonies = [c for c in content.cards.values() if c.is_colony and c.set == "base"]
    if sorted(c.sector for c in base_colonies) != list(range(1, SECTORS + 1)):
        raise ContentError(
            f"colonies.json: the base set needs exactly one colony for each sector 1 to {SECTORS}."
        )
    for level in LEVELS:
        if len(content.deck(level, ("base",))) < SHIPYARD_SIZE + 5:
            raise ContentError(f"ships.json: level {level} needs at least {SHIPYARD_SIZE + 5} base ships.")
    for card in content.cards.values():
        _check_card(card, f"{FILE_OF[card.type]} '{card.id}'")


def _check_card(card: Card, where: str) -> None:
    if card.type == "starter" and (card.level != 0 or card.cost != 0):
        raise ContentError(f"{where}: a starter has level 0 and cost 0.")
    if card.type == "ship" and card.level not in LEVELS:
        raise ContentError(f"{where}: 'level' of a ship must be 1, 2 or 3.")
    if card.type == "ship" and card.cost < 1:
        raise ContentError(f"{where}: 'cost' of a ship must be at least 1.")
    if card.plus and card.type != "ship":
        raise ContentError(f"{where}: only a ship may have a variable sector ('plus').")
    if card.condition is not None and card.type != "colony":
        raise ContentError(f"{where}: only a colony may have a claim 'condition'.")
    if card.type == "colony" and card.blue:
        raise ContentError(f"{where}: a colony has no station ('blue') rewards.")
    if card.type != "colony" and card.shared:
        raise ContentError(f"{where}: only a colony may have 'shared' rewards.")
    if card.ability is not None and not any(r.kind == "charge" for r in (*card.blue, *card.red)):
        raise ContentError(f"{where}: an 'ability' needs a 'charge' reward in 'blue' or 'red'.")
    sections = {"blue": card.blue, "red": card.red, "immediate": card.immediate, "end_turn": card.end_turn}
    sections["shared"] = card.shared
    if card.ability is not None:
        sections["ability"] = card.ability.effects
    for name, rewards in sections.items():
        for i, reward in enumerate(rewards):
            _check_reward(card, reward, name, f"{where} {name}[{i}]")


def _check_reward(card: Card, r: Reward, section: str, where: str) -> None:
    if r.kind == "charge" and card.ability is None:
        raise ContentError(f"{where}: a 'charge' reward needs the card to have an 'ability'.")
    if r.kind in NEEDS_DIR and r.dir == 0:
        raise ContentError(f"{where}: '{r.kind}' needs 'dir' -1 (left) or 1 (right).")
    if r.kind in NEEDS_DIR and not 1 <= card.sector + r.dir <= SECTORS and not card.plus:
        raise ContentError(f"{where}: '{r.kind}' points off the board from sector {card.sector}.")
    if r.kind == "dice_arrow" and card.sector >= SECTORS:
        raise ContentError(f"{where}: 'dice_arrow' needs a sector above this one.")
    if r.kind in ("arrow", "dice_arrow", "diag") and section not in ("blue", "red"):
        raise ContentError(f"{where}: '{r.kind}' only works as a station or deployed reward.")
    if r.kind in OWN_TURN_ONLY and section in ("blue", "red", "shared"):
        raise ContentError(f"{where}: '{r.kind}' may only be an immediate reward or an ability.")
    if r.kind == "claim_top" and r.level not in LEVELS:
        raise ContentError(f"{where}: a 'claim_top' turns up ships of one deck: 'level' 1, 2 or 3.")
    if r.kind == "claim" and r.level == 4:
        raise ContentError(f"{where}: a 'claim' takes a ship (level 0 to 3); colonies are bought.")
