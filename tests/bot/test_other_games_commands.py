"""A command typed for one game never acts on another game in the channel: several games share move
names (roll, away, keep, give, take, build...), so ``/spacebase roll`` in a Europa channel would
otherwise make that player's Europa roll. Each is refused privately and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import GameBot
from engine.core import Action
from engine.europa import RULES as EUROPA
from tests.bot.conftest import begin, posted, run, stored
from tests.bot.fake_discord import EPHEMERAL, FakeDiscord, Person

ANN, BOB = Person(11, "Ann"), Person(12, "Bob")


async def _europa_build_step(bot: GameBot, fake: FakeDiscord) -> None:
    """A two-player Europa game whose build step waits for both players' main rolls."""
    await begin(bot, fake, "europa", ANN, BOB)
    people = {0: ANN, 1: BOB}
    record = await stored(bot)
    assert record is not None and record.snapshot is not None
    state: Any = EUROPA.from_json(record.snapshot)
    for seat, person in people.items():
        card = state.hands[seat][0]
        await run(bot, fake, fake.command(person, "europa", "choose", card=card))
    while True:
        record = await stored(bot)
        assert record is not None and record.snapshot is not None
        state = EUROPA.from_json(record.snapshot)
        if state.phase != "undermine":
            break
        await run(bot, fake, fake.command(people[state.turn], "europa", "pass"))
    assert state.phase == "build" and Action.of("roll") in EUROPA.legal_actions(state, 0)


async def _refused(bot: GameBot, fake: FakeDiscord, person: Person, group: str, sub: str) -> str:
    before = await stored(bot)
    reply = posted(await run(bot, fake, fake.command(person, group, sub)))[-1]
    after = await stored(bot)
    assert reply.flags & EPHEMERAL, reply.content
    assert before is not None and after is not None
    assert (after.version, after.snapshot, after.options) == (before.version, before.snapshot, before.options)
    return reply.content


async def test_a_space_base_roll_in_a_europa_channel_rolls_nothing(bot: GameBot, fake: FakeDiscord) -> None:
    await _europa_build_step(bot, fake)
    text = await _refused(bot, fake, ANN, "spacebase", "roll")
    assert text == (
        "There is no Space Base game in this channel: its game is Europa Base Alpha, "
        "played with the /europa commands."
    )
    # The game's own command still rolls.
    before = await stored(bot)
    calls = posted(await run(bot, fake, fake.command(ANN, "europa", "roll")))
    after = await stored(bot)
    assert before is not None and after is not None and after.version == before.version + 1
    assert any("Ann rolls" in c.content and not c.flags & EPHEMERAL for c in calls)


@pytest.mark.parametrize("sub", ["away", "undo", "status", "hand", "abandon"])
async def test_a_europa_command_leaves_a_space_base_game_alone(
    bot: GameBot, fake: FakeDiscord, sub: str
) -> None:
    await begin(bot, fake, "spacebase", ANN, BOB)
    text = await _refused(bot, fake, BOB, "europa", sub)
    assert text.startswith("There is no Europa Base Alpha game in this channel: its game is Space Base")


async def test_a_colony_command_in_an_exobase_channel_is_refused(bot: GameBot, fake: FakeDiscord) -> None:
    await run(bot, fake, fake.command(ANN, "exobase", "start"))
    text = await _refused(bot, fake, ANN, "colony", "status")
    assert text.endswith("its game is ExoBase, played with the /exobase commands.")
