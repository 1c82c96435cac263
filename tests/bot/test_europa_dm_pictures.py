"""A Europa seat's DMs, images on, through real discord.py parsing: a DM after a move brings the hand
picture only when the hand (or a pick, or the Built pile) changed, since the seat's earlier DM still
shows it; "My hand" always shows it; and a DM Discord refused leaves the next one bringing it again."""

from __future__ import annotations

from typing import Any

from bot.app import GameBot
from engine.europa import RULES
from engine.europa.state import EuropaState
from tests.bot.conftest import MakeBot, begin, button, posted, run
from tests.bot.europa_play import stored_state, typed
from tests.bot.fake_discord import EPHEMERAL, Call, FakeDiscord, Person, dm_recipient
from tests.games import FRONTENDS

ANN, BOB, CY = Person(11, "Ann"), Person(12, "Bob"), Person(13, "Cy")
PEOPLE = (ANN, BOB, CY)
COMMAND = {spec.kind: spec.name for spec in FRONTENDS["europa"].commands}


def _seen(state: EuropaState, seat: int) -> Any:
    """What the seat's hand picture shows: its own part of its view (less the reroll hints, which
    its message words), its name and Cut Corners, the round, and whether the round is over."""
    view = RULES.view(state, seat)
    you = {k: v for k, v in view["you"].items() if k != "hints"}
    mine = view["players"][seat]
    return you, mine["name"], mine["tokens"], view["round"], view["rounds"], view["phase"] == "redraw"


async def _move(bot: GameBot, fake: FakeDiscord) -> tuple[int, EuropaState, EuropaState, list[Call]]:
    before = await stored_state(bot)
    seat = min(RULES.to_move(before))
    action = RULES.timeout_action(before, seat)
    assert action is not None
    calls = await run(bot, fake, fake.command(PEOPLE[seat], "europa", COMMAND[action.kind], **typed(action)))
    assert not [c for c in posted(calls) if c.flags & EPHEMERAL]
    return seat, before, await stored_state(bot), calls


def _dm_to(fake: FakeDiscord, calls: list[Call], person: Person) -> list[Call]:
    return [c for c in posted(calls) if dm_recipient(fake, c) == person.user_id]


async def test_a_dm_brings_the_hand_picture_only_when_the_hand_changed(
    make_bot: MakeBot, fake: FakeDiscord
) -> None:
    bot = await make_bot()
    calls = await begin(bot, fake, "europa", *PEOPLE)
    assert all(dm.files for person in PEOPLE for dm in _dm_to(fake, calls, person))
    bare = pictured = 0
    for _ in range(60):
        seat, before, after, calls = await _move(bot, fake)
        dms = _dm_to(fake, calls, PEOPLE[seat])
        if not dms:
            continue
        # The mover's DM always comes (its buttons for what is next); the picture only with news.
        changed = _seen(before, seat) != _seen(after, seat)
        assert bool(dms[-1].files) == changed, (seat, changed)
        bare += not changed
        pictured += changed
    assert bare >= 5 and pictured >= 1
    # "My hand" in the channel shows the picture whether or not it changed.
    board = [c for c in posted(calls) if dm_recipient(fake, c) is None and c.custom_ids][-1]
    mine = posted(await run(bot, fake, fake.click(ANN, board, button(board, ":mine"))))[-1]
    assert mine.flags & EPHEMERAL and [name for name, _data in mine.files] == ["hand.png"]


async def test_after_a_refused_dm_the_next_one_brings_the_picture_again(
    make_bot: MakeBot, fake: FakeDiscord
) -> None:
    bot = await make_bot()
    await begin(bot, fake, "europa", *PEOPLE)
    refused: tuple[int, Any] | None = None
    for _ in range(200):
        state = await stored_state(bot)
        seat = min(RULES.to_move(state))
        if refused is None:
            # The mover's DMs are closed for this one move.
            fake.closed_dms.add(PEOPLE[seat].user_id)
        _seat, before, after, calls = await _move(bot, fake)
        fake.closed_dms.clear()
        if refused is None:
            # A move that left the hand as it was: its DM would have come without the picture.
            refused = (seat, _seen(after, seat)) if _seen(before, seat) == _seen(after, seat) else None
            continue
        who, shown = refused
        dms = _dm_to(fake, calls, PEOPLE[who])
        if dms and _seen(after, who) == shown:
            # The first DM that gets through, its hand still unchanged, brings the picture that the
            # refused one never showed.
            assert dms[-1].files
            return
        if dms or _seen(after, who) != shown:
            refused = None
    raise AssertionError("no DM reached a refused seat again before its hand changed")
