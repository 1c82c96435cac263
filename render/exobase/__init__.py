"""Renderers for ExoBase: the base grid, the status panel, the card rows and dice rolls."""

from __future__ import annotations
