"""Pure Pillow renderers: a game's view -> PNG bytes."""

from __future__ import annotations

from render.image import RenderedImage

__all__ = ["RenderedImage"]
