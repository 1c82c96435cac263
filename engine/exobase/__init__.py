"""ExoBase: build a self-sustaining base on a hostile exoplanet in ten days (solo or team)."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.exobase.content_load import DEFAULT_DIR, load_content
from engine.exobase.model import RESOURCES, Content
from engine.exobase.rules import ExoRules
from engine.exobase.state import ExoState


@cache
def shipped_content() -> Content:
    """The shipped cards, read and checked on first use (not at import); raises ContentError."""
    return load_content(DEFAULT_DIR)


@cache
def shipped_rules() -> ExoRules:
    """The rules over the shipped cards, built once on first use."""
    return ExoRules(shipped_content())


def __getattr__(name: str) -> Any:
    # ``CONTENT`` and ``RULES`` stay importable, but the card files are read only when first asked for.
    if name == "CONTENT":
        return shipped_content()
    if name == "RULES":
        return shipped_rules()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CONTENT",
    "RESOURCES",
    "RULES",
    "Content",
    "ExoRules",
    "ExoState",
    "load_content",
    "shipped_content",
    "shipped_rules",
]
