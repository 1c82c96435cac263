"""Small shared steps: drawing with reshuffles, discarding, the hand limit, tokens, the end of the game."""

from __future__ import annotations

from engine.colony.derive import hand_limit_over
from engine.colony.model import SUPPLY_MAX, Content
from engine.colony.state import ColonyState
from engine.core.game import Event


def name(content: Content, ident: str) -> str:
    for table in (content.cards, content.events, content.characters, content.scenarios):
        if ident in table:
            return str(table[ident].name)
    return "Central Hub" if ident == "hub" else ident


def draw(state: ColonyState, seat: int, events: list[Event]) -> bool:
    """Draw the top card into ``seat``'s hand; reshuffles an empty deck. False when no card is left."""
    if not state.deck:
        reshuffle(state, events)
    if not state.deck:
        return False
    card = state.deck.pop(0)
    state.hands[seat].append(card)
    events.append(Event("card_drawn", f"{state.players[seat]} draws a card.", {"seat": seat, "card": card}))
    if not state.deck:
        reshuffle(state, events)
    return True


def reshuffle(state: ColonyState, events: list[Event]) -> None:
    if not state.discard:
        return
    state.deck = state.discard
    state.discard = []
    state.rng.shuffle(state.deck)
    events.append(
        Event("deck_reshuffled", "The discard pile is shuffled into a new deck.", {"cards": len(state.deck)})
    )


def discard(state: ColonyState, seat: int, card: str) -> None:
    state.hands[seat].remove(card)
    state.discard.append(card)


def check_hand(state: ColonyState, seat: int, events: list[Event]) -> None:
    """Over the hand limit, the game waits for that player to discard down to it."""
    over = hand_limit_over(state, seat)
    if over and state.pending is None:
        state.pending = {"kind": "discard", "seat": seat}
        events.append(
            Event(
                "discard_required",
                f"{state.players[seat]} is over the hand limit and must discard {over}.",
                {"seat": seat, "count": over},
            )
        )


def add_supply(state: ColonyState, resource: str, amount: int, events: list[Event], why: str) -> None:
    before = state.supplies[resource]
    state.supplies[resource] = max(0, min(SUPPLY_MAX, before + amount))
    after = state.supplies[resource]
    events.append(
        Event(
            "supply_changed",
            f"{resource.capitalize()} supply {before} -> {after} ({why}).",
            {"resource": resource, "before": before, "after": after},
        )
    )


def remove_token(state: ColonyState, at: str, token: str, events: list[Event]) -> None:
    module = state.grid[at]
    if token == "emergency":
        module["emergency"] -= 1
    else:
        module["loss"][token] -= 1
        if module["loss"][token] == 0:
            del module["loss"][token]
    events.append(Event("token_removed", f"A {token} token is removed at {at}.", {"at": at, "token": token}))


def finish(state: ColonyState, events: list[Event], won: bool, reason: str) -> None:
    state.outcome = {"won": won, "reason": reason}
    state.phase = "over"
    state.pending = None
    state.queue = []
    text = f"Victory! {reason}" if won else f"Defeat. {reason}"
    events.append(Event("game_over", text, {"won": won, "reason": reason}))


def cure(state: ColonyState, content: Content, seat: int, issue: str, events: list[Event]) -> None:
    """A Health Issue leaves a character for the event discard pile."""
    state.health[seat].remove(issue)
    state.event_discard.append(issue)
    events.append(
        Event(
            "health_recovered",
            f"{state.players[seat]} recovers from {name(content, issue)}.",
            {"seat": seat, "issue": issue},
        )
    )
