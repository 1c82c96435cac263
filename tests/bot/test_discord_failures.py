"""When Discord refuses a message after a move was saved, the player hears the truth, and the board
comes back once Discord answers again; views of sent messages keep no tasks alive."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.app import GameBot
from bot.games.europa import FRONTEND as EUROPA
from bot.service import GameService
from engine.europa import RULES as EUROPA_RULES
from tests.bot.conftest import MakeBot, button, feed, posted, since, stored
from tests.bot.europa_play import typed
from tests.bot.fake_discord import CHANNEL_ID, EPHEMERAL, Call, FakeDiscord, Person, dm_recipient

HOST = Person(11, "Alice")
FRIEND = Person(12, "Bob")
STRANGER = Person(13, "Carl")
Refusal = Callable[[Any, Call], Exception | None]


def _http(kind: type[discord.HTTPException], status: int, code: int = 0) -> discord.HTTPException:
    return kind(SimpleNamespace(status=status, reason="refused"), {"code": code, "message": "refused"})


class FlakyDiscord(FakeDiscord):
    """The recording wire, with a rule that makes Discord refuse some requests."""

    def __init__(self) -> None:
        super().__init__()
        self.refuse: Refusal | None = None
        self.refused: list[Call] = []

    def _respond(self, route: Any, call: Call) -> Any:
        error = self.refuse(route, call) if self.refuse is not None else None
        if error is not None:
            self.refused.append(call)
            raise error
        return super()._respond(route, call)


def followups(error: discord.HTTPException) -> Refusal:
    """Refuse every followup message (what Discord does when rate limited or failing)."""
    return lambda route, call: (
        error if route.method == "POST" and route.path.startswith("/webhooks/") else None
    )


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FlakyDiscord:
    wire = FlakyDiscord()
    wire.install(monkeypatch)
    return wire


async def _run(bot: GameBot, fake: FakeDiscord, payload: dict[str, Any]) -> list[Call]:
    mark = len(fake.calls)
    await feed(bot, payload)
    return [call for call in since(fake, mark) if call not in getattr(fake, "refused", [])]


@pytest.mark.parametrize(
    "error", [_http(discord.HTTPException, 429), _http(discord.DiscordServerError, 503)], ids=["429", "503"]
)
async def test_a_saved_move_discord_refuses_is_reported_as_saved(
    bot: GameBot, fake: FlakyDiscord, error: discord.HTTPException
) -> None:
    await _run(bot, fake, fake.command(HOST, "exobase", "start"))
    before = await stored(bot)
    fake.refuse = followups(error)
    calls = posted(await _run(bot, fake, fake.command(HOST, "exobase", "end-placement")))
    after = await stored(bot)
    assert before is not None and after is not None and after.version == before.version + 1
    note = calls[-1]
    # The private answer could not go out either, so the player is named in the channel.
    assert note.url.endswith(f"/channels/{CHANNEL_ID}/messages")
    assert f"<@{HOST.user_id}>" in note.content and "was saved" in note.content
    assert "`/exobase status`" in note.content and "unchanged" not in note.content

    fake.refuse = None
    calls = posted(await _run(bot, fake, fake.command(HOST, "exobase", "status")))
    status, board = calls[0], calls[-1]
    assert status.flags & EPHEMERAL
    # Discord answers again: the board that was refused is posted in the channel.
    assert board.url.endswith(f"/channels/{CHANNEL_ID}/messages") and board.files and board.custom_ids
    assert all(cid.split(":")[2] == str(after.version) for cid in board.custom_ids if cid.count(":") >= 2)


async def test_the_next_move_posts_its_own_board_not_the_refused_one(
    bot: GameBot, fake: FlakyDiscord
) -> None:
    await _run(bot, fake, fake.command(HOST, "exobase", "start"))
    fake.refuse = followups(_http(discord.DiscordServerError, 502))
    await _run(bot, fake, fake.command(HOST, "exobase", "end-placement"))
    fake.refuse = None
    record = await stored(bot)
    assert record is not None
    calls = posted(await _run(bot, fake, fake.command(HOST, "exobase", "status")))
    assert len([call for call in calls if call.url.endswith("/messages")]) == 1
    calls = posted(await _run(bot, fake, fake.command(HOST, "exobase", "status")))
    assert [call for call in calls if call.url.endswith(f"/channels/{CHANNEL_ID}/messages")] == []


async def test_a_join_on_a_deleted_lobby_is_saved_and_posted_anew(bot: GameBot, fake: FlakyDiscord) -> None:
    lobby = posted(await _run(bot, fake, fake.command(HOST, "exobase", "start", team=True)))[-1]
    join = next(cid for cid in lobby.custom_ids if cid.endswith(":join"))

    def deleted(route: Any, call: Call) -> Exception | None:
        editing = route.path.endswith("/callback") and (call.payload or {}).get("type") == 7
        return _http(discord.NotFound, 404, 10008) if editing else None

    fake.refuse = deleted
    calls = posted(await _run(bot, fake, fake.click(FRIEND, lobby, join)))
    record = await stored(bot)
    assert record is not None and record.player_names == ["Alice", "Bob"]
    assert calls and "Bob joins" in calls[-1].content and not calls[-1].flags & EPHEMERAL
    assert all("unchanged" not in call.content and "Sorry" not in call.content for call in calls)


async def test_a_refusal_reaches_the_player_when_the_thinking_message_is_gone(
    bot: GameBot, fake: FlakyDiscord
) -> None:
    await _run(bot, fake, fake.command(HOST, "exobase", "start"))

    def gone(route: Any, call: Call) -> Exception | None:
        return _http(discord.NotFound, 404, 10008) if route.method == "DELETE" else None

    fake.refuse = gone
    calls = posted(await _run(bot, fake, fake.command(STRANGER, "exobase", "end-placement")))
    assert calls[-1].flags & EPHEMERAL and "not a player" in calls[-1].content


async def test_ephemeral_answers_keep_no_view_tasks(make_bot: MakeBot, fake: FlakyDiscord) -> None:
    bot = await make_bot()
    bot.service = GameService(bot.service.repo, render=False, seeds=lambda: 7)
    await _run(bot, fake, fake.command(HOST, "exobase", "start"))
    store = bot._connection._view_store
    await _run(bot, fake, fake.command(HOST, "exobase", "status"))
    tasks = len(asyncio.all_tasks())
    for _ in range(200):
        calls = posted(await _run(bot, fake, fake.command(HOST, "exobase", "status")))
        assert calls[-1].custom_ids and calls[-1].flags & EPHEMERAL
    assert len(asyncio.all_tasks()) == tasks
    assert store._synced_message_views == {} and store._views == {}


def _channel_images(fake: FlakyDiscord) -> dict[str, bytes]:
    """The newest copy of each image the channel shows (refused and private messages aside)."""
    shown: dict[str, bytes] = {}
    for call in posted(fake.calls):
        if call in fake.refused or call.flags & EPHEMERAL or not call.files:
            continue
        if call.url.endswith(f"/channels/{CHANNEL_ID}/messages") or "/webhooks/" in call.url:
            shown.update(call.files)
    return shown


async def test_after_a_refused_board_the_next_move_brings_every_image_up_to_date(
    bot: GameBot, fake: FlakyDiscord
) -> None:
    await _run(bot, fake, fake.command(HOST, "exobase", "start"))
    await _run(bot, fake, fake.command(HOST, "exobase", "instant", founder="mara", ability="founder:0"))
    fake.refuse = followups(_http(discord.DiscordServerError, 503))
    # Working the quarry's task changes the rows too; that board never reaches the channel.
    await _run(
        bot, fake, fake.command(HOST, "exobase", "task", founder="mara", card="quarry", resource="minerals")
    )
    fake.refuse = None
    # The next answer is a move that leaves the rows as they are, not a status: it must still bring
    # the rows the channel never got.
    board = posted(
        await _run(bot, fake, fake.command(HOST, "exobase", "instant", founder="tamsin", ability="founder:0"))
    )[-1]
    assert not board.flags & EPHEMERAL and "rows.png" in dict(board.files)
    record = await stored(bot)
    assert record is not None and record.version == 3
    status = posted(await _run(bot, fake, fake.command(HOST, "exobase", "status")))[-1]
    standing = {name: data for name, data in status.files if name != "dice.png"}
    shown = _channel_images(fake)
    assert {name: shown.get(name) for name in standing} == standing


async def _europa(bot: GameBot, fake: FlakyDiscord, steps: int) -> tuple[list[Call], int]:
    """Alice and Bob play ``steps`` moves of Europa by slash command; every call, and how many times
    the game newly waited on Bob."""
    commands = {spec.kind: spec.name for spec in EUROPA.commands}
    rules = bot.service._rules("europa")
    calls: list[Call] = []
    lobby = posted(await _run(bot, fake, fake.command(HOST, "europa", "start")))[-1]
    lobby = posted(await _run(bot, fake, fake.click(FRIEND, lobby, button(lobby, ":join"))))[-1]
    calls += await _run(bot, fake, fake.click(HOST, lobby, button(lobby, ":begin")))
    record = await stored(bot)
    assert record is not None and record.snapshot is not None
    state = rules.from_json(record.snapshot)
    turns = int(1 in rules.to_move(state))
    for _ in range(steps):
        if rules.outcome(state) is not None:
            break
        seat = min(rules.to_move(state))
        action = rules.timeout_action(state, seat)
        assert action is not None
        person = (HOST, FRIEND)[seat]
        calls += await _run(bot, fake, fake.command(person, "europa", commands[action.kind], **typed(action)))
        record = await stored(bot)
        assert record is not None and record.snapshot is not None
        after = rules.from_json(record.snapshot)
        turns += int(1 in rules.to_move(after) and 1 not in rules.to_move(state))
        state = after
    return calls, turns


async def test_dm_views_keep_no_store_entries_or_tasks(make_bot: MakeBot, fake: FlakyDiscord) -> None:
    bot = await make_bot()
    bot.service = GameService(bot.service.repo, render=False, seeds=lambda: 7)
    tasks = len(asyncio.all_tasks())
    calls, _ = await _europa(bot, fake, 40)
    dms = [call for call in posted(calls) if dm_recipient(fake, call) is not None and call.custom_ids]
    assert len(dms) > 20
    store = bot._connection._view_store
    assert store._synced_message_views == {} and store._views == {}
    assert len(asyncio.all_tasks()) <= tasks


async def test_closed_dms_are_noted_when_the_turn_comes_not_after_every_move(
    make_bot: MakeBot, fake: FlakyDiscord
) -> None:
    bot = await make_bot()
    bot.service = GameService(bot.service.repo, render=False, seeds=lambda: 7)
    fake.closed_dms.add(FRIEND.user_id)
    calls, turns = await _europa(bot, fake, 120)
    notes = [
        call
        for call in posted(calls)
        if "cannot send you direct messages" in call.content and dm_recipient(fake, call) is None
    ]
    refused = [call for call in calls if dm_recipient(fake, call) == FRIEND.user_id]
    assert notes and all(f"<@{FRIEND.user_id}>" in note.content for note in notes)
    # One note when the game begins waiting on Bob, none for the moves in between.
    assert turns > 3 and len(notes) <= turns + 1
    assert len(notes) < len(refused) // 2


async def test_a_private_refusal_never_falls_back_to_the_channel(bot: GameBot, fake: FlakyDiscord) -> None:
    lobby = posted(await _run(bot, fake, fake.command(HOST, "europa", "start")))[-1]
    lobby = posted(await _run(bot, fake, fake.click(FRIEND, lobby, button(lobby, ":join"))))[-1]
    await _run(bot, fake, fake.click(HOST, lobby, button(lobby, ":begin")))
    record = await stored(bot)
    assert record is not None and record.snapshot is not None
    card = record.snapshot["hands"][0][0]
    name = EUROPA_RULES.content.cards[card].name
    # Alice plans with a card of her hand while bases are being chosen, and Discord refuses the
    # private answer. A refusal may name the cards of the move, so its reason goes by DM and the
    # channel only hears that one was sent.
    fake.refuse = followups(_http(discord.DiscordServerError, 503))
    calls = posted(await _run(bot, fake, fake.command(HOST, "europa", "plan", card=card)))
    dms = [call for call in calls if dm_recipient(fake, call) == HOST.user_id]
    channel = [call for call in calls if dm_recipient(fake, call) is None and not call.flags & EPHEMERAL]
    assert ["belongs to Future Planning" in dm.content for dm in dms] == [True]
    [note] = channel
    assert f"<@{HOST.user_id}>" in note.content and "by DM" in note.content
    assert "Future Planning" not in note.content
    assert name not in note.content and card not in note.content
