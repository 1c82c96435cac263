"""Solo play through real discord.py parsing: start, act, autocomplete, illegal moves, stale buttons."""

from __future__ import annotations

from typing import Any

from bot import rendering
from bot.app import GameBot
from engine.core import Action
from render.exobase import RENDERER as EXOBASE
from tests.bot.conftest import feed, posted, since, stored
from tests.bot.fake_discord import EPHEMERAL, Call, FakeDiscord, Person
from tests.games import GAMES

ALICE = Person(11, "Alice")
RULES = GAMES["exobase"]


async def _run(bot: GameBot, fake: FakeDiscord, payload: dict[str, Any]) -> list[Call]:
    mark = len(fake.calls)
    await feed(bot, payload)
    return since(fake, mark)


async def _legal(bot: GameBot) -> list[Action]:
    record = await stored(bot)
    assert record is not None and record.snapshot is not None
    return RULES.legal_actions(RULES.from_json(record.snapshot), 0)


async def test_start_defers_then_posts_the_rendered_base(bot: GameBot, fake: FakeDiscord) -> None:
    calls = await _run(bot, fake, fake.command(ALICE, "exobase", "start"))
    assert calls[0].path.endswith("/callback") and calls[0].payload == {"type": 5}
    board = posted(calls)[-1]
    assert "Alice" in board.content and board.flags & EPHEMERAL == 0
    assert board.files and all(data.startswith(b"\x89PNG") for _, data in board.files)
    shown = [embed["image"]["url"] for embed in board.message["embeds"]]
    assert shown == [f"attachment://{name}" for name, _ in board.files]
    assert board.custom_ids and all(cid.startswith("xa:1:0:") for cid in board.custom_ids)
    record = await stored(bot)
    assert record is not None and record.status == "active" and record.version == 0


async def test_an_illegal_action_is_refused_privately_and_changes_nothing(
    bot: GameBot, fake: FakeDiscord
) -> None:
    await _run(bot, fake, fake.command(ALICE, "exobase", "start"))
    before = await stored(bot)
    founder = str(next(a for a in await _legal(bot) if a.kind == "work").arg("founder"))
    calls = await _run(
        bot, fake, fake.command(ALICE, "exobase", "work", founder=founder, card="nowhere", space=9)
    )
    reply = posted(calls)[-1]
    assert reply.flags & EPHEMERAL
    assert reply.content and not reply.files and not reply.custom_ids
    # The public "thinking" placeholder is removed so the refusal stays private.
    assert any(call.method == "DELETE" for call in calls)
    after = await stored(bot)
    assert after is not None and before is not None
    assert (after.version, after.snapshot) == (before.version, before.snapshot)


async def test_a_legal_command_is_applied_and_posted(bot: GameBot, fake: FakeDiscord) -> None:
    await _run(bot, fake, fake.command(ALICE, "exobase", "start"))
    work = next(a for a in await _legal(bot) if a.kind == "work" and a.get("resource") is None)
    calls = await _run(bot, fake, fake.command(ALICE, "exobase", "work", **work.params))
    reply = posted(calls)[-1]
    assert reply.flags & EPHEMERAL == 0 and reply.custom_ids
    # A placement changes the base and the panel; the rows are posted again only when they change.
    names = {name for name, _ in reply.files}
    assert {"base.png", "panel.png"} <= names and "rows.png" not in names
    record = await stored(bot)
    assert record is not None and record.version == 1


async def test_autocomplete_offers_only_legal_choices(bot: GameBot, fake: FakeDiscord) -> None:
    await _run(bot, fake, fake.command(ALICE, "exobase", "start"))
    legal = [a for a in await _legal(bot) if a.kind == "work"]

    calls = await _run(bot, fake, fake.autocomplete(ALICE, "exobase", "work", "founder", founder=""))
    assert calls[-1].payload is not None and calls[-1].payload["type"] == 8
    offered = {choice["value"] for choice in calls[-1].message["choices"]}
    assert offered == {a.get("founder") for a in legal}

    founder = str(legal[0].arg("founder"))
    calls = await _run(
        bot, fake, fake.autocomplete(ALICE, "exobase", "work", "card", founder=founder, card="")
    )
    offered = {choice["value"] for choice in calls[-1].message["choices"]}
    assert offered == {a.get("card") for a in legal if a.get("founder") == founder}


async def test_autocomplete_offers_nothing_to_someone_outside_the_game(
    bot: GameBot, fake: FakeDiscord
) -> None:
    await _run(bot, fake, fake.command(ALICE, "exobase", "start"))
    stranger = Person(12, "Bob")
    calls = await _run(bot, fake, fake.autocomplete(stranger, "exobase", "work", "founder", founder=""))
    assert calls[-1].payload == {"type": 8, "data": {"choices": []}}


async def test_buttons_apply_actions_and_stale_ones_are_refused_privately(
    bot: GameBot, fake: FakeDiscord
) -> None:
    board = posted(await _run(bot, fake, fake.command(ALICE, "exobase", "start")))[-1]
    end = next(cid for cid in board.custom_ids if cid.endswith(":end_placement"))

    calls = await _run(bot, fake, fake.click(ALICE, board, end))
    assert calls[0].payload == {"type": 6}
    # The clicked message loses its buttons, and the next board is posted with fresh ones.
    assert any(call.method == "PATCH" and call.message.get("components") == [] for call in calls)
    fresh = posted(calls)[-1]
    assert fresh.custom_ids and all(
        cid.startswith("xa:1:1:") or cid.startswith("xc:1:1:") for cid in fresh.custom_ids
    )
    record = await stored(bot)
    assert record is not None and record.version == 1

    calls = await _run(bot, fake, fake.click(ALICE, board, end))
    refusal = posted(calls)[-1]
    assert refusal.flags & EPHEMERAL and "moved on" in refusal.content
    record = await stored(bot)
    assert record is not None and record.version == 1


async def test_rules_and_help_answer_privately(bot: GameBot, fake: FakeDiscord) -> None:
    rules = posted(await _run(bot, fake, fake.command(ALICE, "exobase", "rules")))[-1]
    assert rules.payload is not None and rules.payload["type"] == 4
    assert rules.flags & EPHEMERAL and "ExoBase" in rules.content
    mark = len(fake.calls)
    await feed(bot, fake.raw_command(ALICE, "help"))
    help_reply = posted(since(fake, mark))[-1]
    assert help_reply.flags & EPHEMERAL and "/exobase start" in help_reply.content


async def test_status_without_a_game_says_so_privately(bot: GameBot, fake: FakeDiscord) -> None:
    calls = await _run(bot, fake, fake.command(ALICE, "exobase", "status"))
    # Status is always private, so even the "thinking" placeholder is.
    assert calls[0].payload == {"type": 5, "data": {"flags": EPHEMERAL}}
    reply = posted(calls)[-1]
    assert reply.flags & EPHEMERAL and "no game" in reply.content.lower()


async def test_an_unreadable_button_still_gets_a_private_answer(bot: GameBot, fake: FakeDiscord) -> None:
    board = posted(await _run(bot, fake, fake.command(ALICE, "exobase", "start")))[-1]
    garbled = "xa:1:0:work|space#not-a-number"
    components = board.message["components"]
    components[0]["components"][0]["custom_id"] = garbled
    refusal = posted(await _run(bot, fake, fake.click(ALICE, board, garbled)))[-1]
    assert refusal.flags & EPHEMERAL and "button" in refusal.content


async def test_the_undo_button_takes_back_a_placement(bot: GameBot, fake: FakeDiscord) -> None:
    await _run(bot, fake, fake.command(ALICE, "exobase", "start"))
    before = await stored(bot)
    work = next(a for a in await _legal(bot) if a.kind == "work" and a.get("resource") is None)
    board = posted(await _run(bot, fake, fake.command(ALICE, "exobase", "work", **work.params)))[-1]
    undo = next(cid for cid in board.custom_ids if cid.endswith(":undo"))
    reply = posted(await _run(bot, fake, fake.click(ALICE, board, undo)))[-1]
    assert reply.flags & EPHEMERAL == 0 and "takes back" in reply.content
    after = await stored(bot)
    assert after is not None and before is not None and after.snapshot == before.snapshot


def _files(call: Call) -> dict[str, bytes]:
    return dict(call.files)


async def test_the_channel_gets_only_the_images_that_changed(bot: GameBot, fake: FakeDiscord) -> None:
    """Every public board brings the standing images whose picture changed and leaves out the rest;
    a status, shown to one person, always brings them all."""
    start = posted(await _run(bot, fake, fake.command(ALICE, "exobase", "start")))[-1]
    shown = _files(start)
    standing = set(shown)
    assert {"base.png", "panel.png", "rows.png"} <= standing
    left_out = 0
    for _ in range(4):
        # The end of a placement phase starts a new phase, which used to re-post every image.
        action = next(a for a in await _legal(bot) if a.kind in ("end_placement", "work"))
        board = posted(
            await _run(
                bot, fake, fake.command(ALICE, "exobase", action.kind.replace("_", "-"), **action.params)
            )
        )[-1]
        assert not board.flags & EPHEMERAL
        status = posted(await _run(bot, fake, fake.command(ALICE, "exobase", "status")))[-1]
        everything = _files(status)
        assert standing <= set(everything)
        for name, data in _files(board).items():
            if name in standing:
                # Posted: it changed, and it is the picture of the game as it now stands.
                assert data != shown[name] and data == everything[name]
                shown[name] = data
        for name in standing - set(_files(board)):
            # Left out: the channel's copy is still the right picture.
            assert everything[name] == shown[name]
            left_out += 1
    assert left_out > 0


async def test_with_image_workers_a_game_posts_its_pictures(bot: GameBot, fake: FakeDiscord) -> None:
    """RENDER_PROCESSES=2: the pictures of a start and of a move are drawn in worker processes."""
    rendering.configure(0, 8, 2)
    workers = rendering._workers
    assert workers is not None
    real = workers.draw
    batches: list[int] = []

    async def counted(drawings: Any) -> Any:
        drawn = await real(drawings)
        batches.append(-1 if drawn is None else len(drawn))
        return drawn

    workers.draw = counted  # type: ignore[method-assign]
    try:
        start = posted(await _run(bot, fake, fake.command(ALICE, "exobase", "start")))[-1]
        assert start.files and all(data.startswith(b"\x89PNG") for _, data in start.files)
        work = next(a for a in await _legal(bot) if a.kind == "work")
        reply = posted(await _run(bot, fake, fake.command(ALICE, "exobase", "work", **work.params)))[-1]
        assert reply.files and "Alice" in reply.content
        # Every batch was drawn by the workers, none handed back to threads.
        assert batches and all(count > 0 for count in batches)
    finally:
        rendering.configure(rendering.DEFAULT_CACHE_SIZE)


async def test_a_move_and_its_undo_post_the_pictures_drawn_while_they_were_saved(
    bot: GameBot, fake: FakeDiscord
) -> None:
    """With no image cache, each posted picture of a move and of its undo was drawn once, ahead of
    the message (while the move was being saved), and is the picture of the saved state."""
    rendering.configure(0)
    real = rendering._draw_missing
    drawn: list[str] = []

    async def counted(missing: Any) -> list[Any]:
        drawn.extend(p.name for p in missing)
        order.append("drawing")
        return await real(missing)

    repo = bot.service.repo
    saves = {name: getattr(repo, name) for name in ("record_action", "remove_action")}
    order: list[str] = []

    def noted(save: Any) -> Any:
        async def saved(*args: Any, **kwargs: Any) -> Any:
            done = await save(*args, **kwargs)
            order.append("saved")
            return done

        return saved

    for name, save in saves.items():
        setattr(repo, name, noted(save))
    rendering._draw_missing = counted
    try:
        await _run(bot, fake, fake.command(ALICE, "exobase", "start"))
        for command in ("work", "undo"):
            drawn.clear()
            order.clear()
            if command == "work":
                work = next(a for a in await _legal(bot) if a.kind == "work")
                payload = fake.command(ALICE, "exobase", "work", **work.params)
            else:
                payload = fake.command(ALICE, "exobase", "undo")
            reply = posted(await _run(bot, fake, payload))[-1]
            assert reply.files and not rendering._predrawn
            # The drawing started before the move was saved, and nothing was drawn after.
            assert order == ["drawing", "saved"]
            assert sorted(drawn) == sorted(name.removesuffix(".png") for name, _ in reply.files)
            record = await stored(bot)
            assert record is not None and record.snapshot is not None
            view = RULES.view(RULES.from_json(record.snapshot), None)
            fresh = {i.filename: i.data for i in EXOBASE.render(view, [])}
            assert all(fresh[name] == data for name, data in reply.files if name in fresh)
    finally:
        rendering._draw_missing = real
        for name, save in saves.items():
            setattr(repo, name, save)
        rendering.configure(rendering.DEFAULT_CACHE_SIZE)
