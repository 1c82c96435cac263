"""Small shared steps: drawing with reshuffles, discarding, the hand limit, tokens, the end of the game."""

from __future__ import annotations

from engine.colony.derive import emergency_level, emergency_tokens, hand_limit_over
from engine.colony.model import RESOURCES, SUPPLY_MAX, TRACK, Content
from engine.colony.state import ColonyState
from engine.core.game import Event


def name(content: Content, ident: str) -> str:
    for table in (content.cards, content.events, content.characters, content.scenarios):
        if ident in table:
            return str(table[ident].name)
    return "Central Hub" if ident == "hub" else ident


def article(word: str, *, start: bool = False) -> str:
    """ "an oxygen", "a water": the indefinite article a word takes ("An", "A" to start a sentence)."""
    found = "an" if word[:1].lower() in "aeiou" else "a"
    return f"{found.capitalize() if start else found} {word}"


def token_name(token: str) -> str:
    return "Emergency token" if token == "emergency" else f"{token} loss token"


def place(state: ColonyState, content: Content, at: str) -> str:
    """A cell as players read it: the module's name and its coordinates."""
    module = state.grid.get(at)
    return at if module is None else f"{name(content, module['card'])} ({at})"


def draw(state: ColonyState, content: Content, seat: int, events: list[Event]) -> bool:
    """Draw the top card into ``seat``'s hand; reshuffles an empty deck. False when no card is left."""
    if not state.deck:
        reshuffle(state, events)
    if not state.deck:
        return False
    card = state.deck.pop(0)
    state.hands[seat].append(card)
    # Hands are public, so the card drawn is named.
    text = f"{state.players[seat]} draws {name(content, card)}."
    events.append(Event("card_drawn", text, {"seat": seat, "card": card}))
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
    """Move one supply within 0..20; emptying or refilling it moves the emergency level, said aloud."""
    before = dict(state.supplies)
    state.supplies[resource] = max(0, min(SUPPLY_MAX, before[resource] + amount))
    after = state.supplies[resource]
    events.append(
        Event(
            "supply_changed",
            f"{resource.capitalize()} supply {before[resource]} -> {after} ({why}).",
            {"resource": resource, "before": before[resource], "after": after},
        )
    )
    level_events(state, before, events)


def level_events(state: ColonyState, before: dict[str, int], events: list[Event]) -> None:
    """A supply that reached 0 raises the emergency level; one that left 0 lowers it. Several at
    once are told one step at a time, each with the level it leads to: the supplies back first, so
    a step that empties one supply and refills another (a resource update, a Chemist's conversion)
    never passes through a level it does not end on, such as the track's last, losing space."""
    tokens = emergency_tokens(state)
    depleted = [r for r in RESOURCES if before.get(r, state.supplies[r]) == 0]
    back_first = sorted(before.items(), key=lambda item: not (item[1] == 0 and state.supplies[item[0]] > 0))
    for r, old in back_first:
        new = state.supplies[r]
        if old > 0 and new == 0:
            kind, text = "supply_depleted", f"{r.capitalize()} is depleted: the emergency level rises to"
            depleted.append(r)
        elif old == 0 and new > 0:
            kind, text = "supply_restored", f"{r.capitalize()} is back: the emergency level falls to"
            depleted.remove(r)
        else:
            continue
        level = min(len(TRACK) - 1, len(depleted) + tokens)
        events.append(Event(kind, f"{text} {level}.", {"resource": r, "level": level}))


def remove_token(state: ColonyState, content: Content, at: str, token: str, events: list[Event]) -> None:
    module = state.grid[at]
    if token == "emergency":
        module["emergency"] -= 1
        effect = f"the emergency level falls to {emergency_level(state)}"
    else:
        module["loss"][token] -= 1
        if module["loss"][token] == 0:
            del module["loss"][token]
        effect = f"{token} production rises by 1"
    text = f"{article(token_name(token), start=True)} is removed from {place(state, content, at)}: {effect}."
    events.append(Event("token_removed", text, {"at": at, "token": token}))


def move_pawn(
    state: ColonyState, content: Content, seat: int, at: str, events: list[Event], verb: str
) -> None:
    """``seat``'s pawn goes to ``at``; ``verb`` says how ("moves to", "flies to")."""
    state.pawns[seat] = at
    text = f"{state.players[seat]} {verb} {place(state, content, at)}."
    events.append(Event("pawn_moved", text, {"seat": seat, "at": at}))


def transfer(
    state: ColonyState, giver: int, receiver: int, card: str, events: list[Event], text: str
) -> None:
    """A card changes hands; hands are public, so ``text`` may name it."""
    state.hands[giver].remove(card)
    state.hands[receiver].append(card)
    events.append(Event("card_transferred", text, {"from": giver, "to": receiver, "card": card}))


def salvage(state: ColonyState, content: Content, seat: int, card: str, events: list[Event]) -> None:
    """``card`` (the top of the public discard pile when the effect began) goes into ``seat``'s hand."""
    index = len(state.discard) - 1 - state.discard[::-1].index(card)
    del state.discard[index]
    state.hands[seat].append(card)
    text = f"{state.players[seat]} takes {name(content, card)} from the discard pile."
    events.append(Event("card_salvaged", text, {"seat": seat, "card": card}))


def finish(state: ColonyState, events: list[Event], won: bool, reason: str) -> None:
    state.outcome = {"won": won, "reason": reason}
    state.phase = "over"
    state.pending = None
    state.queue = []
    text = f"Victory! {reason}" if won else f"Defeat. {reason}"
    events.append(Event("game_over", text, {"won": won, "reason": reason}))


def cure(
    state: ColonyState, content: Content, seat: int, issue: str, events: list[Event], paying: str = ""
) -> None:
    """A Health Issue leaves a character for the event discard pile (``paying``: the cards discarded
    for it, to be told)."""
    state.health[seat].remove(issue)
    state.event_discard.append(issue)
    paid = f", discarding {paying}" if paying else ""
    events.append(
        Event(
            "health_recovered",
            f"{state.players[seat]} recovers from {name(content, issue)}{paid}.",
            {"seat": seat, "issue": issue},
        )
    )
