"""Steps 5–6 of a round: Future Planning, passing First in Flight, redrawing, and the final tally."""

from __future__ import annotations

from engine.core.game import Event
from engine.core.words import listed
from engine.europa.model import BIG_HAND, CUT_CORNER, HAND_SIZE, Content, ability_text
from engine.europa.state import EuropaState, own


def plan_options(state: EuropaState, content: Content, seat: int) -> list[str]:
    """Hand cards this seat may place: never a second plan with exactly the same ability."""
    held = {content.cards[c].plan.key for c in state.plans[seat]}
    return [c for c in state.hands[seat] if content.cards[c].plan.key not in held]


def start_plan(state: EuropaState, content: Content, events: list[Event]) -> None:
    """Step 5, Future Planning; after the last round's building the game is tallied instead (a plan
    placed then could never be used, and the hands are discarded)."""
    if state.round >= state.rounds:
        end_game(state, content, events)
        return
    state.phase = "plan"
    for s in range(state.seats):
        # Only an empty hand (public) skips the choice; "no plan" is offered to everyone else.
        if not state.hands[s]:
            state.plan_choice[s] = "none"
    events.append(
        Event("planning_started", "Everyone may place one Future Planning card.", {"round": state.round})
    )
    if all(c is not None for c in state.plan_choice):
        reveal_plans(state, content, events)


def reveal_plans(state: EuropaState, content: Content, events: list[Event]) -> None:
    for s in range(state.seats):
        cid = state.plan_choice[s]
        state.plan_choice[s] = None
        if cid is None or cid == "none":
            continue
        state.plans[s] = [*state.plans[s], cid]
        plan = content.cards[cid].plan
        # Only the planning part shows under the board: the rest of the card stays hidden.
        events.append(
            Event(
                "plan_placed",
                f"{state.players[s]} places a Future Planning card: {ability_text('plan', plan)}",
                {"seat": s, "plan": plan.key},
            )
        )
    if state.round >= state.rounds:
        end_game(state, content, events)
        return
    state.phase = "redraw"
    state.first = (state.first + 1) % state.seats
    state.done = [False] * state.seats
    events.append(
        Event(
            "first_in_flight",
            f"First in Flight passes to {state.players[state.first]}.",
            {"seat": state.first},
        )
    )
    for s in range(state.seats):
        # An empty hand redraws by itself, unless a hand-of-6 plan leaves it a choice of 5 or 6.
        if not state.hands[s] and hand_size(state, content, s) == HAND_SIZE:
            redraw(state, content, s, [], events)


def hand_size(state: EuropaState, content: Content, seat: int) -> int:
    big = any(content.cards[c].plan.kind == "big_hand" for c in state.plans[seat])
    return BIG_HAND if big else HAND_SIZE


def redraw(
    state: EuropaState, content: Content, seat: int, discard: list[str], events: list[Event], six: bool = True
) -> None:
    """Discard the chosen cards (face up) and draw back up to the hand size (with a hand-of-6 plan,
    to 6 only when ``six``: the sixth card costs a Cut Corner token).

    The discarded cards join the discard pile after the draw, so a reshuffle never hands them back.
    """
    for cid in discard:
        own(state.hands, seat).remove(cid)
    name = state.players[seat]
    if discard:
        names = ", ".join(content.cards[c].name for c in discard)
        events.append(Event("cards_discarded", f"{name} discards {names}.", {"seat": seat, "cards": discard}))
    size = hand_size(state, content, seat) if six else HAND_SIZE
    drawn = draw(state, seat, size - len(state.hands[seat]), events)
    state.discard = state.discard + discard
    if drawn:
        names = ", ".join(content.cards[c].name for c in drawn)
        events.append(
            Event("cards_drawn", f"You draw {names}.", {"seat": seat, "cards": drawn}, frozenset({seat}))
        )
        events.append(
            Event("cards_counted", f"{name} draws {len(drawn)} card(s).", {"seat": seat, "count": len(drawn)})
        )
    if size == BIG_HAND and len(state.hands[seat]) == BIG_HAND:
        state.tokens[seat] += 1
        events.append(
            Event("cut_corner", f"{name} takes a Cut Corner token for a hand of 6.", {"seat": seat})
        )
    state.done[seat] = True


def draw(state: EuropaState, seat: int, count: int, events: list[Event]) -> list[str]:
    """Up to ``count`` cards from the deck, the discard pile shuffled in when the deck runs out."""
    drawn: list[str] = []
    # The deck is shared with the state this one was forked from: draw from a copy.
    state.deck = state.deck[:]
    for _ in range(max(0, count)):
        if not state.deck and state.discard:
            state.deck, state.discard = state.discard[:], []
            state.rng.shuffle(state.deck)
            events.append(Event("deck_reshuffled", "The discard pile is shuffled into a new deck.", {}))
        if not state.deck:
            break
        drawn.append(state.deck.pop())
    state.hands[seat] = state.hands[seat] + drawn
    return drawn


def begin_round(state: EuropaState, events: list[Event]) -> None:
    """Every seat has redrawn: the next round opens (the caller opens its base choice)."""
    state.round += 1
    state.status = ["choosing"] * state.seats
    events.append(
        Event(
            "round_started",
            f"Round {state.round} of {state.rounds}; {state.players[state.first]} is First in Flight.",
            {"round": state.round, "first": state.first},
        )
    )


def score(state: EuropaState, content: Content, seat: int) -> int:
    return sum(content.cards[c].points for c in state.built[seat]) - CUT_CORNER * state.tokens[seat]


def _reason(winners: list[int], scores: list[int], ranks: list[tuple[int, int, list[int]]]) -> str:
    """Why the winners won: the points alone, or the tie-break that settled a tie on points."""
    if len(winners) > 1:
        return "shared win"
    winner = winners[0]
    tied = [s for s, score in enumerate(scores) if score == scores[winner] and s != winner]
    if not tied:
        return "most points"
    # What set the winner apart from the best of those it tied with on points.
    runner_up = max(ranks[s] for s in tied)
    if ranks[winner][1] != runner_up[1]:
        return "tied on points, fewest Cut Corner tokens"
    return "tied on points and tokens, the best bases"


def end_game(state: EuropaState, content: Content, events: list[Event]) -> None:
    """Hands are discarded; most points wins, then fewest tokens, then the best bases in order."""
    for s in range(state.seats):
        state.discard = state.discard + state.hands[s]
        state.hands[s] = []
    scores = [score(state, content, s) for s in range(state.seats)]

    def rank(s: int) -> tuple[int, int, list[int]]:
        best = sorted((content.cards[c].points for c in state.built[s]), reverse=True)
        return scores[s], -state.tokens[s], best

    top = max(rank(s) for s in range(state.seats))
    winners = [s for s in range(state.seats) if rank(s) == top]
    state.phase = "over"
    state.outcome = {
        "winners": winners,
        "reason": _reason(winners, scores, [rank(s) for s in range(state.seats)]),
        "scores": scores,
        "points": [sum(content.cards[c].points for c in state.built[s]) for s in range(state.seats)],
        "tokens": list(state.tokens),
    }
    names = listed([state.players[s] for s in winners])
    points = scores[winners[0]]
    if len(winners) == 1:
        text = f"{names} wins Europa with {points} points"
        text += "." if state.outcome["reason"] == "most points" else f" ({state.outcome['reason']})."
    else:
        text = f"{names} share the win of Europa with {points} points each."
    events.append(Event("game_over", text, dict(state.outcome)))
