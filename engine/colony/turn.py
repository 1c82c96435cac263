"""The end of a turn: resource update, the event (with its token choices), then the next turn."""

from __future__ import annotations

from engine.colony.derive import (
    actions_for,
    emergency_level,
    fits,
    loss_tokens,
    lost_by_emergency,
    production,
)
from engine.colony.model import HUB, MAX_LOSS_TOKENS, PRODUCTION_MIN, RESOURCES, SUPPLY_MAX, TRACK, Content
from engine.colony.ops import add_supply, article, finish, level_events, name, place, token_name
from engine.colony.state import ColonyState, Json
from engine.core.game import Event

LOST_TRACK = "The emergency level reached the last space of its track."
LOST_DECK = "An event had to be revealed and the event deck was empty."


def end_actions(state: ColonyState, content: Content, events: list[Event]) -> None:
    """Resource update, then reveal and resolve an event (unless the game ended first)."""
    resource_update(state, content, events)
    if lost_by_emergency(state):
        finish(state, events, False, LOST_TRACK)
        return
    if not state.event_deck:
        finish(state, events, False, LOST_DECK)
        return
    card = state.event_deck.pop(0)
    state.last_event = card
    state.phase = "event"
    event = content.events[card]
    kind = "critical" if event.critical else "normal"
    events.append(
        Event("event_revealed", f"Event ({kind}): {event.name}.", {"card": card, "critical": event.critical})
    )
    planet = content.scenarios[state.scenario]
    state.queue = [
        {"kind": "supply", "resource": r, "amount": planet.value(a)} for r, a in event.supply.items()
    ]
    state.queue += [{"kind": "loss", "resource": x.resource, "where": x.where} for x in event.loss]
    state.queue += [{"kind": "emergency", "where": w} for w in event.emergency]
    resolve(state, content, events)


def resource_update(state: ColonyState, content: Content, events: list[Event]) -> None:
    levels = production(state, content)
    before = dict(state.supplies)
    for r in RESOURCES:
        state.supplies[r] = max(0, min(SUPPLY_MAX, before[r] + levels[r]))
    events.append(
        Event(
            "resource_update",
            "Supplies move by production: "
            + ", ".join(f"{r} {before[r]}->{state.supplies[r]}" for r in RESOURCES)
            + ".",
            {"before": before, "after": dict(state.supplies), "production": levels},
        )
    )
    level_events(state, before, events)


def resolve(state: ColonyState, content: Content, events: list[Event]) -> None:
    """Work through the event's queued effects; stops at a choice (``pending``) or the end of the game."""
    while state.queue and state.outcome is None:
        step = state.queue.pop(0)
        if step["kind"] == "supply":
            add_supply(state, step["resource"], step["amount"], events, name(content, str(state.last_event)))
        else:
            options = token_options(state, content, step)
            if len(options) > 1:
                state.pending = {"kind": "place", "token": token_of(step), "options": options}
                events.append(
                    Event(
                        "choice_required",
                        f"{state.players[state.seat]} chooses where {article(token_name(token_of(step)))} "
                        f"goes: {', '.join(place(state, content, at) for at in options)}.",
                        {"seat": state.seat, "token": token_of(step), "options": options},
                    )
                )
                return
            if options:
                place_token(state, content, options[0], token_of(step), events)
            else:
                events.append(Event("token_skipped", f"No {token_name(token_of(step))} can be placed.", {}))
        if lost_by_emergency(state):
            finish(state, events, False, LOST_TRACK)
    if state.outcome is None:
        close_event(state, content, events)


def token_of(step: Json) -> str:
    return "emergency" if step["kind"] == "emergency" else str(step["resource"])


def token_options(state: ColonyState, content: Content, step: Json) -> list[str]:
    """Where the token may go; none for a loss token at −5 production or with all three on the base.

    An Emergency token aimed at a colour the base lacks goes on the Central Hub.
    """
    if step["kind"] == "loss":
        r = step["resource"]
        if production(state, content)[r] <= PRODUCTION_MIN or loss_tokens(state, r) >= MAX_LOSS_TOKENS:
            return []
    options = sorted(at for at, m in state.grid.items() if fits(content, m, step["where"]))
    if not options and step["kind"] == "emergency":
        return [at for at, m in state.grid.items() if m["card"] == HUB]
    return options


def place_token(state: ColonyState, content: Content, at: str, token: str, events: list[Event]) -> None:
    module = state.grid[at]
    if token == "emergency":
        module["emergency"] += 1
        effect = f"the emergency level rises to {emergency_level(state)}"
    else:
        module["loss"][token] = module["loss"].get(token, 0) + 1
        effect = f"{token} production falls by 1"
    text = f"{article(token_name(token), start=True)} goes on {place(state, content, at)}: {effect}."
    events.append(Event("token_placed", text, {"at": at, "token": token}))


def close_event(state: ColonyState, content: Content, events: list[Event]) -> None:
    """A Health Issue stays on the active character; any other event goes to the event discard pile."""
    card = state.last_event
    assert card is not None
    issue = content.events[card].health
    if issue is not None:
        state.health[state.seat].append(card)
        events.append(
            Event(
                "health_issue",
                f"{state.players[state.seat]} suffers {content.events[card].name}.",
                {"seat": state.seat, "issue": card, "effect": issue},
            )
        )
    else:
        state.event_discard.append(card)
    start_turn(state, content, (state.seat + 1) % len(state.players), events)


def start_turn(state: ColonyState, content: Content, seat: int, events: list[Event]) -> None:
    """The number of actions is counted here, from the emergency level and the player's Fatigue, and
    stays so for the turn: a supply restored or an Emergency repaired later gives actions back only
    from the next turn on, as the rulebook's example has it."""
    state.phase = "actions"
    state.seat = seat
    state.turn += 1
    state.actions_left = actions_for(state, content, seat)
    level = emergency_level(state)
    events.append(
        Event(
            "turn_started",
            f"Turn {state.turn}: {state.players[seat]} has {state.actions_left} actions.",
            {
                "seat": seat,
                "turn": state.turn,
                "actions": state.actions_left,
                "level": level,
                "track": list(TRACK),
            },
        )
    )
