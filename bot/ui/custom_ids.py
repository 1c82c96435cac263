"""Compact, reversible custom ids for buttons: game id, version and an action or a control.

Discord caps a custom id at 100 characters and hands it back verbatim on a
click, even after a restart, so everything the click needs lives in it.
Layout: ``xa:<game>:<version>:<kind>|<arg>`` for engine actions and
``xc:<game>:<version>:<control>`` for lifecycle steps. Each ``<arg>`` is a
short name, a type marker (``=`` str, ``#`` int, ``!`` bool) and the value. An argument
whose own name is one of the short names (an exchange's ``a`` and ``b``) is written after a
``~``, so it never reads back as the long name it abbreviates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.core import Action

MAX_LENGTH = 100
ACTION_TEMPLATE = r"xa:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<body>[^|]+(?:\|.*)?)"
CONTROL_TEMPLATE = r"xc:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<control>[a-z_]+)"

# Argument names shared by the games' actions, shortened so long actions still fit.
_SHORT = {
    "founder": "f",
    "card": "c",
    "space": "s",
    "at": "@",
    "resource": "r",
    "ability": "a",
    "target": "t",
}
_LONG = {short: name for name, short in _SHORT.items()}
LITERAL = "~"
_ARG = re.compile(r"(?P<name>[^=#!|]+)(?P<mark>[=#!])(?P<value>.*)", re.DOTALL)


class CustomIdError(ValueError):
    """A custom id that is too long or does not parse."""


@dataclass(frozen=True)
class Target:
    """What a button points at: a game, the version it was made for, and an action or a control."""

    game_id: int
    version: int
    action: Action | None = None
    control: str | None = None


def _encode_arg(name: str, value: str | int | bool) -> str:
    if "|" in name or (isinstance(value, str) and "|" in value):
        raise CustomIdError(f"'|' cannot appear in an argument ({name}).")
    short = _SHORT.get(name)
    if short is None:
        short = LITERAL + name if name in _LONG or name.startswith(LITERAL) else name
    if isinstance(value, bool):
        return f"{short}!{int(value)}"
    if isinstance(value, int):
        return f"{short}#{value}"
    return f"{short}={value}"


def encode_action(game_id: int, version: int, action: Action) -> str:
    """The custom id of an action button; raises CustomIdError when it would pass 100 characters."""
    parts = [action.kind, *(_encode_arg(name, value) for name, value in action.args)]
    custom_id = f"xa:{game_id}:{version}:" + "|".join(parts)
    if len(custom_id) > MAX_LENGTH:
        raise CustomIdError(f"The button for {action} does not fit in a custom id.")
    return custom_id


def encode_control(game_id: int, version: int, control: str) -> str:
    """The custom id of a lifecycle button (join, leave, begin, abandon, undo...)."""
    return f"xc:{game_id}:{version}:{control}"


def decode_action_body(body: str) -> Action:
    """The action in the ``<kind>|<arg>...`` tail of a custom id; raises CustomIdError if malformed."""
    kind, *raw_args = body.split("|")
    args: dict[str, str | int | bool] = {}
    for raw in raw_args:
        match = _ARG.fullmatch(raw)
        if match is None:
            raise CustomIdError(f"Malformed button argument {raw!r}.")
        raw_name = match["name"]
        name = raw_name[1:] if raw_name.startswith(LITERAL) else _LONG.get(raw_name, raw_name)
        value = match["value"]
        if match["mark"] == "=":
            args[name] = value
        else:
            try:
                number = int(value)
            except ValueError as exc:
                raise CustomIdError(f"Malformed number in button argument {raw!r}.") from exc
            args[name] = bool(number) if match["mark"] == "!" else number
    return Action.of(kind, **args)


def decode(custom_id: str) -> Target:
    """Parse either kind of custom id; raises CustomIdError when it is neither."""
    action = re.fullmatch(ACTION_TEMPLATE, custom_id)
    if action is not None:
        body = decode_action_body(action["body"])
        return Target(int(action["game"]), int(action["version"]), action=body)
    control = re.fullmatch(CONTROL_TEMPLATE, custom_id)
    if control is not None:
        return Target(int(control["game"]), int(control["version"]), control=control["control"])
    raise CustomIdError(f"Not a game button: {custom_id!r}.")
