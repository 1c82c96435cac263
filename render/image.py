"""The one data type a renderer hands back."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RenderedImage:
    """A PNG ready to post: ``filename`` ends in ``.png``; ``description`` is its alt text."""

    filename: str
    data: bytes
    description: str
