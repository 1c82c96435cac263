"""One-shot abilities, from founder cards and tucked task cards, usable at any time in a live game."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from engine.core.action import Action
from engine.core.game import Event
from engine.exobase.common import action_of, name, store
from engine.exobase.derive import derive
from engine.exobase.hazard import retarget
from engine.exobase.model import RESOURCES, Content
from engine.exobase.state import ExoState, Json


def instant_list(content: Content, founder: Json) -> Iterator[tuple[str, Mapping[str, Any], bool]]:
    """(ability key, effect, used) for each instant the founder holds."""
    for i, ability in enumerate(content.founders[founder["id"]].instants):
        yield f"founder:{i}", ability.effect, bool(founder["used"][i])
    for tucked in founder["tucked"]:
        task = content.cards[tucked["card"]].task
        if task is not None and task.ability.kind == "instant":
            yield tucked["card"], task.ability.effect, bool(tucked["used"])


def instant_actions(state: ExoState, content: Content) -> list[Action]:
    out: list[Action] = []
    for f in state.founders:
        if not f["alive"]:
            continue
        fid = f["id"]
        for (key, effect), used in zip(_own_instants(content, fid), f["used"], strict=True):
            if not used:
                out += _uses(state, content, fid, key, effect)
        for tucked in f["tucked"]:
            ability = None if tucked["used"] else _tucked_instant(content, tucked["card"])
            if ability is not None:
                out += _uses(state, content, fid, tucked["card"], ability)
    return out


@lru_cache(maxsize=256)
def _own_instants(content: Content, fid: str) -> tuple[tuple[str, Mapping[str, Any]], ...]:
    """(ability key, effect) of a founder's own instants, in the order ``instant_list`` gives them."""
    return tuple((f"founder:{i}", a.effect) for i, a in enumerate(content.founders[fid].instants))


@lru_cache(maxsize=1024)
def _tucked_instant(content: Content, cid: str) -> Mapping[str, Any] | None:
    """The effect of a task card's instant ability; None when its ability is passive."""
    task = content.cards[cid].task
    return task.ability.effect if task is not None and task.ability.kind == "instant" else None


def _uses(state: ExoState, content: Content, fid: str, key: str, effect: Mapping[str, Any]) -> list[Action]:
    if "choice_gain" in effect:
        return list(_gain_choices(fid, key))
    if "heal" in effect:
        return [
            action_of("instant", founder=fid, ability=key, target=f["id"])
            for f in state.founders
            if f["alive"] and f["health"] < content.founders[f["id"]].max_health
        ]
    if "repair" in effect:
        return [
            action_of("instant", founder=fid, ability=key, target=b["card"])
            for b in state.base
            if b["damage"]
        ]
    return [action_of("instant", founder=fid, ability=key)]


@lru_cache(maxsize=1024)
def _gain_choices(fid: str, key: str) -> tuple[Action, ...]:
    return tuple(action_of("instant", founder=fid, ability=key, resource=r) for r in RESOURCES)


def use_instant(state: ExoState, content: Content, action: Action, events: list[Event]) -> None:
    """Apply an instant already checked against the legal actions, then spend it."""
    fid = str(action.arg("founder"))
    key = str(action.arg("ability"))
    founder = state.founder(fid)
    assert founder is not None
    effect = next(e for k, e, _ in instant_list(content, founder) if k == key)
    # New lists, not edits in place: clones share them (see ExoState.clone).
    if key.startswith("founder:"):
        used = list(founder["used"])
        used[int(key.split(":")[1])] = True
        founder["used"] = used
    else:
        founder["tucked"] = [{**t, "used": True} if t["card"] == key else t for t in founder["tucked"]]
    who = name(content, fid)
    cap = derive(state, content).cap
    if "gain" in effect or "choice_gain" in effect:
        wanted = dict(effect.get("gain", {}))
        if "choice_gain" in effect:
            wanted[str(action.arg("resource"))] = int(effect["choice_gain"])
        added = store(state, cap, wanted)
        got = ", ".join(f"+{n} {r}" for r, n in added.items()) or "nothing (storage full)"
        text = f"{who} uses an ability: {got}."
        events.append(Event("gained", text, {"founder": fid, "resources": added}))
    elif "heal" in effect:
        target = state.founder(str(action.arg("target")))
        assert target is not None
        top = content.founders[target["id"]].max_health
        target["health"] = min(top, target["health"] + int(effect["heal"]))
        events.append(
            Event("healed", f"{who} heals {name(content, target['id'])}.", {"founder": target["id"]})
        )
    else:
        cid = str(action.arg("target"))
        placed = state.placed(cid)
        assert placed is not None
        placed["damage"] -= 1
        events.append(Event("repaired", f"{who} repairs {name(content, cid)}.", {"card": cid}))
        retarget(state, content)
