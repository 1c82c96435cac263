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
    storage = state.storage
    spots = state.spots
    powered = d.powered
    for b in state.base:
        cid = b["card"]
        if (only is not None and only != cid) or b["damage"] or cid not in powered:
            continue
        level = b["level"]
        for index, needed, spot, price in _work_spaces(content, cid):
            if needed <= level and spot not in spots and _affords(storage, price):
                out.append(("work", cid, index))
    return out


@lru_cache(maxsize=1024)
def _work_spaces(content: Content, cid: str) -> tuple[tuple[int, int, str, tuple[tuple[str, int], ...]], ...]:
    """(index, level needed, spot key, price) of each work space: legal lists ask for them every step."""
    spaces = content.cards[cid].spaces
    return tuple((i, sp.level, f"{cid}:{i}", tuple(sp.pay.items())) for i, sp in enumerate(spaces))


def _affords(storage: dict[str, int], price: tuple[tuple[str, int], ...]) -> bool:
    # A plain loop: all() over a generator costs a frame per call in this hot path.
    for r, n in price:  # noqa: SIM110
        if storage[r] < n:
            return False
    return True


def _task(state: ExoState, content: Content, only: str | None) -> list[Option]:
    out: list[Option] = []
    for cid in state.task_cards():
        if only is not None and only != cid:
            continue
        facts = _task_facts(content, cid)
        if facts is None or facts[0] in state.spots or not _affords(state.storage, facts[1]):
            continue
        out.append(("task", cid, ""))
    return out


@lru_cache(maxsize=1024)
def _task_facts(content: Content, cid: str) -> tuple[str, tuple[tuple[str, int], ...]] | None:
    """(spot key, price) of a card's task; None when the card has no task."""
    task = content.cards[cid].task
    return None if task is None else (f"task:{cid}", tuple(task.reward.pay.items()))


def upgrade_need(card: Card, level: int) -> int:
    """Extra energy cubes the next level draws from the bank.

    Spare cubes are checked before the cost is paid and the benefit received (the player
    reference's order), so bolts a build or a new level brings never power it."""
    return card.needs(level + 1) - card.needs(level)


def _upgrade(state: ExoState, content: Content, d: Derived, only: str | None) -> list[Option]:
    out: list[Option] = []
    bank = d.bank
    for b in state.base:
        cid = b["card"]
        if (only is not None and only != cid) or b["damage"] or cid not in d.powered:
            continue
        step = _upgrade_step(content, cid, b["level"])
        if step is None:
            continue
        spot, price, need = step
        if spot in state.spots or not _affords(state.storage, price) or bank < need:
            continue
        out.append(("upgrade", cid, b["level"]))
    return out


@lru_cache(maxsize=1024)
def _upgrade_step(
    content: Content, cid: str, level: int
) -> tuple[str, tuple[tuple[str, int], ...], int] | None:
    """(spot key, price, spare cubes needed) of upgrading a card from ``level``; None at its top level."""
    card = content.cards[cid]
    if level >= card.max_level:
        return None
    return f"{cid}:up", tuple(card.levels[level].cost.items()), upgrade_need(card, level)


def _build(state: ExoState, content: Content, d: Derived, only: str | None) -> list[Option]:
    out: list[Option] = []
    layout: tuple[_Site, ...] | None = None
    bank = d.bank
    for cid in state.location_row:
        if cid is None or (only is not None and only != cid):
            continue
        card = content.cards[cid]
        if not afford(state, card.cost) or bank < card.needs(1):
            continue
        if layout is None:
            layout = tuple([(b["x"], b["y"], b["card"]) for b in state.base])
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
