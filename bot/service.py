"""The game service: load the channel's game -> check -> apply -> save -> what to post.

Game-agnostic: every game is a ``Rules`` object plus its front-end data (``bot.games.Game``, loaded
once from the settings by ``bot.app.games_for``). Every public method raises UserError subclasses
or EngineError with messages safe to show the actor; nothing is changed when it raises.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from bot import notify, rendering
from bot.board import Change, board_reply, predraw_board, public_events, seat_message, waiting
from bot.damage import damaged_log, load_state
from bot.deadlines import Post, with_turn_time
from bot.errors import (
    GameExistsError,
    NoGameError,
    NotAllowedError,
    NotAPlayerError,
    StaleError,
    StorageError,
    UnknownGameError,
    UserError,
)
from bot.games.buttons import INVOLVING, involving_moves
from bot.games.module import Game
from bot.games.spec import GameFrontend
from bot.lobby import (
    AI,
    check_ai,
    check_ai_option,
    check_begin,
    check_join,
    check_leave,
    lobby_reply,
    with_ai,
)
from bot.logging_setup import log_context, set_game
from bot.moves import play
from bot.replay import replay, take_back
from bot.replies import Actor, Button, PrivateMessage, Reply, Where
from bot.store import (
    BOT_USER_ID,
    ActionRecord,
    ChannelBusyError,
    ConflictError,
    GameRecord,
    NewGame,
    Repository,
    StoreError,
)
from bot.timekeeping import Timekeeping
from bot.turns import (
    REVEALS,
    explain_refusal,
    later_movers,
    may_undo,
    option_values,
    typed_names,
    undo_target,
)
from engine.core import Action, EngineError, Rules

log = logging.getLogger(__name__)
# How far back (in moves per seat) undo looks for the actor's own last move.
UNDO_REACH = 3
# The first line of a table posted late: a saved change whose own message did not reach the channel
# (or did, just before a crash that lost the note that it had: hence "may not").
LATE_NOTE = "This move was saved, but its message may not have got through; here is the table now."


@contextmanager
def _storage() -> Iterator[None]:
    """Turn storage failures into the user-facing errors of bot.errors."""
    try:
        yield
    except ChannelBusyError as exc:
        raise GameExistsError("This channel already has a game; finish or abandon it first.") from exc
    except ConflictError as exc:
        raise StaleError("The game moved on since this was sent; look at the latest message.") from exc
    except StoreError as exc:
        log.error("storage failure: %s", exc, exc_info=exc)
        raise StorageError("The game could not be saved just now; nothing changed. Try again.") from exc


class GameService(Timekeeping):
    """The one API the Discord cogs and the local console call."""

    def __init__(
        self,
        repo: Repository,
        *,
        render: bool = True,
        games: Mapping[str, Game] | None = None,
        seeds: Callable[[], int] | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        """``games`` are the games loaded from the settings (default: every registered game over its
        shipped cards)."""
        if games is None:
            from bot.games import shipped_games

            games = shipped_games()
        self.repo = repo
        self._games = {key: game.rules for key, game in games.items()}
        self._frontends = {key: game.frontend for key, game in games.items()}
        self._renderers = {key: game.renderer for key, game in games.items() if render}
        self._turn_minutes = {key: game.module.turn_minutes for key, game in games.items() if game.module}
        self._reveals = {key: game.module.reveals for key, game in games.items() if game.module}
        self._seeds = seeds or (lambda: secrets.randbits(31))
        self.clock = clock or (lambda: datetime.now(UTC))
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    @property
    def games(self) -> list[str]:
        return sorted(key for key in self._games if key in self._frontends)

    def frontend(self, game: str) -> GameFrontend:
        """The front-end data of ``game``; raises UnknownGameError."""
        self._rules(game)
        return self._frontends[game]

    def _rules(self, game: str) -> Rules[Any]:
        if game not in self._games or game not in self._frontends:
            raise UnknownGameError(f"There is no game called '{game}'. Games: {', '.join(self.games)}.")
        return self._games[game]

    def _lock(self, channel_id: int) -> asyncio.Lock:
        # One open game per channel, so the channel's lock serialises that game's writes.
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[channel_id] = lock
        return lock

    # -- loading and checking --------------------------------------------------------------------

    async def _open(
        self, where: Where, game_id: int | None = None, version: int | None = None, *, game: str | None = None
    ) -> GameRecord:
        """The channel's open game, or game ``game_id`` for a click (from its channel, or from a DM,
        where ``guild_id`` is None); raises NoGameError, or StaleError when a click is out of date.
        ``game``: the game a typed command belongs to, which the channel's game must be."""
        with _storage():
            if game_id is None or where.guild_id is not None:
                record = await self.repo.open_game(where.channel_id)
            else:
                record = await self.repo.get_game(game_id)
        return self._same_game(self._checked(record, game_id, version), game)

    async def _open_with_recent(
        self,
        where: Where,
        count: Callable[[GameRecord], int],
        game_id: int | None = None,
        version: int | None = None,
        *,
        game: str | None = None,
    ) -> tuple[GameRecord, list[ActionRecord]]:
        """As ``_open``, with the game's last ``count(game)`` actions read in the same hand-off."""
        by_channel = game_id is None or where.guild_id is not None
        with _storage():
            record, recent = await self.repo.game_with_recent(
                channel_id=where.channel_id if by_channel else None,
                game_id=None if by_channel else game_id,
                count=count,
            )
        return self._same_game(self._checked(record, game_id, version), game), recent

    def _same_game(self, record: GameRecord, game: str | None) -> GameRecord:
        """``record``, when it is a game of ``game`` (None: any); raises NoGameError otherwise: a
        command typed for one game never acts on another game that happens to share a move's name."""
        if game is None or record.kind == game:
            return record
        here = self._frontends[record.kind]
        raise NoGameError(
            f"There is no {self._frontends[game].title} game in this channel: its game is "
            f"{here.title}, played with the /{here.key} commands."
        )

    @staticmethod
    def _checked(record: GameRecord | None, game_id: int | None, version: int | None) -> GameRecord:
        """``record`` if it is the open game a command or click means; raises NoGameError, StaleError."""
        if record is None or not record.is_open:
            if game_id is not None:
                raise StaleError("That game is over; start a new one.")
            raise NoGameError("There is no game in this channel. Start one with the start command.")
        set_game(record.id)
        if game_id is not None and game_id != record.id:
            raise StaleError("That button belongs to a game that is over.")
        if version is not None and version != record.version:
            raise StaleError("The game moved on since this was sent; look at the latest message.")
        return record

    async def _locked_open(self, where: Where, game_id: int | None) -> tuple[asyncio.Lock, int]:
        """The lock of the game's channel (a click from a DM locks the game's own channel)."""
        if game_id is None or where.guild_id is not None:
            return self._lock(where.channel_id), where.channel_id
        with _storage():
            record = await self.repo.get_game(game_id)
        channel_id = record.channel_id if record is not None else where.channel_id
        return self._lock(channel_id), channel_id

    def _seat(self, record: GameRecord, actor: Actor) -> int:
        seat = record.seat_of(actor.user_id)
        if seat is None:
            raise NotAPlayerError("You are not a player of this game.")
        return seat

    def _state(self, record: GameRecord) -> Any:
        """The game's state; raises NotAllowedError when it has not begun or cannot be loaded."""
        if record.damage is None and record.status != "active":
            raise NotAllowedError("The game has not begun yet; the host presses Begin.")
        return load_state(self._rules(record.kind), record)

    async def _board(
        self,
        record: GameRecord,
        state: Any,
        change: Change,
        text: str,
        *,
        can_undo: bool = False,
        public: bool = True,
    ) -> Reply:
        rules, frontend = self._rules(record.kind), self._frontends[record.kind]
        # In a server, turn DMs are opt-in: the mention and the "My turn" button carry the game, so
        # no seat's own message (its view, board picture and buttons) is made only to be dropped.
        # The console (no server) shows each seat its own message in place of a DM, so it keeps them.
        notes = notify.COMMAND in frontend.lifecycle and record.guild_id is not None
        reply = await board_reply(
            record,
            rules,
            frontend,
            state,
            change,
            text,
            can_undo=can_undo,
            renderer=self._renderers.get(record.kind),
            public=public,
            seat_messages=not notes,
        )
        if notes:
            reply.private = notify.turn_notes(record, reply, frontend.title)
        # Once this board is posted, the channel has seen this version (``bot.store.shown``).
        reply.game_id, reply.version = record.id, record.version
        return reply

    def _predraw(self, record: GameRecord, state: Any, change: Change) -> None:
        """Start on the pictures of the board ``_board`` will show for ``state`` after ``change``."""
        kind = record.kind
        predraw_board(
            record,
            self._rules(kind),
            self._frontends[kind],
            state,
            change,
            renderer=self._renderers.get(kind),
        )

    def _lobby(self, record: GameRecord, header: str) -> Reply:
        """The lobby message, with the AI seat buttons when the game's start options seat AI players."""
        meta = self._rules(record.kind).meta
        return lobby_reply(record, meta, header, ai_seats=self._seats_ai(record.kind))

    def _seats_ai(self, game: str) -> bool:
        """Whether ``game`` seats AI players (its start options say how many)."""
        return any(option.name == AI for option in self._frontends[game].start_options)

    # -- lifecycle -------------------------------------------------------------------------------

    async def start(self, where: Where, actor: Actor, game: str, options: dict[str, Any]) -> Reply:
        """Open a lobby, or begin a solo game at once.

        Raises UnknownGameError, GameExistsError, NotAllowedError (bad options), EngineError, StorageError.
        """
        with log_context(where.guild_id, where.channel_id):
            rules = self._rules(game)
            frontend = self._frontends[game]
            try:
                cleaned = with_turn_time(self._turn_minutes.get(game, 0), options, frontend.clean_options)
            except ValueError as exc:
                raise NotAllowedError(str(exc)) from exc
            if self._seats_ai(game):
                check_ai_option(cleaned, rules.meta)
            return await self._open_table(where, actor, game, cleaned)

    async def rematch(self, where: Where, actor: Actor, game_id: int) -> Reply:
        """The "Play again" button under a finished game: a new table of the same game in the same
        channel, with the same start options (a new deal). A game that opens a lobby opens one
        hosted by ``actor``, mentioning the last game's other players so they can join again; a
        solo game begins at once.

        Raises StaleError (not a finished game of this channel), GameExistsError (the channel has a
        game again), EngineError, StorageError.
        """
        with log_context(where.guild_id, where.channel_id, game_id):
            with _storage():
                old = await self.repo.get_game(game_id)
            if old is None or old.channel_id != where.channel_id or old.status != "finished":
                raise StaleError("This button belongs to a game that did not finish here.")
            # A table of several opens a lobby anyone may host (the last players are invited); a
            # solo game starts at once, so only its player may start it again.
            if len(old.seats) == 1 and old.seat_of(actor.user_id) is None:
                raise NotAPlayerError(
                    f"Only its player can play that game again; `/{old.kind} start` opens a game of your own."
                )
            others = [seat.user_id for seat in old.seats if seat.user_id != actor.user_id]
            try:
                return await self._open_table(where, actor, old.kind, dict(old.options), invite=others)
            except GameExistsError:
                with _storage():
                    current = await self.repo.open_game(where.channel_id)
                if current is None or current.kind != old.kind or current.status != "lobby":
                    raise
                # Another player pressed Play again first: the table they opened is the one to join.
                title = self._frontends[old.kind].title
                if current.seat_of(actor.user_id) is not None:
                    raise GameExistsError(f"You are already seated at the new {title} table here.") from None
                raise GameExistsError(
                    f"Someone pressed Play again first: a new {title} table is open here; "
                    "press Join under its message."
                ) from None

    async def _open_table(
        self,
        where: Where,
        actor: Actor,
        game: str,
        cleaned: dict[str, Any],
        *,
        invite: list[int] | None = None,
    ) -> Reply:
        """Open a lobby for ``game`` with these (cleaned) options, or begin a solo game at once;
        ``invite`` (a rematch) names the last game's other players, mentioned in the new lobby."""
        rules = self._rules(game)
        frontend = self._frontends[game]
        async with self._lock(where.channel_id):
            with _storage():
                if await self.repo.open_game(where.channel_id) is not None:
                    raise ChannelBusyError(str(where.channel_id))
            new = NewGame(
                guild_id=where.guild_id,
                channel_id=where.channel_id,
                kind=game,
                options=cleaned,
                seed=self._seeds(),
                rules_version=rules.meta.rules_version,
                host_id=actor.user_id,
                host_name=actor.name,
            )
            if frontend.opens_lobby(cleaned):
                with _storage():
                    record = await self.repo.create_game(new)
                set_game(record.id)
                log.info("lobby opened for %s by %s", game, actor.user_id)
                article = "an" if frontend.title[:1].lower() in "aeiou" else "a"
                if not invite:
                    return self._lobby(record, f"{actor.name} opened {article} {frontend.title} table.")
                names = ", ".join(f"<@{user_id}>" for user_id in invite)
                reply = self._lobby(
                    record,
                    f"{actor.name} opened a new {frontend.title} table. {names}: press Join to play again.",
                )
                reply.mentions = list(invite)
                return reply
            state = rules.setup([actor.name], cleaned, new.seed)
            snapshot = rules.to_json(state)
            with _storage():
                record = await self.repo.create_game(
                    replace(new, status="active", snapshot=snapshot),
                    deadlines=self._opening_deadlines(cleaned, rules, state),
                )
            set_game(record.id)
            log.info("solo %s started by %s", game, actor.user_id)
            fresh = "a new" if invite is not None else "a"
            return await self._board(
                record, state, Change(), f"{actor.name} starts {fresh} game of {frontend.title}."
            )

    async def lobby(self, where: Where, actor: Actor, control: str, game_id: int, version: int) -> Reply:
        """Join, leave or begin (host only) the lobby.

        Raises StaleError, NoGameError, NotAllowedError, NotAPlayerError, EngineError, StorageError.
        """
        with log_context(where.guild_id, where.channel_id, game_id):
            async with self._lock(where.channel_id):
                # Joining or leaving does not depend on who else sat down meanwhile (two people
                # pressing Join at once both get in); Begin and the AI seats act on the table shown.
                shown = None if control in ("join", "leave") else version
                record = await self._open(where, game_id, shown)
                if record.status != "lobby":
                    raise StaleError("The game has already begun.")
                rules = self._rules(record.kind)
                title = self._frontends[record.kind].title
                if control == "join":
                    check_join(record, rules.meta, actor)
                    with _storage():
                        record = await self.repo.add_seat(
                            record.id, record.version, actor.user_id, actor.name
                        )
                    return self._lobby(record, f"{actor.name} joins the {title} table.")
                if control == "leave":
                    check_leave(record, actor)
                    with _storage():
                        record = await self.repo.remove_seat(record.id, record.version, actor.user_id)
                    return self._lobby(record, f"{actor.name} leaves the {title} table.")
                if control in ("add_ai", "remove_ai"):
                    return await self._change_ai(record, actor, add=control == "add_ai")
                if control == "begin":
                    check_begin(record, rules.meta, actor)
                    state = rules.setup(record.player_names, record.options, record.seed)
                    with _storage():
                        record = await self.repo.begin_game(
                            record.id,
                            record.version,
                            rules.to_json(state),
                            deadlines=self._opening_deadlines(record.options, rules, state),
                        )
                    log.info("game begins with %d players", len(record.seats))
                    names = ", ".join(record.player_names)
                    return await self._board(record, state, Change(), f"The {title} game begins: {names}.")
                raise NotAllowedError(f"Unknown lobby step '{control}'.")

    async def _change_ai(self, record: GameRecord, actor: Actor, *, add: bool) -> Reply:
        """One AI seat more or fewer (host only); raises NotAllowedError, StaleError, StorageError."""
        if not self._seats_ai(record.kind):
            raise NotAllowedError("This game has no AI players.")
        check_ai(record, self._rules(record.kind).meta, actor, add=add)
        with _storage():
            record = await self.repo.update_options(
                record.id, lambda options: with_ai(options, 1 if add else -1), expected=record.version
            )
        title = self._frontends[record.kind].title
        verb = "adds an AI player to" if add else "removes an AI player from"
        return self._lobby(record, f"{actor.name} {verb} the {title} table.")

    async def notify(self, where: Where, actor: Actor, *, on: bool, game: str | None = None) -> Reply:
        """Turn the actor's "your move" DMs for the channel's game on or off, privately.

        Raises NoGameError, NotAPlayerError, NotAllowedError (a game without the choice), StorageError.
        """
        with log_context(where.guild_id, where.channel_id):
            record = await self._open(where, game=game)
            self._seat(record, actor)
            frontend = self._frontends[record.kind]
            if notify.COMMAND not in frontend.lifecycle:
                raise NotAllowedError(f"{frontend.title} has no turn DMs to turn on or off.")
            with _storage():
                await self.repo.update_options(
                    record.id, lambda options: notify.with_preference(options, actor.user_id, on)
                )
            log.info("turn DMs %s for %s", "on" if on else "off", actor.user_id)
        if on:
            text = f"I will DM you a link when this {frontend.title} game waits for you."
        else:
            text = f"No DMs from this {frontend.title} game; you are mentioned here when it is your move."
        return Reply(text, ephemeral=True)

    async def act(
        self,
        where: Where,
        actor: Actor,
        action: Action,
        *,
        game_id: int | None = None,
        version: int | None = None,
        game: str | None = None,
    ) -> Reply:
        """Apply ``action`` for the actor's seat and save it in one transaction.

        ``version`` is the game version a button was made at: the click stands while the action
        is still legal for the actor and the actor has not acted since (another seat's move in
        a simultaneous step leaves it alive; a double click does not apply twice).
        Raises NoGameError, StaleError, NotAPlayerError, NotAllowedError, EngineError, StorageError.
        """
        with log_context(where.guild_id, where.channel_id, game_id):
            lock, _channel = await self._locked_open(where, game_id)
            async with lock:
                record = await self._open(where, game_id, game=game)
                seat = self._seat(record, actor)
                rules = self._rules(record.kind)
                before = self._state(record)
                if version is not None and action.get(INVOLVING) is not None:
                    # A first pick among too many moves for the menus: nothing is played yet.
                    return self._involving(record, rules, before, seat, action)
                if game is not None:
                    # Typed in a slash command: a card may be named as players see it.
                    action = typed_names(rules, self._frontends[record.kind], before, seat, action)
                if version is not None and version != record.version:
                    await self._check_click(record, rules, before, seat, action, version)
                try:
                    with _storage():
                        played = await play(
                            self.repo,
                            record,
                            rules,
                            before,
                            seat,
                            action,
                            user_id=actor.user_id,
                            clocks=lambda after: self._move_deadlines(record, rules, before, after, seat),
                            applied=lambda after, events: self._predraw(
                                record, after, Change(events, before, seat)
                            ),
                        )
                except EngineError as exc:
                    clearer = explain_refusal(
                        record, rules, before, seat, action, waiting(rules, before), exc
                    )
                    if clearer is None:
                        raise
                    raise clearer from exc
                record, after, events = played.record, played.state, played.events
            text = self._frontends[record.kind].narrate(public_events(events), actor.name)
            change = Change(events, before, seat)
            return await self._board(record, after, change, text, can_undo=played.undoable)

    def _involving(self, record: GameRecord, rules: Rules[Any], state: Any, seat: int, pick: Action) -> Reply:
        """The seat's legal moves a first pick stands for, as its own buttons; raises StaleError
        when none is left."""
        moves = involving_moves(pick, rules.legal_actions(state, seat))
        if not moves:
            raise StaleError("The game moved on and that choice is no longer open; see the latest message.")
        frontend = self._frontends[record.kind]
        view = {**rules.view(state, seat), "viewer": seat}
        name = frontend.label(view, "card", str(pick.get(INVOLVING)))
        buttons = frontend.buttons(view, moves, record.id, record.version)
        return Reply(f"The moves with {name}: choose one.", [], buttons, ephemeral=True)

    async def _check_click(
        self, record: GameRecord, rules: Rules[Any], state: Any, seat: int, action: Action, version: int
    ) -> None:
        """Raises StaleError when a button made at ``version`` no longer stands for the clicker."""
        if version > record.version:
            raise StaleError("That button does not belong to this game.")
        if action.kind in self._frontends[record.kind].answers:
            raise StaleError("That question was answered already; see the latest message.")
        with _storage():
            mover = await self.repo.acted_since(record.id, seat, version)
        if mover == BOT_USER_ID:
            raise StaleError("Your time ran out and the bot moved for you; see the latest message.")
        if mover is not None:
            raise StaleError("You moved on since this was sent; use the latest message.")
        if action not in rules.legal_actions(state, seat):
            raise StaleError("The game moved on and that choice is no longer open; see the latest message.")

    async def mine(
        self, where: Where, actor: Actor, *, game_id: int | None = None, game: str | None = None
    ) -> Reply:
        """The actor's own view, private events aside, with their buttons, shown only to them
        ("My hand"); raises NoGameError, StaleError, NotAPlayerError, NotAllowedError, StorageError."""
        with log_context(where.guild_id, where.channel_id, game_id):
            record = await self._open(where, game_id, game=game)
            seat = self._seat(record, actor)
            rules = self._rules(record.kind)
            state = self._state(record)
            message = await seat_message(
                record,
                rules,
                self._frontends[record.kind],
                state,
                seat,
                renderer=self._renderers.get(record.kind),
            )
            return Reply(message.text, list(message.images), list(message.buttons), ephemeral=True)

    async def status(self, where: Where, actor: Actor, *, game: str | None = None) -> Reply:
        """The current table (or lobby), privately; raises NoGameError, StorageError."""
        with log_context(where.guild_id, where.channel_id):
            record, recent = await self._open_with_recent(
                where, lambda record: 1 if record.status == "active" else 0, game=game
            )
            if record.status == "lobby":
                reply = self._lobby(record, f"{self._frontends[record.kind].title} lobby.")
            else:
                last = recent[-1] if recent else None
                readable = last if last is not None and last.damage is None else None
                can_undo = may_undo(record, actor.user_id, readable)
                state = self._state(record)
                reply = await self._board(record, state, Change(), "", can_undo=can_undo, public=False)
            reply.ephemeral = True
            reply.mentions = []
            reply.private = []
            return reply

    async def undo(
        self,
        where: Where,
        actor: Actor,
        *,
        game_id: int | None = None,
        version: int | None = None,
        game: str | None = None,
    ) -> Reply:
        """Take back the actor's own last action when nothing was revealed by it or since.

        In a simultaneous step the other seats' later moves stay (they are applied again);
        otherwise only the very last move of the game can be taken back.
        Raises NoGameError, StaleError, NotAPlayerError, NotAllowedError, StorageError.
        """
        with log_context(where.guild_id, where.channel_id, game_id):
            lock, _channel = await self._locked_open(where, game_id)
            async with lock:
                record, recent = await self._open_with_recent(
                    where, lambda record: UNDO_REACH * len(record.seats) + 1, game_id, version, game=game
                )
                seat = self._seat(record, actor)
                rules = self._rules(record.kind)
                current = self._state(record)
                reveals = self._reveals.get(record.kind, REVEALS)
                index = undo_target(record, seat, recent, reveals=reveals)
                for row in recent[index:]:
                    damaged_log(record, row)
                taken = recent[index]
                before = await self._before(rules, record, taken, len(recent) - index)
                later_movers(record, recent[index:], len(waiting(rules, before)) > 1)
                restored, befores = take_back(rules, record, before, recent[index:], current, reveals=reveals)
                label = rules.describe(Action.from_json(taken.action), before)
                self._predraw(record, restored, Change((), current, seat))
                with _storage():
                    # The clock the undone move stopped runs on: a move and its undo buy no time.
                    clock = await self.repo.clock_before(record.id, seat, taken.seq)
                    record = await self.repo.remove_action(
                        record.id,
                        record.version,
                        taken.seq,
                        rules.to_json(restored),
                        befores={seq: rules.to_json(state) for seq, state in befores.items()},
                        deadlines=await self._move_deadlines(
                            record, rules, current, restored, seat, resume=clock
                        ),
                        seats=record.seats,
                    )
                log.info("undid action %d", taken.seq)
            # Several steps of one turn can be taken back, one click each.
            rest = [row for row in recent if row.seq != taken.seq]
            again = may_undo(record, actor.user_id, rest[-1] if rest else None)
            text = (
                f"{actor.name} takes back their last move."
                if rules.meta.hidden_information
                else f"{actor.name} takes back: {label}."
            )
            change = Change((), current, seat)
            return await self._board(record, restored, change, text, can_undo=again)

    async def _before(self, rules: Rules[Any], record: GameRecord, taken: ActionRecord, tail: int) -> Any:
        """The state ``taken`` was applied to: its stored snapshot, else a replay of the log before it
        (``tail`` rows, ``taken`` included, come after that point)."""
        if taken.before is not None:
            try:
                return rules.from_json(taken.before)
            except EngineError as exc:
                raise NotAllowedError("This game's history is damaged, so the undo is refused.") from exc
        with _storage():
            rows = await self.repo.actions(record.id)
        try:
            return replay(rules, record, rows[: len(rows) - tail])
        except EngineError as exc:
            raise NotAllowedError("This game's history cannot be replayed, so the undo is refused.") from exc

    async def abandon(
        self,
        where: Where,
        actor: Actor,
        *,
        confirm: bool,
        game_id: int | None = None,
        version: int | None = None,
        game: str | None = None,
    ) -> Reply:
        """Ask to confirm, then end the channel's game (host or Manage Channels only).

        A confirmation button carries the version it was made at and is refused (StaleError) once
        the game moved on, so nobody ends a game on the strength of a question about an older table.
        Raises NoGameError, StaleError, NotAllowedError, StorageError.
        """
        with log_context(where.guild_id, where.channel_id, game_id):
            async with self._lock(where.channel_id):
                record = await self._open(where, game_id, version, game=game)
                if actor.user_id != record.host_id and not actor.can_manage:
                    raise NotAllowedError(
                        "Only the host or someone with Manage Channels can abandon the game."
                    )
                title = self._frontends[record.kind].title
                if not confirm:
                    button = Button(
                        "Abandon game", record.id, record.version, control="abandon", style="danger"
                    )
                    return Reply(
                        f"Abandon this {title} game for everyone? This cannot be undone.", [], [button], True
                    )
                with _storage():
                    await self._end(record)
                log.info("abandoned by %s", actor.user_id)
                return Reply(f"{actor.name} abandoned the {title} game. The channel is free for a new one.")

    async def channel_gone(self, channel_id: int) -> GameRecord | None:
        """End the game of a channel Discord says no longer exists (a deleted channel or thread).

        Nobody can play on or see it there, so it is abandoned and its clocks stop: no deadline
        plays it on unseen, no reminder mentions anyone, ``/games`` no longer lists it. Its action
        log stays. Returns the game ended, or None when the channel had no open game. Raises
        StorageError (nothing changed; the next sign that the channel is gone tries again).
        """
        with log_context(None, channel_id):
            async with self._lock(channel_id):
                for _ in range(3):
                    with _storage():
                        record = await self.repo.open_game(channel_id)
                        if record is None:
                            return None
                        try:
                            await self._end(record)
                        except ConflictError:
                            # Another process moved the game on meanwhile: look again.
                            continue
                    log.info("channel %d is gone: game %d abandoned", channel_id, record.id)
                    return record
                raise StorageError("The game kept changing while its gone channel was being closed.")

    async def guild_gone(self, guild_id: int) -> list[GameRecord]:
        """End every open game of a server the bot was removed from, as ``channel_gone`` does for a
        deleted channel: the bot can no longer post there, so none of them would be seen again.
        Returns the games ended. Raises StorageError (the games not reached yet stay open)."""
        with log_context(guild_id, None), _storage():
            channels = await self.repo.open_channels_in(guild_id)
        ended = [await self.channel_gone(channel_id) for channel_id in channels]
        return [record for record in ended if record is not None]

    async def left_guilds(self, present: set[int]) -> list[int]:
        """The servers with open games that are not among ``present`` (those the bot is in): it was
        removed from them while it was not connected. Raises StorageError."""
        with _storage():
            return sorted(await self.repo.open_guilds() - present)

    def gone_notes(self, record: GameRecord, why: str, where: str | None = None) -> list[PrivateMessage]:
        """DMs telling the players of ``record`` (a game in play that just ended because its channel
        or server is gone) that it ended and ``why``; ``where`` names the channel when it is known.
        Only the players this game already DMs hear of it (``notify.receivers``): its channel, where
        everyone else followed it, cannot say so any more. None for a lobby: nothing was played."""
        if record.status != "active" or record.kind not in self._frontends:
            return []
        frontend, rules = self._frontends[record.kind], self._rules(record.kind)
        users = notify.receivers(
            record, opt_in=notify.COMMAND in frontend.lifecycle, hidden=rules.meta.hidden_information
        )
        place = f" in {where}" if where else ""
        text = (
            f"Your **{frontend.title}** game{place} has ended: {why}. "
            f"`/{record.kind} start` in another channel opens a new one."
        )
        return [PrivateMessage(user, text) for user in users]

    async def _end(self, record: GameRecord) -> None:
        """Abandon ``record``'s game and drop its clocks; raises StoreError (ConflictError: stale)."""
        await self.repo.set_status(record.id, record.version, "abandoned")
        await self.repo.clear_deadlines(record.id)
        rendering.forget(record.id)

    # -- changes the channel was not shown (the scheduler's sweep, see bot.store.shown) -----------

    async def unshown(self, before: datetime) -> list[GameRecord]:
        """The server games whose latest saved change was not shown by ``before``; raises StoreError."""
        return await self.repo.unshown_games(before)

    async def late_board(self, found: GameRecord, before: datetime, now: datetime) -> Post | None:
        """The table of ``found`` (one of ``unshown``) to post late, as a status shows it but public
        and mentioning whoever the game waits for; None when another process or a change got there
        first. The game is claimed before it is built, so no other sweep posts it too; a game whose
        state cannot be read is marked shown, as there is nothing to show. Raises StoreError."""
        with log_context(found.guild_id, found.channel_id, found.id):
            async with self._lock(found.channel_id):
                if not await self.repo.claim_unshown(found, before, now):
                    return None
            try:
                state = load_state(self._rules(found.kind), found)
            except UserError:
                await self.repo.mark_shown({found.id: found.version})
                return None
            log.info("posting version %d late", found.version)
            return Post(found.channel_id, await self._board(found, state, Change(), LATE_NOTE))

    async def _seated(self, where: Where, actor: Actor) -> tuple[GameRecord, int, Any] | None:
        """The open game, the actor's seat and the state; None when the actor cannot act in it."""
        with log_context(where.guild_id, where.channel_id):
            try:
                record = await self._open(where)
            except (NoGameError, StorageError):
                return None
        seat = record.seat_of(actor.user_id)
        if seat is None or record.status != "active":
            return None
        try:
            return record, seat, self._state(record)
        except UserError:
            return None

    async def legal(self, where: Where, actor: Actor) -> list[tuple[str, Action]]:
        """The actor's legal actions with their labels; [] when there is no game or they may not act."""
        found = await self._seated(where, actor)
        if found is None:
            return []
        record, seat, state = found
        rules = self._rules(record.kind)
        return [(rules.describe(action, state), action) for action in rules.legal_actions(state, seat)]

    def rules_text(self, game: str) -> Reply:
        """A short rules summary, privately; raises UnknownGameError."""
        return Reply(self.frontend(game).rules_summary, ephemeral=True)

    async def choices(
        self, where: Where, actor: Actor, game: str, kind: str, option: str, filled: dict[str, str | int]
    ) -> list[tuple[str, str | int]]:
        """Autocomplete: values of ``option`` among the actor's legal ``kind`` actions that fit ``filled``."""
        found = await self._seated(where, actor)
        if found is None or found[0].kind != game:
            return []
        _record, seat, state = found
        rules = self._rules(game)
        # All of them: the answer is cut to Discord's 25 after filtering on what was typed.
        return option_values(rules, self._frontends[game], state, seat, kind, option, filled)

    # -- read-only peeks for front ends that follow the table (the local console) ----------------

    async def waiting_seats(self, where: Where) -> list[int]:
        """The seats ``rules.to_move`` waits for in the channel's running game; [] without one."""
        found = await self._running(where)
        return [] if found is None else sorted(self._rules(found[0].kind).to_move(found[1]))

    async def table_view(self, where: Where) -> dict[str, Any] | None:
        """The running game's table view (no secrets, see ``Rules.view``); None without one."""
        found = await self._running(where)
        return None if found is None else self._rules(found[0].kind).view(found[1], None)

    async def _running(self, where: Where) -> tuple[GameRecord, Any] | None:
        with _storage():
            record = await self.repo.open_game(where.channel_id)
        if record is None or record.status != "active" or record.snapshot is None:
            return None
        return record, self._rules(record.kind).from_json(record.snapshot)
