"""Next-step buttons in a game's own order: the step the game waits for first, an Undo last."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from bot.replies import Button, Option, Style
from engine.core import Action

MAX_BUTTONS = 25
LABEL_LIMIT = 80
# Options in one select menu (Discord's limit).
MAX_OPTIONS = 25
# The one argument of a first pick among too many two-part moves (an exchange of any two of forty
# ships): it names one part, and the reply offers the moves that involve it.
INVOLVING = "involving"


def involving(kind: str, value: str) -> Action:
    """The first pick of a ``kind`` move involving ``value`` (see ``involving_moves``)."""
    return Action.of(kind, **{INVOLVING: value})


def involving_moves(pick: Action, legal: Sequence[Action]) -> list[Action]:
    """The legal moves a first pick stands for: its kind, with its value among their arguments."""
    value = pick.get(INVOLVING)
    return [a for a in legal if a.kind == pick.kind and any(v == value for _, v in a.args)]


def parts(actions: Sequence[Action]) -> list[str]:
    """The argument values of ``actions`` in order of first appearance, each once."""
    return list(dict.fromkeys(str(v) for a in actions for _, v in a.args))


def ordered_buttons(
    legal_actions: Sequence[Action],
    order: Sequence[str],
    styles: Mapping[str, Style],
    label: Callable[[Action], str],
    game_id: int,
    version: int,
    *,
    can_undo: bool = False,
) -> list[Button]:
    """A button per legal action whose kind is in ``order`` (at most 25, by kind then the engine's
    order), labelled by ``label``; Undo last when ``can_undo``."""
    room = MAX_BUTTONS - (1 if can_undo else 0)
    ranked = sorted(
        ((order.index(a.kind), i, a) for i, a in enumerate(legal_actions) if a.kind in order),
        key=lambda item: item[:2],
    )
    result = [
        Button(label(a)[:LABEL_LIMIT], game_id, version, action=a, style=styles.get(a.kind, "secondary"))
        for _rank, _index, a in ranked[:room]
    ]
    if can_undo:
        result.append(Button("Undo", game_id, version, control="undo"))
    return result


def select_menus(groups: Mapping[str, Sequence[Option]], game_id: int, version: int) -> list[Button]:
    """A select menu per group (its title the placeholder), split in menus of 25 options when there
    are more, numbered "(1)", "(2)"..."""
    return [
        Button(
            title if len(options) <= MAX_OPTIONS else f"{title} ({n // MAX_OPTIONS + 1})",
            game_id,
            version,
            options=tuple(options[n : n + MAX_OPTIONS]),
        )
        for title, options in groups.items()
        for n in range(0, len(options), MAX_OPTIONS)
    ]
