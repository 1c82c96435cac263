"""Moves against a database one network hop away, each move's images drawn while it is saved or after.

A database on another host answers each statement a round trip later. Here the test suite's
throwaway PostgreSQL cluster (``tests.postgres``) sits behind a proxy in a process of its own
(``bench.lag_proxy``) that holds every packet ``LAG`` seconds each way. In one bot, rounds of
ExoBase and Colony commands (as in ``bench.roundtrip``, images drawn with the parts of pictures
kept) alternate between drawing a move's images while the move is saved (``rendering.predraw``,
as the bot does) and drawing them once it is saved, so both arms see the same machine.
"""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from collections import defaultdict
from typing import Any

from bench.roundtrip import ALICE, COMMANDS, PIECES, _round, _start_colony
from bench.timing import Sample, feed, summary
from bot import rendering
from bot.app import create_bot
from bot.memory import freeze_heap
from bot.service import GameService
from bot.settings import load_settings
from tests.bot.fake_discord import FakeDiscord
from tests.bot.fake_loopback import loopback
from tests.postgres import start, wipe

# Half a millisecond each way: a managed database in the same data centre.
LAG = 0.0005
ARMS = ("drawn while saved", "drawn after")


def _not_ahead(*_args: Any, **_kwargs: Any) -> None:
    """``rendering.predraw`` for the arm that draws a move's images only once it is saved."""


async def _rounds(fake: FakeDiscord, url: str, game: str, rounds: int) -> dict[tuple[str, str], list[Sample]]:
    await wipe(url)
    settings = load_settings(
        database_url=url,
        dev_guild_id=None,
        render_images=True,
        render_cache_size=0,
        render_piece_cache_mb=PIECES,
    )
    bot = create_bot(settings)
    bot.service = GameService(bot.service.repo, render=True, seeds=lambda: 7)
    await bot.login("bench-token")
    freeze_heap()
    ahead = rendering.predraw
    samples: dict[tuple[str, str], list[Sample]] = defaultdict(list)
    try:
        if game == "exobase":
            await feed(bot, fake.command(ALICE, "exobase", "start"))
        else:
            await _start_colony(bot, fake)
        await _round(bot, fake, game)
        for index in range(2 * rounds):
            arm = ARMS[index % 2]
            rendering.predraw = ahead if arm == ARMS[0] else _not_ahead
            for command, sample in zip(COMMANDS, await _round(bot, fake, game), strict=True):
                samples[(f"/{game} {command}", arm)].append(sample)
        return samples
    finally:
        rendering.predraw = ahead
        await bot.close()


def _listening(port: int, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"The lag proxy did not listen on port {port}.")


def bench_remote_db(rounds: int = 100) -> list[str]:
    server = start()
    if isinstance(server, str):
        return [f"remote database: {server}"]
    target = int(server.url.rsplit(":", 1)[1].split("/", 1)[0])
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = int(free.getsockname()[1])
    proxy = subprocess.Popen([sys.executable, "-m", "bench.lag_proxy", str(port), str(target), str(LAG)])
    try:
        _listening(port)
        url = server.url.replace(f":{target}/", f":{port}/")
        fake = FakeDiscord()
        samples: dict[tuple[str, str], list[Sample]] = {}
        with loopback(fake):
            for game in ("exobase", "colony"):
                samples.update(asyncio.run(_rounds(fake, url, game, rounds)))
    finally:
        proxy.kill()
        proxy.wait()
        server.stop()
    lines = [
        f"PostgreSQL {LAG * 1000:.1f} ms away each way, images drawn, no image cache, {rounds} rounds each:",
        f"{'command':<16}{'images':<19}{'p50 ms':>8}{'p99 ms':>8}",
    ]
    for (command, arm), taken in samples.items():
        p50, p99, _cpu = summary(taken)
        lines.append(f"{command:<16}{arm:<19}{p50:>8.1f}{p99:>8.1f}")
    return lines
