"""The one data type for a player's move in every game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.compiled import NATIVE
from engine.core.errors import SchemaError

Scalar = str | int | bool


@dataclass(frozen=True, order=True)
class Action:
    """A move: a ``kind`` (``"work"``, ``"build"``, ``"end_placement"``...) and named arguments.

    Actions are hashable and compare by value, so a legal-action list can be
    searched with ``in``. Argument values are strings, integers or booleans.
    """

    kind: str
    args: tuple[tuple[str, Scalar], ...] = ()

    # Written out: compiled (engine.native), this is native code, a fraction of the cost of the
    # dataclass's own ``__init__`` (one ``object.__setattr__`` per field); the fields stay frozen to
    # everyone else.
    def __init__(self, kind: str, args: tuple[tuple[str, Scalar], ...] = ()) -> None:
        if NATIVE:
            self.kind = kind  # type: ignore[misc]
            self.args = args  # type: ignore[misc]
        else:
            # Plain Python: one update of the instance's dict, not a frozen setattr per field.
            self.__dict__.update(kind=kind, args=args)

    @classmethod
    def of(cls, kind: str, **args: Scalar) -> Action:
        return cls(kind, tuple(sorted(args.items())))

    def get(self, name: str, default: Scalar | None = None) -> Scalar | None:
        for key, value in self.args:
            if key == name:
                return value
        return default

    def arg(self, name: str) -> Scalar:
        """The argument ``name``; raises SchemaError when it is missing."""
        value = self.get(name)
        if value is None:
            raise SchemaError(f"'{self.kind}' needs the argument '{name}'.")
        return value

    def listed_in_order(self, name: str) -> Action:
        """This action with the comma-separated names of argument ``name`` sorted, as legal-move
        lists give them, so a list typed in any order (or with spaces after its commas) is the
        same move."""
        value = self.get(name)
        if not isinstance(value, str):
            return self
        ordered = ",".join(sorted(part.strip() for part in value.split(",") if part.strip()))
        return self if ordered == value else Action.of(self.kind, **{**dict(self.args), name: ordered})

    @property
    def params(self) -> dict[str, Scalar]:
        return dict(self.args)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": dict(self.args)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        """Parse ``{"kind": ..., "args": {...}}``; raises SchemaError on any other shape."""
        try:
            kind = data["kind"]
            raw = data.get("args", {})
        except (KeyError, AttributeError, TypeError) as exc:
            raise SchemaError("An action needs a 'kind'.") from exc
        if not isinstance(kind, str) or not isinstance(raw, Mapping):
            raise SchemaError("An action is a kind and a mapping of arguments.")
        for key, value in raw.items():
            if not isinstance(key, str) or not isinstance(value, (str, int, bool)):
                raise SchemaError(f"Bad argument {key!r} in action '{kind}'.")
        return cls.of(kind, **raw)

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        inner = " ".join(f"{k}={v}" for k, v in self.args)
        return f"{self.kind} {inner}"
