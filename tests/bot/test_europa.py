"""Europa Base Alpha through real discord.py parsing: three players, one with closed DMs, play to the
final tally with slash commands and private buttons; nothing secret reaches a public message, a
button label or a log line before the rules reveal it."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot
from bot.games.europa import FRONTEND
from engine.europa import RULES
from tests.bot.conftest import button, posted, quiet_bot, run
from tests.bot.fake_discord import EPHEMERAL, Call, FakeDiscord, Person, dm_click, dm_recipient

ANN, BOB, CY = Person(11, "Ann"), Person(12, "Bob"), Person(13, "Cy")
PEOPLE = {0: ANN, 1: BOB, 2: CY}
COMMAND = {spec.kind: spec.name for spec in FRONTEND.commands}


@pytest.fixture
async def ebot(tmp_path: Path, fake: FakeDiscord) -> Any:
    async with quiet_bot(tmp_path, 21) as bot:
        yield bot


async def _state(bot: GameBot) -> Any:
    record = await bot.service.repo.get_game(1)
    assert record is not None and record.snapshot is not None
    return RULES.from_json(record.snapshot)


def _secrets(state: Any) -> set[str]:
    """Names of the cards no one else has been shown: hands and base choices not yet revealed (a
    built pile is face down, but each of its cards was revealed when it was chosen as a base)."""
    table = json.dumps(RULES.view(state, None))
    names: set[str] = set()
    for seat in range(len(state.players)):
        you = RULES.view(state, seat)["you"]
        cards = list(you["hand"])
        if isinstance(you.get("choice"), dict):
            cards.append(you["choice"])
        names |= {card["name"] for card in cards if card["name"] not in table}
    return names


def _public(fake: FakeDiscord, calls: list[Call]) -> list[Call]:
    return [c for c in posted(calls) if not c.flags & EPHEMERAL and dm_recipient(fake, c) is None]


async def test_three_players_play_to_the_final_tally_and_nothing_secret_leaks(
    ebot: GameBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    fake.closed_dms.add(CY.user_id)
    lobby = posted(await run(ebot, fake, fake.command(ANN, "europa", "start")))[-1]
    for person in (BOB, CY):
        lobby = posted(await run(ebot, fake, fake.click(person, lobby, button(lobby, ":join"))))[-1]
    calls = await run(ebot, fake, fake.click(ANN, lobby, button(lobby, ":begin")))
    state = await _state(ebot)
    assert state.players == ["Ann", "Bob", "Cy"]
    # Ann's hand comes by DM with her own buttons; Cy's DMs are closed, so the channel says where to look.
    ann_dm = [c for c in posted(calls) if dm_recipient(fake, c) == ANN.user_id][-1]
    assert all(card in ann_dm.content for card in [c["name"] for c in RULES.view(state, 0)["you"]["hand"]])
    assert any("<@13>" in c.content and "hand" in c.content for c in _public(fake, calls))
    leaks: list[str] = []
    steps = 0
    while RULES.outcome(state) is None:
        seat = min(RULES.to_move(state))
        action = RULES.timeout_action(state, seat)
        assert action is not None
        if seat == 0 and action.kind == "choose" and ann_dm is not None:
            # Ann picks from her DM: the pick is announced in the channel without its name.
            wanted = [cid for cid in ann_dm.custom_ids if cid.endswith(f"choose|c={action.get('card')}")]
            payload = dm_click(fake, ANN, ann_dm, wanted[0]) if wanted else None
        else:
            payload = None
        if payload is None:
            options = dict(action.params)
            payload = fake.command(PEOPLE[seat], "europa", COMMAND[action.kind], **options)
        calls = await run(ebot, fake, payload)
        refused = [c for c in posted(calls) if c.flags & EPHEMERAL]
        assert not refused, refused[0].content
        fresh = [c for c in posted(calls) if dm_recipient(fake, c) == ANN.user_id]
        ann_dm = fresh[-1] if fresh else ann_dm
        state = await _state(ebot)
        # What is still secret after the move must not be in what the move posted for everyone.
        secrets = _secrets(state)
        leaks += [name for c in _public(fake, calls) for name in secrets if name in json.dumps(c.payload)]
        steps += 1
        assert steps < 3000
    assert leaks == []
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert all(name not in logged for name in _secrets(state))
    record = await ebot.service.repo.get_game(1)
    assert record is not None and record.status == "finished"
    assert any("Game over" in c.content for c in posted(calls))
