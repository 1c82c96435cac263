"""Cached constructors of the actions legal lists build over and over (``Action`` values are immutable)."""

from __future__ import annotations

from engine.core.action import Action

_DIE: dict[tuple[str, int], Action] = {}
_CARD: dict[tuple[str, str], Action] = {}
_PLAIN: dict[str, Action] = {}
_ANY: dict[tuple[str, tuple[tuple[str, str | int | bool], ...]], Action] = {}


def plain(kind: str) -> Action:
    found = _PLAIN.get(kind)
    if found is None:
        found = _PLAIN[kind] = Action(kind)
    return found


def die_action(kind: str, die: int) -> Action:
    key = (kind, die)
    found = _DIE.get(key)
    if found is None:
        found = _DIE[key] = Action(kind, (("die", die),))
    return found


def action(kind: str, args: tuple[tuple[str, str | int | bool], ...]) -> Action:
    """``Action(kind, args)`` with ``args`` already in sorted order, made once."""
    key = (kind, args)
    found = _ANY.get(key)
    if found is None:
        found = _ANY[key] = Action(kind, args)
    return found


def card_action(kind: str, card: str) -> Action:
    key = (kind, card)
    found = _CARD.get(key)
    if found is None:
        found = _CARD[key] = Action(kind, (("card", card),))
    return found
