"""Resolving one founder's placement: danger check, payment, gains and bonuses."""

from __future__ import annotations

from engine.core.action import Action
from engine.core.game import Event
from engine.exobase.common import hurt, name, pay, store
from engine.exobase.derive import Derived, derive, linked, passives
from engine.exobase.model import Content, Space
from engine.exobase.state import ExoState, Json


def place(state: ExoState, content: Content, d: Derived, founder: Json, action: Action) -> list[Event]:
    """Apply a placement already checked against the legal actions."""
    events: list[Event] = []
    kind = action.kind
    cid = str(action.arg("card"))
    founder["doing"] = describe_placement(content, action)
    who = name(content, founder["id"])
    events.append(Event("placed", f"{who} {founder['doing']}.", {"founder": founder["id"], "action": kind}))
    if kind == "work":
        _work(state, content, d, founder, cid, int(action.arg("space")), action.get("resource"), events)
    elif kind == "task":
        _task(state, content, d, founder, cid, action.get("resource"), events)
    elif kind == "upgrade":
        _upgrade(state, content, founder, cid, action.get("resource"), events)
    elif kind == "build":
        _build(state, content, founder, cid, str(action.arg("at")), action.get("resource"), events)
    else:
        state.spots[f"{cid}:fix"] = founder["id"]
        founder["at"] = cid
        placed = state.placed(cid)
        assert placed is not None
        placed["damage"] -= 1
        events.append(Event("repaired", f"{name(content, cid)} is repaired.", {"card": cid}))
    return events


def describe_placement(content: Content, action: Action) -> str:
    cid = str(action.get("card", ""))
    card = content.cards.get(cid)
    label = card.name if card else cid
    resource = action.get("resource")
    if action.kind == "work" and card is not None:
        space = card.spaces[int(action.arg("space"))]
        text = space.label if resource is None else _chosen(space, str(resource))
        return f"works {label}: {text}{danger_note(space.danger)}"
    if action.kind == "task" and card is not None and card.task is not None:
        reward = card.task.reward
        text = reward.label if resource is None else _chosen(reward, str(resource))
        return f"does task {card.task.name}: {text}{danger_note(card.task.danger)}"
    if action.kind == "upgrade":
        return f"upgrades {label}" + (f" (+1 {resource} production)" if resource else "")
    if action.kind == "build":
        return f"builds {label} at ({action.arg('at')})" + (
            f" (+1 {resource} production)" if resource else ""
        )
    return f"repairs {label}"


def danger_note(dice: int) -> str:
    """How many danger dice a placement rolls, as a label's end ("" for none)."""
    return f" ({dice} danger {'die' if dice == 1 else 'dice'})" if dice else ""


def _chosen(space: Space, resource: str) -> str:
    text = f"+{space.amount} {resource}"
    return f"{', '.join(f'{n} {r}' for r, n in space.pay.items())} -> {text}" if space.pay else text


def danger(state: ExoState, content: Content, founder: Json, dice: int, events: list[Event]) -> bool:
    """Roll the danger dice; returns False when the founder died (the placement is then not done)."""
    dice -= sum(int(e.get("danger_less", 0)) for e in passives(state, content, founder))
    if dice <= 0:
        return True
    rolls = [state.rng.d6() for _ in range(dice)]
    lost = sum(1 for r in rolls if r <= 4)
    who = name(content, founder["id"])
    events.append(
        Event(
            "danger_roll",
            f"{who} rolls {rolls} for danger: " + (f"-{lost} health." if lost else "unhurt."),
            {"founder": founder["id"], "dice": rolls, "lost": lost},
        )
    )
    hurt(state, content, founder, lost, events)
    return bool(founder["alive"])


def bonus(
    state: ExoState, content: Content, founder: Json, cid: str | None, resource: str, working: bool = True
) -> int:
    """At most +1 per work: a founder's own work bonus, the location's adjacency or a neighbour's help.

    A build is not work (ruling 12), so its gains (``working`` false) take only the adjacency.
    """
    if working and any(e.get("work_bonus") == resource for e in passives(state, content, founder)):
        return 1
    near = None if cid is None else linked(state, content, cid)
    if cid is None or near is None:
        return 0
    wanted = content.cards[cid].bonus_from
    if wanted is not None and any(content.cards[n].type == wanted for n in near):
        return 1
    for other in state.founders:
        if other is founder or other["at"] not in near or other["doing"] is None:
            continue
        if any(e.get("adjacent_bonus") for e in passives(state, content, other)):
            return 1
    return 0


def _gain(
    state: ExoState,
    content: Content,
    d: Derived,
    founder: Json,
    cid: str | None,
    space: Space,
    resource: str | None,
    events: list[Event],
) -> None:
    # The price comes first on every space, healing ones included ("1 food -> heal 3").
    pay(state, dict(space.pay))
    if space.heal:
        before = founder["health"]
        founder["health"] = min(content.founders[founder["id"]].max_health, before + space.heal)
        who = name(content, founder["id"])
        healed = founder["health"] - before
        events.append(
            Event(
                "gained",
                f"{who} heals {healed}.",
                {"founder": founder["id"], "resources": {}, "health": healed},
            )
        )
        return
    if space.either:
        assert resource is not None
        res, amount = resource, space.amount
    else:
        res, amount = next(iter(space.gain.items()))
    amount += bonus(state, content, founder, cid, res)
    if founder["health"] <= content.founders[founder["id"]].injured_at:
        amount -= 1
    amount = max(0, amount)
    added = store(state, d.cap, {res: amount}).get(res, 0)
    text = gain_text(name(content, founder["id"]), res, amount, added)
    events.append(Event("gained", text, {"founder": founder["id"], "resources": {res: added}}))


def gain_text(who: str, res: str, amount: int, added: int) -> str:
    """What a gain really added: a full store is named, and so is what it turned away."""
    if added == amount:
        return f"{who} gains {amount} {res}."
    if added == 0:
        return f"{who} gains nothing: {res} storage is full ({amount} lost)."
    return f"{who} gains {added} {res}; storage is full ({amount - added} lost)."


def _work(
    state: ExoState,
    content: Content,
    d: Derived,
    founder: Json,
    cid: str,
    index: int,
    resource: object,
    events: list[Event],
) -> None:
    state.spots[f"{cid}:{index}"] = founder["id"]
    founder["at"] = cid
    space = content.cards[cid].spaces[index]
    if danger(state, content, founder, space.danger, events):
        _gain(state, content, d, founder, cid, space, None if resource is None else str(resource), events)


def _task(
    state: ExoState,
    content: Content,
    d: Derived,
    founder: Json,
    cid: str,
    resource: object,
    events: list[Event],
) -> None:
    state.spots[f"task:{cid}"] = founder["id"]
    founder["task"] = cid
    task = content.cards[cid].task
    assert task is not None
    if danger(state, content, founder, task.danger, events):
        _gain(
            state, content, d, founder, None, task.reward, None if resource is None else str(resource), events
        )


def _upgrade(
    state: ExoState, content: Content, founder: Json, cid: str, resource: object, events: list[Event]
) -> None:
    state.spots[f"{cid}:up"] = founder["id"]
    founder["at"] = cid
    placed = state.placed(cid)
    assert placed is not None
    level = content.cards[cid].levels[placed["level"]]
    pay(state, dict(level.cost))
    placed["level"] += 1
    state.bolts += level.benefit.energy
    if resource is not None:
        # A new list, not an extend: clones share it (see ExoState.clone).
        placed["picks"] = placed["picks"] + [str(resource)] * level.benefit.production_choice
    store(state, derive(state, content).cap, dict(level.benefit.gain))
    text = f"{name(content, cid)} reaches level {placed['level']}."
    events.append(Event("upgraded", text, {"card": cid, "level": placed["level"]}))


def _build(
    state: ExoState, content: Content, founder: Json, cid: str, at: str, resource: object, events: list[Event]
) -> None:
    card = content.cards[cid]
    x, y = (int(v) for v in at.split(","))
    pay(state, dict(card.cost))
    state.location_row[state.location_row.index(cid)] = None
    state.bolts += card.build.energy
    picks = [str(resource)] * card.build.production_choice if resource is not None else []
    state.base.append({"card": cid, "x": x, "y": y, "level": 1, "damage": 0, "picks": picks})
    founder["at"] = cid
    events.append(Event("built", f"{card.name} joins the base at ({x},{y}).", {"card": cid, "at": at}))
    for res, amount in card.build.gain.items():
        d = derive(state, content)
        total = amount + bonus(state, content, founder, cid, res, working=False)
        added = store(state, d.cap, {res: total})
        text = gain_text(name(content, founder["id"]), res, total, added.get(res, 0))
        events.append(Event("gained", text, {"founder": founder["id"], "resources": added}))
