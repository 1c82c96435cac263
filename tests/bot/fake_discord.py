"""A stand-in for Discord's side of the wire, plugged in under discord.py's own HTTP layer.

Everything above ``HTTPClient.request`` (REST) and ``AsyncWebhookAdapter.request``
(interaction callbacks and followups) is the real library: payloads are parsed,
commands are routed and responses are built exactly as in production. The fake
records every call (route, JSON payload, attached files) and answers with the
minimal Discord-shaped data discord.py needs to carry on.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

import discord
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter

if TYPE_CHECKING:
    # Only for typing: importing discord.types on its own at run time trips over a circular import.
    from discord.types.interactions import Interaction as InteractionPayload

APP_ID = 900000000000000001
BOT_ID = 900000000000000002
GUILD_ID = 900000000000000003
CHANNEL_ID = 900000000000000004
EPHEMERAL = 64
MANAGE_CHANNELS = 1 << 4
EVERYONE_BASIC = (1 << 10) | (1 << 11)  # view channel, send messages


def _user(user_id: int, name: str) -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "discriminator": "0", "global_name": name, "avatar": None}


BOT_USER = {**_user(BOT_ID, "exobase-bot"), "bot": True, "verified": True, "flags": 0, "mfa_enabled": False}


@dataclass
class Call:
    """One HTTP request discord.py made."""

    method: str
    path: str
    url: str
    payload: dict[str, Any] | None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    # The id Discord gave the message this call created (None when it created none).
    message_id: int | None = None

    @property
    def flags(self) -> int:
        data = (self.payload or {}).get("data", self.payload or {})
        return int((data or {}).get("flags", 0) or 0)

    @property
    def message(self) -> dict[str, Any]:
        """The message body, whether sent directly or inside an interaction callback."""
        payload = self.payload or {}
        return payload.get("data", payload) if "type" in payload and "data" in payload else payload

    @property
    def content(self) -> str:
        return str(self.message.get("content") or "")

    @property
    def custom_ids(self) -> list[str]:
        return [
            button["custom_id"]
            for row in self.message.get("components") or []
            for button in row.get("components", [])
            if "custom_id" in button
        ]


@dataclass(frozen=True)
class Person:
    user_id: int
    name: str
    manage_channels: bool = False


class FakeDiscord:
    """Records discord.py's HTTP calls and plays Discord's answers."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.closed_dms: set[int] = set()
        self.expired_followups = False
        self.refuse_threads = False
        self.threads: list[int] = []
        # Channels and threads deleted on Discord's side: a post there gets "Unknown Channel".
        self.gone_channels: set[int] = set()
        # Channels the bot may no longer see: a post there gets "Missing Access".
        self.hidden_channels: set[int] = set()
        self._ids = itertools.count(910000000000000000)
        self._dm_owner: dict[int, int] = {}
        self._tokens = itertools.count(1)

    def snowflake(self) -> int:
        return next(self._ids)

    # -- the two lowest layers of discord.py's HTTP ----------------------------------------------

    def install(self, monkeypatch: Any) -> None:
        fake = self

        async def rest(
            http: HTTPClient, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any
        ) -> Any:
            return fake._answer(route, kwargs.get("json"), form, files)

        async def webhook(
            adapter: AsyncWebhookAdapter,
            route: Any,
            session: Any,
            *,
            payload: Any = None,
            multipart: Any = None,
            files: Any = None,
            **kwargs: Any,
        ) -> Any:
            return fake._answer(route, payload, multipart, files)

        monkeypatch.setattr(HTTPClient, "request", rest)
        monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook)

    def _answer(self, route: Any, payload: Any, form: Any, files: Any) -> Any:
        if payload is None and form:
            for part in form:
                if part.get("name") == "payload_json":
                    payload = json.loads(part["value"])
        return self.record(route, payload, [(f.filename, _read(f)) for f in files or []])

    def record(self, route: Any, payload: Any, recorded: list[tuple[str, bytes]]) -> Any:
        """Note one request (its route, JSON payload and files) and give Discord's answer to it."""
        call = Call(route.method, route.path, route.url, payload, recorded)
        self.calls.append(call)
        answer = self._respond(route, call)
        call.message_id = _message_id(answer)
        return answer

    def _respond(self, route: Any, call: Call) -> Any:
        method, path = route.method, route.path
        if (method, path) == ("GET", "/users/@me"):
            return BOT_USER
        if (method, path) == ("GET", "/oauth2/applications/@me"):
            return _application()
        if path.endswith("/callback"):
            return self._callback(route, call)
        if (method, path) == ("POST", "/users/@me/channels"):
            user_id = int((call.payload or {})["recipient_id"])
            channel_id = self.snowflake()
            self._dm_owner[channel_id] = user_id
            return {"id": str(channel_id), "type": 1, "recipients": [_user(user_id, "someone")]}
        if (method, path) == ("POST", "/channels/{channel_id}/messages"):
            channel_id = int(route.url.rsplit("/", 2)[-2])
            if channel_id in self.gone_channels:
                raise discord.NotFound(
                    SimpleNamespace(status=404, reason="Not Found"),
                    {"code": 10003, "message": "Unknown Channel"},
                )
            if channel_id in self.hidden_channels:
                raise discord.Forbidden(
                    SimpleNamespace(status=403, reason="Forbidden"),
                    {"code": 50001, "message": "Missing Access"},
                )
            if self._dm_owner.get(channel_id) in self.closed_dms:
                raise discord.Forbidden(
                    SimpleNamespace(status=403, reason="Forbidden"),
                    {"code": 50007, "message": "Cannot send messages to this user"},
                )
            return self._message(call, channel_id)
        if (method, path) == ("POST", "/channels/{channel_id}/threads"):
            return self._thread(route, call)
        if method == "PUT" and path.endswith("/commands"):
            return []
        if method == "DELETE":
            return None
        if path.startswith("/webhooks/"):
            if self.expired_followups and method == "POST":
                raise discord.NotFound(
                    SimpleNamespace(status=404, reason="Not Found"),
                    {"code": 10015, "message": "Unknown Webhook"},
                )
            return self._message(call, CHANNEL_ID)
        return {}

    def _thread(self, route: Any, call: Call) -> dict[str, Any]:
        """A public thread opened from a channel, as Discord describes it."""
        if self.refuse_threads:
            raise discord.Forbidden(
                SimpleNamespace(status=403, reason="Forbidden"),
                {"code": 50013, "message": "Missing Permissions"},
            )
        parent = int(route.url.rsplit("/", 2)[-2])
        thread_id = self.snowflake()
        self.threads.append(thread_id)
        return {
            **thread_data(thread_id, parent),
            "name": (call.payload or {}).get("name", "thread"),
            "member_count": 1,
            "message_count": 0,
        }

    def _callback(self, route: Any, call: Call) -> dict[str, Any]:
        payload = call.payload or {}
        kind = int(payload.get("type", 0))
        flags = call.flags
        interaction = {
            "id": str(route.webhook_id),
            "type": 2,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(flags & EPHEMERAL),
        }
        answer: dict[str, Any] = {"interaction": interaction}
        if kind in (4, 7):
            message = self._message(call, CHANNEL_ID)
            interaction["response_message_id"] = message["id"]
            answer["resource"] = {"type": kind, "message": message}
        return answer

    def _message(self, call: Call, channel_id: int) -> dict[str, Any]:
        body = call.message
        return {
            "id": str(self.snowflake()),
            "channel_id": str(channel_id),
            "author": BOT_USER,
            "content": body.get("content") or "",
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [
                {
                    "id": str(self.snowflake()),
                    "filename": name,
                    "size": len(data),
                    "url": "https://x/" + name,
                    "proxy_url": "https://x/" + name,
                }
                for name, data in call.files
            ],
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "pinned": False,
            "type": 0,
            "flags": body.get("flags", 0) or 0,
        }

    # -- interactions as Discord sends them ------------------------------------------------------

    def _interaction(self, kind: int, person: Person, data: dict[str, Any], **extra: Any) -> dict[str, Any]:
        permissions = EVERYONE_BASIC | (MANAGE_CHANNELS if person.manage_channels else 0)
        return {
            "id": str(self.snowflake()),
            "application_id": str(APP_ID),
            "type": kind,
            "token": f"token-{next(self._tokens)}",
            "version": 1,
            "guild_id": str(GUILD_ID),
            "channel_id": str(CHANNEL_ID),
            "channel": {
                "id": str(CHANNEL_ID),
                "type": 0,
                "guild_id": str(GUILD_ID),
                "name": "games",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            },
            "member": {
                "user": _user(person.user_id, person.name),
                "roles": [],
                "joined_at": "2026-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": str(permissions),
            },
            "app_permissions": str((1 << 41) - 1),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
            "data": data,
            **extra,
        }

    def command(self, person: Person, group: str, sub: str, **options: Any) -> dict[str, Any]:
        """An application-command interaction for ``/<group> <sub> option:value...``."""
        return self._interaction(2, person, _command_data(group, sub, options, focused=None))

    def raw_command(self, person: Person, name: str, **options: Any) -> dict[str, Any]:
        """A top-level command without a group, such as ``/help``."""
        data = _command_data(name, "", options, focused=None)
        data["options"] = data["options"][0]["options"]
        return self._interaction(2, person, data)

    def autocomplete(
        self, person: Person, group: str, sub: str, focused: str, **options: Any
    ) -> dict[str, Any]:
        """An autocomplete interaction while ``focused`` is being typed (its value in ``options``)."""
        return self._interaction(4, person, _command_data(group, sub, options, focused=focused))

    def click(self, person: Person, message: Call, custom_id: str) -> dict[str, Any]:
        """A button click on a message the bot sent earlier (as recorded)."""
        assert custom_id in message.custom_ids, custom_id
        delivered = self._message(message, CHANNEL_ID)
        return self._interaction(3, person, {"custom_id": custom_id, "component_type": 2}, message=delivered)


def wire(payload: dict[str, Any]) -> InteractionPayload:
    """``payload`` typed as the interaction JSON discord.py parses: the fake builds it as a plain dict,
    and discord.py's own parsing is what checks its shape."""
    return cast("InteractionPayload", payload)


def _command_data(group: str, sub: str, options: dict[str, Any], focused: str | None) -> dict[str, Any]:
    kinds = {bool: 5, int: 4, str: 3}
    inner = []
    for name, value in options.items():
        option: dict[str, Any] = {"name": name, "type": kinds[type(value)], "value": value}
        if name == focused:
            option["focused"] = True
            option["type"] = 3 if isinstance(value, str) else option["type"]
        inner.append(option)
    return {
        "id": str(APP_ID + 7),
        "name": group,
        "type": 1,
        "guild_id": str(GUILD_ID),
        "options": [{"name": sub, "type": 1, "options": inner}],
    }


def _application() -> dict[str, Any]:
    return {
        "id": str(APP_ID),
        "name": "ExoBase",
        "icon": None,
        "description": "",
        "rpc_origins": [],
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": _user(BOT_ID + 10, "owner"),
        "summary": "",
        "verify_key": "0" * 64,
        "team": None,
        "flags": 0,
        "bot": BOT_USER,
    }


def _message_id(answer: Any) -> int | None:
    """The id of the message a response describes (an interaction callback nests it in its resource)."""
    if isinstance(answer, dict) and "resource" in answer:
        answer = answer["resource"]["message"]
    return int(answer["id"]) if isinstance(answer, dict) and "author" in answer else None


def _read(file: discord.File) -> bytes:
    file.fp.seek(0)
    return file.fp.read()


async def settle(*, ignore: set[asyncio.Task[Any]], timeout: float = 10.0) -> None:
    """Wait until every task started since ``ignore`` was taken is done (views' idle timers excepted)."""
    current = asyncio.current_task()
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        pending = [
            task
            for task in asyncio.all_tasks()
            if task is not current and task not in ignore and not task.done() and not _idle_timer(task)
        ]
        if not pending:
            return
        remaining = deadline - asyncio.get_running_loop().time()
        if remaining <= 0:
            raise AssertionError(f"tasks still running: {pending}")
        await asyncio.wait(pending, timeout=remaining)


def _idle_timer(task: asyncio.Task[Any]) -> bool:
    """A view's idle timer sleeps for minutes; it is not part of answering."""
    return "timeout_task_impl" in getattr(task.get_coro(), "__qualname__", "")


def dm_channel_of(fake: FakeDiscord, call: Call) -> int | None:
    """The DM channel a recorded message went to, None when it went elsewhere."""
    if call.path != "/channels/{channel_id}/messages":
        return None
    channel_id = int(call.url.rsplit("/", 2)[-2])
    return channel_id if channel_id in fake._dm_owner else None


def dm_recipient(fake: FakeDiscord, call: Call) -> int | None:
    """The user a recorded DM went to, None for any other message."""
    channel_id = dm_channel_of(fake, call)
    return None if channel_id is None else fake._dm_owner[channel_id]


def dm_click(fake: FakeDiscord, person: Person, message: Call, custom_id: str) -> dict[str, Any]:
    """A button click on a DM the bot sent (no guild, the DM channel, a user instead of a member)."""
    assert custom_id in message.custom_ids, custom_id
    channel_id = dm_channel_of(fake, message)
    assert channel_id is not None, "not a DM"
    delivered = fake._message(message, channel_id)
    payload = fake._interaction(3, person, {"custom_id": custom_id, "component_type": 2}, message=delivered)
    for key in ("guild_id", "member", "guild_locale"):
        payload.pop(key, None)
    payload["channel_id"] = str(channel_id)
    payload["channel"] = {
        "id": str(channel_id),
        "type": 1,
        "recipients": [_user(person.user_id, person.name)],
    }
    payload["user"] = _user(person.user_id, person.name)
    payload["context"] = 1
    payload["authorizing_integration_owners"] = {"0": str(GUILD_ID)}
    return payload


# -- gateway events, as Discord sends them to a bot with the guilds intent --------------------------


def guild_create(*, channels: Sequence[int], threads: Sequence[int] = ()) -> dict[str, Any]:
    """GUILD_CREATE for the test guild holding text ``channels`` and active public ``threads`` (of the
    first channel)."""
    return {
        "id": str(GUILD_ID),
        "name": "Test guild",
        "owner_id": str(BOT_ID),
        "roles": [],
        "emojis": [],
        "features": [],
        "member_count": 2,
        "members": [],
        "channels": [
            {"id": str(channel), "type": 0, "guild_id": str(GUILD_ID), "name": "games", "position": 0}
            for channel in channels
        ],
        "threads": [thread_data(thread, channels[0]) for thread in threads],
    }


def guild_delete(*, unavailable: bool = False) -> dict[str, Any]:
    """GUILD_DELETE for the test guild: the bot was removed, or (``unavailable``) an outage."""
    return {"id": str(GUILD_ID), "unavailable": unavailable}


def channel_delete(channel_id: int) -> dict[str, Any]:
    """CHANNEL_DELETE for a text channel of the test guild."""
    return {"id": str(channel_id), "type": 0, "guild_id": str(GUILD_ID), "name": "games", "position": 0}


def thread_delete(thread_id: int, parent_id: int) -> dict[str, Any]:
    """THREAD_DELETE for a public thread of the test guild."""
    return {"id": str(thread_id), "type": 11, "guild_id": str(GUILD_ID), "parent_id": str(parent_id)}


def thread_data(thread_id: int, parent_id: int) -> dict[str, Any]:
    """A public thread of ``parent_id`` as Discord describes it."""
    return {
        "id": str(thread_id),
        "type": 11,
        "guild_id": str(GUILD_ID),
        "parent_id": str(parent_id),
        "name": "game",
        "owner_id": str(BOT_ID),
        "member_count": 2,
        "message_count": 1,
        "rate_limit_per_user": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 10080,
            "archive_timestamp": "2026-01-01T00:00:00+00:00",
            "locked": False,
        },
    }
