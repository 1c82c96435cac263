"""Many channels at once: 300 solo ExoBase games started together, then 20 actions each, interleaved.

Every round sends one action in every channel at the same time, through the real
bot (discord.py parsing, the service, the store on a temporary SQLite file) and
the recording wire the bot tests use. A refused interaction is any private answer
(the actions are all legal, so each should be posted publicly); the store is
checked afterwards: every game must hold every action.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot, create_bot
from bot.games.exobase import FRONTEND
from bot.service import GameService
from bot.settings import load_settings
from engine.core import Action, Rng
from engine.exobase import RULES
from tests.bot.fake_discord import EPHEMERAL, FakeDiscord, Person, settle

GAME = "exobase"
CHANNELS = int(__import__("os").environ.get("BENCH_CHANNELS", "300"))
ACTIONS = 20
ACTIONS_WITH_IMAGES = 3
FIRST_CHANNEL = 700000000000000000


def script(actions: int, seed: int = 7) -> list[Action]:
    """The moves every channel plays: random legal ones that never end the game (same seed everywhere)."""
    rules = RULES
    state = rules.setup(["P"], FRONTEND.clean_options({}), seed)
    rng = Rng(seed, 0)
    moves: list[Action] = []
    while len(moves) < actions:
        legal = rules.legal_actions(state, 0)
        pick = legal[rng.randint(0, len(legal) - 1)]
        after, _events = rules.apply(state, 0, pick)
        if rules.outcome(after) is not None:
            continue
        moves.append(pick)
        state = after
    return moves


def _in_channel(payload: dict[str, Any], channel: int) -> dict[str, Any]:
    payload["channel_id"] = str(channel)
    payload["channel"] = {**payload["channel"], "id": str(channel)}
    return payload


def _command(fake: FakeDiscord, person: Person, action: Action) -> dict[str, Any]:
    spec = next(spec for spec in FRONTEND.commands if spec.kind == action.kind)
    return fake.command(person, GAME, spec.name, **action.params)


async def _burst(bot: GameBot, payloads: list[dict[str, Any]]) -> None:
    before = set(asyncio.all_tasks())
    for payload in payloads:
        bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
    await settle(ignore=before, timeout=1800)


async def _measure(fake: FakeDiscord, render: bool, actions: int, folder: Path) -> dict[str, float]:
    settings = load_settings(
        database_url=f"sqlite+aiosqlite:///{folder / f'many-{render}.db'}", dev_guild_id=None
    )
    bot = create_bot(settings)
    bot.service = GameService(bot.service.repo, render=render, seeds=lambda: 7)
    await bot.login("bench-token")
    tables = [(Person(800000 + c, f"P{c}"), FIRST_CHANNEL + c) for c in range(CHANNELS)]
    moves = script(actions)
    try:
        mark = len(fake.calls)
        await _burst(bot, [_in_channel(fake.command(p, GAME, "start"), ch) for p, ch in tables])
        starts_refused = sum(1 for call in fake.calls[mark:] if call.flags & EPHEMERAL)
        mark, began, cpu = len(fake.calls), time.perf_counter(), time.process_time()
        for move in moves:
            await _burst(bot, [_in_channel(_command(fake, p, move), ch) for p, ch in tables])
        elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
        refused = sum(1 for call in fake.calls[mark:] if call.flags & EPHEMERAL)
        saved = 0
        for _person, channel in tables:
            game = await bot.service.repo.open_game(channel)
            saved += 0 if game is None else len(await bot.service.repo.actions(game.id))
        total = CHANNELS * len(moves)
        return {
            "starts_refused": starts_refused,
            "refused": refused,
            "saved": saved,
            "total": total,
            "rate": total / elapsed,
            "cpu_rate": total / cpu,
        }
    finally:
        await bot.close()


def bench_concurrency() -> list[str]:
    lines = []
    with pytest.MonkeyPatch.context() as patch, tempfile.TemporaryDirectory() as tmp:
        for render, actions in ((False, ACTIONS), (True, ACTIONS_WITH_IMAGES)):
            fake = FakeDiscord()
            fake.install(patch)
            got = asyncio.run(_measure(fake, render, actions, Path(tmp)))
            label = "with images" if render else "text only"
            lines.append(
                f"{CHANNELS} channels x {actions} actions at once, {label}: {got['rate']:.1f} actions/s "
                f"({got['cpu_rate']:.0f} per CPU second); "
                f"refused {got['refused']:.0f} of {got['total']:.0f} actions and {got['starts_refused']:.0f} "
                f"of {CHANNELS} starts; {got['saved']:.0f} actions stored"
            )
    return lines


if __name__ == "__main__":
    for line in bench_concurrency():
        print(line)
