"""A game in a thread of its own: `/<game> start thread:true` opens a public thread of the channel and
runs the game there; a channel without the permission gets a clear private refusal."""

from __future__ import annotations

from typing import Any

from bot.app import GameBot
from tests.bot.conftest import posted, run
from tests.bot.fake_discord import BOT_ID, CHANNEL_ID, EPHEMERAL, FakeDiscord, Person

ALICE = Person(11, "Alice")
BOB = Person(12, "Bob")


def _in_thread(payload: dict[str, Any], thread_id: int) -> dict[str, Any]:
    """The same interaction, made in the thread instead of its parent channel."""
    payload["channel_id"] = str(thread_id)
    payload["channel"] = {
        **payload["channel"],
        "id": str(thread_id),
        "type": 11,
        "parent_id": str(CHANNEL_ID),
        "owner_id": str(BOT_ID),
        "message_count": 1,
        "member_count": 2,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 10080,
            "archive_timestamp": "2026-01-01T00:00:00+00:00",
            "locked": False,
        },
    }
    return payload


async def test_a_game_opens_in_a_thread_of_its_own(bot: GameBot, fake: FakeDiscord) -> None:
    calls = await run(bot, fake, fake.command(ALICE, "spacebase", "start", thread=True))
    assert len(fake.threads) == 1
    thread = fake.threads[0]
    lobby = next(
        c for c in posted(calls) if c.path == "/channels/{channel_id}/messages" and str(thread) in c.url
    )
    assert "Space Base" in lobby.content and any(cid.endswith(":join") for cid in lobby.custom_ids)
    answer = [c for c in posted(calls) if f"<#{thread}>" in c.content]
    assert answer and not answer[0].flags & EPHEMERAL
    join = next(cid for cid in lobby.custom_ids if cid.endswith(":join"))
    await run(bot, fake, _in_thread(fake.click(BOB, lobby, join), thread))
    record = await bot.service.repo.open_game(thread)
    assert record is not None and record.player_names == ["Alice", "Bob"]
    assert await bot.service.repo.open_game(CHANNEL_ID) is None  # the channel stays free for another game


async def test_a_refused_thread_is_told_privately_and_opens_nothing(bot: GameBot, fake: FakeDiscord) -> None:
    fake.refuse_threads = True
    reply = posted(await run(bot, fake, fake.command(ALICE, "europa", "start", thread=True)))[-1]
    assert reply.flags & EPHEMERAL and "thread" in reply.content
    assert await bot.service.repo.open_game(CHANNEL_ID) is None
