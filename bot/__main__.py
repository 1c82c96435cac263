"""``python -m bot``: run the Discord bot.

Without a token it explains how to get one (and how to play locally) and exits 0; every
problem an operator can fix ends in one line saying what to do and a non-zero exit code.
"""

from __future__ import annotations

import asyncio
import sys

import aiohttp
import discord

from bot.app import create_bot, games_for
from bot.logging_setup import setup_logging
from bot.memory import tune_malloc
from bot.settings import TOKEN_HELP, Settings, SettingsError, load_settings
from bot.startup import StartupError

LOGIN_REFUSED = (
    "Discord refused the token in DISCORD_TOKEN: copy a new one from "
    "https://discord.com/developers/applications (your application > Bot > Reset Token) into .env."
)


async def _run(settings: Settings, token: str) -> None:
    async with create_bot(settings) as bot:
        # The database first: its problems are told without logging in to Discord.
        await bot.prepare()
        await bot.start(token)


def main() -> int:
    """0 after a clean stop or without a token; 2 for invalid settings; 1 when start-up fails."""
    try:
        settings = load_settings()
        games_for(settings)
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    setup_logging(settings.log_level)
    if settings.discord_token is None:
        print(TOKEN_HELP)
        return 0
    tune_malloc()
    try:
        asyncio.run(_run(settings, settings.discord_token))
    except KeyboardInterrupt:
        return 0
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    except StartupError as exc:
        print(exc, file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print(LOGIN_REFUSED, file=sys.stderr)
        return 1
    except aiohttp.ClientConnectorError as exc:
        print(
            f"Cannot reach Discord ({exc.os_error}): check this machine's network and try again.",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
