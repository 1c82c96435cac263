"""The lobby's Add AI / Remove AI buttons through real discord.py parsing: only the host seats an AI
player, a stale or full lobby refuses privately, and Begin plays with the seats it shows."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot
from engine.spacebase import RULES
from tests.bot.conftest import button, labels, posted, quiet_bot, run, stored
from tests.bot.fake_discord import EPHEMERAL, Call, FakeDiscord, Person

ALICE = Person(11, "Alice")
BOB = Person(12, "Bob")


@pytest.fixture
async def qbot(tmp_path: Path, fake: FakeDiscord) -> AsyncIterator[GameBot]:
    async with quiet_bot(tmp_path, 11) as bot:
        yield bot


async def _click(bot: GameBot, fake: FakeDiscord, who: Person, message: Call, suffix: str) -> Call:
    return posted(await run(bot, fake, fake.click(who, message, button(message, suffix))))[-1]


async def _lobby(bot: GameBot, fake: FakeDiscord) -> Call:
    """Alice opens a Space Base lobby and Bob joins it; returns the lobby message as it stands."""
    lobby = posted(await run(bot, fake, fake.command(ALICE, "spacebase", "start")))[-1]
    return await _click(bot, fake, BOB, lobby, ":join")


async def test_the_host_adds_an_ai_player_and_begin_seats_it(qbot: GameBot, fake: FakeDiscord) -> None:
    lobby = await _lobby(qbot, fake)
    assert "Remove AI" not in labels(lobby)
    added = await _click(qbot, fake, ALICE, lobby, ":add_ai")
    # The lobby message itself is rewritten (an UPDATE_MESSAGE callback) to show the AI seat.
    assert added.payload is not None and added.payload["type"] == 7
    assert "Alice, Bob, AI 1" in added.content and "(3, 2-5 needed)" in added.content
    assert {"Add AI", "Remove AI", "Begin"} <= set(labels(added))
    record = await stored(qbot)
    assert record is not None and record.options["ai"] == 1

    calls = await run(qbot, fake, fake.click(ALICE, added, button(added, ":begin")))
    assert not [c for c in posted(calls) if c.flags & EPHEMERAL]
    record = await stored(qbot)
    assert record is not None and record.status == "active" and record.snapshot is not None
    state = RULES.from_json(record.snapshot)
    assert state.players == ["Alice", "Bob", "AI 1"] and state.ai == [False, False, True]


async def test_only_the_host_adds_or_removes_ai_players(qbot: GameBot, fake: FakeDiscord) -> None:
    lobby = await _lobby(qbot, fake)
    refusal = await _click(qbot, fake, BOB, lobby, ":add_ai")
    assert refusal.flags & EPHEMERAL and "Only the host" in refusal.content
    added = await _click(qbot, fake, ALICE, lobby, ":add_ai")
    refusal = await _click(qbot, fake, BOB, added, ":remove_ai")
    assert refusal.flags & EPHEMERAL and "Only the host" in refusal.content
    record = await stored(qbot)
    assert record is not None and record.options["ai"] == 1


async def test_a_stale_or_full_lobby_refuses_another_ai_player(qbot: GameBot, fake: FakeDiscord) -> None:
    lobby = await _lobby(qbot, fake)
    latest = await _click(qbot, fake, ALICE, lobby, ":add_ai")
    # The message from before that change carries an older version.
    stale = await _click(qbot, fake, ALICE, lobby, ":add_ai")
    assert stale.flags & EPHEMERAL and "moved on" in stale.content
    for _ in range(2):
        latest = await _click(qbot, fake, ALICE, latest, ":add_ai")
    assert "(5, 2-5 needed)" in latest.content
    full = await _click(qbot, fake, ALICE, latest, ":add_ai")
    assert full.flags & EPHEMERAL and "full" in full.content
    joined = posted(await run(qbot, fake, fake.click(Person(13, "Carl"), latest, button(latest, ":join"))))
    assert joined[-1].flags & EPHEMERAL and "full" in joined[-1].content
    record = await stored(qbot)
    assert record is not None and record.options["ai"] == 3


async def test_the_host_takes_an_ai_seat_back(qbot: GameBot, fake: FakeDiscord) -> None:
    lobby = await _lobby(qbot, fake)
    added = await _click(qbot, fake, ALICE, lobby, ":add_ai")
    removed = await _click(qbot, fake, ALICE, added, ":remove_ai")
    assert "AI 1" not in removed.content and "(2, 2-5 needed)" in removed.content
    assert "Remove AI" not in labels(removed)
    record = await stored(qbot)
    assert record is not None and record.options["ai"] == 0


@pytest.mark.parametrize(("game", "options", "offered"), [("europa", {}, True), ("colony", {}, False)])
async def test_add_ai_is_offered_where_the_game_seats_ai_players(
    qbot: GameBot, fake: FakeDiscord, game: str, options: dict[str, Any], offered: bool
) -> None:
    lobby = posted(await run(qbot, fake, fake.command(ALICE, game, "start", **options)))[-1]
    assert ("Add AI" in labels(lobby)) is offered


@pytest.mark.parametrize("ai", [5, 999999, -1])
async def test_a_start_asking_for_impossible_ai_seats_is_refused(
    qbot: GameBot, fake: FakeDiscord, ai: int
) -> None:
    refusal = posted(await run(qbot, fake, fake.command(ALICE, "spacebase", "start", ai=ai)))[-1]
    assert refusal.flags & EPHEMERAL and "0 to 4" in refusal.content
    assert await stored(qbot) is None
