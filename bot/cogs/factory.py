"""Slash subcommands generated from a game's CommandSpecs.

discord.py reads a command's options from its callback's signature, so each
generated callback carries an explicit ``__signature__`` (one typed,
keyword-only parameter per option) that ``inspect.signature`` reports; the
callback itself receives the options as keywords and forwards the filled ones.
Descriptions, fixed choices and autocomplete are attached with the library's
public decorators (``describe``, ``choices``, ``autocomplete``).
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from bot.games.spec import CommandSpec, OptionSpec

Value = str | int | bool
Runner = Callable[[discord.Interaction[Any], dict[str, Value]], Awaitable[None]]
Suggester = Callable[[discord.Interaction[Any], str, str], Awaitable[list[app_commands.Choice[Any]]]]

Completer = Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[Any]]]]

_TYPES: dict[str, type] = {"str": str, "int": int, "bool": bool}
MAX_CHOICES = 25
# The longest value (and name) of an autocomplete choice Discord takes.
MAX_VALUE = 100


def _parameter(option: OptionSpec) -> inspect.Parameter:
    kind = _TYPES[option.type]
    if option.required:
        return inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, annotation=kind)
    return inspect.Parameter(
        option.name, inspect.Parameter.KEYWORD_ONLY, annotation=kind | None, default=None
    )


def _signature(options: tuple[OptionSpec, ...]) -> inspect.Signature:
    first = inspect.Parameter(
        "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
    )
    # Discord lists required options first; keeping that order here matches what it sends.
    ordered = sorted(options, key=lambda option: not option.required)
    return inspect.Signature([first, *(_parameter(option) for option in ordered)])


def _autocomplete(option: OptionSpec, suggest: Suggester) -> Completer:
    async def complete(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[Any]]:
        return await suggest(interaction, option.name, current)

    return complete


def _fixed_choices(option: OptionSpec) -> list[app_commands.Choice[Any]]:
    return [app_commands.Choice(name=label[:100], value=value) for label, value in option.choice_pairs()]


def _listed(option: OptionSpec) -> Completer:
    """Autocomplete over the option's own choices: no game state needed."""

    async def complete(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[Any]]:
        pairs: list[tuple[str, Value]] = [(label, value) for label, value in option.choice_pairs()]
        return filter_choices(pairs, current, option.type)

    return complete


def make_command(
    spec: CommandSpec, run: Runner, suggest: Suggester | None
) -> app_commands.Command[Any, ..., None]:
    """A subcommand for ``spec`` that hands its filled options to ``run``.

    Options with choices offer them (as a fixed list, or by autocomplete when the
    option says ``suggest``); with ``suggest`` every other text or number option
    autocompletes through it. Raises TypeError or ValueError (from discord.py)
    when a name or option type is invalid.
    """

    async def callback(interaction: discord.Interaction[Any], **values: Value | None) -> None:
        await run(interaction, {name: value for name, value in values.items() if value is not None})

    callback.__signature__ = _signature(spec.options)  # type: ignore[attr-defined]
    decorated: Any = callback
    if spec.options:
        decorated = app_commands.describe(**{option.name: option.description for option in spec.options})(
            decorated
        )
    fixed = {
        option.name: _fixed_choices(option)
        for option in spec.options
        if option.choices and not option.suggest
    }
    if fixed:
        decorated = app_commands.choices(**fixed)(decorated)
    completers = {
        option.name: _listed(option) for option in spec.options if option.choices and option.suggest
    }
    if suggest is not None:
        completers.update(
            (option.name, _autocomplete(option, suggest))
            for option in spec.options
            if not option.choices and option.type != "bool"
        )
    if completers:
        decorated = app_commands.autocomplete(**completers)(decorated)
    return app_commands.Command(name=spec.name, description=spec.description, callback=decorated)


def filter_choices(pairs: list[tuple[str, Value]], current: str, kind: str) -> list[app_commands.Choice[Any]]:
    """At most 25 choices whose label or value contains what the user typed so far; typed parts
    separated by commas may come in any order ("vesper, cobalt" finds "Cobalt Relay, Vesper Spire")."""
    typed = current.strip().lower()
    words = [word.strip() for word in typed.split(",") if word.strip()]
    choices: list[app_commands.Choice[Any]] = []
    for label, value in pairs:
        name = label.lower()
        if len(str(value)) > MAX_VALUE:
            # Discord refuses a whole answer with one such value (a long list of cards to discard):
            # it is left out, and the player may still type those names.
            continue
        if typed and typed not in str(value).lower() and not all(word in name for word in words):
            continue
        coerced: Value = int(value) if kind == "int" else str(value)
        choices.append(app_commands.Choice(name=label[:MAX_VALUE] or str(value), value=coerced))
        if len(choices) == MAX_CHOICES:
            break
    return choices
