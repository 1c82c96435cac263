"""A command's in-process round trip: raw interaction in, every HTTP answer sent, against a floor.

The bot is the real one from ``create_bot`` on a temporary SQLite file; Discord's side is a local
HTTP server in its own thread (``tests.bot.fake_loopback``), so discord.py parses, routes, builds,
sends and decodes every request exactly as in production, and every request crosses a real
connection to be parsed, uploads included. The floor is a bot that only defers and posts the same
images to the same server, measured in the same run; each command is given as a multiple of it.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bench.floor import floor
from bench.timing import Sample, feed, summary
from bot import rendering
from bot.app import GameBot, create_bot
from bot.memory import freeze_heap
from bot.replies import Image
from bot.service import GameService
from bot.settings import load_settings
from engine.colony import RULES as COLONY_RULES
from engine.exobase import RULES as EXOBASE_RULES
from render import pieces
from render.exobase import RENDERER
from tests.bot.conftest import button, posted
from tests.bot.fake_discord import CHANNEL_ID, FakeDiscord, Person
from tests.bot.fake_loopback import loopback
from tests.games import FRONTENDS

ALICE = Person(11, "Alice")
RULES = EXOBASE_RULES
COMMANDS = ("work", "undo", "status")
# Images unchanged: the loop comes back to the same views, so the cache has them. Drawn: no image
# cache; the parts of images kept (tiles, cards, rows: render.pieces) are pasted as in play, where a
# move changes one or two of them. Drawn afresh: nothing kept, every part drawn.
PIECES = pieces.DEFAULT_MEGABYTES
MODES = (
    ("images unchanged", True, rendering.DEFAULT_CACHE_SIZE, PIECES),
    ("images drawn", True, 0, PIECES),
    ("drawn afresh", True, 0, 0),
    ("text only", False, 0, 0),
)


async def _placement(bot: GameBot, fake: FakeDiscord) -> dict[str, Any]:
    """A `/exobase work ...` command for the first simple work space that is legal now."""
    record = await bot.service.repo.open_game(CHANNEL_ID)
    assert record is not None and record.snapshot is not None
    legal = RULES.legal_actions(RULES.from_json(record.snapshot), 0)
    work = next(a for a in legal if a.kind == "work" and a.get("resource") is None)
    return fake.command(ALICE, "exobase", "work", **work.params)


async def _colony_move(bot: GameBot, fake: FakeDiscord) -> dict[str, Any]:
    """A Colony command for the first legal move that can be taken back (a move, a switch...)."""
    record = await bot.service.repo.open_game(CHANNEL_ID)
    assert record is not None and record.snapshot is not None
    state = COLONY_RULES.from_json(record.snapshot)
    for action in COLONY_RULES.legal_actions(state, 0):
        after, _ = COLONY_RULES.apply(state, 0, action)
        if COLONY_RULES.can_undo(state, after):
            spec = next(s for s in FRONTENDS["colony"].commands if s.kind == action.kind)
            return fake.command(ALICE, "colony", spec.name, **action.params)
    raise AssertionError("no move to take back in this Colony state")


async def _start_colony(bot: GameBot, fake: FakeDiscord) -> None:
    """A one-player Colony table: the lobby, then Begin, then the character choices, if any."""
    mark = len(fake.calls)
    await feed(bot, fake.command(ALICE, "colony", "start"))
    lobby = posted(fake.calls[mark:])[-1]
    await feed(bot, fake.click(ALICE, lobby, button(lobby, ":begin")))
    record = await bot.service.repo.open_game(CHANNEL_ID)
    assert record is not None and record.snapshot is not None
    state = COLONY_RULES.from_json(record.snapshot)
    while not any(
        COLONY_RULES.can_undo(state, COLONY_RULES.apply(state, 0, a)[0])
        for a in COLONY_RULES.legal_actions(state, 0)
    ):
        action = COLONY_RULES.legal_actions(state, 0)[0]
        spec = next(s for s in FRONTENDS["colony"].commands if s.kind == action.kind)
        await feed(bot, fake.command(ALICE, "colony", spec.name, **action.params))
        record = await bot.service.repo.open_game(CHANNEL_ID)
        assert record is not None and record.snapshot is not None
        state = COLONY_RULES.from_json(record.snapshot)


async def _measure(
    fake: FakeDiscord,
    render: bool,
    cache: int,
    piece_mb: int,
    repeat: int,
    database: Path,
    game: str,
    cold: dict[str, Sample],
    floor_sample: Callable[[], Awaitable[Sample]],
    floors: list[Sample],
) -> dict[str, list[Sample]]:
    """Each command's samples; ``cold`` gets the untimed first round's, ``floors`` one floor sample
    before each timed round."""
    # The bot sets the image cache's size from its settings when it starts.
    settings = load_settings(
        database_url=f"sqlite+aiosqlite:///{database}",
        dev_guild_id=None,
        render_images=render,
        render_cache_size=cache,
        render_piece_cache_mb=piece_mb,
    )
    bot = create_bot(settings)
    bot.service = GameService(bot.service.repo, render=render, seeds=lambda: 7)
    await bot.login("bench-token")
    # As the running bot does on its first ready event (no gateway here to send one).
    freeze_heap()
    times: dict[str, list[Sample]] = {f"/{game} {command}": [] for command in COMMANDS}
    try:
        if game == "exobase":
            await feed(bot, fake.command(ALICE, "exobase", "start"))
        else:
            await _start_colony(bot, fake)
        # One round first, untimed: the first commands after a start fill the image cache, learn each
        # image kind's palette and prepare the database's statements, none of which happens again.
        # Counted, it was the slowest sample of "images unchanged" (the one command whose images were
        # drawn), and with 100 samples the slowest is the p99.
        for command, sample in zip(COMMANDS, await _round(bot, fake, game), strict=True):
            cold[f"/{game} {command}"] = sample
        for _ in range(repeat):
            floors.append(await floor_sample())
            for command, sample in zip(COMMANDS, await _round(bot, fake, game), strict=True):
                times[f"/{game} {command}"].append(sample)
        return times
    finally:
        await bot.close()


async def _round(bot: GameBot, fake: FakeDiscord, game: str) -> tuple[Sample, Sample, Sample]:
    """A move, its undo and a status ("work" for Colony: its first move that can be taken back)."""
    move = await (_placement(bot, fake) if game == "exobase" else _colony_move(bot, fake))
    work = await feed(bot, move)
    undo = await feed(bot, fake.command(ALICE, game, "undo"))
    return work, undo, await feed(bot, fake.command(ALICE, game, "status"))


def status_images() -> list[Image]:
    """The pictures the floor posts: ExoBase's status at the start of a game."""
    view = RULES.view(RULES.setup(["Alice"], {"mode": "normal"}, 7), None)
    return [Image(i.filename, i.data, i.description) for i in RENDERER.render(view, [])]


async def _run(fake: FakeDiscord, repeat: int, folder: Path) -> list[str]:
    images = status_images()
    floors: list[Sample] = []
    measured: list[tuple[str, dict[str, list[Sample]]]] = []
    first: list[str] = []
    async with floor(fake, ALICE, images) as floor_sample:
        for index, (mode, render, cache, piece_mb) in enumerate(MODES):
            times: dict[str, list[Sample]] = {}
            cold: dict[str, Sample] = {}
            try:
                for game in ("exobase", "colony"):
                    database = folder / f"bench-{index}-{game}.db"
                    times.update(
                        await _measure(
                            fake, render, cache, piece_mb, repeat, database, game, cold, floor_sample, floors
                        )
                    )
            finally:
                rendering.configure(rendering.DEFAULT_CACHE_SIZE, PIECES)
            measured.append((mode, times))
            if render and cache:
                first += [f"{command} {sample.wall * 1000:.1f} ms" for command, sample in cold.items()]
    base = summary(floors)
    size = sum(len(i.data) for i in images) // 1024
    lines = [
        f"floor (defer + post the same {len(images)} PNGs, {size} KB, to Discord's side over loopback HTTP, "
        f"once before each round of commands): p50 {base[0]:.1f} ms, p99 {base[1]:.1f} ms, "
        f"cpu p50 {base[2]:.1f} ms (cpu: both sides' threads)",
        f"images are drawn as the bot's settings say: {_drawn_in(load_settings().render_processes)}",
        f"{'command':<16}{'mode':<18}{'p50 ms':>8}{'p99 ms':>8}{'cpu p50':>9}{'x floor p50':>13}"
        f"{'x floor p99':>13}",
    ]
    for mode, times in measured:
        for command, samples in times.items():
            p50, p99, cpu = summary(samples)
            ratios = f"{p50 / base[0]:>12.1f}x{p99 / base[1]:>12.1f}x"
            lines.append(f"{command:<16}{mode:<18}{p50:>8.1f}{p99:>8.1f}{cpu:>9.1f}{ratios}")
    lines.append(f"first round after a start (not counted above; its images are drawn): {', '.join(first)}")
    return lines


def _drawn_in(processes: int) -> str:
    if processes:
        return f"in {processes} worker processes (their CPU is not in 'cpu p50')"
    return "in threads of the bot's process"


def bench_roundtrip(repeat: int = 200) -> list[str]:
    fake = FakeDiscord()
    with loopback(fake), tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(_run(fake, repeat, Path(tmp)))
