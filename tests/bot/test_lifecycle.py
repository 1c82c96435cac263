"""Lobbies, restarts, abandoning, closed DMs and unexpected errors, through real discord.py parsing."""

from __future__ import annotations

import gc
import logging
from typing import Any

import discord
import pytest

from bot.app import GameBot
from bot.replies import PrivateMessage, Reply
from bot.ui.send import send_reply
from tests.bot.conftest import MakeBot, feed, posted, since, stored
from tests.bot.fake_discord import CHANNEL_ID, EPHEMERAL, Call, FakeDiscord, Person, wire

HOST = Person(11, "Alice")
FRIEND = Person(12, "Bob")
STRANGER = Person(13, "Carl")
MODERATOR = Person(14, "Mod", manage_channels=True)


async def _run(bot: GameBot, fake: FakeDiscord, payload: dict[str, Any]) -> list[Call]:
    mark = len(fake.calls)
    await feed(bot, payload)
    return since(fake, mark)


def _button(message: Call, suffix: str) -> str:
    return next(cid for cid in message.custom_ids if cid.endswith(suffix))


async def _team_game(bot: GameBot, fake: FakeDiscord) -> Call:
    """Alice opens a team lobby, Bob joins, Alice begins; returns the first board."""
    lobby = posted(await _run(bot, fake, fake.command(HOST, "exobase", "start", team=True)))[-1]
    assert [cid.rsplit(":", 1)[1] for cid in lobby.custom_ids] == ["join", "leave", "begin"]
    calls = await _run(bot, fake, fake.click(FRIEND, lobby, _button(lobby, ":join")))
    # Joining rewrites the lobby message in place (an UPDATE_MESSAGE callback).
    assert calls[0].payload is not None and calls[0].payload["type"] == 7
    assert "Bob" in calls[0].content
    lobby = calls[0]
    return posted(await _run(bot, fake, fake.click(HOST, lobby, _button(lobby, ":begin"))))[-1]


async def test_a_team_game_refuses_people_outside_it(bot: GameBot, fake: FakeDiscord) -> None:
    board = await _team_game(bot, fake)
    record = await stored(bot)
    assert record is not None and record.status == "active" and record.player_names == ["Alice", "Bob"]

    refusal = posted(await _run(bot, fake, fake.command(STRANGER, "exobase", "end-placement")))[-1]
    assert refusal.flags & EPHEMERAL and "not a player" in refusal.content
    refusal = posted(await _run(bot, fake, fake.click(STRANGER, board, _button(board, ":end_placement"))))[-1]
    assert refusal.flags & EPHEMERAL and "not a player" in refusal.content
    unchanged = await stored(bot)
    assert unchanged is not None and unchanged.version == record.version

    accepted = posted(await _run(bot, fake, fake.click(FRIEND, board, _button(board, ":end_placement"))))[-1]
    assert accepted.flags & EPHEMERAL == 0
    moved = await stored(bot)
    assert moved is not None and moved.version == record.version + 1


async def test_a_teammate_pressing_ready_again_is_told_who_is_awaited(
    bot: GameBot, fake: FakeDiscord
) -> None:
    board = await _team_game(bot, fake)
    board = posted(await _run(bot, fake, fake.click(FRIEND, board, _button(board, ":end_placement"))))[-1]
    record = await stored(bot)
    assert record is not None
    again = posted(await _run(bot, fake, fake.click(FRIEND, board, _button(board, ":end_placement"))))[-1]
    assert again.flags & EPHEMERAL
    assert again.content == "You are already ready; placement ends when Alice also presses Ready."
    unchanged = await stored(bot)
    assert unchanged is not None and unchanged.version == record.version


async def test_only_the_host_begins(bot: GameBot, fake: FakeDiscord) -> None:
    lobby = posted(await _run(bot, fake, fake.command(HOST, "exobase", "start", team=True)))[-1]
    refusal = posted(await _run(bot, fake, fake.click(FRIEND, lobby, _button(lobby, ":begin"))))[-1]
    assert refusal.flags & EPHEMERAL and "host" in refusal.content
    record = await stored(bot)
    assert record is not None and record.status == "lobby"


async def test_a_restarted_bot_resumes_and_old_buttons_still_work(
    make_bot: MakeBot, fake: FakeDiscord
) -> None:
    first = await make_bot()
    board = posted(await _run(first, fake, fake.command(HOST, "exobase", "start")))[-1]
    await first.close()

    second = await make_bot()
    calls = await _run(second, fake, fake.click(HOST, board, _button(board, ":end_placement")))
    reply = posted(calls)[-1]
    assert reply.flags & EPHEMERAL == 0 and reply.custom_ids
    record = await stored(second)
    assert record is not None and record.version == 1
    status = posted(await _run(second, fake, fake.command(HOST, "exobase", "status")))[-1]
    assert status.flags & EPHEMERAL and status.custom_ids


async def test_abandon_needs_the_host_or_manage_channels_and_a_confirmation(
    bot: GameBot, fake: FakeDiscord
) -> None:
    await _run(bot, fake, fake.command(HOST, "exobase", "start"))
    refusal = posted(await _run(bot, fake, fake.command(STRANGER, "exobase", "abandon")))[-1]
    assert refusal.flags & EPHEMERAL and "Manage Channels" in refusal.content

    ask = posted(await _run(bot, fake, fake.command(HOST, "exobase", "abandon")))[-1]
    assert ask.flags & EPHEMERAL
    confirm = _button(ask, ":abandon")
    assert ask.message["components"][0]["components"][0]["style"] == discord.ButtonStyle.danger.value
    assert await stored(bot) is not None, "asking must not abandon"

    refusal = posted(await _run(bot, fake, fake.click(STRANGER, ask, confirm)))[-1]
    assert refusal.flags & EPHEMERAL and await stored(bot) is not None

    done = posted(await _run(bot, fake, fake.click(HOST, ask, confirm)))[-1]
    assert done.flags & EPHEMERAL == 0 and "abandoned" in done.content
    assert await stored(bot) is None


async def test_a_moderator_may_abandon_someone_elses_game(bot: GameBot, fake: FakeDiscord) -> None:
    await _run(bot, fake, fake.command(HOST, "exobase", "start"))
    ask = posted(await _run(bot, fake, fake.command(MODERATOR, "exobase", "abandon")))[-1]
    await _run(bot, fake, fake.click(MODERATOR, ask, _button(ask, ":abandon")))
    assert await stored(bot) is None


async def test_a_closed_dm_falls_back_to_the_channel_without_blocking(
    bot: GameBot, fake: FakeDiscord
) -> None:
    fake.closed_dms.add(FRIEND.user_id)
    interaction = discord.Interaction(
        data=wire(fake.command(FRIEND, "exobase", "status")), state=bot._connection
    )
    reply = Reply("Cards are dealt.", private=[PrivateMessage(FRIEND.user_id, "Your hand: ...")])

    mark = len(fake.calls)
    await send_reply(interaction, reply, hint="`/exobase status`")
    calls = since(fake, mark)

    assert calls[0].payload is not None and calls[0].payload["type"] == 4
    assert calls[0].content == "Cards are dealt."
    assert [call.path for call in calls[1:3]] == ["/users/@me/channels", "/channels/{channel_id}/messages"]
    note = calls[-1]
    assert note.path == "/webhooks/{webhook_id}/{webhook_token}"
    assert f"<@{FRIEND.user_id}>" in note.content and "`/exobase status`" in note.content


async def test_an_open_dm_delivers_the_private_message(bot: GameBot, fake: FakeDiscord) -> None:
    interaction = discord.Interaction(
        data=wire(fake.command(FRIEND, "exobase", "status")), state=bot._connection
    )
    reply = Reply("Cards are dealt.", private=[PrivateMessage(FRIEND.user_id, "Your hand: ...")])
    mark = len(fake.calls)
    await send_reply(interaction, reply)
    calls = since(fake, mark)
    assert calls[-1].path == "/channels/{channel_id}/messages" and calls[-1].content == "Your hand: ..."


async def test_an_unexpected_error_gets_an_apology_and_a_logged_traceback(
    bot: GameBot, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    await _run(bot, fake, fake.command(HOST, "exobase", "start"))
    before = await stored(bot)

    async def broken(*args: Any, **kwargs: Any) -> Reply:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(bot.service, "act", broken)
    with caplog.at_level(logging.ERROR):
        calls = await _run(bot, fake, fake.command(HOST, "exobase", "end-placement"))
    apology = posted(calls)[-1]
    assert apology.flags & EPHEMERAL and "Sorry" in apology.content and "disk" not in apology.content
    tracebacks = [record.exc_info[1] for record in caplog.records if record.exc_info]
    assert any(isinstance(error, RuntimeError) and str(error) == "disk on fire" for error in tracebacks)
    after = await stored(bot)
    assert after is not None and before is not None and after.version == before.version


async def test_a_button_error_also_reaches_the_central_handler(
    bot: GameBot, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    board = posted(await _run(bot, fake, fake.command(HOST, "exobase", "start")))[-1]

    async def broken(*args: Any, **kwargs: Any) -> Reply:
        raise KeyError("lost")

    monkeypatch.setattr(bot.service, "act", broken)
    with caplog.at_level(logging.ERROR):
        calls = await _run(bot, fake, fake.click(HOST, board, _button(board, ":end_placement")))
    apology = posted(calls)[-1]
    assert apology.flags & EPHEMERAL and "Sorry" in apology.content
    assert any(record.exc_info is not None for record in caplog.records)


async def test_an_expired_interaction_token_posts_in_the_channel(bot: GameBot, fake: FakeDiscord) -> None:
    fake.expired_followups = True
    calls = await _run(bot, fake, fake.command(HOST, "exobase", "start"))
    board = posted(calls)[-1]
    assert board.url.endswith(f"/channels/{CHANNEL_ID}/messages")
    assert "Alice" in board.content and board.custom_ids


async def test_the_first_ready_freezes_the_start_up_heap_once(
    bot: GameBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    # The real gc.freeze would keep this whole test process out of collections; record the calls.
    monkeypatch.setattr(gc, "collect", lambda: calls.append("collect"))
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    await bot.on_ready()
    await bot.on_ready()  # a reconnect's ready: start-up is long over
    # Collected first, so the garbage of start-up is not kept for good; and only once.
    assert calls == ["collect", "freeze"]
