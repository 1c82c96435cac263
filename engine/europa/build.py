"""Step 3: one builder's actions on their own dice (simultaneous with the other builders)."""

from __future__ import annotations

from engine.core.action import Action
from engine.core.game import Event
from engine.europa.abilities import Args, ability_args, roll, use_ability
from engine.europa.acts import action, card_action, die_action, plain
from engine.europa.dice import invaded, is_invader_die, is_met, needs, wild_only
from engine.europa.flow import fail, succeed
from engine.europa.model import EXTRA_GREEN, INVADER, PASSIVE_PLANS, PER_PLAYER, STAR, Content, ability_text
from engine.europa.state import EuropaState, Json, own, own_attempt

REROLLERS = frozenset({"reroll"})
INVADED = [INVADER]
# A builder never has more dice than the box holds: their own, the extra greens and an Invader die.
MAX_DICE = sum(PER_PLAYER.values()) + EXTRA_GREEN + 1
KEEP = tuple(die_action("keep", i) for i in range(MAX_DICE))
RELEASE = tuple(die_action("release", i) for i in range(MAX_DICE))


def _attempt(state: EuropaState, seat: int) -> Json:
    att = state.attempt[seat]
    assert att is not None
    return att


def met(state: EuropaState, content: Content, seat: int) -> bool:
    att = _attempt(state, seat)
    under = state.undermines[seat]
    return bool(att["rolled"]) and is_met(att["dice"], needs(content, att, under), wild_only(content, under))


def destroy_targets(att: Json) -> list[int]:
    """Any die still in play but the Invader die itself, set aside or not."""
    return [i for i, d in enumerate(att["dice"]) if not d["x"] and not is_invader_die(d)]


def _rollable(att: Json) -> list[int]:
    return [i for i, d in enumerate(att["dice"]) if not d["x"] and not d["k"]]


def kept(att: Json) -> int:
    """Dice set aside now (not destroyed)."""
    return sum(1 for d in att["dice"] if d["k"] and not d["x"])


def owed(att: Json) -> int:
    """How many more dice must be set aside before the next main roll (ruling 5): ``min_keep`` more
    than were aside at the last main roll and still stand (a die the Invaders destroyed no longer
    counts there). An attempt saved before rolls noted their dice keeps that count in
    ``kept_before``."""
    aside = att.get("aside")
    before = att["kept_before"] if aside is None else sum(1 for i in aside if not att["dice"][i]["x"])
    return int(att["min_keep"]) - (kept(att) - int(before))


def invader_pending(att: Json) -> bool:
    """An Invader die shows an Invader while main rolls remain: the next main roll must reroll it."""
    return att["rolls_left"] > 0 and any(invaded(d) and not d["x"] for d in att["dice"])


def may_roll(att: Json) -> bool:
    if att["rolls_left"] <= 0 or not _rollable(att):
        return False
    return not att["rolled"] or owed(att) <= 0


def rescue_actions(state: EuropaState, content: Content, seat: int, loose: bool = False) -> list[Action]:
    """Ingenuity cards (by timing) and unused Future Planning cards that can help now."""
    att = _attempt(state, seat)
    main = att["stage"] == "main"
    out: list[Action] = []
    for cid in state.hands[seat]:
        a = content.cards[cid].ingenuity
        if main and a.timing != "main":
            continue
        out += [_with("ingenuity", cid, x) for x in ability_args(state, content, seat, a, loose)]
    if main:
        return out
    for cid in state.plans[seat]:
        p = content.cards[cid].plan
        if p.kind in PASSIVE_PLANS or cid in att["used"]:
            continue
        out += [_with("use_plan", cid, x) for x in ability_args(state, content, seat, p, loose)]
    return out


def _invader_plans(state: EuropaState, content: Content, seat: int) -> list[Action]:
    att = _attempt(state, seat)
    out: list[Action] = []
    for cid in state.plans[seat]:
        p = content.cards[cid].plan
        if p.kind == "invader_main" and cid not in att["used"]:
            out += [_with("use_plan", cid, x) for x in ability_args(state, content, seat, p)]
    return out


def _with(kind: str, card: str, args: Args) -> Action:
    # Every other argument name sorts after "card", as Action.of would order them.
    return action(kind, (("card", card), *args.items())) if args else card_action(kind, card)


def _marks(att: Json) -> list[Action]:
    """Keep: a rolled die in play, not aside and not showing an Invader; release: a die in play aside
    but not a Star. A destroyed die offers neither: it "may not be used or rerolled again" for this
    base (``live``, ``invaded`` and ``locked`` spelled out: every legal list of a builder asks)."""
    keep, release = [], []
    for i, d in enumerate(att["dice"]):
        face = d["f"]
        if d["x"]:
            continue
        if d["k"]:
            if STAR not in face:
                release.append(RELEASE[i])
        elif face and face != INVADED:
            keep.append(KEEP[i])
    return keep + release


def build_actions(state: EuropaState, content: Content, seat: int, kind: str | None = None) -> list[Action]:
    """The builder's moves; with ``kind``, only the moves of that kind (``apply`` checks one move, and
    the card and die lists are the costly part)."""
    att = state.attempt[seat]
    if att is None or att["stage"] == "wait":
        return []
    if att["destroy"]:
        return [die_action("destroy", i) for i in destroy_targets(att)] if _wants(kind, "destroy") else []
    marks = _wants(kind, "keep", "release")
    cards = _wants(kind, "ingenuity", "use_plan")
    if att["stage"] == "main":
        out = [plain("roll")] if may_roll(att) else []
        if not att["rolled"]:
            # Before the first main roll only a plan bringing in the Invader die may be used.
            return _only(out + (_invader_plans(state, content, seat) if cards else []), kind)
        # An Invader showing after main roll 1 or 2 must be rolled again before the base is built.
        if _wants(kind, "build") and met(state, content, seat) and not invader_pending(att):
            out.append(plain("build"))
        out += _marks(att) if marks and att["rolls_left"] > 0 else []
        out.append(plain("stop"))
        out += rescue_actions(state, content, seat) if cards else []
        return _only(out, kind)
    out = rescue_actions(state, content, seat) if cards else []
    # Setting dice aside only matters to a reroll still at hand.
    if marks and _rerolls(state, content, seat, att):
        out += _marks(att)
    out.append(plain("give_up"))
    return _only(out, kind)


def _wants(kind: str | None, *kinds: str) -> bool:
    return kind is None or kind in kinds


def _only(actions: list[Action], kind: str | None) -> list[Action]:
    return actions if kind is None else [a for a in actions if a.kind == kind]


def _rerolls(state: EuropaState, content: Content, seat: int, att: Json) -> bool:
    cards = content.cards
    return any(cards[c].ingenuity.kind in REROLLERS for c in state.hands[seat]) or any(
        cards[c].plan.kind in REROLLERS and c not in att["used"] for c in state.plans[seat]
    )


def perform_build(
    state: EuropaState, content: Content, seat: int, action: Action, events: list[Event]
) -> None:
    att = own_attempt(state, seat)
    name = state.players[seat]
    kind = action.kind
    if kind == "roll":
        att["aside"] = [i for i, d in enumerate(att["dice"]) if d["k"] and not d["x"]]
        att["rolls_left"] -= 1
        att["rolled"] += 1
        roll(state, content, seat, _rollable(att), att["rolls_left"] == 0, events)
    elif kind in ("keep", "release"):
        att["dice"][int(action.arg("die"))]["k"] = kind == "keep"
    elif kind == "destroy":
        die = att["dice"][int(action.arg("die"))]
        if "aside" not in att and die["k"]:
            # An attempt saved before rolls noted their dice counts a die set aside now.
            att["kept_before"] = max(0, att["kept_before"] - 1)
        die["x"] = True
        att["destroy"] -= 1
        events.append(
            Event("die_destroyed", f"{name} loses a {die['c']} die to the Invaders.", {"seat": seat})
        )
    elif kind == "stop":
        att["rolls_left"] = 0
    elif kind in ("ingenuity", "use_plan"):
        _play(state, content, seat, action, events)
    elif kind == "build":
        succeed(state, content, seat, events)
        return
    elif kind == "give_up":
        fail(state, content, seat, events)
        return
    settle(state, content, seat, events)


def _play(state: EuropaState, content: Content, seat: int, action: Action, events: list[Event]) -> None:
    cid = str(action.arg("card"))
    card = content.cards[cid]
    die = action.get("die")
    # The die by its colour, as the table sees it (the dice image numbers none of them).
    target = f" on a {_attempt(state, seat)['dice'][int(die)]['c']} die" if die is not None else ""
    # An Undermining card lifted is named: two of them on one base would read the same otherwise.
    lifted = action.get("undermine")
    lift = f" ({content.cards[str(lifted)].name} is discarded)" if lifted is not None else ""
    if action.kind == "ingenuity":
        ability = card.ingenuity
        own(state.hands, seat).remove(cid)
        state.discard = [*state.discard, cid]
        does = ability_text("ingenuity", ability).split(". ")[0].rstrip(".")
        text = f"{state.players[seat]} uses the Ingenuity card {card.name}{target}: {does}{lift}."
        data = {"seat": seat, "card": cid, "part": action.kind, "kind": ability.kind}
    else:
        ability = card.plan
        _attempt(state, seat)["used"].append(cid)
        # A planning card stays under the board: only its planning part is ever shown.
        done = ability_text("plan", ability).rstrip(".")
        text = f"{state.players[seat]} uses a Future Planning card{target}: {done}{lift}."
        data = {"seat": seat, "plan": ability.key, "part": action.kind, "kind": ability.kind}
    events.append(Event("ability_used", text, data))
    use_ability(state, content, seat, ability, action.params, events)


def settle(state: EuropaState, content: Content, seat: int, events: list[Event]) -> None:
    """After the main rolls: build when the dice meet the base; fail by itself only when the hand is
    empty and no plan can help (both public). A seat holding cards is always asked, and ``give_up``
    is its answer when none helps, so the table never learns what the hand lacks."""
    att = _attempt(state, seat)
    if att["destroy"] and not destroy_targets(att):
        att["destroy"] = 0
    if att["destroy"]:
        return
    if att["stage"] == "main" and att["rolled"] and att["rolls_left"] == 0:
        att["stage"] = "rescue"
        showing = [i for i, d in enumerate(att["dice"]) if invaded(d) and not d["x"]]
        if showing:
            roll(state, content, seat, showing, True, events)
            settle(state, content, seat, events)
            return
    if att["stage"] != "rescue":
        return
    if met(state, content, seat):
        succeed(state, content, seat, events)
    elif not state.hands[seat] and not rescue_actions(state, content, seat, loose=True):
        fail(state, content, seat, events)
