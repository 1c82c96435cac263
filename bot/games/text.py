"""Text helpers every game's front end shares."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event

MAX_LINES = 8


def narrate_events(
    events: Sequence[Event], actor_name: str, max_lines: int = MAX_LINES, *, named: bool = False
) -> str:
    """Who acted, then what happened, one event a line; long chains are cut short.

    ``named`` says the events already name who did what, so the actor is not repeated.
    """
    lines = [event.text for event in events if event.text]
    if not lines:
        return f"**{actor_name}** acts."
    if len(lines) > max_lines:
        hidden = len(lines) - (max_lines - 1)
        lines = [*lines[: max_lines - 1], f"… and {hidden} more."]
    head = lines[0] if named else f"**{actor_name}**: {lines[0]}"
    return head + "".join(f"\n{line}" for line in lines[1:])
