"""Applying one legal action, then letting the engine play its robot seats and settle auto seats."""

from __future__ import annotations

from typing import Final

from engine.core.action import Action
from engine.core.errors import AlreadyDoneError, IllegalActionError, NotYourTurnError
from engine.core.game import Event
from engine.core.rng import Rng
from engine.core.words import waiting_on
from engine.spacebase.board import place
from engine.spacebase.describe import describe_action
from engine.spacebase.legal import END, ROLL, game_actions, is_legal, only_end, use_actions, waiting
from engine.spacebase.model import Content
from engine.spacebase.pending import SKIP, no_choice
from engine.spacebase.policies import auto_choice, greedy_policy
from engine.spacebase.react import announce, auto_roll, close_turn, maybe_close, react
from engine.spacebase.resolve import resolve
from engine.spacebase.setup import begin
from engine.spacebase.state import SpaceState, any_set
from engine.spacebase.turn import acquire, automatic, bonus_choose, bonus_same, buy, choose, finish, roll, use
from engine.spacebase.why import already_chosen, why

# Moves a seat may make without being waited for.
FREE: Final = ("auto", "away", "back", "use")
ROBOT_SALT: Final = 0x5BA5E
# A safety bound on engine-made moves after one action; a game never needs nearly this many.
ROBOT_LIMIT: Final = 2000


def perform(
    state: SpaceState, content: Content, seat: int, action: Action, listed: bool = False
) -> list[Event]:
    """Apply ``action`` for ``seat`` to ``state`` in place; raises IllegalActionError when not legal.

    ``listed``: the caller found ``action`` in this state's legal list, so it is not checked again."""
    if not listed and not is_legal(state, content, seat, action):
        done = already_chosen(state, seat, action)
        if done is not None:
            raise AlreadyDoneError(done)
        if seat not in waiting(state) and action.kind not in FREE:
            raise NotYourTurnError(waiting_on(state.players, waiting(state)))
        reason = why(state, content, seat, action)
        if reason is None:
            label = describe_action(content, action, state)
            reason = f"'{label}' is not a legal move for {state.players[seat]} now."
        raise IllegalActionError(reason)
    events = step(state, content, seat, action)
    events += settle(state, content)
    if state.outcome is not None and state.phase != "over":
        events += finish(state)
    return events


# Moves handled before a queued step or a reaction window is looked at.
BEFORE_QUEUE: Final = frozenset({"auto", "away", "back", "keep", "claim_colony"})


def step(state: SpaceState, content: Content, seat: int, action: Action) -> list[Event]:
    """One legal action, without robots."""
    kind = action.kind
    if kind == "choose" and state.phase == "choose" and not state.pending:
        # The commonest move by far (a bonus roll's choice comes with a queue, in the main phase).
        # A legal one is ``choose`` with its one argument, the option.
        return choose(state, content, seat, str(action.args[0][1]))
    if kind in BEFORE_QUEUE:
        return _before_queue(state, content, seat, action)
    if state.pending:
        return resolve(state, content, seat, action)
    if state.reacting:
        return react(state, content, seat, action)
    if kind == "buy":
        # A legal buy is one of ``Content.take_moves``: its arguments are the card, then the sector.
        (_, card), (_, sector) = action.args
        return buy(state, content, seat, str(card), int(sector), extra=False)
    if kind == "roll":
        return roll(state, content)
    if kind == "choose":
        return choose(state, content, seat, str(action.arg("option")))
    if kind == "use":
        return use(state, content, seat, str(action.arg("card")))
    return close_turn(state, content)


def _before_queue(state: SpaceState, content: Content, seat: int, action: Action) -> list[Event]:
    """Preferences, Light-Speed keeps and claimed colonies: legal whatever is queued."""
    kind = action.kind
    name = state.players[seat]
    # The seat flags are replaced, never edited, so ``fork`` may share them.
    if kind == "auto":
        on = bool(action.arg("on"))
        state.auto = _flagged(state.auto, seat, on)
        word = "on" if on else "off"
        return [Event("auto", f"{name} turns automatic choices {word}.", {"seat": seat, "on": on})]
    if kind == "away":
        state.away = _flagged(state.away, seat, True)
        return [Event("away", f"{name} is away; the AI plays for them.", {"seat": seat})]
    if kind == "back":
        state.away = _flagged(state.away, seat, False)
        return [Event("back", f"{name} is back.", {"seat": seat})]
    if kind == "keep":
        state.choices = {**state.choices, str(seat): str(action.arg("cards"))}
        return [
            Event("kept", f"{name} has chosen their ships.", {"seat": seat}),
            *_maybe_start(state, content),
        ]
    # A claimed colony: legal in the main phase, a queued step waiting or not (the queue stays as it is).
    card = str(action.arg("card"))
    return acquire(state, content, seat, card, content.sector_of(card))


def _flagged(flags: list[bool], seat: int, on: bool) -> list[bool]:
    """A copy of the seat flags ``flags`` with ``seat``'s set to ``on``."""
    new = flags[:]
    new[seat] = on
    return new


def _maybe_start(state: SpaceState, content: Content) -> list[Event]:
    """Light-Speed: once every seat has kept its ships, place and pay for them and begin."""
    if len(state.choices) < len(state.players):
        return []
    spent = []
    decks = dict(state.decks)
    for seat in range(len(state.boards)):
        board = state.board(seat)
        kept = [c for c in state.choices[str(seat)].split(",") if c]
        kept.sort(key=lambda c: (content.cards[c].cost, c))
        for card in kept:
            board.credits -= content.cards[card].cost
            place(board, content, card, content.sector_of(card))
        spent.append(sum(content.cards[c].cost for c in kept))
        for card in state.dealt[seat]:
            if card not in kept:
                level = str(content.cards[card].level)
                decks[level] = (*decks[level], card)
    rng = state.draw()
    for level, deck in decks.items():
        cards = list(deck)
        rng.shuffle(cards)
        decks[level] = tuple(cards)
    state.decks = decks
    state.choices, state.dealt = {}, []
    begin(state, spent, highest=False)
    return [Event("ships_placed", "Every player places the ships they kept.", {"spent": spent})]


def settle(state: SpaceState, content: Content) -> list[Event]:
    """Let the engine move for robot seats and auto seats, end a turn with nothing left to do, roll
    for an active seat with nothing to do first, and close an emptied reaction window."""
    events: list[Event] = []
    # Engine moves are game moves, never preferences: which seats are robots or auto stays put.
    robots = any_set(state.ai) or any_set(state.away)
    helped = robots or any_set(state.auto)
    if not helped and state.phase == "choose" and not state.pending and not state.reacting:
        # Human seats still choosing (most moves of a game): the engine has nothing to do.
        return events
    for _ in range(ROBOT_LIMIT):
        # Both are no-ops without a queue or a reaction window; most moves have neither.
        if state.pending:
            events += announce(state, content)
            head = int(state.pending[0]["seat"])
            if no_choice(state, content) and game_actions(state, content, head) == [SKIP]:
                # A step with nothing to choose (no cube to move, nothing affordable to buy...) and
                # no colony to claim meanwhile passes by itself: a game never waits on a bare "pass".
                events += _pass_empty(state)
                continue
            if state.pending[0]["kind"] == "bonus_roll" and bonus_same(state, content):
                # Both options of a bonus roll grant the same: taken for the player, as at a roll.
                events += [automatic(state.players[head], head), *bonus_choose(state, content, head, "sum")]
                continue
        if state.reacting:
            events += maybe_close(state, content)
        if state.outcome is not None:
            return events
        move = _engine_move(state, content, robots, helped)
        if move is None:
            return events
        seat, action = move
        if action is END and not state.pending and not state.reacting:
            # What ``step`` does with the engine's two commonest moves, without asking what they are.
            events += close_turn(state, content)
        elif action is ROLL and not state.pending and not state.reacting:
            events += roll(state, content)
        else:
            events += step(state, content, seat, action)
    return events


def _pass_empty(state: SpaceState) -> list[Event]:
    step = state.pending.pop(0)
    seat = int(step["seat"])
    what = str(step["kind"]).replace("_", " ")
    text = f"{state.players[seat]} has no possible {what}: passed."
    return [Event("skipped", text, {"seat": seat, "kind": step["kind"], "automatic": True})]


def _engine_move(
    state: SpaceState, content: Content, robots: bool, helped: bool
) -> tuple[int, Action] | None:
    # Without robot or auto seats (a table of humans) the engine only rolls and ends turns.
    if helped:
        for seat in sorted(waiting(state)):
            if state.robot(seat):
                rng = Rng(state.rng.seed ^ ROBOT_SALT, state.rng.position + state.turn)
                return seat, greedy_policy(content, state, seat, game_actions(state, content, seat), rng)
            if state.auto[seat]:
                picked = auto_choice(content, state, seat, game_actions(state, content, seat))
                if picked is not None:
                    return seat, picked
    phase = state.phase
    if phase == "roll" and auto_roll(state, content):
        return state.active, ROLL
    if phase == "main" and not state.pending and not state.reacting:
        if robots:
            for seat in range(len(state.players)):
                if state.robot(seat) and seat != state.active:
                    uses = use_actions(state, content, seat)
                    if uses:
                        return seat, uses[0]
        if only_end(state, content):
            return state.active, END
    return None
