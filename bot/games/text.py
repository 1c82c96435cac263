"""Text helpers every game's front end shares."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event

# Between two messages of one narration; never inside an event's text. The sender splits on it
# (``split_messages``) and posts the parts in order, the board and buttons with the last.
MESSAGE_BREAK = "\n\f\n"
# A part's budget: Discord takes 2000 characters, and the last part also carries the status line.
MAX_CHARS = 1500
# Consecutive events of one kind share a line up to this length (four supplies moving, say).
LINE_CHARS = 160


def narrate_events(
    events: Sequence[Event], actor_name: str, max_chars: int = MAX_CHARS, *, named: bool = False
) -> str:
    """Who acted, then everything that happened: nothing is dropped. Repeated lines are counted,
    short consecutive events of one kind share a line, and a narration longer than ``max_chars``
    goes on in further messages, separated by ``MESSAGE_BREAK``.

    ``named`` says the events already name who did what, so the actor is not repeated.
    """
    lines = _group(events)
    if not lines:
        return f"**{actor_name}** acts."
    if not named:
        lines[0] = f"**{actor_name}**: {lines[0]}"
    return MESSAGE_BREAK.join(pack_lines(lines, max_chars))


def split_messages(text: str) -> list[str]:
    """The messages a narration is posted as, in order (one when it fits)."""
    return [part for part in text.split(MESSAGE_BREAK) if part]


def _group(events: Sequence[Event]) -> list[str]:
    lines: list[str] = []
    kinds: list[str] = []
    counts: list[int] = []
    for event in events:
        text = event.text.strip()
        if not text:
            continue
        if lines and kinds[-1] == event.kind and lines[-1] == text:
            counts[-1] += 1
        elif (
            lines and kinds[-1] == event.kind and counts[-1] == 1 and len(lines[-1]) + len(text) < LINE_CHARS
        ):
            lines[-1] = f"{lines[-1]} {text}"
        else:
            lines.append(text)
            kinds.append(event.kind)
            counts.append(1)
    return [line if n == 1 else f"{line} (×{n})" for line, n in zip(lines, counts, strict=True)]


def pack_lines(lines: list[str], max_chars: int) -> list[str]:
    """Whole lines packed into parts of at most ``max_chars`` (a longer line is cut into pieces, at
    a space where it has one)."""
    parts: list[str] = []
    current = ""
    for line in lines:
        for piece in _pieces(line, max_chars):
            if current and len(current) + 1 + len(piece) > max_chars:
                parts.append(current)
                current = piece
            else:
                current = f"{current}\n{piece}" if current else piece
    parts.append(current)
    return parts


def _pieces(line: str, max_chars: int) -> list[str]:
    pieces = []
    while len(line) > max_chars:
        cut = line.rfind(" ", 0, max_chars + 1)
        cut = cut if cut > 0 else max_chars
        pieces.append(line[:cut])
        line = line[cut:].lstrip(" ")
    return [*pieces, line]


def narrate_named(events: Sequence[Event], actor_name: str) -> str:
    """``narrate_events`` for engines whose events already name who did what."""
    return narrate_events(events, actor_name, named=True)
