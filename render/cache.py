"""Content keys for images and a bounded cache of rendered images keyed by them.

An image's key is a digest of exactly the data it is drawn from, so equal keys mean equal pictures:
a command whose view did not change the image can reuse (or skip) it instead of drawing it again.
"""

from __future__ import annotations

import hashlib
import pickle
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from typing import Any

from render.image import RenderedImage

# A fixed protocol, so keys do not change with the Python version's default.
PICKLE_PROTOCOL = 5


class ViewDigest:
    """Digests of a view's top-level entries, each computed at most once however many images read it."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self._view = view
        self._parts: dict[str, str] = {}

    def part(self, name: str) -> str:
        if name not in self._parts:
            self._parts[name] = digest(self._view.get(name))
        return self._parts[name]

    def key(self, kind: str, reads: Iterable[str], extra: object = None) -> str:
        """The key of image ``kind`` drawn from the entries ``reads`` (and ``extra``, e.g. its dice)."""
        parts = [kind, *(f"{name}={self.part(name)}" for name in sorted(reads))]
        if extra is not None:
            parts.append(digest(extra))
        return f"{kind}:{digest(parts)}"


def digest(value: object) -> str:
    # Pickle writes every value it is given, and four times faster than JSON text: a key is computed
    # for each image of every command. Equal views built in another order (or sharing objects
    # differently) may get other bytes; that costs a redraw, never a wrong picture.
    return hashlib.blake2b(pickle.dumps(value, PICKLE_PROTOCOL), digest_size=16).hexdigest()


class ImageCache:
    """The ``size`` most recently used images by content key; thread-safe, size 0 keeps nothing."""

    def __init__(self, size: int) -> None:
        self._items: OrderedDict[str, RenderedImage] = OrderedDict()
        self._lock = threading.Lock()
        self.size = size

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: str) -> RenderedImage | None:
        with self._lock:
            image = self._items.get(key)
            if image is not None:
                self._items.move_to_end(key)
            return image

    def put(self, key: str, image: RenderedImage) -> None:
        with self._lock:
            self._items[key] = image
            self._items.move_to_end(key)
            self._trim()

    def resize(self, size: int) -> None:
        """Change the bound, dropping the least recently used images beyond it; raises ValueError if < 0."""
        if size < 0:
            raise ValueError(f"A cache size cannot be negative, not {size}.")
        with self._lock:
            self.size = size
            self._trim()

    def _trim(self) -> None:
        while len(self._items) > self.size:
            self._items.popitem(last=False)
