"""An exchange of any two of a console's ships, through real discord.py parsing: too many pairs for
the menus, so the player picks one ship, then the move with it."""

from __future__ import annotations

from pathlib import Path

from bot.games.buttons import involving
from engine.core import Action
from engine.spacebase import RULES
from tests.bot.conftest import button, labels, posted, quiet_bot, run, stored
from tests.bot.europa_play import components, interaction_for
from tests.bot.fake_discord import EPHEMERAL, FakeDiscord, Person

ALICE, BOB = Person(11, "Alice"), Person(12, "Bob")


async def test_an_exchange_of_many_ships_is_picked_one_ship_then_one_move(
    tmp_path: Path, fake: FakeDiscord
) -> None:
    async with quiet_bot(tmp_path, 5) as bot:
        start = fake.command(ALICE, "spacebase", "start", expansion="genesis")
        lobby = posted(await run(bot, fake, start))[-1]
        lobby = posted(await run(bot, fake, fake.click(BOB, lobby, button(lobby, ":join"))))[-1]
        await run(bot, fake, fake.click(ALICE, lobby, button(lobby, ":begin")))
        record = await stored(bot)
        assert record is not None and record.snapshot is not None
        # The turn player is asked to exchange two of their ships (Genesis, card 69's reward).
        state = RULES.from_json(record.snapshot)
        seat = state.active
        person = ALICE if record.seats[seat].user_id == ALICE.user_id else BOB
        state.phase, state.dice = "main", [3, 4]
        card = state.boards[seat].station[0]
        state.pending = [{"kind": "exchange", "seat": seat, "card": card, "level": 0, "n": 1}]
        exchanges = [a for a in RULES.legal_actions(state, seat) if a.kind == "exchange"]
        assert len(exchanges) > 50
        await bot.service.repo.record_action(
            record.id,
            record.version,
            seat=seat,
            user_id=person.user_id,
            action=Action.of("skip").to_json(),
            undoable=False,
            snapshot=RULES.to_json(state),
        )
        board = posted(await run(bot, fake, fake.command(person, "spacebase", "status")))[-1]
        mine = posted(await run(bot, fake, fake.click(person, board, labels(board)["My turn"])))[-1]
        menus = [c for c in components(mine) if c.get("type") == 3]
        assert menus[0]["placeholder"] == "Swap which card… (then with which)"
        # Every ship of the console is a first pick, each once.
        firsts = [o for m in menus for o in m["options"]]
        ships = {str(v) for a in exchanges for _, v in a.args}
        assert len(firsts) == len(ships)
        wanted = exchanges[-1]
        first = str(wanted.get("b"))
        name = next(o["label"] for o in firsts if o["value"].endswith(f"={first}"))
        payload = interaction_for(fake, person, mine, involving("exchange", first))
        assert payload is not None
        calls = await run(bot, fake, payload)
        choose = posted(calls)[-1]
        assert choose.flags & EPHEMERAL
        assert choose.content.startswith(f"The moves with {name.removeprefix('Swap ').removesuffix(' ↔ …')}")
        # Picking only narrowed the choice: nothing was played.
        after = await stored(bot)
        assert after is not None and after.snapshot == RULES.to_json(state)
        offered = [c for c in components(choose) if str(c.get("custom_id", "")).startswith("xa:")]
        partners = [a for a in exchanges if first in (a.get("a"), a.get("b"))]
        assert len(offered) == len(partners) and all(" ↔ " in c["label"] for c in offered)
        payload = interaction_for(fake, person, choose, wanted)
        assert payload is not None
        calls = await run(bot, fake, payload)
        assert not [c.content for c in posted(calls) if c.flags & EPHEMERAL]
        final = await stored(bot)
        assert final is not None and final.snapshot is not None
        done = RULES.from_json(final.snapshot)
        assert not any(step["kind"] == "exchange" for step in done.pending)
        assert done.boards[seat] != state.boards[seat]
        # The first pick again, from the old message: refused privately, nothing changes.
        payload = interaction_for(fake, person, mine, involving("exchange", first))
        assert payload is not None
        refused = posted(await run(bot, fake, payload))
        assert refused and all(c.flags & EPHEMERAL for c in refused)
        assert "no longer open" in refused[-1].content
        again = await stored(bot)
        assert again is not None and again.version == final.version
