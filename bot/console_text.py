"""Text the local console adds to a reply: the names of the cards drawn where the table sees hands."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any


def name_drawn_cards(text: str, before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> str:
    """``text`` with each "<player> draws a card." naming the card that reached that player's hand.

    Only the table views are read (``Rules.view(state, None)`` holds no secret), so a card is
    named only when the table already sees it in the hand; a game with hidden hands has no
    hands in its table view and its text is left as it is.
    """
    if before is None or after is None:
        return text
    for name, cards in _gained(before, after).items():
        phrase = f"{name} draws a card."
        for card in cards:
            if phrase not in text:
                break
            text = text.replace(phrase, f"{name} draws {card}.", 1)
    return text


def _gained(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, list[str]]:
    """Per player name, the names of the cards in their hand now that were not there before."""
    held = {p.get("name"): Counter(_ids(p)) for p in _players(before)}
    gained: dict[str, list[str]] = {}
    for player in _players(after):
        old = held.get(player.get("name"), Counter())
        new: list[str] = []
        for card in player.get("hand") or []:
            if not isinstance(card, Mapping):
                continue
            if old[card.get("id")] > 0:
                old[card.get("id")] -= 1
            elif card.get("name"):
                new.append(str(card["name"]))
        if new:
            gained[str(player.get("name"))] = new
    return gained


def _players(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    players = view.get("players")
    if not isinstance(players, list):
        return []
    return [p for p in players if isinstance(p, Mapping)]


def _ids(player: Mapping[str, Any]) -> list[Any]:
    return [card.get("id") for card in player.get("hand") or [] if isinstance(card, Mapping)]
