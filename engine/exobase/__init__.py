"""ExoBase: build a self-sustaining base on a hostile exoplanet in ten days (solo or team)."""

from __future__ import annotations

from engine.exobase.content_load import DEFAULT_DIR, load_content
from engine.exobase.model import RESOURCES, Content
from engine.exobase.rules import ExoRules
from engine.exobase.state import ExoState

CONTENT = load_content(DEFAULT_DIR)
RULES = ExoRules(CONTENT)

__all__ = ["CONTENT", "RESOURCES", "RULES", "Content", "ExoRules", "ExoState", "load_content"]
