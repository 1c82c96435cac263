"""What a front end (Discord cog or local console) needs to know about a game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.replies import Button
from engine.core import Action, Event

OptionType = Literal["str", "int", "bool"]


@dataclass(frozen=True)
class OptionSpec:
    """One option of a subcommand; ``name`` is the action argument it fills."""

    name: str
    description: str
    type: OptionType
    required: bool
    choices: tuple[str, ...] = ()
    default: str | int | bool | None = None


@dataclass(frozen=True)
class CommandSpec:
    """A subcommand that submits one action ``kind`` (``end-placement`` -> ``end_placement``)."""

    name: str
    kind: str
    description: str
    options: tuple[OptionSpec, ...] = ()


ButtonsFn = Callable[..., list[Button]]
NarrateFn = Callable[[Sequence[Event], str], str]
LabelFn = Callable[[Mapping[str, Any], str, "str | int"], str]


@dataclass(frozen=True)
class GameFrontend:
    """Per-game front-end data shared by the Discord cog and the console.

    ``buttons(view, legal_actions, game_id, version, *, can_undo=False)`` lists the
    next steps (at most 25); ``narrate(events, actor_name)`` is a few lines of text;
    ``label(view, option, value)`` names an autocomplete value; ``opens_lobby(options)``
    says whether ``start`` gathers players first; ``summary(view)`` is the table in a few
    lines of text (shown by status, and all there is when a game has no renderer);
    ``waiting_on(view)`` names the seats to ping when the engine's active seats say too little.
    """

    key: str
    title: str
    commands: tuple[CommandSpec, ...]
    start_options: tuple[OptionSpec, ...]
    buttons: ButtonsFn
    narrate: NarrateFn
    label: LabelFn
    opens_lobby: Callable[[Mapping[str, Any]], bool]
    rules_summary: str
    summary: Callable[[Mapping[str, Any]], str] | None = None
    waiting_on: Callable[[Mapping[str, Any]], list[int]] | None = None
    lifecycle: tuple[str, ...] = field(default=("start", "status", "rules", "undo", "abandon"))

    def command(self, name: str) -> CommandSpec | None:
        """The action subcommand called ``name``, if any."""
        for spec in self.commands:
            if spec.name == name:
                return spec
        return None

    def clean_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Start options with defaults filled in; raises ValueError naming a bad or unknown option."""
        known = {spec.name: spec for spec in self.start_options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise ValueError(f"Unknown option(s) for {self.title}: {', '.join(unknown)}.")
        cleaned: dict[str, Any] = {}
        for name, spec in known.items():
            value = options.get(name, spec.default)
            if value is None:
                if spec.required:
                    raise ValueError(f"The option '{name}' is required.")
                continue
            if spec.choices and value not in spec.choices:
                raise ValueError(f"'{name}' must be one of: {', '.join(spec.choices)}.")
            cleaned[name] = value
        return cleaned


def action_from_options(spec: CommandSpec, values: Mapping[str, str | int | None]) -> Action:
    """The action a filled-in subcommand stands for; omitted options stay absent."""
    args = {opt.name: values[opt.name] for opt in spec.options if values.get(opt.name) is not None}
    return Action.of(spec.kind, **args)  # type: ignore[arg-type]
