from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from tests.render.playout import playout


def open_png(data: bytes) -> Image.Image:
    """Decode PNG bytes, failing the test when they are not a valid PNG."""
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


@pytest.fixture(scope="session")
def played() -> list[tuple[dict[str, Any], list[Any]]]:
    """Every (view, events) of a short seeded game of the real engine."""
    return list(playout(5, steps=60))
