"""ExoBase: build a self-sustaining base on a hostile exoplanet in ten days (solo or team)."""

from __future__ import annotations

from typing import Any

from engine.native import extend

# Compiled copies of the hot modules come first while they match their sources (engine.native).
extend(__name__, __path__)

from engine.core.shipped import Shipped
from engine.exobase.content_load import DEFAULT_DIR, load_content
from engine.exobase.model import RESOURCES, Content
from engine.exobase.rules import ExoRules
from engine.exobase.state import ExoState

SHIPPED = Shipped(load_content, DEFAULT_DIR, ExoRules)
shipped_content = SHIPPED.content
shipped_rules = SHIPPED.rules


def __getattr__(name: str) -> Any:
    return SHIPPED.attribute(__name__, name)


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
