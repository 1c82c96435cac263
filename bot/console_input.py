"""Reading the local console's lines: a script from any stream, or a terminal with line editing,
history and completion (the standard library's ``readline``).

Completion offers what Discord's autocomplete offers: the speaker's legal actions, option by
option, narrowed by the options already typed on the line.
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import sys
from collections.abc import AsyncGenerator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, TextIO

from bot.games.spec import CommandSpec, GameFrontend, OptionSpec, action_from_options
from bot.turns import agrees
from engine.core import Action

if TYPE_CHECKING:
    from bot.local import Console

WORDS = ("actions", "as ", "help", "quit")
HISTORY_LINES = 1000
# Whole-number options that pick a player (``seat_opt``: counted from 1 as typed).
SEAT_OPTIONS = ("seat", "target")


def names_a_seat(option: OptionSpec) -> bool:
    """Whether ``option`` picks a player by their seat."""
    return option.type == "int" and option.name in SEAT_OPTIONS


def is_lifecycle(frontend: GameFrontend, name: str) -> bool:
    """Whether the subcommand ``name`` manages the game (start, status, hand...) rather than moves."""
    return name in frontend.lifecycle or (name == "hand" and frontend.private_summary is not None)


def read_command(game: str, line: str) -> tuple[str, dict[str, str]]:
    """A ``/<game> <subcommand> name:value ...`` line as its subcommand and the values as typed
    (words as a shell splits them, so a value with spaces may be quoted; a word without a colon
    after a value goes on with it: ``card:Obsidian Clipper``); raises ValueError saying what is
    wrong with any other line. The game's and the subcommand's words are read in any case."""
    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise ValueError(f'Unbalanced quotes ({exc}); write a value with spaces as card:"Gas Vent".') from exc
    if not words or words[0].lstrip("/").lower() != game:
        raise ValueError(f"Commands start with /{game}; type help.")
    if len(words) < 2:
        raise ValueError("Which subcommand? Type help.")
    values: dict[str, str] = {}
    last: str | None = None
    for word in words[2:]:
        key, sep, value = word.partition(":")
        if sep and key:
            values[key], last = value, key
        elif last is not None:
            values[last] += f" {word}"
        else:
            raise ValueError(f"Write options as name:value (got '{word}').")
    return words[1].lower(), values


def command_action(frontend: GameFrontend, name: str, values: Mapping[str, str]) -> Action:
    """The action the subcommand ``name`` submits with ``values`` as typed; raises ValueError on an
    unknown subcommand or option, a missing or malformed value."""
    spec = frontend.command(name)
    if spec is None:
        raise ValueError(f"Unknown subcommand '{name}'; type help.")
    return action_from_options(spec, _parsed(spec, values))


def _parsed(spec: CommandSpec, values: Mapping[str, str]) -> dict[str, str | int | None]:
    known = {opt.name: opt for opt in spec.options}
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise ValueError(f"'{spec.name}' has no option {', '.join(unknown)}.")
    parsed: dict[str, str | int | None] = {key: known[key].parse(value) for key, value in values.items()}
    missing = [opt.name for opt in spec.options if opt.required and opt.name not in parsed]
    if missing:
        raise ValueError(f"'{spec.name}' needs {', '.join(missing)}.")
    return parsed


def typed_command(game: str, frontend: GameFrontend, action: Action) -> str | None:
    """The line that plays ``action`` at the console (``/spacebase choose option:sum``), checked by
    reading it back as the console reads a line; None when no subcommand reads back as this very
    action (a step with no subcommand, an argument no option holds)."""
    for spec in frontend.commands:
        if spec.kind != action.kind:
            continue
        words = [f"/{game}", spec.name]
        for option in spec.options:
            value = action.get(option.name)
            if value is not None:
                words.append(f"{option.name}:{_typed_value(option, value)}")
        line = shlex.join(words)
        with contextlib.suppress(ValueError):
            name, values = read_command(game, line)
            if not is_lifecycle(frontend, name) and command_action(frontend, name, values) == action:
                return line
    return None


def _typed_value(option: OptionSpec, value: str | int | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(option.shown(value))


@dataclass(frozen=True)
class Completer:
    """Completions for one prompt; ``legal`` are the speaker's legal actions at that moment."""

    game: str
    frontend: GameFrontend
    legal: Sequence[Action]
    names: Sequence[str]

    def candidates(self, before: str, word: str) -> list[str]:
        """Whole replacements for ``word``, the word under the cursor; ``before`` is the line up to it."""
        words = before.split()
        return sorted(c for c in self._all(words, word) if c.startswith(word))

    def _all(self, words: list[str], word: str) -> list[str]:
        if not words:
            return [*WORDS, f"/{self.game} "]
        if words == ["as"]:
            return [f"{name} " for name in self.names]
        if words[0].lstrip("/") != self.game:
            return []
        if len(words) == 1:
            return [
                f"{name} " for name in (*self.frontend.lifecycle, *(c.name for c in self.frontend.commands))
            ]
        filled = dict(w.partition(":")[::2] for w in words[2:])
        if words[1] == "start":
            return self._start_options(filled, word)
        spec = self.frontend.command(words[1])
        if spec is None:
            return []
        if ":" not in word:
            return [f"{o.name}:" for o in spec.options if o.name not in filled]
        option = word.partition(":")[0]
        return [f"{option}:{value} " for value in self._values(spec.kind, option, filled)]

    def _values(self, kind: str, option: str, filled: dict[str, str]) -> list[str]:
        """``option``'s values among the legal ``kind`` actions that agree with the options typed."""
        values: dict[str, None] = {}
        engine = self.frontend.to_engine(kind, filled)
        spec = self.frontend.option(kind, option)
        for action in self.legal:
            if action.kind != kind or not agrees(action, engine, option):
                continue
            value = action.get(option)
            if value is not None:
                shown = value if spec is None else spec.shown(value)
                values.setdefault(str(shown).lower() if isinstance(shown, bool) else str(shown), None)
        return list(values)

    def _start_options(self, filled: dict[str, str], word: str) -> list[str]:
        options = {o.name: o for o in self.frontend.start_options}
        if ":" not in word:
            return [f"{name}:" for name in options if name not in filled]
        option = options.get(word.partition(":")[0])
        if option is None:
            return []
        values = option.choices or (("true", "false") if option.type == "bool" else ())
        return [f"{option.name}:{value} " for value in values]

    def complete(self, text: str, state: int) -> str | None:
        """The ``readline`` completer protocol: the ``state``-th candidate for ``text``."""
        import readline

        before = readline.get_line_buffer()[: readline.get_begidx()]
        found = self.candidates(before, text)
        return found[state] if state < len(found) else None


def line_editing(history: Path | None) -> ModuleType | None:
    """``readline`` set up for the console (words split on spaces only, earlier sessions' lines
    from ``history``), or None where the platform has no ``readline``."""
    try:
        import readline
    except ImportError:
        return None
    # Option words hold ':' and commands '/', which readline would otherwise treat as word breaks.
    readline.set_completer_delims(" \t\n")
    readline.parse_and_bind("tab: complete")
    if history is not None and history.is_file():
        with contextlib.suppress(OSError):
            readline.read_history_file(history)
    return readline


def save_history(editing: ModuleType | None, history: Path | None) -> None:
    """Keep the last lines for the next session; a history that cannot be written is no error."""
    if editing is None or history is None:
        return
    editing.set_history_length(HISTORY_LINES)
    with contextlib.suppress(OSError):
        editing.write_history_file(history)


async def read_lines(
    console: Console, stream: TextIO, *, interactive: bool, history: Path | None = None
) -> AsyncGenerator[str, None]:
    """Lines from ``stream`` until its end; ``interactive`` reads the terminal through ``input``
    with a prompt naming the speaker, completions refreshed before every line, and the lines of
    earlier sessions kept in ``history``."""
    if not interactive:
        while line := await asyncio.to_thread(stream.readline):
            yield line
        return
    editing = line_editing(history)
    try:
        while True:
            completer = await console.completer()
            if editing is not None:
                editing.set_completer(completer.complete)
            try:
                # Read on the loop's own thread: nothing else runs meanwhile, and Ctrl-C stays immediate.
                line = input(f"{console.speaker.name}> ")
            except EOFError:
                print(file=sys.stdout)
                return
            yield line
    finally:
        save_history(editing, history)
