"""Space Base's and Europa's commands in play, each as a multiple of the floor.

``bench.roundtrip`` times a move, its undo and a status, over and over on one table. These games
cannot be played back that way (a Space Base buy ends the turn and rolls the dice; Europa's dice and
hands move on), so here three-player games are played forward with slash commands, as three people
in a channel would: each waited-for seat makes the move the AI would, and every few commands one of
them asks for the status. Commands are counted by what they do: in Space Base an activation choice,
the last one (which reveals every choice and pays the rewards) and the buy (which ends the turn and
rolls for the next player, so the dice, board, scores and shipyard are drawn afresh); in Europa each
kind of move (every one redraws the table, and a hand that changed goes to its player by DM).

The bot is the real one on a temporary SQLite file, Discord's side the local HTTP server of
``bench.roundtrip``, and the floor the same bot posting the same images, sampled before each group
of commands so both meet the machine in the same state.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.floor import floor
from bench.roundtrip import status_images
from bench.timing import Sample, feed, summary
from bot.app import GameBot, create_bot
from bot.memory import freeze_heap
from bot.service import GameService
from bot.settings import load_settings
from engine.core import Action, Rules
from tests.bot.conftest import button, posted
from tests.bot.europa_play import typed
from tests.bot.fake_discord import CHANNEL_ID, FakeDiscord, Person
from tests.bot.fake_loopback import loopback
from tests.games import FRONTENDS, GAMES

PEOPLE = (Person(11, "Alice"), Person(12, "Bob"), Person(13, "Carol"))
# Commands between two floor samples, a status closing each group.
GROUP = 4


def _space_base_kind(state: Any, action: Action) -> str:
    if action.kind == "choose" and state.phase == "choose":
        return "choose, the last" if len(state.choices) == len(PEOPLE) - 1 else "choose"
    return "buy, ending the turn" if action.kind == "buy" else action.kind


@dataclass(frozen=True)
class Table:
    """A game as the bench plays it: how a move is typed, and what a command is counted as."""

    game: str
    options: Callable[[Action], dict[str, Any]]
    kind: Callable[[Any, Action], str]
    shown: tuple[str, ...]

    @property
    def rules(self) -> Rules[Any]:
        return GAMES[self.game]


TABLES = (
    Table(
        "spacebase",
        lambda action: dict(action.params),
        _space_base_kind,
        ("choose", "choose, the last", "buy, ending the turn"),
    ),
    Table(
        "europa", typed, lambda _state, action: action.kind, ("choose", "undermine", "pass", "roll", "keep")
    ),
)


async def _start(bot: GameBot, fake: FakeDiscord, game: str) -> None:
    """A lobby the three join, then Begin."""
    alice, *others = PEOPLE
    mark = len(fake.calls)
    await feed(bot, fake.command(alice, game, "start"))
    for person in others:
        lobby = posted(fake.calls[mark:])[-1]
        mark = len(fake.calls)
        await feed(bot, fake.click(person, lobby, button(lobby, ":join")))
    lobby = posted(fake.calls[mark:])[-1]
    await feed(bot, fake.click(alice, lobby, button(lobby, ":begin")))


async def _group(bot: GameBot, fake: FakeDiscord, table: Table, times: dict[str, list[Sample]]) -> None:
    """``GROUP`` moves, each by the seat the game waits for, then a status; a finished game is
    followed by a new one."""
    rules = table.rules
    names = {spec.kind: spec.name for spec in FRONTENDS[table.game].commands}
    for _ in range(GROUP):
        record = await bot.service.repo.open_game(CHANNEL_ID)
        if record is None or record.snapshot is None:
            await _start(bot, fake, table.game)
            continue
        state = rules.from_json(record.snapshot)
        seat = min(rules.to_move(state))
        action = rules.timeout_action(state, seat)
        assert action is not None
        command = fake.command(PEOPLE[seat], table.game, names[action.kind], **table.options(action))
        times[table.kind(state, action)].append(await feed(bot, command))
    times["status"].append(await feed(bot, fake.command(PEOPLE[0], table.game, "status")))


async def _run(fake: FakeDiscord, groups: int, folder: Path) -> list[str]:
    lines = []
    # The floor posts ExoBase's status pictures, as in bench.roundtrip.
    async with floor(fake, PEOPLE[0], status_images()) as floor_sample:
        for table in TABLES:
            times: dict[str, list[Sample]] = defaultdict(list)
            floors: list[Sample] = []
            database = f"sqlite+aiosqlite:///{folder / f'{table.game}.db'}"
            settings = load_settings(database_url=database, dev_guild_id=None)
            bot = create_bot(settings)
            bot.service = GameService(bot.service.repo, render=settings.render_images, seeds=lambda: 7)
            await bot.login("bench-token")
            freeze_heap()
            try:
                await _start(bot, fake, table.game)
                # One group untimed: it learns each image's palette and prepares the statements.
                await _group(bot, fake, table, defaultdict(list))
                for _ in range(groups):
                    floors.append(await floor_sample())
                    await _group(bot, fake, table, times)
            finally:
                await bot.close()
            lines += _lines(table, times, floors)
    return lines


def _lines(table: Table, times: dict[str, list[Sample]], floors: list[Sample]) -> list[str]:
    base = summary(floors)
    lines = [
        f"{table.game} commands, {len(PEOPLE)} players playing by slash commands: "
        f"floor p50 {base[0]:.1f} ms, p99 {base[1]:.1f} ms",
        f"{'command':<24}{'count':>7}{'p50 ms':>8}{'p99 ms':>8}{'cpu p50':>9}"
        f"{'x floor p50':>13}{'x floor p99':>13}",
    ]
    for kind in (*table.shown, "status"):
        samples = times[kind]
        if not samples:
            continue
        p50, p99, cpu = summary(samples)
        ratios = f"{p50 / base[0]:>12.1f}x{p99 / base[1]:>12.1f}x"
        lines.append(f"{kind:<24}{len(samples):>7}{p50:>8.1f}{p99:>8.1f}{cpu:>9.1f}{ratios}")
    others = [s for kind, samples in times.items() if kind not in (*table.shown, "status") for s in samples]
    if others:
        p50, p99, cpu = summary(others)
        ratios = f"{p50 / base[0]:>12.1f}x{p99 / base[1]:>12.1f}x"
        lines.append(f"{'every other move':<24}{len(others):>7}{p50:>8.1f}{p99:>8.1f}{cpu:>9.1f}{ratios}")
    return lines


def bench_turns(groups: int = 60) -> list[str]:
    fake = FakeDiscord()
    with loopback(fake), tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(_run(fake, groups, Path(tmp)))
