"""A terminal console that plays through the same service and database as the Discord bot.

Type the same commands as in Discord (``/exobase work founder:aoki card:greenhouse space:0``),
``actions`` to list the legal actions, a number to pick from the last numbered list,
``as bob`` to speak as another player, ``help`` and ``quit``. Reads any text stream, so a
script can drive it.
"""

from __future__ import annotations

import asyncio
import logging
import shlex
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bot.errors import UserError
from bot.games.spec import CommandSpec, GameFrontend, action_from_options
from bot.replies import Actor, Button, Reply, Where
from bot.service import GameService
from engine.core import Action

log = logging.getLogger(__name__)
CONSOLE = Where(guild_id=None, channel_id=1)

HELP = """\
Commands (as in Discord):
  /{game} <subcommand> name:value ...   e.g. {example}
  /{game} status | rules | undo | abandon | start [{start}]
  actions        list the legal actions, numbered
  <number>       pick from the last numbered list (buttons or actions)
  as <name>      speak as another player
  help, quit
Subcommands: {subs}"""


def user_id_for(name: str) -> int:
    """A stable id per player name, so a console game can be resumed later."""
    return zlib.crc32(name.strip().lower().encode()) + 1


def local_actor(name: str) -> Actor:
    """At the console everyone sits at the same keyboard, so everyone may manage the game."""
    return Actor(user_id_for(name), name.strip(), can_manage=True)


@dataclass
class Choice:
    label: str
    run: Callable[[], Awaitable[Reply]]


@dataclass
class Console:
    """One console session: the speaking player, the last numbered choices, where images go."""

    service: GameService
    game: str
    image_dir: Path
    out: TextIO
    speaker: Actor
    players: dict[str, Actor] = field(default_factory=dict)
    choices: list[Choice] = field(default_factory=list)
    images_written: list[Path] = field(default_factory=list)

    @property
    def frontend(self) -> GameFrontend:
        return self.service.frontend(self.game)

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def actor(self, name: str) -> Actor:
        key = name.strip().lower()
        if key not in self.players:
            self.players[key] = local_actor(name)
        return self.players[key]

    # -- output ----------------------------------------------------------------------------------

    def show(self, reply: Reply) -> None:
        """Print a reply, write its images, and number its buttons as the next choices."""
        if reply.text:
            self.say(reply.text)
        for image in reply.images:
            self.image_dir.mkdir(parents=True, exist_ok=True)
            path = self.image_dir / f"{len(self.images_written) + 1:04d}-{image.filename}"
            path.write_bytes(image.data)
            self.images_written.append(path)
            self.say(f"[image] {path} — {image.description}")
        if reply.buttons:
            self.choices = [Choice(b.label, self._press(b)) for b in reply.buttons]
            self._list()

    def _list(self) -> None:
        for number, choice in enumerate(self.choices, start=1):
            self.say(f"  {number}. {choice.label}")

    def _press(self, button: Button) -> Callable[[], Awaitable[Reply]]:
        svc, who = self.service, self._current
        gid, ver = button.game_id, button.version
        if button.action is not None:
            action = button.action
            return lambda: svc.act(CONSOLE, who(), action, game_id=gid, version=ver)
        if button.control == "undo":
            return lambda: svc.undo(CONSOLE, who(), game_id=gid, version=ver)
        if button.control == "abandon":
            return lambda: svc.abandon(CONSOLE, who(), confirm=True, game_id=gid, version=ver)
        control = str(button.control)
        return lambda: svc.lobby(CONSOLE, who(), control, gid, ver)

    # -- input -----------------------------------------------------------------------------------

    def _current(self) -> Actor:
        # Buttons act for whoever speaks when they are picked, not when they were printed.
        return self.speaker

    async def handle(self, line: str) -> bool:
        """Serve one line; False once the user quits. Errors are printed, never raised."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        if line in ("quit", "exit"):
            return False
        try:
            await self._dispatch(line)
        except (UserError, ValueError) as exc:
            # EngineError is a ValueError: its message is written for the player too.
            self.say(f"! {exc}")
        except Exception:
            log.exception("console command failed: %s", line)
            self.say("! Something went wrong on our side; the error was logged.")
        return True

    async def _dispatch(self, line: str) -> None:
        if line == "help":
            self.say(self._help())
        elif line.startswith("as "):
            self.speaker = self.actor(line[3:])
            self.say(f"You are now {self.speaker.name}.")
        elif line == "actions":
            await self._actions()
        elif line.isdigit():
            await self._pick(int(line))
        else:
            await self._command(shlex.split(line))

    def _help(self) -> str:
        frontend = self.frontend
        subs = ", ".join([*frontend.lifecycle, *(c.name for c in frontend.commands)])
        spec = max(frontend.commands, key=lambda c: sum(o.required for o in c.options))
        example = " ".join(
            [f"/{self.game} {spec.name}", *(f"{o.name}:<{o.name}>" for o in spec.options if o.required)]
        )
        start = " ".join(f"{o.name}:<{o.name}>" for o in frontend.start_options)
        return HELP.format(game=self.game, example=example, start=start, subs=subs)

    async def _actions(self) -> None:
        legal = await self.service.legal(CONSOLE, self.speaker)
        if not legal:
            self.say(f"{self.speaker.name} has nothing to do right now.")
            return
        svc, who = self.service, self.speaker
        self.choices = [
            Choice(f"{label}  [{action}]", self._act(svc, who, action)) for label, action in legal
        ]
        self._list()

    @staticmethod
    def _act(svc: GameService, who: Actor, action: Action) -> Callable[[], Awaitable[Reply]]:
        return lambda: svc.act(CONSOLE, who, action)

    async def _pick(self, number: int) -> None:
        if not 1 <= number <= len(self.choices):
            raise ValueError(
                f"Pick a number from 1 to {len(self.choices)}." if self.choices else "Nothing to pick."
            )
        self.show(await self.choices[number - 1].run())

    async def _command(self, words: list[str]) -> None:
        head = words[0].lstrip("/")
        if head != self.game:
            raise ValueError(f"Commands start with /{self.game}; type help.")
        if len(words) < 2:
            raise ValueError("Which subcommand? Type help.")
        name, values = words[1], _values(words[2:])
        if name in self.frontend.lifecycle:
            self.show(await self._lifecycle(name, values))
            return
        spec = self.frontend.command(name)
        if spec is None:
            raise ValueError(f"Unknown subcommand '{name}'; type help.")
        self.show(
            await self.service.act(CONSOLE, self.speaker, action_from_options(spec, _typed(spec, values)))
        )

    async def _lifecycle(self, name: str, values: dict[str, str]) -> Reply:
        svc, who = self.service, self.speaker
        if name == "start":
            options: dict[str, Any] = {k: _flag(v) for k, v in values.items()}
            return await svc.start(CONSOLE, who, self.game, options)
        if name == "status":
            return await svc.status(CONSOLE, who)
        if name == "rules":
            return svc.rules_text(self.game)
        if name == "undo":
            return await svc.undo(CONSOLE, who)
        return await svc.abandon(CONSOLE, who, confirm=False)


def _values(words: list[str]) -> dict[str, str]:
    values: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition(":")
        if not sep:
            raise ValueError(f"Write options as name:value (got '{word}').")
        values[key] = value
    return values


def _typed(spec: CommandSpec, values: dict[str, str]) -> dict[str, str | int | None]:
    known = {opt.name: opt for opt in spec.options}
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise ValueError(f"'{spec.name}' has no option {', '.join(unknown)}.")
    typed: dict[str, str | int | None] = {}
    for key, value in values.items():
        if known[key].type == "int":
            try:
                typed[key] = int(value)
            except ValueError as exc:
                raise ValueError(f"'{key}' must be a whole number.") from exc
        else:
            typed[key] = value
    missing = [opt.name for opt in spec.options if opt.required and opt.name not in typed]
    if missing:
        raise ValueError(f"'{spec.name}' needs {', '.join(missing)}.")
    return typed


def _flag(value: str) -> str | bool:
    lowered = value.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    return value


async def open_table(console: Console, names: list[str], options: dict[str, Any]) -> None:
    """Resume the console's open game, or start one; a lobby is filled with ``names`` and begun."""
    service = console.service
    existing = await service.repo.open_game(CONSOLE.channel_id)
    if existing is not None:
        console.say(f"Resuming game #{existing.id} ({existing.kind}); `/{console.game} abandon` ends it.")
        console.show(await service.status(CONSOLE, console.speaker))
        return
    host = console.actor(names[0])
    if len(names) > 1:
        options = {**console.frontend.lobby_options, **options}
    reply = await service.start(CONSOLE, host, console.game, options)
    if not any(button.control == "join" for button in reply.buttons):
        console.show(reply)
        return
    for name in names[1:]:
        button = reply.buttons[0]
        reply = await service.lobby(CONSOLE, console.actor(name), "join", button.game_id, button.version)
    button = reply.buttons[0]
    console.show(await service.lobby(CONSOLE, host, "begin", button.game_id, button.version))


async def run_console(console: Console, stream: TextIO, *, prompt: bool) -> None:
    """Read lines until end of input or ``quit``."""
    while True:
        if prompt:
            print(f"{console.speaker.name}> ", end="", file=console.out, flush=True)
        line = await asyncio.to_thread(stream.readline)
        if not line or not await console.handle(line):
            break
