"""Bridge to the renderer: images off the event loop, text-only when a game has no renderer."""

from __future__ import annotations

import asyncio
import importlib
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from bot.replies import Image
from engine.core import Event

log = logging.getLogger(__name__)
_text_only: set[str] = set()


def _renderer() -> Any | None:
    try:
        return importlib.import_module("render.registry")
    except ImportError:
        return None


async def render(
    game: str, view: Mapping[str, Any], events: Sequence[Event], which: Sequence[str] | None = None
) -> list[Image]:
    """The images for this view and these events; [] when the game has no renderer.

    A renderer crash is logged and costs only the images: the action is already saved.
    """
    module = _renderer()
    if module is None:
        return []
    try:
        rendered = await asyncio.to_thread(module.render_images, game, dict(view), list(events), which=which)
    except (LookupError, NotImplementedError, ValueError) as exc:
        # The registry refuses games it cannot draw; say so once, then stay text-only quietly.
        if game not in _text_only:
            _text_only.add(game)
            log.warning("no images for %s: %s", game, exc)
        return []
    except Exception:
        log.exception("rendering %s failed", game)
        return []
    return [Image(r.filename, r.data, r.description) for r in rendered]
