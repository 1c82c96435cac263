"""Which placements are legal: the one source of truth for work, task, upgrade, build and repair."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from engine.core.action import Action, Scalar
from engine.exobase.common import action_of, afford
from engine.exobase.derive import Derived
from engine.exobase.grid import Cell, fits, open_cells
from engine.exobase.model import RESOURCES, Card, Content, Space
from engine.exobase.state import ExoState, Json

PLACEMENT_KINDS = ("work", "task", "upgrade", "build", "repair")

# An open placement before a founder is chosen: (kind, card, detail), where the detail is the
# space index for work, the current level for upgrade, the cell "x,y" for build, else "".
Option = tuple[str, str, int | str]
# A placed card as far as building next to it matters: (x, y, card).
_Site = tuple[int, int, str]


def free_founders(state: ExoState) -> list[Json]:
    return [f for f in state.founders if f["alive"] and f["doing"] is None]


def space_usable(state: ExoState, card: Card, placed: Json, space: Space, d: Derived) -> bool:
    """A space may be worked: its level is reached, the location is powered and undamaged."""
    return space.level <= placed["level"] and not placed["damage"] and card.id in d.powered


def placements(
    state: ExoState,
    content: Content,
    d: Derived,
    fids: list[str],
    kind: str | None = None,
    card: str | None = None,
) -> list[Action]:
    """Every placement of the founders ``fids`` (only of one ``kind`` and ``card`` when given)."""
    per_option = [_actions(content, option) for option in _options(state, content, d, kind, card)]
    out: list[Action] = []
    for fid in fids:
        for actions in per_option:
            out += actions[fid]
    return out


@lru_cache(maxsize=16384)
def _actions(content: Content, option: Option) -> Mapping[str, tuple[Action, ...]]:
    """The actions of one open placement for each founder of the content.

    Built once, since actions are immutable; one lookup per option (not per option and
    founder) keeps the cache cost of a legal list low.
    """
    return {fid: _founder_actions(content, option, fid) for fid in content.founders}


def _founder_actions(content: Content, option: Option, fid: str) -> tuple[Action, ...]:
    """The actions of one open placement for one founder (one per resource when it offers a choice)."""
    kind, cid, detail = option
    card = content.cards[cid]
    args: dict[str, Scalar] = {"founder": fid, "card": cid}
    choices: tuple[str, ...] = ()
    if kind == "work":
        args["space"] = detail
        choices = card.spaces[int(detail)].either
    elif kind == "task":
        assert card.task is not None
        choices = card.task.reward.either
    elif kind == "upgrade":
        choices = RESOURCES if card.levels[int(detail)].benefit.production_choice else ()
    elif kind == "build":
        args["at"] = detail
        choices = RESOURCES if card.build.production_choice else ()
    if choices:
        return tuple(action_of(kind, resource=r, **args) for r in choices)
    return (action_of(kind, **args),)


def _options(
    state: ExoState, content: Content, d: Derived, kind: str | None, only: str | None
) -> list[Option]:
    """The placements open to any free founder."""
    out: list[Option] = []
    if kind in (None, "work"):
        out += _work(state, content, d, only)
    if kind in (None, "task"):
        out += _task(state, content, only)
    if kind in (None, "upgrade"):
        out += _upgrade(state, content, d, only)
    if kind in (None, "build"):
        out += _build(state, content, d, only)
    if kind in (None, "repair"):
        out += [
            ("repair", b["card"], "")
            for b in state.base
            if b["damage"] and f"{b['card']}:fix" not in state.spots and only in (None, b["card"])
        ]
    return out


def _work(state: ExoState, content: Content, d: Derived, only: str | None) -> list[Option]:
    out: list[Option] = []
    for b in state.base:
        cid = b["card"]
        if only not in (None, cid) or b["damage"] or cid not in d.powered:
            continue
        for index, space in enumerate(content.cards[cid].spaces):
            if space.level > b["level"] or f"{cid}:{index}" in state.spots:
                continue
            if afford(state, space.pay):
                out.append(("work", cid, index))
    return out


def _task(state: ExoState, content: Content, only: str | None) -> list[Option]:
    out: list[Option] = []
    for cid in state.task_cards():
        if only not in (None, cid):
            continue
        task = content.cards[cid].task
        if task is None or f"task:{cid}" in state.spots or not afford(state, task.reward.pay):
            continue
        out.append(("task", cid, ""))
    return out


def upgrade_need(card: Card, level: int) -> int:
    """Extra energy cubes the next level draws from the bank."""
    return card.needs(level + 1) - card.needs(level)


def _upgrade(state: ExoState, content: Content, d: Derived, only: str | None) -> list[Option]:
    out: list[Option] = []
    for b in state.base:
        if only not in (None, b["card"]):
            continue
        card = content.cards[b["card"]]
        if b["level"] >= card.max_level or b["damage"] or card.id not in d.powered:
            continue
        if f"{card.id}:up" in state.spots:
            continue
        nxt = card.levels[b["level"]]
        if not afford(state, nxt.cost) or d.bank < upgrade_need(card, b["level"]):
            continue
        out.append(("upgrade", card.id, b["level"]))
    return out


def _build(state: ExoState, content: Content, d: Derived, only: str | None) -> list[Option]:
    out: list[Option] = []
    layout = tuple([(b["x"], b["y"], b["card"]) for b in state.base])
    for cid in state.location_row:
        if cid is None or only not in (None, cid):
            continue
        card = content.cards[cid]
        if not afford(state, card.cost) or d.bank < card.needs(1):
            continue
        out += [("build", cid, at) for at in _sites(content, layout, card.doors)]
    return out


@lru_cache(maxsize=4096)
def _sites(content: Content, layout: tuple[_Site, ...], doors: frozenset[str]) -> tuple[str, ...]:
    """The cells ("x,y", in cell order) where a card with ``doors`` fits a base laid out as ``layout``."""
    grid, cells = _open(content, layout)
    return tuple(f"{x},{y}" for x, y in cells if fits(doors, (x, y), grid))


@lru_cache(maxsize=1024)
def _open(content: Content, layout: tuple[_Site, ...]) -> tuple[dict[Cell, frozenset[str]], tuple[Cell, ...]]:
    """The doors at each cell of a base laid out as ``layout``, and its open cells in order."""
    grid = {(x, y): content.cards[cid].doors for x, y, cid in layout}
    return grid, tuple(sorted(open_cells(grid)))
