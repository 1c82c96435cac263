"""Hidden hands and a secret simultaneous pick, through real discord.py parsing.

The test game (tests/service/duel.py) deals each player numbered cards; everyone picks one face
down at the same time. Nothing a seat holds may reach a channel message, a button label or a
log line before the reveal; each seat gets its own view by DM (or, with DMs closed, through the
"My hand" button); a pick made from a DM is announced in the game's channel; one player's pick
leaves the others' buttons alive.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot
from bot.games import Game, shipped_games
from tests.bot.conftest import begin, button, labels, posted, quiet_bot, run, stored
from tests.bot.fake_discord import (
    CHANNEL_ID,
    EPHEMERAL,
    Call,
    FakeDiscord,
    Person,
    dm_click,
    dm_recipient,
)
from tests.service.duel import CARDS, DUEL, DUEL_FRONTEND

ALICE = Person(11, "Alice")
BOB = Person(12, "Bob")
CARL = Person(13, "Carl")


@pytest.fixture
async def dbot(tmp_path: Path, fake: FakeDiscord) -> Any:
    async with quiet_bot(tmp_path, 5, {**shipped_games(), "duel": Game(DUEL, DUEL_FRONTEND)}) as bot:
        yield bot


def _public(fake: FakeDiscord, calls: list[Call]) -> list[Call]:
    """Messages everyone in the channel can see: not ephemeral, not a DM."""
    return [c for c in posted(calls) if not c.flags & EPHEMERAL and dm_recipient(fake, c) is None]


def _dms(fake: FakeDiscord, calls: list[Call], person: Person) -> list[Call]:
    return [c for c in posted(calls) if dm_recipient(fake, c) == person.user_id]


def _card_names(state: Any, seats: list[int]) -> set[str]:
    names = {CARDS[c] for seat in seats for c in state.hands[seat]}
    names |= {CARDS[p] for p in state.picks if p is not None}
    return names


def _leaks(calls: list[Call], secrets: set[str]) -> list[str]:
    found = []
    for call in calls:
        text = json.dumps(call.payload)
        found += [name for name in secrets if name in text]
    return found


async def _state(bot: GameBot) -> Any:
    record = await stored(bot)
    assert record is not None and record.snapshot is not None
    return DUEL.from_json(record.snapshot)


async def test_hands_go_by_dm_the_channel_sees_no_card_and_a_closed_dm_falls_back(
    dbot: GameBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    fake.closed_dms.add(BOB.user_id)
    calls = await begin(dbot, fake, "duel", ALICE, BOB)
    state = await _state(dbot)
    secrets = _card_names(state, [0, 1])

    public = _public(fake, calls)
    board = public[0]
    assert _leaks(public, secrets) == []
    assert "My hand" in labels(board) and not any(label.startswith("Pick") for label in labels(board))
    assert sorted(int(u) for u in board.message["allowed_mentions"]["users"]) == [11, 12]
    # Alice's hand arrives by DM with her own buttons; Bob's DMs are closed: the channel says where to look.
    alice_dm = _dms(fake, calls, ALICE)[-1]
    assert all(CARDS[c] in alice_dm.content for c in state.hands[0])
    assert not any(CARDS[c] in alice_dm.content for c in state.hands[1])
    assert {f"Pick {CARDS[c]}" for c in state.hands[0]} <= set(labels(alice_dm))
    assert any("<@12>" in c.content and "My hand" in c.content for c in public)

    # Bob presses "My hand": his hand and his buttons, only to him.
    mine = posted(await run(dbot, fake, fake.click(BOB, board, labels(board)["My hand"])))[-1]
    assert mine.flags & EPHEMERAL and all(CARDS[c] in mine.content for c in state.hands[1])
    bob_pick = next(cid for label, cid in labels(mine).items() if label.startswith("Pick"))

    # Alice picks from her DM: the channel is told she picked, not what.
    pick = next(cid for label, cid in labels(alice_dm).items() if label.startswith("Pick"))
    calls = await run(dbot, fake, dm_click(fake, ALICE, alice_dm, pick))
    public = _public(fake, calls)
    assert any("Alice picks a card face down" in c.content for c in public)
    assert _leaks(public, _card_names(await _state(dbot), [0, 1])) == []
    assert not any(c.message.get("allowed_mentions", {}).get("users") for c in public)  # no new pings

    # Bob's button from before Alice's pick still stands: the reveal follows.
    calls = await run(dbot, fake, fake.click(BOB, mine, bob_pick))
    after = await _state(dbot)
    assert after.round == 2 and any("Revealed:" in c.content for c in _public(fake, calls))
    assert _leaks(_public(fake, calls), _card_names(after, [0, 1])) == []
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert _leaks([Call("LOG", "", "", {"text": logged})], _card_names(after, [0, 1])) == []


async def test_a_refusal_names_no_card_and_a_double_click_applies_once(
    dbot: GameBot, fake: FakeDiscord
) -> None:
    calls = await begin(dbot, fake, "duel", ALICE, BOB)
    alice_dm = _dms(fake, calls, ALICE)[-1]
    pick = next(cid for label, cid in labels(alice_dm).items() if label.startswith("Pick"))
    await run(dbot, fake, dm_click(fake, ALICE, alice_dm, pick))
    again = posted(await run(dbot, fake, dm_click(fake, ALICE, alice_dm, pick)))[-1]
    assert again.flags & EPHEMERAL and "moved on" in again.content
    refusal = posted(await run(dbot, fake, fake.command(ALICE, "duel", "pick", card="k1")))[-1]
    assert refusal.flags & EPHEMERAL and "Bob" in refusal.content
    state = await _state(dbot)
    assert _leaks([refusal, again], _card_names(state, [1])) == []
    assert sum(p is not None for p in state.picks) == 1


async def test_undo_a_secret_pick_while_others_picked_after(dbot: GameBot, fake: FakeDiscord) -> None:
    await begin(dbot, fake, "duel", ALICE, BOB, CARL)
    state = await _state(dbot)
    alice_card, bob_card = state.hands[0][0], state.hands[1][0]
    await run(dbot, fake, fake.command(ALICE, "duel", "pick", card=alice_card))
    await run(dbot, fake, fake.command(BOB, "duel", "pick", card=bob_card))
    calls = await run(dbot, fake, fake.command(ALICE, "duel", "undo"))
    reply = _public(fake, calls)[0]
    assert "takes back" in reply.content and _dms(fake, calls, ALICE)
    assert CARDS[alice_card] not in reply.content
    state = await _state(dbot)
    assert state.picks == (None, bob_card, None) and alice_card in state.hands[0]
    record = await stored(dbot)
    assert record is not None
    log = await dbot.service.repo.actions(record.id)
    assert [row.seat for row in log] == [1]
    assert record.channel_id == CHANNEL_ID


async def test_after_an_earlier_pick_is_taken_back_the_later_one_can_be_too(
    dbot: GameBot, fake: FakeDiscord
) -> None:
    await begin(dbot, fake, "duel", ALICE, BOB, CARL)
    state = await _state(dbot)
    alice_card, bob_card = state.hands[0][0], state.hands[1][0]
    await run(dbot, fake, fake.command(ALICE, "duel", "pick", card=alice_card))
    await run(dbot, fake, fake.command(BOB, "duel", "pick", card=bob_card))
    await run(dbot, fake, fake.command(ALICE, "duel", "undo"))
    calls = await run(dbot, fake, fake.command(BOB, "duel", "undo"))
    assert "takes back" in _public(fake, calls)[0].content
    state = await _state(dbot)
    # Bob's row was kept when Alice's pick went, so its stored before-state must no longer hold hers.
    assert state.picks == (None, None, None) and alice_card in state.hands[0]
    record = await stored(dbot)
    assert record is not None and await dbot.service.repo.actions(record.id) == []


async def test_the_hand_command_shows_a_seat_its_own_cards_only(dbot: GameBot, fake: FakeDiscord) -> None:
    await begin(dbot, fake, "duel", ALICE, BOB)
    state = await _state(dbot)
    reply = posted(await run(dbot, fake, fake.command(BOB, "duel", "hand")))[-1]
    assert reply.flags & EPHEMERAL and all(CARDS[c] in reply.content for c in state.hands[1])
    assert _leaks([reply], {CARDS[c] for c in state.hands[0]}) == []
    stranger = posted(await run(dbot, fake, fake.command(CARL, "duel", "hand")))[-1]
    assert stranger.flags & EPHEMERAL and "not a player" in stranger.content


async def test_an_abandon_button_from_before_a_move_is_refused_privately(
    dbot: GameBot, fake: FakeDiscord
) -> None:
    await begin(dbot, fake, "duel", ALICE, BOB)
    ask = posted(await run(dbot, fake, fake.command(ALICE, "duel", "abandon")))[-1]
    confirm = button(ask, ":abandon")
    state = await _state(dbot)
    await run(dbot, fake, fake.command(BOB, "duel", "pick", card=state.hands[1][0]))
    stale = posted(await run(dbot, fake, fake.click(ALICE, ask, confirm)))[-1]
    assert stale.flags & EPHEMERAL and "moved on" in stale.content
    record = await stored(dbot)
    assert record is not None and record.status == "active"
    # Asked again on the current table, the host may end it.
    ask = posted(await run(dbot, fake, fake.command(ALICE, "duel", "abandon")))[-1]
    done = posted(await run(dbot, fake, fake.click(ALICE, ask, button(ask, ":abandon"))))[-1]
    assert "abandoned" in done.content and await stored(dbot) is None
