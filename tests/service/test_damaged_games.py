"""A game whose stored data cannot be read is refused clearly, logged, and can be abandoned;
cards that games in play need are checked at start."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import pytest

from bot.errors import GameExistsError, NotAllowedError
from bot.games import Game
from bot.integrity import require_loadable_games, unloadable_games
from bot.service import GameService
from bot.settings import SettingsError
from bot.store import Repository
from engine.core import Action
from tests.service.conftest import ALICE, HERE
from tests.service.fakegame import FRONTEND, RULES, Tally, TallyRules
from tests.service.raw_sql import is_sqlite, run_sql


async def _damage_snapshot(repo: Repository) -> None:
    # PostgreSQL refuses text that is not JSON in a JSON column; there the damage is a wrong shape.
    broken = "'{\"total\": 3, oops'" if is_sqlite(repo) else "'[1, 2]'"
    await run_sql(repo, f"UPDATE games SET snapshot = {broken}")


async def test_an_unreadable_snapshot_is_refused_clearly_and_can_be_abandoned(
    service: GameService, caplog: pytest.LogCaptureFixture
) -> None:
    await service.start(HERE, ALICE, "tally", {})
    await service.act(HERE, ALICE, Action.of("add", n=1))
    await _damage_snapshot(service.repo)
    with caplog.at_level(logging.ERROR), pytest.raises(NotAllowedError, match="damaged") as refused:
        await service.status(HERE, ALICE)
    assert "abandon" in str(refused.value)
    assert any("damaged" in record.getMessage() for record in caplog.records)
    with pytest.raises(NotAllowedError, match="damaged"):
        await service.act(HERE, ALICE, Action.of("add", n=1))
    with pytest.raises(NotAllowedError, match="damaged"):
        await service.undo(HERE, ALICE)
    # Autocomplete answers (with nothing) instead of failing.
    assert await service.choices(HERE, ALICE, "tally", "add", "n", {}) == []
    assert await service.legal(HERE, ALICE) == []
    with pytest.raises(GameExistsError):
        await service.start(HERE, ALICE, "tally", {})
    await service.abandon(HERE, ALICE, confirm=True)
    await service.start(HERE, ALICE, "tally", {})
    assert (await service.status(HERE, ALICE)).ephemeral


async def test_a_broken_log_row_blocks_only_the_undo(service: GameService) -> None:
    await service.start(HERE, ALICE, "tally", {})
    await service.act(HERE, ALICE, Action.of("add", n=1))
    broken = "'not json at all'" if is_sqlite(service.repo) else "'7'"
    await run_sql(service.repo, f"UPDATE actions SET action = {broken}")
    status = await service.status(HERE, ALICE)
    assert all(button.control != "undo" for button in status.buttons)
    with pytest.raises(NotAllowedError, match="history is damaged"):
        await service.undo(HERE, ALICE)
    await service.act(HERE, ALICE, Action.of("add", n=2))
    game = await service.repo.open_game(HERE.channel_id)
    assert game is not None and game.snapshot is not None and game.snapshot["total"] == 3


class FewerCards(TallyRules):
    """The tally game with a card folder that lost a card: states holding it no longer load."""

    def from_json(self, data: Mapping[str, Any]) -> Tally:
        if data.get("total", 0) > 0:
            raise KeyError("card-seven")
        return super().from_json(data)


async def test_cards_that_games_in_play_need_are_checked_at_start(
    service: GameService, repo: Repository
) -> None:
    await service.start(HERE, ALICE, "tally", {})
    await service.act(HERE, ALICE, Action.of("add", n=1))
    assert await unloadable_games(repo, {"tally": RULES}) == []
    problems = await unloadable_games(repo, {"tally": FewerCards()})
    assert len(problems) == 1 and "card-seven" in problems[0] and f"channel {HERE.channel_id}" in problems[0]
    with pytest.raises(SettingsError, match="card-seven"):
        await require_loadable_games(repo, {"tally": FewerCards()})

    # Started anyway with those cards, the game is refused clearly instead of failing with a KeyError.
    fewer = GameService(repo, render=False, games={"tally": Game(FewerCards(), FRONTEND)})
    with pytest.raises(NotAllowedError, match="card-seven"):
        await fewer.act(HERE, ALICE, Action.of("add", n=1))
    await fewer.abandon(HERE, ALICE, confirm=True)
    assert await unloadable_games(repo, {"tally": FewerCards()}) == []
