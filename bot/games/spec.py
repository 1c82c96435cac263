"""What a front end (Discord cog or local console) needs to know about a game."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.replies import Button
from engine.core import Action, Event

OptionType = Literal["str", "int", "bool"]


TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


@dataclass(frozen=True)
class OptionSpec:
    """One option of a subcommand; ``name`` is the action argument it fills.

    ``labels`` name the ``choices`` one for one (Discord shows them); with ``suggest`` the
    choices are offered by autocomplete, which can filter and show more than a fixed list.
    """

    name: str
    description: str
    type: OptionType
    required: bool
    choices: tuple[str, ...] = ()
    default: str | int | bool | None = None
    labels: tuple[str, ...] = ()
    suggest: bool = False
    # A whole number players see and type as the engine's value plus ``offset``: dice are counted
    # from 1 on Discord and from 0 in the engine.
    offset: int = 0

    def parse(self, text: str) -> str | int | bool:
        """A value typed as text (console, command line): a whole number for an "int" option, true
        or false for a "bool" one (also yes/no, on/off, 1/0), else the text; raises ValueError
        naming the option when the text is not such a value."""
        if self.type == "bool":
            word = text.strip().lower()
            if word in TRUE_WORDS or word in FALSE_WORDS:
                return word in TRUE_WORDS
            raise ValueError(f"'{self.name}' must be true or false (got '{text}').")
        if self.type != "int":
            return text
        try:
            return int(text)
        except ValueError as exc:
            raise ValueError(f"'{self.name}' must be a whole number (got '{text}').") from exc

    def to_engine(self, value: str | int) -> str | int:
        """A value as typed (or picked) turned into the engine's; text that is not a number stays."""
        if not self.offset:
            return value
        try:
            return int(value) - self.offset
        except ValueError:
            return value

    def shown(self, value: str | int) -> str | int:
        """The engine's value as players see and type it."""
        return value + self.offset if self.offset and isinstance(value, int) else value

    def choice_pairs(self) -> list[tuple[str, str]]:
        """(label, value) of every choice; a choice without a label shows its value."""
        return [
            (self.labels[i] if i < len(self.labels) else choice, choice)
            for i, choice in enumerate(self.choices)
        ]


def opt(name: str, description: str, kind: str = "str", required: bool = True) -> OptionSpec:
    """A plain text (or, with ``kind="int"``, whole-number) option, required unless told."""
    return OptionSpec(name, description, "int" if kind == "int" else "str", required)


def seat_opt(name: str, description: str, required: bool = True) -> OptionSpec:
    """An option picking a player by seat. Discord's suggestions name the players, but a number
    typed by hand counts from 1, as players do (and the console), while the engine counts from 0."""
    return OptionSpec(name, f"{description} (1 = the first player)", "int", required, offset=1)


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
ImagesFn = Callable[[Sequence[Event]], "frozenset[str] | None"]
# Every (name players are shown, engine value) of a game's cards and people, from its rules' content.
CatalogFn = Callable[[Any], Iterable[tuple[str, str]]]


@dataclass(frozen=True)
class GameFrontend:
    """Per-game front-end data shared by the Discord cog and the console.

    ``buttons(view, legal_actions, game_id, version, *, can_undo=False)`` lists the
    next steps (at most 25); ``narrate(events, actor_name)`` is a few lines of text;
    ``label(view, option, value)`` names an autocomplete value; ``opens_lobby(options)``
    says whether ``start`` gathers players first; ``summary(view)`` is the table in a few
    lines of text (shown by status, and all there is when a game has no renderer);
    ``status_line(view)`` is one line shown under every message of a running game (whose turn,
    what is left to do); ``lobby_options`` are the start options that make ``start`` gather
    several players (empty when every table opens a lobby); ``images(events)`` names the
    images worth posting after ``events`` (None: every image the renderer offers);
    ``private_summary(view)`` words a seat's own view (its hand) for its DM and the "My hand"
    button, and ``private_images`` names the renderer's images drawn from a seat's view (games
    with hidden information only); ``mine_label`` is that button's label. ``step_markers`` are
    the table view's keys that mark a step (by default any new round, day, turn or phase): when a
    move for a timed-out seat changes one of them, the seat gets a fresh turn rather than the bot
    playing on for it. ``catalog(rules)`` lists every card (and person) by the names players are
    shown, so a name typed for a move that is not legal now still reaches the engine as the card
    it names, and the refusal gives the engine's reason. ``answers`` are the kinds of move that
    answer one question any seat may answer (a team's shared choice): a button for one stands only
    at the very version it was made for, since the next question may offer the same move.
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
    status_line: Callable[[Mapping[str, Any]], str] | None = None
    lobby_options: Mapping[str, Any] = field(default_factory=dict)
    images: ImagesFn | None = None
    lifecycle: tuple[str, ...] = field(default=("start", "status", "rules", "undo", "abandon"))
    private_summary: Callable[[Mapping[str, Any]], str] | None = None
    step_markers: tuple[str, ...] = ("round", "day", "turn", "phase")
    private_images: frozenset[str] = frozenset()
    mine_label: str = "My hand"
    catalog: CatalogFn | None = None
    answers: frozenset[str] = frozenset()

    def command(self, name: str) -> CommandSpec | None:
        """The action subcommand called ``name``, if any."""
        for spec in self.commands:
            if spec.name == name:
                return spec
        return None

    def option(self, kind: str, name: str) -> OptionSpec | None:
        """The option ``name`` of the subcommand submitting ``kind`` actions, if any."""
        for spec in self.commands:
            if spec.kind == kind:
                return next((o for o in spec.options if o.name == name), None)
        return None

    def to_engine(self, kind: str, filled: Mapping[str, str | int]) -> dict[str, str | int]:
        """Options as typed for a ``kind`` subcommand, each turned into the engine's value."""
        out: dict[str, str | int] = {}
        for name, value in filled.items():
            spec = self.option(kind, name)
            out[name] = value if spec is None or value == "" else spec.to_engine(value)
        return out

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


def card_catalog(rules: Any) -> Iterator[tuple[str, str]]:
    """Every card of the rules' content by its name (each game's content has ``cards`` with ``name``)."""
    for card in rules.content.cards.values():
        yield card.name, card.id


def action_from_options(spec: CommandSpec, values: Mapping[str, str | int | None]) -> Action:
    """The action a filled-in subcommand stands for (values as typed, turned into the engine's);
    omitted options stay absent."""
    args = {o.name: o.to_engine(value) for o in spec.options if (value := values.get(o.name)) is not None}
    return Action.of(spec.kind, **args)
