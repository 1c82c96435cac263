"""``python -m bot``: run the Discord bot."""

from __future__ import annotations

import asyncio
import sys

from bot.app import create_bot, games_for
from bot.logging_setup import setup_logging
from bot.settings import TOKEN_HELP, Settings, SettingsError, load_settings


async def _run(settings: Settings, token: str) -> None:
    async with create_bot(settings) as bot:
        await bot.start(token)


def main() -> int:
    """Exit code 2 without a token or with invalid settings."""
    try:
        settings = load_settings()
        games_for(settings)
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    setup_logging(settings.log_level)
    if settings.discord_token is None:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    try:
        asyncio.run(_run(settings, settings.discord_token))
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
