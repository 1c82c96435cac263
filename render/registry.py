"""Shared machinery of a game's images: which to post for a view and its events, and the content key of each.

Every game's package builds its own :class:`Renderer` (its images and how to draw them); the list of
games lives with the application, which hands each game its renderer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.core import Event
from render.cache import ViewDigest
from render.image import RenderedImage
from render.palette import palette_kind

View = Mapping[str, Any]


@dataclass(frozen=True)
class Kind:
    """One image a game posts.

    ``reads`` are the view's top-level entries the image and its alt text are drawn from; the drawing
    sees only those, so the content key built from them can never miss a change; ``narrow`` may cut
    those entries down further to the fields the image draws, so that other changes keep its key. A
    standing image (``shows`` is None) shows the table, or, with ``only_if``, something only some
    views hold (a seat's hand, in its own view), and is left out of the others; an event image shows
    what ``shows`` finds in the events and is left out when that is empty. A channel (or a seat's
    DMs) is sent a standing image again only when its key changed; an event image, every time.
    """

    name: str
    reads: frozenset[str]
    draw: Callable[[View, Any], RenderedImage]
    shows: Callable[[View, Sequence[Event]], Any] | None = None
    narrow: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    only_if: Callable[[dict[str, Any]], bool] | None = None


@dataclass(frozen=True)
class Planned:
    """An image to post: its name, whether it is a standing image, its content key and how to draw it."""

    name: str
    standing: bool
    key: str
    draw: Callable[[], RenderedImage]


@dataclass(frozen=True)
class Renderer:
    """One game's images, in posting order.

    ``edition`` names the cards the images read texts from beyond the view (empty when they read
    none); it is part of every content key, so two games drawn over different cards in one process
    never share a cached picture.
    """

    game: str
    kinds: tuple[Kind, ...]
    edition: str = ""

    @property
    def names(self) -> frozenset[str]:
        return frozenset(kind.name for kind in self.kinds)

    def plan(self, view: View, events: Sequence[Event], *, which: set[str] | None = None) -> list[Planned]:
        """The images to post, in posting order, each with its content key, not yet drawn.

        The standing images always (unless ``which`` narrows them), plus the images of what just
        happened. ``which`` names among the game's images; each name is one image whose file is
        "<name>.png". Raises ValueError for an unknown image name.
        """
        wanted = set(self.names) if which is None else set(which)
        unknown = wanted - self.names
        if unknown:
            raise ValueError(f"Unknown image names: {', '.join(sorted(unknown))}.")
        digest = ViewDigest(view)
        planned: list[Planned] = []
        for kind in self.kinds:
            if kind.name not in wanted:
                continue
            seen = {name: view[name] for name in kind.reads if name in view}
            if kind.only_if is not None and not kind.only_if(seen):
                continue
            keys = digest
            if kind.narrow is not None:
                seen = kind.narrow(seen)
                keys = ViewDigest(seen)
            subject = kind.shows(seen, events) if kind.shows is not None else None
            if kind.shows is not None and not subject:
                continue
            label = f"{self.game}/{kind.name}"
            draw = partial(_draw, label, kind.draw, seen, subject)
            key = keys.key(f"{label}{self.edition}", kind.reads, subject)
            planned.append(Planned(kind.name, kind.shows is None, key, draw))
        return planned

    def render(
        self, view: View, events: Sequence[Event], *, which: set[str] | None = None
    ) -> list[RenderedImage]:
        """The images :meth:`plan` plans, drawn; raises ValueError as it does."""
        return [planned.draw() for planned in self.plan(view, events, which=which)]


def _draw(label: str, draw: Callable[[View, Any], RenderedImage], view: View, subject: Any) -> RenderedImage:
    with palette_kind(label):
        return draw(view, subject)
