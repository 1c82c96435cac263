"""Building the messages that follow a change: the table's for the channel, each seat's own for it.

The channel gets the table view (``rules.view(state, None)``), the public events and, in a
game without hidden information, the buttons of every seat. A game with hidden information
never shows a seat's choices in the channel: the channel gets a "My hand" button, and each
seat that saw a private event, that the game now waits for, or that just acted gets its own
private message (its view, its private events and its own buttons) for delivery by DM.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot import rendering
from bot.games.spec import GameFrontend
from bot.replies import Button, PrivateMessage, Reply
from bot.store import GameRecord
from engine.core import Action, Event, Rules

MAX_BUTTONS = 25
# The button under a finished game that opens a new table of it in the same channel.
PLAY_AGAIN = "Play again"


@dataclass(frozen=True)
class Change:
    """What just happened: the state before (None at the start), the events, who acted.

    ``present``: the actor is at the table (their own move). False when the bot moved for a seat
    whose time ran out: that seat is named again if the game now waits on it."""

    events: Sequence[Event] = ()
    before: Any | None = None
    actor_seat: int | None = None
    present: bool = True


def legal_for_table(rules: Rules[Any], state: Any, seats: int) -> list[Action]:
    """Legal actions of every seat, without repeats, in the engine's order."""
    seen: dict[Action, None] = {}
    for seat in range(seats):
        for action in rules.legal_actions(state, seat):
            seen.setdefault(action, None)
    return list(seen)


def waiting(rules: Rules[Any], state: Any) -> frozenset[int]:
    """The seats the game waits on (none once it is over)."""
    if rules.outcome(state) is not None:
        return frozenset()
    return rules.to_move(state)


def mentions(record: GameRecord, rules: Rules[Any], state: Any, change: Change) -> list[int]:
    """Users to ping: the seats the game now waits on that it did not wait on before ``change`` (a
    turn starts, a choice falls to someone, a simultaneous step opens); never in solo play. A
    player is not pinged for their own move (an undo gives them back a choice they just made),
    while a seat the bot moved for is pinged whenever the game waits on it again."""
    if len(record.seats) < 2:
        return []
    waited = waiting(rules, state)
    now = set(waited)
    if change.before is not None:
        now -= waiting(rules, change.before)
    actor = change.actor_seat
    if actor is not None:
        if change.present:
            now.discard(actor)
        elif actor in waited:
            now.add(actor)
    return [seat.user_id for seat in record.seats if seat.seat in now]


def public_events(events: Sequence[Event]) -> list[Event]:
    return [event for event in events if event.public]


def private_events(events: Sequence[Event], seat: int) -> list[Event]:
    return [event for event in events if not event.public and event.visible_to(seat)]


def mine_button(record: GameRecord, frontend: GameFrontend) -> Button:
    return Button(frontend.mine_label, record.id, record.version, control="mine", style="primary")


def _pictured(
    record: GameRecord, rules: Rules[Any], frontend: GameFrontend, state: Any, change: Change, public: bool
) -> tuple[dict[str, Any], list[Event], list[str] | None]:
    """The table view, the public events and the names of the images a board reply shows (None:
    every image the renderer plans)."""
    view = rules.view(state, None)
    shown = public_events(change.events)
    # A move picks the images it changed, even one whose events are all secret (a hidden choice).
    moved = bool(shown) or change.actor_seat is not None
    # A channel whose last images are unknown (a board Discord refused, a restart) gets them all.
    known = not public or rendering.remembers(record.id)
    which = frontend.images(shown) if moved and known and frontend.images is not None else None
    return view, shown, sorted(which) if which else None


def predraw_board(
    record: GameRecord,
    rules: Rules[Any],
    frontend: GameFrontend,
    state: Any,
    change: Change,
    *,
    renderer: rendering.Planner | None,
) -> None:
    """Start drawing the images the channel's ``board_reply`` for ``state`` after ``change`` will
    post, while the move is still being saved (``rendering.predraw``)."""
    if renderer is not None:
        view, shown, which = _pictured(record, rules, frontend, state, change, True)
        rendering.predraw(
            renderer, view, shown, which, game_key=record.id, only_changed=change.before is not None
        )


async def board_reply(
    record: GameRecord,
    rules: Rules[Any],
    frontend: GameFrontend,
    state: Any,
    change: Change,
    text: str,
    *,
    can_undo: bool,
    renderer: rendering.Planner | None,
    public: bool = True,
    seat_messages: bool = True,
) -> Reply:
    """The channel's reply showing ``state`` after ``change``, with each seat's private message in a
    game of hidden information (unless ``seat_messages`` is False); images are rendered off the event
    loop. After a change the channel gets only the standing images that changed since its last
    message; a status (``public`` False, shown to one person) gets all."""
    view, shown, which = _pictured(record, rules, frontend, state, change, public)
    # The channel's memory of what it shows leaves out standing images that did not change; a game's
    # first board shows them all, and a status (private) shows all and leaves that memory as it was.
    images = (
        await rendering.render(
            renderer,
            view,
            shown,
            which,
            game_key=record.id,
            only_changed=public and change.before is not None,
            public=public,
        )
        if renderer is not None
        else []
    )
    lines = [text] if text else []
    # Without images (no renderer, or a quiet status) the text has to show the table; a move whose
    # game chose to post fewer images leaves the rest to the images already in the channel.
    if frontend.summary is not None and (not images or not shown) and (renderer is None or which is None):
        lines.append(frontend.summary(view))
    outcome = rules.outcome(state)
    buttons: list[Button] = []
    hidden = rules.meta.hidden_information
    if outcome is not None:
        verdict = "Won" if outcome.won else "Lost"
        lines.append(f"**Game over** — {verdict}: {outcome.reason}")
        buttons = [Button(PLAY_AGAIN, record.id, record.version, control="rematch", style="success")]
    elif record.status == "active":
        if frontend.status_line is not None:
            lines.append(frontend.status_line(view))
        legal = [] if hidden else legal_for_table(rules, state, len(record.seats))
        buttons = frontend.buttons(view, legal, record.id, record.version, can_undo=can_undo)
        if hidden:
            buttons.insert(0, mine_button(record, frontend))
        buttons = buttons[:MAX_BUTTONS]
    if outcome is not None:
        rendering.forget(record.id)
    reply = Reply(
        "\n".join(lines) or frontend.title,
        images=images,
        buttons=buttons,
        mentions=mentions(record, rules, state, change),
        channel_id=record.channel_id,
        game_id=record.id,
    )
    if hidden and seat_messages:
        reply.private = await _private_messages(record, rules, frontend, state, change, renderer=renderer)
    return reply


async def _private_messages(
    record: GameRecord,
    rules: Rules[Any],
    frontend: GameFrontend,
    state: Any,
    change: Change,
    *,
    renderer: rendering.Planner | None,
) -> list[PrivateMessage]:
    now = waiting(rules, state)
    earlier = waiting(rules, change.before) if change.before is not None else frozenset()
    messages: list[PrivateMessage] = []
    for seat in record.seats:
        own = private_events(change.events, seat.seat)
        entered = seat.seat in now and seat.seat not in earlier
        if own or entered or seat.seat == change.actor_seat:
            message = await seat_message(
                record, rules, frontend, state, seat.seat, own, renderer=renderer, fresh_only=True
            )
            messages.append(message)
    return messages


async def seat_message(
    record: GameRecord,
    rules: Rules[Any],
    frontend: GameFrontend,
    state: Any,
    seat: int,
    events: Sequence[Event] = (),
    *,
    renderer: rendering.Planner | None,
    fresh_only: bool = False,
) -> PrivateMessage:
    """What seat ``seat`` alone may see: its view in words and images, its private events and its
    own legal actions as buttons. The view handed to the front end names its ``viewer``. With
    ``fresh_only`` (a DM after a move) an image the seat's DMs already show unchanged is left out."""
    view = {**rules.view(state, seat), "viewer": seat}
    name = record.seats[seat].name if seat < len(record.seats) else f"Seat {seat + 1}"
    lines = [f"**{frontend.title}** in <#{record.channel_id}> — for {name} only."]
    if events:
        lines.append(frontend.narrate(events, name))
    if frontend.private_summary is not None:
        lines.append(frontend.private_summary(view))
    waited = seat in waiting(rules, state)
    legal = rules.legal_actions(state, seat) if record.status == "active" else []
    buttons = frontend.buttons(view, legal, record.id, record.version, can_undo=False)[:MAX_BUTTONS]
    if waited:
        lines.append("**Your move.**")
    elif record.status != "active":
        lines.append("The game is over.")
    elif not buttons:
        # Preferences (automatic choices, away) stay legal but have no button here.
        lines.append("Nothing to do until the others have moved.")
    images = (
        await rendering.render(
            renderer,
            view,
            list(events),
            sorted(frontend.private_images),
            game_key=(record.id, seat),
            only_changed=fresh_only,
            public=fresh_only,
        )
        if renderer is not None and frontend.private_images
        else []
    )
    return PrivateMessage(
        record.seats[seat].user_id, "\n".join(lines), tuple(images), tuple(buttons), seat=seat
    )
