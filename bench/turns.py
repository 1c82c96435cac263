"""Space Base's commands in play, each as a multiple of the floor: the turns of a three-player game.

``bench.roundtrip`` times a move, its undo and a status, over and over on one table. A Space Base turn
cannot be played back that way (a buy ends the turn and rolls the dice), so here whole games are
played forward with slash commands, as three people in a channel would: each activation choice,
the last one (which reveals every choice and pays the rewards), the buy (which ends the turn and
rolls for the next player, so the dice, board, scores and shipyard are drawn afresh) and a status.
The bot is the real one on a temporary SQLite file, Discord's side the local HTTP server of
``bench.roundtrip``, and the floor the same bot posting the same images, sampled before each turn.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench.floor import floor
from bench.roundtrip import status_images
from bench.timing import Sample, feed, summary
from bot.app import GameBot, create_bot
from bot.games.spacebase import FRONTEND
from bot.memory import freeze_heap
from bot.service import GameService
from bot.settings import load_settings
from engine.spacebase import RULES
from tests.bot.conftest import button, posted
from tests.bot.fake_discord import CHANNEL_ID, FakeDiscord, Person
from tests.bot.fake_loopback import loopback

PEOPLE = (Person(11, "Alice"), Person(12, "Bob"), Person(13, "Carol"))
COMMAND = {spec.kind: spec.name for spec in FRONTEND.commands}
KINDS = ("choose", "choose, the last", "buy, ending the turn", "status")


async def _start(bot: GameBot, fake: FakeDiscord) -> None:
    """A lobby the three join, then Begin."""
    alice, *others = PEOPLE
    mark = len(fake.calls)
    await feed(bot, fake.command(alice, "spacebase", "start", players=len(PEOPLE)))
    for person in others:
        lobby = posted(fake.calls[mark:])[-1]
        mark = len(fake.calls)
        await feed(bot, fake.click(person, lobby, button(lobby, ":join")))
    lobby = posted(fake.calls[mark:])[-1]
    await feed(bot, fake.click(alice, lobby, button(lobby, ":begin")))


async def _state(bot: GameBot) -> Any:
    record = await bot.service.repo.open_game(CHANNEL_ID)
    return None if record is None or record.snapshot is None else RULES.from_json(record.snapshot)


async def _turn(bot: GameBot, fake: FakeDiscord, times: dict[str, list[Sample]] | None) -> bool:
    """One turn, every waited-for seat making the AI's move by slash command, and a status; False
    once the game is over. ``times`` gets each command's sample under its kind."""
    turn = None
    while True:
        state = await _state(bot)
        if state is None or RULES.outcome(state) is not None:
            return False
        if turn is not None and state.turn != turn:
            break
        turn = state.turn
        seat = min(RULES.to_move(state))
        action = RULES.timeout_action(state, seat)
        assert action is not None
        kind = action.kind
        if kind == "choose" and state.phase == "choose":
            kind = "choose, the last" if len(state.choices) == len(PEOPLE) - 1 else "choose"
        elif kind == "buy":
            kind = "buy, ending the turn"
        sample = await feed(
            bot, fake.command(PEOPLE[seat], "spacebase", COMMAND[action.kind], **action.params)
        )
        if times is not None:
            times[kind].append(sample)
    sample = await feed(bot, fake.command(PEOPLE[0], "spacebase", "status"))
    if times is not None:
        times["status"].append(sample)
    return True


async def _run(fake: FakeDiscord, turns: int, folder: Path) -> list[str]:
    # The floor posts ExoBase's status pictures, as in bench.roundtrip.
    images = status_images()
    times: dict[str, list[Sample]] = defaultdict(list)
    floors: list[Sample] = []
    settings = load_settings(database_url=f"sqlite+aiosqlite:///{folder / 'turns.db'}", dev_guild_id=None)
    async with floor(fake, PEOPLE[0], images) as floor_sample:
        bot = create_bot(settings)
        bot.service = GameService(bot.service.repo, render=settings.render_images, seeds=lambda: 7)
        await bot.login("bench-token")
        freeze_heap()
        try:
            await _start(bot, fake)
            # The first turn untimed: it learns each image's palette and prepares the statements.
            await _turn(bot, fake, None)
            played = 0
            while played < turns:
                floors.append(await floor_sample())
                if not await _turn(bot, fake, times):
                    await feed(bot, fake.command(PEOPLE[0], "spacebase", "abandon"))
                    await _start(bot, fake)
                    continue
                played += 1
        finally:
            await bot.close()
    base = summary(floors)
    lines = [
        f"spacebase commands, 3 players, {turns} turns played by slash commands; floor p50 {base[0]:.1f} ms, "
        f"p99 {base[1]:.1f} ms",
        f"{'command':<24}{'count':>7}{'p50 ms':>8}{'p99 ms':>8}{'cpu p50':>9}"
        f"{'x floor p50':>13}{'x floor p99':>13}",
    ]
    for kind in KINDS:
        samples = times[kind]
        p50, p99, cpu = summary(samples)
        ratios = f"{p50 / base[0]:>12.1f}x{p99 / base[1]:>12.1f}x"
        lines.append(f"{kind:<24}{len(samples):>7}{p50:>8.1f}{p99:>8.1f}{cpu:>9.1f}{ratios}")
    return lines


def bench_turns(turns: int = 60) -> list[str]:
    fake = FakeDiscord()
    with loopback(fake), tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(_run(fake, turns, Path(tmp)))
