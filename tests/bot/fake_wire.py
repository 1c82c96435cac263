"""Discord's side one layer lower: in place of aiohttp's session, under all of discord.py's HTTP code.

``FakeDiscord.install`` replaces discord.py's two request functions, so the library never builds
the multipart upload, never serialises a JSON body into bytes and never parses an answer. That is
right for behaviour tests and wrong for timing: the benchmark's floor would skip work every real
command pays. Here discord.py runs all of its request code (headers, rate-limit bookkeeping, the
``aiohttp.FormData`` it builds); the body is encoded into bytes as aiohttp would before writing it
to a socket, and the answer comes back as JSON text that discord.py decodes. The same
``FakeDiscord`` records the call and chooses the answer, so tests can read ``fake.calls`` alike.
"""

from __future__ import annotations

import json
import re
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
from discord import utils

from tests.bot.fake_discord import FakeDiscord

# The placeholder discord.py's routes give the id after each collection in a path.
_PLACEHOLDERS = {
    "channels": "channel_id",
    "guilds": "guild_id",
    "messages": "message_id",
    "applications": "application_id",
    "commands": "command_id",
}
_API = re.compile(r"^https://discord\.com/api/v\d+")


class _Sink:
    """A stream writer that keeps only the byte count: the encoding is done, no socket is written."""

    def __init__(self) -> None:
        self.size = 0

    async def write(self, chunk: bytes) -> None:
        self.size += len(chunk)


class _Response:
    """What discord.py reads from an aiohttp response: status, headers and text."""

    def __init__(self, status: int, body: Any) -> None:
        self.status = status
        self.reason = "OK" if status < 300 else "Error"
        self.headers = {"content-type": "application/json"}
        self._text = json.dumps(body)

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def __aenter__(self) -> _Response:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None


class WireSession:
    """An ``aiohttp.ClientSession`` look-alike that answers from ``FakeDiscord`` without a network."""

    def __init__(self, fake: FakeDiscord, connector: Any = None) -> None:
        self._fake = fake
        self._connector = connector
        self.closed = False

    def request(self, method: str, url: str, *, data: Any = None, **kwargs: Any) -> _Context:
        return _Context(self._fake, method, url, data)

    async def close(self) -> None:
        self.closed = True
        if self._connector is not None:
            await self._connector.close()


class _Context:
    """``async with session.request(...) as response``: the body is encoded on entry, as when sent."""

    def __init__(self, fake: FakeDiscord, method: str, url: str, data: Any) -> None:
        self._fake, self._method, self._url, self._data = fake, method, url, data

    async def __aenter__(self) -> _Response:
        payload, files = await _encode(self._data)
        route = route_of(self._method, self._url)
        try:
            return _Response(200, self._fake.record(route, payload, files))
        except discord.HTTPException as error:
            return _Response(error.status, {"code": error.code, "message": error.text})

    async def __aexit__(self, *exc: object) -> None:
        return None


async def _encode(data: Any) -> tuple[Any, list[tuple[str, bytes]]]:
    """The JSON payload and files of a request body, after encoding the body to bytes."""
    if data is None:
        return None, []
    if isinstance(data, str):
        return utils._from_json(data), []
    payload: Any = None
    files: list[tuple[str, bytes]] = []
    for options, _headers, value in data._fields:  # read before FormData() consumes them
        if options.get("name") == "payload_json":
            payload = value
        elif "filename" in options:
            files.append((options["filename"], value.getvalue()))
    await data().write(_Sink())
    return (json.loads(payload) if payload else None), files


def route_of(method: str, url: str) -> SimpleNamespace:
    """The route discord.py built, recovered from its URL (path template, webhook id)."""
    parts = _API.sub("", url.split("?")[0]).strip("/").split("/")
    template, webhook_id = [], None
    for index, part in enumerate(parts):
        previous = parts[index - 1] if index else ""
        if previous in ("interactions", "webhooks"):
            template.append("{webhook_id}")
            webhook_id = int(part)
        elif index >= 2 and parts[index - 2] in ("interactions", "webhooks"):
            template.append("{webhook_token}")
        elif previous in _PLACEHOLDERS and part.isdigit():
            template.append("{" + _PLACEHOLDERS[previous] + "}")
        else:
            template.append(part)
    return SimpleNamespace(method=method, path="/" + "/".join(template), url=url, webhook_id=webhook_id)


def install_wire(fake: FakeDiscord, monkeypatch: Any) -> None:
    """Every session discord.py opens from now on is a ``WireSession`` over ``fake``."""

    def session(*args: Any, connector: Any = None, **kwargs: Any) -> WireSession:
        return WireSession(fake, connector)

    monkeypatch.setattr(aiohttp, "ClientSession", session)
