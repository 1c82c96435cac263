"""Random legal and illegal interactions through the real bot: no unhandled error, and the stored
game always equals the replay of its log.

FUZZ_INTERACTIONS sets how many (100,000 by default, about three minutes; fewer for a quick run), FUZZ_SEED
the seed.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator

import pytest

from bot.service import GameService
from tests.bot.conftest import MakeBot
from tests.bot.fake_discord import FakeDiscord
from tests.bot.fuzz import Fuzzer
from tests.games import GAMES

INTERACTIONS = int(os.environ.get("FUZZ_INTERACTIONS", "100000"))
SEED = int(os.environ.get("FUZZ_SEED", "2026"))
CHECK_EVERY = 50
# With images on, every command draws: a slice of the run is enough to cover the renderers.
IMAGES_AT_LEAST = 300
# From this many interactions on, each of the four games is played (and checked) at least once. The
# two that need a second player in their lobby come late: with the default seed, not by 20,000.
EVERY_GAME_BY = 50000


class Errors(logging.Handler):
    """Every ERROR logged anywhere: the central handler's "Unexpected error", discord.py's, asyncio's."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def errors() -> Iterator[Errors]:
    handler = Errors()
    root = logging.getLogger()
    root.addHandler(handler)
    yield handler
    root.removeHandler(handler)


@pytest.mark.parametrize(
    ("images", "count"),
    [(False, INTERACTIONS), (True, max(IMAGES_AT_LEAST, INTERACTIONS // 100))],
    ids=["text", "images"],
)
async def test_random_interactions_never_break_the_bot(
    make_bot: MakeBot, fake: FakeDiscord, errors: Errors, images: bool, count: int
) -> None:
    bot = await make_bot()
    bot.service = GameService(bot.service.repo, render=images, seeds=lambda: SEED)
    fuzzer = Fuzzer(bot, fake, SEED)
    for n in range(1, count + 1):
        await fuzzer.step()
        assert not errors.records, f"after {n} interactions: {errors.records[0].getMessage()}"
        if n % CHECK_EVERY == 0:
            await fuzzer.check()
    # Every game ever opened, finished, abandoned or still in play, against its log.
    ended = 0
    game_id = 0
    while ended < 5:
        game_id += 1
        ended = 0 if await fuzzer.check(game_id) is not None else ended + 1
    assert fuzzer.tally.sent >= count and fuzzer.tally.legal > count // 4
    # Two of the four games need a second player in their lobby, and abandons and starts keep
    # channels empty for a while, so only about a third of the checks find a game in play.
    assert fuzzer.tally.checks > count // CHECK_EVERY // 4
    if count >= EVERY_GAME_BY:
        assert set(fuzzer.tally.kinds) == set(GAMES), fuzzer.tally.kinds
