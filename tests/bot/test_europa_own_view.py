"""A Europa seat's own helpers, through real discord.py parsing: the "My hand" click answers with a
private "thinking" first (its images may take a while to draw), and the die autocomplete of a
subcommand names the seat's own dice by colour and face."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot
from bot.replies import Actor, Where
from engine.core import Action
from engine.europa import RULES
from tests.bot.conftest import begin, button, posted, quiet_bot, run
from tests.bot.europa_play import stored_state
from tests.bot.fake_discord import CHANNEL_ID, EPHEMERAL, GUILD_ID, FakeDiscord, Person

ANN, BOB = Person(11, "Ann"), Person(12, "Bob")
HERE = Where(GUILD_ID, CHANNEL_ID)


@pytest.fixture
async def ebot(tmp_path: Path, fake: FakeDiscord) -> Any:
    async with quiet_bot(tmp_path, 21) as bot:
        yield bot


async def test_my_hand_defers_privately_before_answering(ebot: GameBot, fake: FakeDiscord) -> None:
    calls = await begin(ebot, fake, "europa", ANN, BOB)
    board = next(c for c in posted(calls) if any(cid.endswith(":mine") for cid in c.custom_ids))
    calls = await run(ebot, fake, fake.click(ANN, board, button(board, ":mine")))
    first = calls[0]
    assert first.path.endswith("/callback")
    assert (first.payload or {}).get("type") == 5 and first.flags & EPHEMERAL  # private "thinking"
    hand = posted(calls)[-1]
    assert hand.path.startswith("/webhooks/") and "Your hand" in hand.content


async def test_the_die_autocomplete_names_the_seats_own_dice(ebot: GameBot, fake: FakeDiscord) -> None:
    await begin(ebot, fake, "europa", ANN, BOB)
    people = {0: ANN, 1: BOB}
    state = await stored_state(ebot)
    for seat, person in people.items():
        card = state.hands[seat][0]
        await ebot.service.act(HERE, Actor(person.user_id, person.name), Action.of("choose", card=card))
    while (state := await stored_state(ebot)).phase == "undermine":
        person = people[state.turn]
        await ebot.service.act(HERE, Actor(person.user_id, person.name), Action.of("pass"))
    await ebot.service.act(HERE, Actor(ANN.user_id, ANN.name), Action.of("roll"))
    state = await stored_state(ebot)
    dice = (RULES.view(state, 0)["players"][0]["attempt"] or {})["dice"]
    # Dice are counted from 1 for players: the name and the value sent agree.
    expected = {(f"{d['colour']} die {d['die'] + 1} ({'/'.join(d['face'])})", d["die"] + 1) for d in dice}
    calls = await run(ebot, fake, fake.autocomplete(ANN, "europa", "keep", "die", die=""))
    choices = calls[-1].message["choices"]
    assert choices and {(c["name"], c["value"]) for c in choices} <= expected
    assert all(not c["name"].startswith("die ") for c in choices)
