"""The game service: load the channel's game -> check -> apply -> save -> what to post.

Game-agnostic: every game is a ``Rules`` object (``engine.registry.GAMES``) plus its
front-end data (``bot.games.FRONTENDS``). Every public method raises UserError subclasses
or EngineError with messages safe to show the actor; nothing is changed when it raises.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from bot.board import MAX_BUTTONS, board_reply, waiting
from bot.errors import (
    GameExistsError,
    NoGameError,
    NotAllowedError,
    NotAPlayerError,
    StaleError,
    StorageError,
    UnknownGameError,
)
from bot.games.spec import GameFrontend
from bot.lobby import check_begin, check_join, check_leave, lobby_reply
from bot.logging_setup import log_context, set_game
from bot.replay import replay_before_last
from bot.replies import Actor, Button, Reply, Where
from bot.store import ChannelBusyError, ConflictError, GameRecord, NewGame, Repository, StoreError
from bot.turns import check_undo, explain_refusal, may_undo, option_values
from engine.core import Action, EngineError, Event, Rules

log = logging.getLogger(__name__)


def _registry() -> tuple[Mapping[str, Rules[Any]], Mapping[str, GameFrontend]]:
    from bot.games import FRONTENDS
    from engine.registry import GAMES

    return GAMES, FRONTENDS


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


class GameService:
    """The one API the Discord cogs and the local console call."""

    def __init__(
        self,
        repo: Repository,
        *,
        render: bool = True,
        games: Mapping[str, Rules[Any]] | None = None,
        frontends: Mapping[str, GameFrontend] | None = None,
        seeds: Callable[[], int] | None = None,
    ) -> None:
        if games is None or frontends is None:
            default_games, default_frontends = _registry()
            games = default_games if games is None else games
            frontends = default_frontends if frontends is None else frontends
        self.repo = repo
        self._render = render
        self._games = dict(games)
        self._frontends = dict(frontends)
        self._seeds = seeds or (lambda: secrets.randbits(31))
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

    async def _open(self, where: Where, game_id: int | None = None, version: int | None = None) -> GameRecord:
        """The channel's open game; raises NoGameError, or StaleError when a click is out of date."""
        with _storage():
            record = await self.repo.open_game(where.channel_id)
        if record is None:
            if game_id is not None:
                raise StaleError("That game is over; start a new one.")
            raise NoGameError("There is no game in this channel. Start one with the start command.")
        set_game(record.id)
        if game_id is not None and game_id != record.id:
            raise StaleError("That button belongs to a game that is over.")
        if version is not None and version != record.version:
            raise StaleError("The game moved on since this was sent; look at the latest message.")
        return record

    def _seat(self, record: GameRecord, actor: Actor) -> int:
        seat = record.seat_of(actor.user_id)
        if seat is None:
            raise NotAPlayerError("You are not a player of this game.")
        return seat

    def _state(self, record: GameRecord) -> Any:
        if record.status != "active" or record.snapshot is None:
            raise NotAllowedError("The game has not begun yet; the host presses Begin.")
        return self._rules(record.kind).from_json(record.snapshot)

    async def _board(
        self,
        record: GameRecord,
        state: Any,
        events: Sequence[Event],
        text: str,
        *,
        can_undo: bool = False,
        before: Any | None = None,
    ) -> Reply:
        rules, frontend = self._rules(record.kind), self._frontends[record.kind]
        return await board_reply(
            record,
            rules,
            frontend,
            state,
            events,
            text,
            can_undo=can_undo,
            render=self._render,
            before=before,
        )

    # -- lifecycle -------------------------------------------------------------------------------

    async def start(self, where: Where, actor: Actor, game: str, options: dict[str, Any]) -> Reply:
        """Open a lobby, or begin a solo game at once.

        Raises UnknownGameError, GameExistsError, NotAllowedError (bad options), EngineError, StorageError.
        """
        with log_context(where.guild_id, where.channel_id):
            rules = self._rules(game)
            frontend = self._frontends[game]
            try:
                cleaned = frontend.clean_options(options)
            except ValueError as exc:
                raise NotAllowedError(str(exc)) from exc
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
                    header = f"{actor.name} opened {article} {frontend.title} table."
                    return lobby_reply(record, rules.meta, header)
                state = rules.setup([actor.name], cleaned, new.seed)
                snapshot = rules.to_json(state)
                with _storage():
                    record = await self.repo.create_game(replace(new, status="active", snapshot=snapshot))
                set_game(record.id)
                log.info("solo %s started by %s", game, actor.user_id)
                return await self._board(
                    record, state, [], f"{actor.name} starts a game of {frontend.title}."
                )

    async def lobby(self, where: Where, actor: Actor, control: str, game_id: int, version: int) -> Reply:
        """Join, leave or begin (host only) the lobby.

        Raises StaleError, NoGameError, NotAllowedError, NotAPlayerError, EngineError, StorageError.
        """
        with log_context(where.guild_id, where.channel_id, game_id):
            async with self._lock(where.channel_id):
                record = await self._open(where, game_id, version)
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
                    return lobby_reply(record, rules.meta, f"{actor.name} joins the {title} table.")
                if control == "leave":
                    check_leave(record, actor)
                    with _storage():
                        record = await self.repo.remove_seat(record.id, record.version, actor.user_id)
                    return lobby_reply(record, rules.meta, f"{actor.name} leaves the {title} table.")
                if control == "begin":
                    check_begin(record, rules.meta, actor)
                    state = rules.setup(record.player_names, record.options, record.seed)
                    with _storage():
                        record = await self.repo.begin_game(record.id, record.version, rules.to_json(state))
                    log.info("game begins with %d players", len(record.seats))
                    names = ", ".join(record.player_names)
                    return await self._board(record, state, [], f"The {title} game begins: {names}.")
                raise NotAllowedError(f"Unknown lobby step '{control}'.")

    async def act(
        self,
        where: Where,
        actor: Actor,
        action: Action,
        *,
        game_id: int | None = None,
        version: int | None = None,
    ) -> Reply:
        """Apply ``action`` for the actor's seat and save it in one transaction.

        Raises NoGameError, StaleError, NotAPlayerError, NotAllowedError, EngineError, StorageError.
        """
        with log_context(where.guild_id, where.channel_id, game_id):
            async with self._lock(where.channel_id):
                record = await self._open(where, game_id, version)
                seat = self._seat(record, actor)
                rules = self._rules(record.kind)
                before = self._state(record)
                try:
                    after, events = rules.apply(before, seat, action)
                except EngineError as exc:
                    waits = waiting(rules, self._frontends[record.kind], before)
                    clearer = explain_refusal(record, rules, before, seat, action, waits)
                    if clearer is None:
                        raise
                    raise clearer from exc
                undoable = rules.can_undo(before, after)
                status = "finished" if rules.outcome(after) is not None else "active"
                with _storage():
                    record = await self.repo.record_action(
                        record.id,
                        record.version,
                        seat=seat,
                        user_id=actor.user_id,
                        action=action.to_json(),
                        undoable=undoable,
                        snapshot=rules.to_json(after),
                        status=status,
                    )
                log.info("seat %d: %s", seat, action)
            text = self._frontends[record.kind].narrate(events, actor.name)
            return await self._board(record, after, events, text, can_undo=undoable, before=before)

    async def status(self, where: Where, actor: Actor) -> Reply:
        """The current table (or lobby), privately; raises NoGameError, StorageError."""
        with log_context(where.guild_id, where.channel_id):
            record = await self._open(where)
            rules = self._rules(record.kind)
            if record.status == "lobby":
                reply = lobby_reply(record, rules.meta, f"{self._frontends[record.kind].title} lobby.")
            else:
                with _storage():
                    last = await self.repo.last_action(record.id)
                can_undo = may_undo(record, actor.user_id, last)
                reply = await self._board(record, self._state(record), [], "", can_undo=can_undo)
            reply.ephemeral = True
            reply.mentions = []
            return reply

    async def undo(
        self, where: Where, actor: Actor, *, game_id: int | None = None, version: int | None = None
    ) -> Reply:
        """Take back the actor's own last action when it revealed nothing.

        Raises NoGameError, StaleError, NotAPlayerError, NotAllowedError, StorageError.
        """
        with log_context(where.guild_id, where.channel_id, game_id):
            async with self._lock(where.channel_id):
                record = await self._open(where, game_id, version)
                seat = self._seat(record, actor)
                rules = self._rules(record.kind)
                current = self._state(record)
                with _storage():
                    log_rows = await self.repo.actions(record.id)
                last = check_undo(record, seat, log_rows[-1] if log_rows else None)
                before = replay_before_last(rules, record, log_rows, current)
                label = rules.describe(Action.from_json(last.action), before)
                with _storage():
                    record = await self.repo.undo_last(
                        record.id, record.version, last.seq, rules.to_json(before)
                    )
                log.info("undid action %d", last.seq)
            # Several steps of one turn can be taken back, one click each.
            again = may_undo(record, actor.user_id, log_rows[-2] if len(log_rows) > 1 else None)
            text = f"{actor.name} takes back: {label}."
            return await self._board(record, before, [], text, can_undo=again, before=current)

    async def abandon(
        self,
        where: Where,
        actor: Actor,
        *,
        confirm: bool,
        game_id: int | None = None,
        version: int | None = None,
    ) -> Reply:
        """Ask to confirm, then end the channel's game (host or Manage Channels only).

        A confirmation is refused (StaleError) only when it names another game: abandoning
        stays possible while the others play on. Raises NoGameError, NotAllowedError, StorageError.
        """
        with log_context(where.guild_id, where.channel_id, game_id):
            async with self._lock(where.channel_id):
                record = await self._open(where, game_id)
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
                    await self.repo.set_status(record.id, record.version, "abandoned")
                    await self.repo.clear_deadlines(record.id)
                log.info("abandoned by %s", actor.user_id)
                return Reply(f"{actor.name} abandoned the {title} game. The channel is free for a new one.")

    async def _seated(self, where: Where, actor: Actor) -> tuple[GameRecord, int, Any] | None:
        """The open game, the actor's seat and the state; None when the actor cannot act in it."""
        with log_context(where.guild_id, where.channel_id):
            try:
                record = await self._open(where)
            except (NoGameError, StorageError):
                return None
        seat = record.seat_of(actor.user_id)
        if seat is None or record.status != "active" or record.snapshot is None:
            return None
        return record, seat, self._rules(record.kind).from_json(record.snapshot)

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
        return option_values(rules, self._frontends[game], state, seat, kind, option, filled)[:MAX_BUTTONS]
