"""A terminal console that plays through the same service and database as the Discord bot.

Type the same commands as in Discord (``/exobase work founder:tamsin card:greenhouse space:0``),
``actions`` to list the legal actions, a number to pick from the numbered lists, ``as bob`` to
speak as another player, ``help`` and ``quit``. A player is named by their seat counted from 1
(``seat:2``, ``as 2``). Reads any text stream, so a script can drive it; at a terminal it offers
line editing, history and completion (``bot.console_input``). Each game's images go to a folder
of their own under the image folder (``out/images/spacebase-3/0001-board.png``).
"""

from __future__ import annotations

import logging
import re
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO

from bot.console_input import (
    Completer,
    command_action,
    is_lifecycle,
    read_command,
    read_lines,
    typed_command,
)
from bot.console_text import help_text, name_drawn_cards
from bot.errors import UserError
from bot.games.spec import GameFrontend
from bot.replies import Actor, Button, Reply, Where
from bot.service import GameService
from engine.core import Action, EngineError

log = logging.getLogger(__name__)

# What a number stands for: an engine action, or a lifecycle step (undo, join...).
ChoiceKey = Action | str
Stamp = tuple[int, int]
IMAGE_NUMBER = re.compile(r"^(\d{4})-")
# A Discord channel mention ("in <#123>") in a private message's first line.
CHANNEL = re.compile(r" in <#\d+>")
# The page number of a select menu split in pages of 25 options ("… (2)").
PAGE = re.compile(r" \(\d+\)$")


def user_id_for(name: str) -> int:
    """A stable id per player name, so a console game can be resumed later."""
    return zlib.crc32(name.strip().lower().encode()) + 1


def console_where(game: str) -> Where:
    """Each game has its own console channel, so playing one game never resumes another.

    Discord ids are far above 2**32, so these ids never meet a real channel's.
    """
    return Where(guild_id=None, channel_id=zlib.crc32(f"console:{game}".encode()) + 1)


def local_actor(name: str) -> Actor:
    """At the console everyone sits at the same keyboard, so everyone may manage the game."""
    return Actor(user_id_for(name), name.strip(), can_manage=True)


@dataclass
class Choice:
    """A numbered choice; ``owner`` is the player it was listed for (their own moves or menus)."""

    label: str
    run: Callable[[], Awaitable[Reply]]
    owner: int | None = None


@dataclass
class Console:
    """One console session: the speaking player, the numbered choices, where images go.

    Numbers are stable ids: while the game stands still, the same action keeps the same number
    in every list (``actions``, the buttons of a status), so a later list never silently gives an
    earlier number another meaning. Once the game moves on, the old numbers are refused.

    Images go under ``image_dir`` in a folder per game (``<game>-<id>``), numbered on from the
    files already there, so neither another game nor a later session mixes with or overwrites them.
    """

    service: GameService
    game: str
    image_dir: Path
    out: TextIO
    speaker: Actor
    players: dict[str, Actor] = field(default_factory=dict)
    choices: dict[int, Choice] = field(default_factory=dict)
    numbers: dict[ChoiceKey, int] = field(default_factory=dict)
    numbered_at: Stamp | None = None
    images_written: list[Path] = field(default_factory=list)
    table_id: int | None = None
    image_numbers: dict[Path, int] = field(default_factory=dict)

    @property
    def where(self) -> Where:
        return console_where(self.game)

    @property
    def frontend(self) -> GameFrontend:
        return self.service.frontend(self.game)

    @property
    def image_folder(self) -> Path:
        """Where the images of the console's current (or last) game go."""
        return self.image_dir / (self.game if self.table_id is None else f"{self.game}-{self.table_id}")

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def actor(self, name: str) -> Actor:
        key = name.strip().lower()
        if key not in self.players:
            self.players[key] = local_actor(name)
        return self.players[key]

    # -- output ----------------------------------------------------------------------------------

    def show(self, reply: Reply, owner: int | None = None) -> None:
        """Print a reply, write its images, and number its buttons as choices (``owner``'s alone when
        the reply is a private message)."""
        if reply.text:
            # A DM names the game's channel by a Discord mention; here there is only the one table.
            self.say(CHANNEL.sub("", reply.text))
        for image in reply.images:
            path = self._image_path(image.filename)
            path.write_bytes(image.data)
            self.images_written.append(path)
            self.say(f"[image] {path} — {image.description}")
        if reply.buttons:
            stamp = (reply.buttons[0].game_id, reply.buttons[0].version)
            self._number(stamp, [item for b in reply.buttons for item in self._choices(b, owner)])
        self._show_private(reply)

    def _image_path(self, filename: str) -> Path:
        """The next free number in the game's folder; the folder is named the first time it is used."""
        folder = self.image_folder
        if folder not in self.image_numbers:
            folder.mkdir(parents=True, exist_ok=True)
            taken = (IMAGE_NUMBER.match(path.name) for path in folder.iterdir())
            self.image_numbers[folder] = max((int(m.group(1)) for m in taken if m), default=0)
            self.say(f"(Images of this game go to {folder}/)")
        self.image_numbers[folder] += 1
        return folder / f"{self.image_numbers[folder]:04d}-{filename}"

    async def locate(self) -> None:
        """Follow the console's open game, whose images get their own folder; once it has ended (or
        was abandoned) its last images still go to its folder."""
        record = await self.service.repo.open_game(self.where.channel_id)
        if record is not None:
            self.table_id = record.id

    def _labelled(self, label: str, action: Action | None) -> str:
        """A move's label with what to type for it, where a subcommand plays it."""
        typed = None if action is None else typed_command(self.game, self.frontend, action)
        return label if typed is None else f"{label}  [{typed}]"

    def _choices(self, button: Button, owner: int | None) -> list[tuple[ChoiceKey, Choice]]:
        """A button is one choice; a select menu one choice per option (a redraw's discards one card
        each here: several at once are typed as ``/europa redraw discard:a,b``)."""
        if not button.is_select:
            label = self._labelled(button.label, button.action)
            return [(_key(button), Choice(label, self._press(button), owner))]
        out: list[tuple[ChoiceKey, Choice]] = []
        for option in button.options:
            action = option.action
            if action is None and button.gather is not None:
                action = button.gather.action([option.value])
            if action is not None:
                press = replace(button, label=option.label, action=action, options=(), gather=None)
                # Without Discord's menu pages: "Keep which dealt ships… (2)" is one list here.
                label = self._labelled(f"{PAGE.sub('', button.label)} {option.label}", action)
                out.append((action, Choice(label, self._press(press), owner)))
        return out

    def _show_private(self, reply: Reply) -> None:
        """The speaker's own private message, as a DM would show it; the others' stay hidden (each
        player reads theirs after ``as <name>`` with ``hand``)."""
        others = 0
        for message in reply.private:
            if message.user_id != self.speaker.user_id:
                others += 1
                continue
            self.show(
                Reply(
                    f"[only for {self.speaker.name}] {message.text}",
                    list(message.images),
                    list(message.buttons),
                ),
                owner=message.user_id,
            )
        if others:
            self.say(
                f"({others} private message{'s' if others > 1 else ''} for other players: "
                "`as <name>`, then `hand`.)"
            )

    def _number(self, stamp: Stamp | None, items: list[tuple[ChoiceKey, Choice]]) -> None:
        """List ``items``, each under its number for this state of the game (new ones get the next)."""
        if stamp != self.numbered_at:
            self.numbers, self.choices, self.numbered_at = {}, {}, stamp
        for key, choice in items:
            number = self.numbers.setdefault(key, len(self.numbers) + 1)
            self.choices[number] = choice
            self.say(f"  {number}. {choice.label}")

    def _press(self, button: Button) -> Callable[[], Awaitable[Reply]]:
        svc, who, where = self.service, self._current, self.where
        gid, ver = button.game_id, button.version
        if button.action is not None:
            action = button.action
            return lambda: svc.act(where, who(), action, game_id=gid, version=ver)
        if button.control == "undo":
            return lambda: svc.undo(where, who(), game_id=gid, version=ver)
        if button.control == "abandon":
            return lambda: svc.abandon(where, who(), confirm=True, game_id=gid, version=ver)
        if button.control == "mine":
            return lambda: svc.mine(where, who(), game_id=gid)
        if button.control == "rematch":
            return lambda: svc.rematch(where, who(), gid)
        control = str(button.control)
        return lambda: svc.lobby(where, who(), control, gid, ver)

    async def _stamp(self) -> Stamp | None:
        record = await self.service.repo.open_game(self.where.channel_id)
        return None if record is None else (record.id, record.version)

    async def _run(self, call: Callable[[], Awaitable[Reply]]) -> None:
        """Run a service call and show its reply, naming the cards it drew where the table sees them."""
        before = await self.service.table_view(self.where)
        reply = await call()
        reply.text = name_drawn_cards(reply.text, before, await self.service.table_view(self.where))
        await self.locate()
        self.show(reply)

    async def follow(self) -> None:
        """Speak as the one player the game waits for, so a turn-based table needs no ``as``."""
        seats = await self.service.waiting_seats(self.where)
        record = await self.service.repo.open_game(self.where.channel_id)
        if len(seats) != 1 or record is None:
            return
        seat = next(s for s in record.seats if s.seat == seats[0])
        if seat.user_id != self.speaker.user_id:
            self._speak_as(seat.name)
            self.say(f"(It is {seat.name}'s move: you are now {seat.name}.)")

    def _speak_as(self, name: str) -> None:
        """Change the speaker. The numbers of the table's buttons stay; those listed from the previous
        speaker's own moves or private menus go, so a number never plays (or names) their move."""
        self.speaker = self.actor(name)
        # Their numbers stay taken, so no later choice quietly reuses one.
        self.choices = {n: c for n, c in self.choices.items() if c.owner in (None, self.speaker.user_id)}

    # -- input -----------------------------------------------------------------------------------

    def _current(self) -> Actor:
        # Numbers act for whoever speaks when they are picked, not when they were printed.
        return self.speaker

    async def completer(self) -> Completer:
        """Completions for the next line: the speaker's legal actions, as Discord's autocomplete."""
        legal = [action for _label, action in await self.service.legal(self.where, self.speaker)]
        record = await self.service.repo.open_game(self.where.channel_id)
        seated = [] if record is None else record.player_names
        names = dict.fromkeys([*seated, *(actor.name for actor in self.players.values())])
        return Completer(self.game, self.frontend, legal, list(names))

    async def handle(self, line: str) -> bool:
        """Serve one line; False once the user quits. Errors are printed, never raised."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        if line.lower() in ("quit", "exit"):
            return False
        try:
            before = await self._stamp()
            await self._dispatch(line)
            if await self._stamp() != before:
                await self.follow()
        except (UserError, ValueError) as exc:
            # EngineError is a ValueError: its message is written for the player too.
            self.say(f"! {exc}")
        except Exception:
            log.exception("console command failed: %s", line)
            self.say("! Something went wrong on our side; the error was logged.")
        return True

    async def _dispatch(self, line: str) -> None:
        # The console's own words, in any case.
        word = line.lower()
        if word in ("help", "?"):
            self.say(help_text(self.game, self.frontend))
        elif word.startswith("as "):
            self._speak_as(await self._named(line[3:]))
            self.say(f"You are now {self.speaker.name}.")
        elif word == "actions":
            await self._actions()
        elif word == "hand":
            await self._run(lambda: self.service.mine(self.where, self.speaker))
        elif line.isdigit():
            await self._pick(int(line))
        else:
            await self._command(line)

    async def _named(self, said: str) -> str:
        """The player ``said`` names: a name as typed, or a seat counted from 1 (``as 2``); raises
        UserError for a seat the table does not have."""
        said = said.strip()
        record = await self.service.repo.open_game(self.where.channel_id)
        if record is None or not said.isdigit() or said.lower() in (n.lower() for n in record.player_names):
            return said
        seat = next((s for s in record.seats if s.seat == int(said) - 1), None)
        if seat is None:
            seats = ", ".join(f"{s.seat + 1} {s.name}" for s in record.seats)
            raise UserError(f"There is no seat {said} at this table; the seats are {seats}.")
        return seat.name

    async def _actions(self) -> None:
        stamp = await self._stamp()
        legal = await self.service.legal(self.where, self.speaker)
        if not legal:
            self.say(f"{self.speaker.name} has nothing to do right now.")
            return
        owner = self.speaker.user_id
        self._number(
            stamp,
            [
                (action, Choice(self._labelled(label, action), self._act(action), owner))
                for label, action in legal
            ],
        )

    def _act(self, action: Action) -> Callable[[], Awaitable[Reply]]:
        svc, who, where = self.service, self._current, self.where
        return lambda: svc.act(where, who(), action)

    async def _pick(self, number: int) -> None:
        if not self.choices:
            raise ValueError("Nothing to pick yet; type actions for a numbered list.")
        if await self._stamp() != self.numbered_at:
            raise ValueError(
                f"Number {number} was from a list the game has moved past; "
                f"type actions or /{self.game} status for the current choices."
            )
        choice = self.choices.get(number)
        if choice is None:
            listed = ", ".join(str(n) for n in sorted(self.choices))
            raise ValueError(f"No choice {number} in the lists since the last move; pick one of {listed}.")
        await self._run(choice.run)

    async def _command(self, line: str) -> None:
        name, values = read_command(self.game, line)
        if is_lifecycle(self.frontend, name):
            await self._run(lambda: self._lifecycle(name, values))
            return
        action = command_action(self.frontend, name, values)
        try:
            await self._run(lambda: self.service.act(self.where, self.speaker, action, game=self.game))
        except (UserError, ValueError) as exc:
            # A refusal that quotes the move in the engine's form (seats from 0) quotes it as typed.
            typed = typed_command(self.game, self.frontend, action)
            if typed is None or f"'{action}'" not in str(exc):
                raise
            raise UserError(str(exc).replace(f"'{action}'", f"'{typed}'")) from exc

    async def _lifecycle(self, name: str, values: dict[str, str]) -> Reply:
        svc, who, where = self.service, self.speaker, self.where
        if name == "start":
            options: dict[str, Any] = {k: _flag(v) for k, v in values.items()}
            return await svc.start(where, who, self.game, options)
        if name == "status":
            return await svc.status(where, who)
        if name == "rules":
            return svc.rules_text(self.game)
        if name == "undo":
            return await svc.undo(where, who)
        if name == "hand":
            return await svc.mine(where, who)
        if name == "notify":
            # Discord offers only its two choices; typed here, anything else is refused, not read as off.
            if values.get("dm") not in ("on", "off"):
                raise UserError("'dm' is on or off.")
            return await svc.notify(where, who, on=values.get("dm") == "on")
        return await svc.abandon(where, who, confirm=False)


def _key(button: Button) -> ChoiceKey:
    return button.action if button.action is not None else str(button.control)


def _flag(value: str) -> str | bool:
    lowered = value.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    return value


async def open_table(console: Console, names: list[str], options: dict[str, Any]) -> None:
    """Resume the console's open game of this kind, or start one; a lobby is filled with ``names``
    and begun."""
    service, where = console.service, console.where
    for name in names:
        console.actor(name)
    existing = await service.repo.open_game(where.channel_id)
    if existing is not None:
        console.say(f"Resuming game #{existing.id} ({existing.kind}); `/{console.game} abandon` ends it.")
        await console.locate()
        console.show(await service.status(where, console.speaker))
        await console.follow()
        return
    host = console.actor(names[0])
    if len(names) > 1:
        options = {**console.frontend.lobby_options, **options}
    reply = await service.start(where, host, console.game, options)
    if any(button.control == "join" for button in reply.buttons):
        try:
            for name in names[1:]:
                button, person = reply.buttons[0], console.actor(name)
                reply = await service.lobby(where, person, "join", button.game_id, button.version)
            button = reply.buttons[0]
            reply = await service.lobby(where, host, "begin", button.game_id, button.version)
        except (UserError, EngineError):
            # Too many or too few players: the table is not left behind for the next run to resume.
            await service.abandon(where, host, confirm=True)
            raise
    await console.locate()
    console.show(reply)
    await console.follow()


async def run_console(
    console: Console, stream: TextIO, *, interactive: bool, history: Path | None = None
) -> None:
    """Read lines until end of input or ``quit``; ``interactive`` adds the prompt, line editing,
    completion and a history kept across sessions in ``history``."""
    lines = read_lines(console, stream, interactive=interactive, history=history)
    try:
        async for line in lines:
            if not await console.handle(line):
                break
    finally:
        # Closing the reader now (not at garbage collection) saves the history on quit too.
        await lines.aclose()
