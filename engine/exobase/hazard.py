"""The hazard phase: the d6 + day roll, resource losses paid in health, target rolls, damage."""

from __future__ import annotations

from engine.core.action import Action
from engine.core.game import Event
from engine.core.words import counted
from engine.exobase import power
from engine.exobase.common import action_of, hurt, name
from engine.exobase.derive import linked
from engine.exobase.model import Content
from engine.exobase.night import hab_standing
from engine.exobase.state import NO_CHOICE, ExoState, Json

DAMAGE_HURT = 2
DESTROY_HURT = 3


def roll_hazard(state: ExoState, content: Content, events: list[Event]) -> None:
    die = state.rng.d6()
    total = die + state.day
    hazard = content.modes[state.mode].hazard(total)
    state.hazard = {"roll": total, "die": die, "name": hazard.name, "text": hazard.text}
    data = {"die": die, "day": state.day, "total": total, "name": hazard.name}
    events.append(
        Event("hazard_roll", f"Hazard roll {die} + day {state.day} = {total}: {hazard.name}.", data)
    )
    for effect in hazard.effects:
        if "targets" in effect:
            state.queue.extend({"targets": 1} for _ in range(int(effect["targets"])))
        elif "lose" in effect:
            state.queue.append({"lose": dict(effect["lose"])})
        else:
            state.queue.append(dict(effect))
    resolve(state, content, events)


def resolve(state: ExoState, content: Content, events: list[Event]) -> None:
    """Carry the hazard on until it needs a choice or is over (then night falls)."""
    state.pending = NO_CHOICE
    while state.outcome is None:
        alive = [f["id"] for f in state.founders if f["alive"]]
        if not alive:
            return
        # Cubes a ruin returned re-power dark locations at once, and missing energy is settled
        # before anything else happens to the base.
        power.balance(state, content, events)
        if state.pending is not None:
            return
        if state.relocating:
            move = state.relocating[0]
            if move["founder"] not in alive:
                state.relocating.pop(0)
                continue
            text = f"Move {name(content, move['founder'])} out of the ruins."
            state.pending = {
                "kind": "relocate",
                "text": text,
                "options": list(move["options"]),
                "founder": move["founder"],
            }
            return
        if state.owed:
            text = f"Storage ran short: pay {state.owed} health from founders of your choice."
            if state.short:
                what = " or ".join(sorted(state.short))
                text = text[:-1] + f" ({what} an instant brings in now pays instead)."
            state.pending = {"kind": "pay_health", "text": text, "options": alive}
            return
        if not state.queue:
            _nightfall(state, content, events)
            return
        step = state.queue.pop(0)
        if "lose" in step:
            _lose(state, step["lose"], events)
        elif "hurt" in step:
            for f in state.founders:
                hurt(state, content, f, int(step["hurt"]), events)
        elif not _target(state, content, events):
            return


def _lose(state: ExoState, losses: dict[str, int], events: list[Event]) -> None:
    paid: dict[str, int] = {}
    missing: dict[str, int] = {}
    for r, n in losses.items():
        paid[r] = min(state.storage[r], n)
        state.storage[r] -= paid[r]
        if n > paid[r]:
            missing[r] = n - paid[r]
    state.owed += sum(missing.values())
    state.short = {r: state.short.get(r, 0) + missing.get(r, 0) for r in {*state.short, *missing}}
    taken = ", ".join(f"{n} {r}" for r, n in paid.items() if n)
    text = f"Lost {taken} from storage" if taken else "Storage had none of it"
    if missing:
        short = ", ".join(f"{n} {r}" for r, n in missing.items())
        text += f"; {short} missing must be paid in health"
    data = {"resources": {r: n for r, n in paid.items() if n}, "missing": missing}
    events.append(Event("lost", text + ".", data))


def _target(state: ExoState, content: Content, events: list[Event]) -> bool:
    """Roll until a location matches; returns False when a tie waits for the player's choice."""
    if not state.base:
        return True
    while True:
        die = state.rng.d6()
        hits = [b for b in state.base if content.cards[b["card"]].dice == die]
        if hits:
            break
        events.append(
            Event(
                "target_roll",
                f"Target roll {die}: no location matches, roll again.",
                {"die": die, "card": None, "reroll": True},
            )
        )
    tied = fewest_tokens(state, content, die)
    if len(tied) > 1:
        events.append(
            Event(
                "target_roll",
                f"Target roll {die}: choose the location hit.",
                {"die": die, "card": None, "tied": tied},
            )
        )
        state.pending = {
            "kind": "choose_target",
            "text": f"Target roll {die}: choose a location.",
            "options": tied,
            "die": die,
        }
        return False
    # The name rides along: the hit may destroy the location, and a picture drawn after it is gone
    # could no longer look it up.
    hit = name(content, tied[0])
    data = {"die": die, "card": tied[0], "name": hit}
    events.append(Event("target_roll", f"Target roll {die}: {hit}.", data))
    damage(state, content, tied[0], events)
    return True


def fewest_tokens(state: ExoState, content: Content, die: int) -> list[str]:
    """The locations matching ``die`` that carry the fewest damage tokens (a tie is the player's choice)."""
    hits = [b for b in state.base if content.cards[b["card"]].dice == die]
    fewest = min((b["damage"] for b in hits), default=0)
    return [b["card"] for b in hits if b["damage"] == fewest]


def retarget(state: ExoState, content: Content) -> None:
    """Re-check a waiting tie after a repair: a location may no longer have the fewest tokens."""
    pending = state.pending
    if pending is not None and pending["kind"] == "choose_target":
        # A new dict, not an edit in place: clones share it (see ExoState.clone).
        state.pending = {**pending, "options": fewest_tokens(state, content, int(pending["die"]))}


def standing_in(state: ExoState, content: Content, cid: str) -> list[Json]:
    """The living founders on a location; the core Hab also holds everyone not out at work.

    Founders start each day in the Hab and go back there at night, so an unplaced
    founder (or one with nowhere to go after a destruction) stands in the Hab; a
    founder on a task card stands outside the base.
    """
    card = content.cards[cid]
    hab = card.core and card.type == "habitat"
    return [
        f
        for f in state.founders
        if f["alive"] and (f["at"] == cid or (hab and f["at"] is None and f["task"] is None))
    ]


def damage(state: ExoState, content: Content, cid: str, events: list[Event]) -> None:
    """One damage token; the second destroys the location and sends its founders elsewhere."""
    placed = state.placed(cid)
    assert placed is not None
    placed["damage"] += 1
    there = standing_in(state, content, cid)
    text = f"{name(content, cid)} takes damage ({counted(placed['damage'], 'token')})"
    card = content.cards[cid]
    if card.generator and placed["damage"] == 1:
        supply = (card.levels[placed["level"] - 1].energy + 1) // 2
        text += f": it runs at half capacity ({supply} energy) until repaired"
    events.append(Event("damaged", text + ".", {"card": cid, "tokens": placed["damage"]}))
    if placed["damage"] < 2:
        for f in there:
            hurt(state, content, f, DAMAGE_HURT, events)
        return
    # Founders flee through a doorway, so only locations linked to the ruin are open to them.
    options = sorted(linked(state, content, cid) or ())
    state.base.remove(placed)
    state.removed.append(cid)
    state.dark = [c for c in state.dark if c != cid]
    events.append(Event("destroyed", f"{name(content, cid)} is destroyed.", {"card": cid}))
    for f in there:
        hurt(state, content, f, DESTROY_HURT, events)
        f["at"] = None
        if f["alive"] and options:
            state.relocating.append({"founder": f["id"], "options": options})


def _nightfall(state: ExoState, content: Content, events: list[Event]) -> None:
    state.phase = "night"
    for f in state.founders:
        f["at"] = None
    if hab_standing(state, content):
        text = "Night falls; the founders return to the Hab."
    else:
        text = "Night falls; with the Hab destroyed the founders shelter in the ruins, and nobody can rest."
    events.append(Event("phase", text, {"phase": "night"}))


def pending_actions(state: ExoState) -> list[Action]:
    pending = state.pending
    if pending is None:
        return []
    kind = pending["kind"]
    if kind == "choose_target":
        return [action_of("choose_target", card=c) for c in pending["options"]]
    if kind == "pay_health":
        return [action_of("pay_health", founder=f) for f in pending["options"]]
    if kind == "relocate":
        return [action_of("relocate", founder=pending["founder"], card=c) for c in pending["options"]]
    if kind == "power_down" or kind == "power_up":
        return [action_of(kind, card=c) for c in pending["options"]]
    return [action_of("flip", card=c) for c in pending["options"]]


def answer(state: ExoState, content: Content, action: Action, events: list[Event]) -> None:
    """Resolve a pending hazard choice already checked against the legal actions."""
    if action.kind == "choose_target":
        cid = str(action.arg("card"))
        events.append(Event("target_chosen", f"{name(content, cid)} is hit.", {"card": cid}))
        damage(state, content, cid, events)
    elif action.kind == "power_down" or action.kind == "power_up":
        cid = str(action.arg("card"))
        if action.kind == "power_down":
            power.power_down(state, content, cid, events)
        else:
            power.power_up(state, content, cid, events)
        if state.phase != "hazard" or state.hazard is None:
            # Outside the hazard's resolution (an instant may bring energy back before the roll),
            # the check after the action asks again while energy is still short or spare cubes
            # still have a choice of dark locations.
            state.pending = None
            return
    elif action.kind == "pay_health":
        founder = state.founder(str(action.arg("founder")))
        assert founder is not None
        state.owed -= 1
        _settle_short(state, 1)
        hurt(state, content, founder, 1, events)
    else:
        move: Json = state.relocating.pop(0)
        founder = state.founder(move["founder"])
        assert founder is not None
        founder["at"] = str(action.arg("card"))
        text = f"{name(content, founder['id'])} moves to {name(content, founder['at'])}."
        events.append(Event("relocated", text, {"founder": founder["id"], "card": founder["at"]}))
    resolve(state, content, events)


def _settle_short(state: ExoState, units: int, resource: str | None = None) -> None:
    """``units`` of the debt are paid: of ``resource``, or of any (health pays for whatever)."""
    short = dict(state.short)
    for r in [resource] if resource is not None else sorted(short):
        paid = min(units, short.get(r, 0))
        short[r] = short.get(r, 0) - paid
        units -= paid
    state.short = {r: n for r, n in short.items() if n > 0}


def pay_from_storage(state: ExoState, content: Content, events: list[Event]) -> None:
    """While health is owed for missing resources, any of them now in storage (an instant brought
    it) pays its part of the debt instead, as it would have if it had been there for the loss."""
    if state.pending is None or state.pending["kind"] != "pay_health":
        return
    paid = {}
    for r, n in sorted(state.short.items()):
        units = min(n, state.storage.get(r, 0))
        if units:
            state.storage[r] -= units
            state.owed -= units
            _settle_short(state, units, r)
            paid[r] = units
    if not paid:
        return
    text = ", ".join(f"{n} {r}" for r, n in paid.items())
    left = f"; {state.owed} health still owed" if state.owed else "; nothing more is owed"
    text = f"Paid {text} from storage instead of health{left}."
    events.append(Event("debt_paid", text, {"resources": paid}))
    resolve(state, content, events)
