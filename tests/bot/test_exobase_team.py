"""ExoBase played as a team through real discord.py parsing: a question any seat may answer is
answered once (an old button never answers the next one), and the summary names who is awaited."""

from __future__ import annotations

from typing import Any

from bot.app import GameBot
from bot.games.exobase import FRONTEND, summary
from bot.service import GameService
from bot.ui.custom_ids import decode
from engine.core import Action
from engine.exobase import RULES
from tests.bot.conftest import button, posted, run, stored
from tests.bot.fake_discord import EPHEMERAL, Call, FakeDiscord, Person

ALICE, BOB = Person(11, "Alice"), Person(12, "Bob")


async def team(bot: GameBot, fake: FakeDiscord, *people: Person, **opts: Any) -> Call:
    """A team lobby opened by the first person, joined by the others, begun; returns the first board."""
    host, *others = people
    lobby = posted(await run(bot, fake, fake.command(host, "exobase", "start", team=True, **opts)))[-1]
    for person in others:
        lobby = posted(await run(bot, fake, fake.click(person, lobby, button(lobby, ":join"))))[-1]
    return posted(await run(bot, fake, fake.click(host, lobby, button(lobby, ":begin"))))[-1]


FLIP_SEED = 1
# Seat and move, typed, from the start of a two-seat game (seed 1) to a refill with two gaps.
FLIP_LOG = [
    (0, Action.of("build", at="-1,0", card="algae_vats", founder="halvard")),
    (0, Action.of("build", at="0,-1", card="well", founder="vesna")),
    (0, Action.of("task", card="quarry", founder="mara", resource="metal")),
    (0, Action.of("upgrade", card="well", founder="tamsin")),
    (0, Action.of("end_placement")),
    (1, Action.of("end_placement")),
    (0, Action.of("roll_hazard")),
    (0, Action.of("rest", founder="vesna")),
    (0, Action.of("next_day")),
    (1, Action.of("next_day")),
]
COMMAND = {spec.kind: spec.name for spec in FRONTEND.commands}


async def test_an_old_flip_button_does_not_answer_the_next_flip(bot: GameBot, fake: FakeDiscord) -> None:
    bot.service = GameService(bot.service.repo, render=False, seeds=lambda: FLIP_SEED)
    board = await team(bot, fake, ALICE, BOB)
    people = [ALICE, BOB]
    for seat, action in FLIP_LOG:
        board = posted(
            await run(bot, fake, fake.command(people[seat], "exobase", COMMAND[action.kind], **action.params))
        )[-1]
        assert not board.flags & EPHEMERAL, board.content
    flips = {decode(cid).action: cid for cid in board.custom_ids if ":flip|" in cid}
    gas_vent, lab = Action.of("flip", card="gas_vent"), Action.of("flip", card="lab")
    assert gas_vent in flips and lab in flips
    # Both see "Choose a task card to flip into the location row" and click at the same time.
    await run(bot, fake, fake.click(ALICE, board, flips[gas_vent]))
    before = await stored(bot)
    calls = await run(bot, fake, fake.click(BOB, board, flips[lab]))
    after = await stored(bot)
    # Alice answered that question: Bob's click is refused, not taken for the second gap's question
    # (one he never saw).
    assert after is not None and before is not None and after.version == before.version
    assert posted(calls)[-1].flags & EPHEMERAL and "answered already" in posted(calls)[-1].content


def test_the_team_summary_names_who_is_still_awaited() -> None:
    state = RULES.setup(["Alice", "Bob", "Cy"], {"mode": "normal", "team": True}, 7)
    state, _ = RULES.apply(state, 0, Action.of("end_placement"))
    state, _ = RULES.apply(state, 2, Action.of("end_placement"))
    text = summary(RULES.view(state, None))
    assert "Ready: 2 of 3 seats; waiting for Bob" in text
