"""Steps 1–4 of a round: reveal the base choices, the undermining pass, starting and ending builds."""

from __future__ import annotations

from engine.core.game import Event
from engine.core.words import counted
from engine.europa.dice import cut_corners, needs, new_die, wild_only
from engine.europa.model import EXTRA_GREEN, MAIN_ROLLS, PER_PLAYER, Content
from engine.europa.round import start_plan
from engine.europa.state import EuropaState, Json, own_attempt
from engine.europa.undermine import may_undermine


def order(state: EuropaState) -> list[int]:
    """Seats from First in Flight, clockwise."""
    return [(state.first + i) % state.seats for i in range(state.seats)]


def choosers(state: EuropaState) -> list[int]:
    return [s for s in range(state.seats) if state.status[s] in ("choosing", "succeeded")]


def start_choose(state: EuropaState, content: Content, events: list[Event]) -> None:
    """Open the base choice. Step 1 (every seat "choosing") is secret and simultaneous; step 4 (seats
    that built a base) goes from First in Flight clockwise, each choice shown face up at once."""
    state.phase = "choose"
    if any(status == "succeeded" for status in state.status):
        next_chooser(state, content, events)
        return
    for s in choosers(state):
        # An empty hand (public) has nothing to choose from: the seat sits the round out.
        if not state.hands[s]:
            state.status[s] = "finalized"
    if all(state.choice[s] is not None for s in choosers(state)):
        reveal_choices(state, content, events)


def step_four(state: EuropaState) -> bool:
    """Whether the open base choice is step 4 (in turn order) rather than step 1 (simultaneous)."""
    return state.phase == "choose" and any(status == "succeeded" for status in state.status)


def next_chooser(state: EuropaState, content: Content, events: list[Event]) -> None:
    """Step 4: give the choice to the next seat in turn order that built a base; a seat with an
    empty hand (public) can only finalize. Once every seat has decided, undermining opens."""
    for s in order(state):
        if state.status[s] != "succeeded":
            continue
        if state.hands[s]:
            state.turn = s
            return
        finalize(state, s, events)
    open_undermine(state, content, events)


def resume_step_four(state: EuropaState, content: Content) -> None:
    """A game saved while step 4 was still secret and simultaneous: a pick not yet revealed goes back
    to its hand, and the seats that built choose again in turn order."""
    if not step_four(state):
        return
    for s in range(state.seats):
        pick = state.choice[s]
        if state.status[s] == "succeeded" and pick is not None:
            if pick != "finalize":
                state.hands[s] = [*state.hands[s], pick]
            state.choice[s] = None
    next_chooser(state, content, [])


def choose_in_turn(state: EuropaState, content: Content, seat: int, choice: str, events: list[Event]) -> None:
    """Step 4: the seat's choice (a card or "finalize") is made face up and acts at once."""
    if choice == "finalize":
        finalize(state, seat, events)
    else:
        reveal_base(state, content, seat, choice, events)
    next_chooser(state, content, events)


def reveal_choices(state: EuropaState, content: Content, events: list[Event]) -> None:
    """Everyone has chosen: flip the base cards in turn order, then undermining begins."""
    for s in order(state):
        choice = state.choice[s]
        state.choice[s] = None
        if choice is not None:
            reveal_base(state, content, s, choice, events)
    open_undermine(state, content, events)


def reveal_base(state: EuropaState, content: Content, seat: int, choice: str, events: list[Event]) -> None:
    card = content.cards[choice]
    state.status[seat] = "building"
    state.attempt[seat] = new_attempt(choice)
    events.append(
        Event(
            "base_revealed",
            f"{state.players[seat]} attempts to build {card.name} for {card.points} points.",
            {"seat": seat, "card": choice, "points": card.points},
        )
    )


def open_undermine(state: EuropaState, content: Content, events: list[Event]) -> None:
    """Every base is chosen: undermining opens when someone builds, else the round plans."""
    if any(state.status[s] == "building" for s in range(state.seats)):
        state.phase = "undermine"
        state.turn = state.first
        skip_undermine(state, content, events, 0)
    else:
        start_plan(state, content, events)


def new_attempt(card: str) -> Json:
    return {
        "card": card,
        "stage": "wait",
        "dice": [],
        "rolls_left": MAIN_ROLLS,
        "rolled": 0,
        "min_keep": 0,
        "aside": [],
        "reduce": {},
        "used": [],
        "destroy": 0,
        "extra": 0,
    }


def finalize(state: EuropaState, seat: int, events: list[Event]) -> None:
    """This round's bases go face down into the Built pile; their tokens are kept for good."""
    count = len(state.bases[seat])
    tokens = sum(int(b["tokens"]) for b in state.bases[seat])
    state.built[seat] = state.built[seat] + [str(b["card"]) for b in state.bases[seat]]
    state.tokens[seat] += tokens
    state.bases[seat] = []
    state.status[seat] = "finalized"
    events.append(
        Event(
            "construction_finalized",
            f"{state.players[seat]} finalizes construction: {counted(count, 'base')} face down, "
            f"{counted(tokens, 'Cut Corner token')}.",
            {"seat": seat, "bases": count, "tokens": tokens},
        )
    )


def skip_undermine(state: EuropaState, content: Content, events: list[Event], start: int) -> None:
    """Move the undermining turn to the next seat (from position ``start``) that may undermine."""
    seats = order(state)
    for i in range(start, len(seats)):
        if may_undermine(state, seats[i]):
            state.turn = seats[i]
            return
    start_build(state, content, events)


def next_undermine(state: EuropaState, content: Content, events: list[Event]) -> None:
    skip_undermine(state, content, events, order(state).index(state.turn) + 1)


def start_build(state: EuropaState, content: Content, events: list[Event]) -> None:
    """Every new base gets its dice and roll counts, after its Undermining cards and its owner's plans."""
    state.phase = "build"
    for s in range(state.seats):
        att = state.attempt[s]
        if att is not None and att["stage"] == "wait":
            _equip(state, content, s, own_attempt(state, s))
    events.append(Event("build_started", "Builders roll their dice.", {"round": state.round}))


def _equip(state: EuropaState, content: Content, seat: int, att: Json) -> None:
    counts = dict(PER_PLAYER)
    fewer_rolls = min_keep = 0
    for cid in state.undermines[seat]:
        a = content.cards[cid].undermine
        if a.kind == "fewer_dice" and a.colour in counts:
            counts[a.colour] = max(0, counts[a.colour] - a.n)
        fewer_rolls += a.n if a.kind == "fewer_rolls" else 0
        min_keep += a.n if a.kind == "min_keep" else 0
    for cid in state.plans[seat]:
        p = content.cards[cid].plan
        if p.kind == "extra_die":
            att["extra"] = min(EXTRA_GREEN, att["extra"] + p.n)
    counts["green"] += att["extra"]
    # The Invader die joins only when its owner uses an "invader_main" plan before the first roll.
    dice = [new_die(c) for c, n in counts.items() for _ in range(n)]
    att["dice"] = dice or [new_die("green")]
    att["rolls_left"] = max(1, MAIN_ROLLS - fewer_rolls)
    att["min_keep"] = min_keep
    att["stage"] = "main"


def succeed(state: EuropaState, content: Content, seat: int, events: list[Event]) -> None:
    att = state.attempt[seat]
    assert att is not None
    under = state.undermines[seat]
    tokens = cut_corners(att["dice"], needs(content, att, under), wild_only(content, under))
    card = content.cards[att["card"]]
    state.bases[seat] = [*state.bases[seat], {"card": att["card"], "tokens": tokens}]
    _clear(state, seat)
    state.status[seat] = "succeeded"
    events.append(
        Event(
            "base_built",
            f"{state.players[seat]} builds {card.name} "
            f"({card.points} points, {counted(tokens, 'Cut Corner token')}).",
            {"seat": seat, "card": card.id, "points": card.points, "tokens": tokens},
        )
    )
    after_build(state, content, events)


def fail(state: EuropaState, content: Content, seat: int, events: list[Event]) -> None:
    """The base fails: it and every base of this round go to the discard pile with their tokens."""
    att = state.attempt[seat]
    assert att is not None
    lost = [att["card"], *(str(b["card"]) for b in state.bases[seat])]
    state.discard = state.discard + lost
    state.bases[seat] = []
    _clear(state, seat)
    state.status[seat] = "failed"
    events.append(
        Event(
            "base_failed",
            f"{state.players[seat]} fails to build and loses {counted(len(lost), 'base')} this round.",
            {"seat": seat, "cards": lost},
        )
    )
    after_build(state, content, events)


def _clear(state: EuropaState, seat: int) -> None:
    state.discard = state.discard + state.undermines[seat]
    state.undermines[seat] = []
    state.attempt[seat] = None


def after_build(state: EuropaState, content: Content, events: list[Event]) -> None:
    """Once nobody is building: successful seats choose again (step 4), or the round plans (step 5)."""
    if any(state.status[s] == "building" for s in range(state.seats)):
        return
    if any(state.status[s] == "succeeded" for s in range(state.seats)):
        start_choose(state, content, events)
    else:
        start_plan(state, content, events)
