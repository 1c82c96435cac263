"""Reading the local console's lines: a script from any stream, or a terminal with line editing,
history and completion (the standard library's ``readline``).

Completion offers what Discord's autocomplete offers: the speaker's legal actions, option by
option, narrowed by the options already typed on the line.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncGenerator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, TextIO

from bot.games.spec import GameFrontend
from bot.turns import agrees
from engine.core import Action

if TYPE_CHECKING:
    from bot.local import Console

WORDS = ("actions", "as ", "help", "quit")
HISTORY_LINES = 1000


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
