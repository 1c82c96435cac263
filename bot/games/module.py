"""One record per game: everything the application needs to know of it, registered in one place.

A game brings its rules (over the shipped cards or an owner's own folder), its front end (which
may read the cards, e.g. the scenarios offered at start), its images, the setting that names an
owner's card folder, its balance simulation and its card reference. ``bot.games.MODULES`` lists
them; the app, the console, the renderer bridge and the command-line tools all read that list, and
the cards are loaded once, from the settings, by :func:`load_games`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any, cast

from bot.games.spec import GameFrontend
from engine.core import EngineError, Rules
from render.registry import Renderer


class ContentSettingError(ValueError):
    """An owner's card folder failed the game's checks; the message names the setting."""


@dataclass(frozen=True)
class GameModule:
    """A game as the application sees it.

    ``rules(folder)`` builds the rules over the cards in ``folder`` (None: the shipped cards) and
    raises EngineError (ContentError) when they fail validation; ``frontend(rules)`` is the front end
    for those rules; ``content_setting`` is the environment variable naming an owner's card folder;
    ``engine`` is the engine package, whose ``sim.simulate`` runs the balance simulation and whose
    ``docs.card_reference`` writes the card reference (imported only when a tool asks for them).
    ``renderer(rules)`` is the game's images (None: text only), built over the cards of ``rules``
    when an image reads card texts the view does not carry.
    ``turn_minutes`` is the turn time a game gets when the host names none (0: no clock);
    ``reveals`` words what a step that cannot be taken back did ("revealed cards" without dice).
    """

    key: str
    rules: Callable[[Path | None], Rules[Any]]
    frontend: Callable[[Rules[Any]], GameFrontend]
    content_setting: str
    engine: str
    renderer: Callable[[Rules[Any]], Renderer] | None = None
    turn_minutes: int = 0
    reveals: str = "rolled dice or revealed cards"

    @property
    def simulate(self) -> Callable[..., Any]:
        """The engine's ``simulate(games, policy, seed, ...)``; raises ImportError without one."""
        return cast(Callable[..., Any], import_module(f"{self.engine}.sim").simulate)

    @property
    def card_reference(self) -> Callable[..., str]:
        """The engine's ``card_reference(content=None)``; raises ImportError without one."""
        return cast(Callable[..., str], import_module(f"{self.engine}.docs").card_reference)


@dataclass(frozen=True)
class Game:
    """A game loaded for play: its rules over the configured cards, its front end and its images
    over the same cards (``module`` is None for a game made up in a test, ``renderer`` None for a
    game without images)."""

    rules: Rules[Any]
    frontend: GameFrontend
    module: GameModule | None = None
    renderer: Renderer | None = None


def load_game(module: GameModule, folder: Path | None = None) -> Game:
    """The game over the cards in ``folder`` (None: the shipped ones); raises ContentSettingError."""
    try:
        rules = module.rules(folder)
    except EngineError as exc:
        raise ContentSettingError(f"Invalid settings: {module.content_setting}: {exc}") from exc
    renderer = module.renderer(rules) if module.renderer is not None else None
    return Game(rules, module.frontend(rules), module, renderer)


def load_games(modules: Mapping[str, GameModule], folders: Mapping[str, Path]) -> dict[str, Game]:
    """Every game, each over the owner's card folder named for it in ``folders`` (by key) or the
    shipped cards; raises ContentSettingError naming the setting of a folder that fails the checks."""
    return {key: load_game(module, folders.get(key)) for key, module in modules.items()}
