"""Readers for content data files: JSON fields checked one by one, every problem a ContentError.

Each game's loader builds its own card types from these, so an owner of the
printed game who points the engine at their own files gets a message naming
the file, the entry and the field.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol, TypeVar

from engine.core.errors import ContentError

# Card ids travel inside Discord button ids (100 characters with the game, version and action), so
# an owner's own cards must keep them short enough to fit there beside another id or two.
MAX_ID_LENGTH = 32


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


ItemT = TypeVar("ItemT", bound=_HasId)


def read_json(folder: Path, name: str) -> Any:
    """The parsed file ``folder/name``; raises ContentError when it is missing or not JSON."""
    try:
        return json.loads((folder / name).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ContentError(f"{name}: cannot read it ({exc.strerror}).") from exc
    except json.JSONDecodeError as exc:
        raise ContentError(f"{name}: not valid JSON (line {exc.lineno}).") from exc


def unique(items: list[ItemT], what: str) -> dict[str, ItemT]:
    """``items`` by id; raises ContentError on a repeated id."""
    out: dict[str, ItemT] = {}
    for item in items:
        if item.id in out:
            raise ContentError(f"Duplicate {what} id '{item.id}'.")
        out[item.id] = item
    return out


def obj(raw: Any, where: str) -> Mapping[str, Any]:
    """``raw`` when it is a JSON object; raises ContentError otherwise."""
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: expected an object.")
    return raw


def integer(
    raw: Mapping[str, Any], key: str, where: str, low: int = 0, high: int = 99, default: int | None = None
) -> int:
    """``raw[key]`` as a whole number in ``low..high``; raises ContentError otherwise."""
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ContentError(f"{where}: '{key}' must be an integer from {low} to {high}.")
    return value


def string(raw: Mapping[str, Any], key: str, where: str) -> str:
    """``raw[key]`` as a non-empty string; raises ContentError otherwise."""
    value = raw.get(key)
    if not isinstance(value, str) or not value:
        raise ContentError(f"{where}: '{key}' must be a non-empty string.")
    return value


def slug(raw: Mapping[str, Any], where: str) -> str:
    """``raw["id"]`` as a lowercase slug (letters, digits, underscores) of at most MAX_ID_LENGTH
    characters; raises ContentError otherwise."""
    value = string(raw, "id", where)
    if not all(ch.islower() or ch.isdigit() or ch == "_" for ch in value):
        raise ContentError(f"{where}: id '{value}' must be a lowercase slug.")
    if len(value) > MAX_ID_LENGTH:
        raise ContentError(f"{where}: id '{value}' is longer than {MAX_ID_LENGTH} characters.")
    return value
