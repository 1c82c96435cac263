"""Every game the bot runs, registered once: ``MODULES`` by key (see bot.games.module)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

from bot.games.colony import FRONTEND as COLONY
from bot.games.europa import FRONTEND as EUROPA
from bot.games.exobase import FRONTEND as EXOBASE
from bot.games.module import ContentSettingError, Game, GameModule, load_game, load_games
from bot.games.spacebase import frontend_for as spacebase_frontend
from bot.games.spec import CommandSpec, GameFrontend, OptionSpec, action_from_options
from engine import colony, europa, exobase, spacebase
from engine.core import Rules
from render.colony import renderer as colony_renderer
from render.europa.images import RENDERER as EUROPA_RENDERER
from render.exobase import RENDERER as EXOBASE_RENDERER
from render.registry import Renderer
from render.spacebase import RENDERER as SPACEBASE_RENDERER


def _rules_over(
    shipped: Callable[[], Rules[Any]], build: Callable[[Any], Rules[Any]], load: Callable[[str], Any]
) -> Callable[[Path | None], Rules[Any]]:
    """A game's rules factory: the shipped rules (read on first use), or ``build`` over the cards
    ``load`` reads from a folder."""

    def rules(folder: Path | None) -> Rules[Any]:
        return shipped() if folder is None else build(load(str(folder)))

    return rules


def _colony_renderer(rules: Rules[Any]) -> Renderer:
    """Colony's images read card and event texts from the cards the rules play with."""
    return colony_renderer(cast(colony.ColonyRules, rules).content)


def _colony_frontend(rules: Rules[Any]) -> GameFrontend:
    """The scenarios offered at start come from the cards in play, an owner's own included."""
    scenarios = list(cast(colony.ColonyRules, rules).content.scenarios.values())
    option = OptionSpec(
        "scenario",
        "Which planet (harder ones further down)",
        "str",
        False,
        choices=tuple(s.id for s in scenarios),
        default=scenarios[0].id,
        labels=tuple(f"{s.name} — difficulty {s.difficulty}" for s in scenarios),
        suggest=True,
    )
    return replace(COLONY, start_options=(option,))


# Games played over days wait a day per move unless the host says otherwise.
DAY = 24 * 60

MODULES: dict[str, GameModule] = {
    module.key: module
    for module in (
        GameModule(
            "exobase",
            _rules_over(exobase.shipped_rules, exobase.ExoRules, exobase.load_content),
            lambda rules: EXOBASE,
            "EXOBASE_CONTENT_DIR",
            "engine.exobase",
            lambda rules: EXOBASE_RENDERER,
        ),
        GameModule(
            "colony",
            _rules_over(colony.shipped_rules, colony.ColonyRules, colony.load_content),
            _colony_frontend,
            "COLONY_CONTENT_DIR",
            "engine.colony",
            _colony_renderer,
            reveals="revealed cards",
        ),
        GameModule(
            "spacebase",
            _rules_over(spacebase.shipped_rules, spacebase.SpaceRules, spacebase.load_content),
            spacebase_frontend,
            "SPACEBASE_CONTENT_DIR",
            "engine.spacebase",
            lambda rules: SPACEBASE_RENDERER,
            turn_minutes=DAY,
        ),
        GameModule(
            "europa",
            _rules_over(europa.shipped_rules, europa.EuropaRules, europa.load_content),
            lambda rules: EUROPA,
            "EUROPA_CONTENT_DIR",
            "engine.europa",
            lambda rules: EUROPA_RENDERER,
            turn_minutes=DAY,
        ),
    )
}


def shipped_games() -> dict[str, Game]:
    """Every game over its shipped cards (tests, tools and the console without settings)."""
    return load_games(MODULES, {})


__all__ = [
    "MODULES",
    "CommandSpec",
    "ContentSettingError",
    "Game",
    "GameFrontend",
    "GameModule",
    "OptionSpec",
    "action_from_options",
    "load_game",
    "load_games",
    "shipped_games",
]
