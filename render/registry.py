"""Which images to post for a game's view and the events that led to it, and the content key of each."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.core import Event
from render.cache import ViewDigest
from render.colony.board import render_board
from render.colony.common import turn_line
from render.colony.event import Revealed, render_event, revealed_event
from render.colony.grid import render_grid
from render.colony.hands import render_hands
from render.europa import READS as EUROPA_READS
from render.europa import dice_image as europa_dice
from render.europa import hand_image, rolled_seats, table_image, tally_image
from render.exobase.base import render_base
from render.exobase.common import day_line, phase_name
from render.exobase.dice import Roll, render_dice, rolls_from_events
from render.exobase.panel import render_panel
from render.exobase.rows import render_rows
from render.image import RenderedImage
from render.palette import palette_kind
from render.spacebase import board_image, dice_image, rolled, scores_image, shipyard_image

View = Mapping[str, Any]


@dataclass(frozen=True)
class Kind:
    """One image a game posts.

    ``reads`` are the view's top-level entries the image and its alt text are drawn from; the drawing
    sees only those, so the content key built from them can never miss a change; ``narrow`` may cut
    those entries down further to the fields the image draws, so that other changes keep its key. A
    standing image
    (``shows`` is None) shows the table; an event image shows what ``shows`` finds in the events and
    is left out when that is empty.
    """

    name: str
    reads: frozenset[str]
    draw: Callable[[View, Any], RenderedImage]
    shows: Callable[[View, Sequence[Event]], Any] | None = None
    narrow: Callable[[dict[str, Any]], dict[str, Any]] | None = None


@dataclass(frozen=True)
class Planned:
    """An image to post: its name, whether it is a standing image, its content key and how to draw it."""

    name: str
    standing: bool
    key: str
    draw: Callable[[], RenderedImage]


def _when(view: View) -> str:
    return f"{day_line(view)}, {phase_name(view)}"


def _base(view: View, _: None) -> RenderedImage:
    text = f"The base: {len(view.get('base') or [])} locations. {_when(view)}."
    return RenderedImage("base.png", render_base(view), text)


def _panel(view: View, _: None) -> RenderedImage:
    text = f"Status: production, storage, energy and founders. {_when(view)}."
    return RenderedImage("panel.png", render_panel(view), text)


def _rows(view: View, _: None) -> RenderedImage:
    return RenderedImage("rows.png", render_rows(view), "The location row and the task row.")


def _dice(view: View, rolls: Sequence[Roll]) -> RenderedImage:
    labels = "; ".join(f"{r.label}: {', '.join(map(str, r.dice))}" for r in rolls)
    return RenderedImage("dice.png", render_dice(rolls), f"Dice. {labels}"[:1000])


def _grid(view: View, _: None) -> RenderedImage:
    count = len(view.get("grid") or [])
    text = f"The colony grid: {count} modules with tokens and pawns. {turn_line(view)}."
    return RenderedImage("grid.png", render_grid(view), text)


def _board(view: View, _: None) -> RenderedImage:
    levels = ", ".join(
        f"{r.get('resource')} {int(r.get('production', 0)):+d} ({int(r.get('supply', 0))} left)"
        for r in view.get("resources") or []
    )
    text = f"Resource board: production and supplies ({levels}), emergency track. {turn_line(view)}."
    return RenderedImage("board.png", render_board(view), text[:1000])


def _hands(view: View, _: None) -> RenderedImage:
    return RenderedImage("hands.png", render_hands(view), f"Every player's hand. {turn_line(view)}.")


def _event(view: View, revealed: Revealed) -> RenderedImage:
    kind = "Critical event" if revealed.critical else "Event"
    text = f"{kind}: {revealed.name}. {' '.join(revealed.outcomes)}"[:1000]
    return RenderedImage("event.png", render_event(revealed, view), text)


def _rolls(view: View, events: Sequence[Event]) -> list[Roll]:
    return rolls_from_events(events, view)


def _revealed(view: View, events: Sequence[Event]) -> Revealed | None:
    return revealed_event(events, view)


def _founder_names(seen: dict[str, Any]) -> dict[str, Any]:
    # The rows draw founders only as markers (initials and colour): where they stand is the base's news.
    founders = [{"id": f.get("id"), "name": f.get("name")} for f in seen.get("founders") or []]
    return {**seen, "founders": founders}


_DAY = frozenset({"day", "days", "days_left", "phase"})
_TURN = frozenset({"active_seat", "outcome", "phase", "players", "scenario", "turn"})
_ROWS = frozenset({"location_row", "task_row"})
KINDS: dict[str, tuple[Kind, ...]] = {
    "exobase": (
        Kind("base", _DAY | {"base", "founders"}, _base),
        Kind(
            "panel",
            _DAY
            | _ROWS
            | {"base", "energy", "founders", "green", "hazard", "mode", "outcome", "pending", "production"}
            | {"goal", "production_max", "score", "storage", "storage_cap"},
            _panel,
        ),
        Kind("rows", _ROWS | {"founders", "phase", "pile_count"}, _rows, narrow=_founder_names),
        Kind("dice", _ROWS | {"base", "founders"}, _dice, shows=_rolls),
    ),
    "colony": (
        Kind("grid", _TURN | {"grid", "pending"}, _grid),
        Kind(
            "board",
            _TURN
            | {"actions_left", "deck_count", "discard_count", "discard_top", "emergency", "event_deck_count"}
            | {"event_discard_count", "grid", "limits", "pending", "resources"},
            _board,
        ),
        Kind("hands", _TURN | {"limits"}, _hands),
        Kind(
            "event",
            frozenset({"event_deck_count", "grid", "last_event", "scenario"}),
            _event,
            shows=_revealed,
        ),
    ),
    "europa": (
        Kind("dice", EUROPA_READS["dice"], europa_dice, shows=lambda view, events: rolled_seats(events)),
        Kind("table", EUROPA_READS["table"], table_image),
        Kind("tally", EUROPA_READS["tally"], tally_image, shows=lambda view, events: view.get("outcome")),
        # Only a seat's own view has a hand to draw (its DM or "My hand"); the table's has none.
        Kind("hand", EUROPA_READS["hand"], hand_image, shows=lambda view, events: view.get("you")),
    ),
    "spacebase": (
        Kind("dice", frozenset({"dice"}), dice_image, shows=rolled),
        Kind("board", frozenset({"players", "dice", "active", "viewer"}), board_image),
        Kind("scores", frozenset({"players", "goal", "ending", "active"}), scores_image),
        Kind("shipyard", frozenset({"shipyard", "colonies", "deck_counts"}), shipyard_image),
    ),
}
GAME_NAMES = {game: frozenset(kind.name for kind in kinds) for game, kinds in KINDS.items()}


def plan_images(
    game: str, view: View, events: Sequence[Event], *, which: set[str] | None = None
) -> list[Planned]:
    """The images to post, in posting order, each with its content key, not yet drawn.

    The game's standing images always (unless ``which`` narrows them), plus the images of what just
    happened. ExoBase: base, panel and card rows, dice when rolled. Exoplanet Colony: grid, board and
    hands, the event card when one was revealed. ``which`` names among the game's images; each name is
    one image whose file is "<name>.png". Raises ValueError for a game without renderers or an unknown
    image name.
    """
    if game not in KINDS:
        raise ValueError(f"There is no renderer for the game '{game}'.")
    wanted = set(GAME_NAMES[game]) if which is None else set(which)
    unknown = wanted - GAME_NAMES[game]
    if unknown:
        raise ValueError(f"Unknown image names: {', '.join(sorted(unknown))}.")
    digest = ViewDigest(view)
    planned: list[Planned] = []
    for kind in KINDS[game]:
        if kind.name not in wanted:
            continue
        seen = {name: view[name] for name in kind.reads if name in view}
        keys = digest
        if kind.narrow is not None:
            seen = kind.narrow(seen)
            keys = ViewDigest(seen)
        subject = kind.shows(seen, events) if kind.shows is not None else None
        if kind.shows is not None and not subject:
            continue
        label = f"{game}/{kind.name}"
        draw = partial(_draw, label, kind.draw, seen, subject)
        planned.append(Planned(kind.name, kind.shows is None, keys.key(label, kind.reads, subject), draw))
    return planned


def _draw(label: str, draw: Callable[[View, Any], RenderedImage], view: View, subject: Any) -> RenderedImage:
    with palette_kind(label):
        return draw(view, subject)


def render_images(
    game: str, view: View, events: Sequence[Event], *, which: set[str] | None = None
) -> list[RenderedImage]:
    """The images :func:`plan_images` plans, drawn; raises ValueError as it does."""
    return [planned.draw() for planned in plan_images(game, view, events, which=which)]
