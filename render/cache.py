"""Content keys for images and a bounded cache of rendered images keyed by them.

An image's key is a digest of exactly the data it is drawn from, so equal keys mean equal pictures:
a command whose view did not change the image can reuse (or skip) it instead of drawing it again.
"""

from __future__ import annotations

import hashlib
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

from render.image import RenderedImage

# A fixed protocol, so keys do not change with the Python version's default.
PICKLE_PROTOCOL = 5
V = TypeVar("V")


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


class Bounded(Generic[V]):
    """The most recently used values by key, as long as their weights (``weigh``) add up to at most
    ``limit``; thread-safe. A value heavier than the whole limit is not kept; limit 0 keeps nothing."""

    def __init__(self, limit: int, weigh: Callable[[V], int]) -> None:
        self._items: OrderedDict[str, V] = OrderedDict()
        self._lock = threading.Lock()
        self._weigh = weigh
        self._weight = 0
        self.limit = limit

    def __len__(self) -> int:
        return len(self._items)

    @property
    def weight(self) -> int:
        """The weights of the values held now, added up."""
        return self._weight

    def get(self, key: str) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: str, value: V) -> None:
        weight = self._weigh(value)
        if weight > self.limit:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._weight -= self._weigh(old)
            self._items[key] = value
            self._weight += weight
            self._trim()

    def resize(self, limit: int) -> None:
        """Change the bound, dropping the least recently used values beyond it; ValueError if < 0."""
        if limit < 0:
            raise ValueError(f"A cache size cannot be negative, not {limit}.")
        with self._lock:
            self.limit = limit
            self._trim()

    def _trim(self) -> None:
        while self._weight > self.limit:
            _, value = self._items.popitem(last=False)
            self._weight -= self._weigh(value)


class ImageCache(Bounded[RenderedImage]):
    """The ``size`` most recently used images by content key; thread-safe, size 0 keeps nothing."""

    def __init__(self, size: int) -> None:
        super().__init__(size, lambda _: 1)
