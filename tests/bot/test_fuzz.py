"""Random legal and illegal interactions through the real bot: no unhandled error, and the stored
game always equals the replay of its log.

FUZZ_INTERACTIONS sets how many (10,000 here by default; `make fuzz` runs 100,000), FUZZ_SEED the seed.
"""

from __future__ import annotations

import logging
import os

import pytest

from bot.service import GameService
from tests.bot.conftest import MakeBot
from tests.bot.fake_discord import FakeDiscord
from tests.bot.fuzz import Fuzzer

INTERACTIONS = int(os.environ.get("FUZZ_INTERACTIONS", "10000"))
SEED = int(os.environ.get("FUZZ_SEED", "2026"))
CHECK_EVERY = 50


class Errors(logging.Handler):
    """Every ERROR logged anywhere: the central handler's "Unexpected error", discord.py's, asyncio's."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def errors() -> Errors:
    handler = Errors()
    root = logging.getLogger()
    root.addHandler(handler)
    yield handler  # type: ignore[misc]
    root.removeHandler(handler)


async def test_random_interactions_never_break_the_bot(
    make_bot: MakeBot, fake: FakeDiscord, errors: Errors
) -> None:
    bot = await make_bot()
    bot.service = GameService(bot.service.repo, render=False, seeds=lambda: SEED)
    fuzzer = Fuzzer(bot, fake, SEED)
    games: set[int] = set()
    for n in range(1, INTERACTIONS + 1):
        await fuzzer.step()
        assert not errors.records, f"after {n} interactions: {errors.records[0].getMessage()}"
        if n % CHECK_EVERY == 0:
            game = await fuzzer.check()
            if game is not None:
                games.add(game)
    for game in games:
        await fuzzer.check(game)
    assert fuzzer.tally.sent >= INTERACTIONS and fuzzer.tally.legal > INTERACTIONS // 4
    # Two of the four games need a second player in their lobby, so fewer checks find a game in play.
    assert games and fuzzer.tally.checks > INTERACTIONS // CHECK_EVERY // 3
