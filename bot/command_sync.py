"""Slash commands are synced with Discord only when they changed since the last sync.

Discord rate-limits syncs, and a global sync takes up to an hour to reach every server, so
a restart with the same commands should not sync again. A digest of the command tree's
payload is kept per application and target (a guild or global) in a small JSON file next to
the SQLite database (``data/`` for PostgreSQL); a missing or unreadable file just means one
more sync. ``SYNC_COMMANDS=always`` forces a sync, ``never`` leaves the commands alone.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

log = logging.getLogger(__name__)


def tree_digest(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None) -> str:
    """A digest of what ``tree.sync(guild=guild)`` would send (every command, option and choice)."""
    payload = sorted(
        (command.to_dict(tree) for command in tree.get_commands(guild=guild)),
        key=lambda entry: (entry.get("type", 1), entry["name"]),
    )
    text = json.dumps(payload, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class SyncRecord:
    """The digests last synced, per "<application id>:<guild id or global>"."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def get(self, target: str) -> str | None:
        return self._read().get(target)

    def put(self, target: str, digest: str) -> None:
        """Remember ``digest``; a failure to write only costs one more sync next time."""
        data = {**self._read(), target: digest}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        except OSError as exc:
            log.warning("could not remember the command sync in %s: %s", self.path, exc)


async def sync_if_changed(
    tree: app_commands.CommandTree[Any],
    application_id: int | None,
    guild: discord.abc.Snowflake | None,
    record: SyncRecord,
    mode: str,
) -> bool:
    """Sync ``tree`` to ``guild`` (None: globally) when ``mode`` is "always", or when "auto" and
    the commands differ from the last sync; True when it synced. A refusal (the bot is not in the
    guild, or lacks the scope) is logged with what to do, and the bot runs on."""
    if mode == "never":
        log.info("command sync is off (SYNC_COMMANDS=never)")
        return False
    target = f"{application_id}:{guild.id if guild is not None else 'global'}"
    digest = tree_digest(tree, guild)
    if mode == "auto" and record.get(target) == digest:
        log.info("slash commands unchanged since the last sync; not syncing (SYNC_COMMANDS=always forces it)")
        return False
    try:
        synced = await tree.sync(guild=guild)
    except discord.Forbidden as exc:
        # The bot still answers wherever its commands were synced before; the next start retries.
        where = f"guild {guild.id} (DEV_GUILD_ID)" if guild is not None else "this application"
        log.error(
            "Discord refused to sync the commands to %s (%s): invite the bot there with the "
            "applications.commands scope, or fix DEV_GUILD_ID",
            where,
            exc.text or exc.status,
        )
        return False
    record.put(target, digest)
    log.info("synced %d commands%s", len(synced), f" to guild {guild.id}" if guild else " globally")
    return True
