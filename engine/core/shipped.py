"""A game's shipped cards and the rules over them, read on first use rather than at import."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

ContentT = TypeVar("ContentT")
RulesT = TypeVar("RulesT")


class Shipped(Generic[ContentT, RulesT]):
    """The cards in ``folder`` read by ``load``, and ``make_rules`` over them, each built once."""

    def __init__(
        self, load: Callable[[Path], ContentT], folder: Path, make_rules: Callable[[ContentT], RulesT]
    ) -> None:
        self.content: Callable[[], ContentT] = cache(lambda: load(folder))
        self.rules: Callable[[], RulesT] = cache(lambda: make_rules(self.content()))

    def attribute(self, module: str, name: str) -> Any:
        """``CONTENT`` and ``RULES`` of a game package (its module ``__getattr__``): importable, yet
        the card files are read only when first asked for; raises AttributeError for other names."""
        if name == "CONTENT":
            return self.content()
        if name == "RULES":
            return self.rules()
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
