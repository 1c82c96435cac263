"""The floor: a bot that does nothing but defer and post fixed images, to the same fake Discord.

Whatever a real command costs above this is ours (database, rules, rendering, building the reply);
the floor itself is discord.py parsing the interaction, building and sending the multipart upload,
Discord's side receiving and parsing it, and discord.py reading Discord's answers.
"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import discord
from discord import app_commands
from discord.ext import commands

from bench.timing import Sample, feed
from bot.memory import freeze_heap
from bot.replies import Image
from tests.bot.fake_discord import FakeDiscord, Person


def floor_bot(images: list[Image]) -> commands.Bot:
    """A bot whose `/exobase status` defers, then posts ``images`` as the real bot does (files + embeds)."""
    bot = commands.Bot(
        command_prefix=commands.when_mentioned, intents=discord.Intents.none(), help_command=None
    )
    group = app_commands.Group(name="exobase", description="Floor")

    @group.command(name="status", description="Post the images")
    async def status(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        files = [
            discord.File(io.BytesIO(i.data), filename=i.filename, description=i.description) for i in images
        ]
        embeds = [discord.Embed().set_image(url=f"attachment://{i.filename}") for i in images]
        await interaction.followup.send("The base.", files=files, embeds=embeds)

    bot.tree.add_command(group)
    return bot


@asynccontextmanager
async def floor(
    fake: FakeDiscord, person: Person, images: list[Image]
) -> AsyncIterator[Callable[[], Awaitable[Sample]]]:
    """The floor bot, logged in, as a function timing one `/exobase status` it answers: measured
    between the commands it is the floor of, so both meet the machine in the same state."""
    bot = floor_bot(images)
    await bot.login("floor-token")
    freeze_heap()

    async def sample() -> Sample:
        return await feed(bot, fake.command(person, "exobase", "status"))

    try:
        # One untimed first, as for the commands measured against it.
        await sample()
        yield sample
    finally:
        await bot.close()
