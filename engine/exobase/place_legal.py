"""Which placements are legal: the one source of truth for work, task, upgrade, build and repair."""

from __future__ import annotations

from engine.core.action import Action
from engine.exobase.common import afford
from engine.exobase.derive import Derived, grid_of
from engine.exobase.grid import fits, open_cells
from engine.exobase.model import Card, Content, Space
from engine.exobase.state import ExoState, Json

PLACEMENT_KINDS = ("work", "task", "upgrade", "build", "repair")


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
    templates = _templates(state, content, d, kind, card)
    return [Action(t.kind, tuple(sorted((*t.args, ("founder", fid))))) for fid in fids for t in templates]


def _templates(
    state: ExoState, content: Content, d: Derived, kind: str | None, only: str | None
) -> list[Action]:
    """The placements open to any free founder, without the founder argument."""
    out: list[Action] = []
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
            Action.of("repair", card=b["card"])
            for b in state.base
            if b["damage"] and f"{b['card']}:fix" not in state.spots and only in (None, b["card"])
        ]
    return out


def _choices(kind: str, spec: Space, **args: str | int) -> list[Action]:
    if spec.either:
        return [Action.of(kind, resource=r, **args) for r in spec.either]
    return [Action.of(kind, **args)]


def _work(state: ExoState, content: Content, d: Derived, only: str | None) -> list[Action]:
    out: list[Action] = []
    for b in state.base:
        if only not in (None, b["card"]):
            continue
        card = content.cards[b["card"]]
        for index, space in enumerate(card.spaces):
            if f"{card.id}:{index}" in state.spots or not space_usable(state, card, b, space, d):
                continue
            if afford(state, dict(space.pay)):
                out += _choices("work", space, card=card.id, space=index)
    return out


def _task(state: ExoState, content: Content, only: str | None) -> list[Action]:
    out: list[Action] = []
    for cid in state.task_cards():
        if only not in (None, cid):
            continue
        task = content.cards[cid].task
        if task is None or f"task:{cid}" in state.spots or not afford(state, dict(task.reward.pay)):
            continue
        out += _choices("task", task.reward, card=cid)
    return out


def upgrade_need(card: Card, level: int) -> int:
    """Extra energy cubes the next level draws from the bank."""
    return card.needs(level + 1) - card.needs(level)


def _upgrade(state: ExoState, content: Content, d: Derived, only: str | None) -> list[Action]:
    out: list[Action] = []
    for b in state.base:
        if only not in (None, b["card"]):
            continue
        card = content.cards[b["card"]]
        if b["level"] >= card.max_level or b["damage"] or card.id not in d.powered:
            continue
        if f"{card.id}:up" in state.spots:
            continue
        nxt = card.levels[b["level"]]
        if not afford(state, dict(nxt.cost)) or d.bank < upgrade_need(card, b["level"]):
            continue
        out += _pick("upgrade", nxt.benefit.production_choice, card=card.id)
    return out


def _pick(kind: str, choice: int, **args: str | int) -> list[Action]:
    if choice:
        return [Action.of(kind, resource=r, **args) for r in ("minerals", "metal", "water", "gas", "food")]
    return [Action.of(kind, **args)]


def _build(state: ExoState, content: Content, d: Derived, only: str | None) -> list[Action]:
    out: list[Action] = []
    grid = grid_of(state, content)
    cells = sorted(open_cells(grid))
    for cid in state.location_row:
        if cid is None or only not in (None, cid):
            continue
        card = content.cards[cid]
        if not afford(state, dict(card.cost)) or d.bank < card.needs(1):
            continue
        for cell in cells:
            if fits(card.doors, cell, grid):
                out += _pick("build", card.build.production_choice, card=cid, at=f"{cell[0]},{cell[1]}")
    return out
