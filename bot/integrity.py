"""Checks at start that the installed rules and cards can still load every game in play.

An operator's card folder that drops a card a saved game holds would otherwise be
accepted, and that game would fail at its next move. The bot refuses to start
instead, naming each game and what it lacks. A game whose stored data is itself
unreadable, or does not load with the shipped cards either, is only reported: it
is refused in play and can be abandoned.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from bot.damage import exercise
from bot.settings import SettingsError
from bot.store import GameRecord, Repository
from engine.core import Rules

log = logging.getLogger(__name__)


def _load_problem(rules: Rules[Any], record: GameRecord) -> str | None:
    """Why ``record`` does not load with ``rules`` (None when it does)."""
    try:
        exercise(rules, rules.from_json(record.snapshot or {}))
    except KeyError as exc:
        return f"it holds {exc}, which the installed cards lack"
    except Exception as exc:
        return f"it does not load ({type(exc).__name__}: {exc})"
    return None


async def unloadable_games(
    repo: Repository, games: Mapping[str, Rules[Any]], shipped: Mapping[str, Rules[Any]] | None = None
) -> list[str]:
    """One line per game in play that the installed ``games`` cannot load; damaged games are logged.

    With ``shipped`` (each game over its shipped cards), a game that does not load with those either
    is damaged itself (a snapshot from a newer release, a value edited by hand), not let down by
    the installed cards: it is only logged, since its players can abandon it once the bot runs."""
    problems = []
    for record in await repo.open_games():
        where = f"game #{record.id} ({record.kind}) in channel {record.channel_id}"
        if record.damage is not None:
            log.error("%s is damaged: %s; it can be abandoned", where, record.damage)
            continue
        if record.status != "active":
            continue
        rules = games.get(record.kind)
        problem = f"no game '{record.kind}' is installed" if rules is None else _load_problem(rules, record)
        if problem is None:
            continue
        plain = shipped.get(record.kind) if shipped is not None else None
        if plain is not None and _load_problem(plain, record) is not None:
            log.error("%s is damaged: %s; it can be abandoned", where, problem)
            continue
        problems.append(f"{where}: {problem}")
    return problems


async def require_loadable_games(
    repo: Repository, games: Mapping[str, Rules[Any]], shipped: Mapping[str, Rules[Any]] | None = None
) -> None:
    """Raises SettingsError listing every game in play the installed rules and cards cannot load
    (see :func:`unloadable_games` for ``shipped``)."""
    problems = await unloadable_games(repo, games, shipped)
    if problems:
        raise SettingsError(
            "Invalid settings: the installed cards cannot load games in play. Restore the missing "
            "cards (or the shipped ones) and abandon those games first:\n  " + "\n  ".join(problems)
        )
