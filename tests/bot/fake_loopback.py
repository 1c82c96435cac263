"""Discord's side over a real HTTP connection: a local server, in a thread of its own, answers from
``FakeDiscord``.

The wire (``tests.bot.fake_wire``) stops at aiohttp's session: nothing is written to a socket and
no HTTP is parsed. Here discord.py's requests leave through aiohttp's connector, cross the loopback
interface, and are parsed by an aiohttp server (headers, JSON, the multipart upload of every image)
that answers over the same kept-alive connections. That is the least any Discord does for a
command, so the benchmark's floor measured through it is what "Discord's own handling" costs on
this machine. The server runs its own event loop in another thread, as Discord runs elsewhere:
its connection tasks never mix with the bot's.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord
import pytest
from aiohttp import BodyPartReader, web
from discord.http import Route

from tests.bot.fake_discord import FakeDiscord
from tests.bot.fake_wire import route_of

# Recorded calls keep Discord's own address, so they read the same whichever fake served them.
DISCORD = "https://discord.com"
_JSON = {"Content-Type": "application/json"}


class _Server:
    """An aiohttp application on 127.0.0.1 (a free port), served by an event loop in its own thread."""

    def __init__(self, fake: FakeDiscord) -> None:
        self._fake = fake
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="fake-discord", daemon=True)
        self._runner: web.AppRunner | None = None
        self.port = 0

    def start(self) -> None:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._serve(), self._loop).result(timeout=10)

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()

    async def _serve(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{path:.*}", self._answer)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def _answer(self, request: web.Request) -> web.Response:
        payload, files = await _read(request)
        route = route_of(request.method, DISCORD + request.path)
        try:
            body, status = self._fake.record(route, payload, files), 200
        except discord.HTTPException as error:
            body, status = {"code": error.code, "message": error.text}, error.status
        # Exactly Discord's content type: discord.py decodes JSON only when it reads this string.
        return web.Response(body=json.dumps(body).encode(), status=status, headers=_JSON)


async def _read(request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
    """The JSON payload and the files of a request, parsed as Discord would."""
    if request.content_type.startswith("multipart/"):
        payload: Any = None
        files: list[tuple[str, bytes]] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue
            if part.filename is not None:
                files.append((part.filename, bytes(await part.read())))
            elif part.name == "payload_json":
                payload = json.loads(await part.text())
        return payload, files
    text = await request.text()
    return (json.loads(text) if text else None), []


@contextmanager
def loopback(fake: FakeDiscord) -> Iterator[int]:
    """Within this block every bot talks to ``fake`` over HTTP on 127.0.0.1; yields the port."""
    server = _Server(fake)
    server.start()
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(Route, "BASE", f"http://127.0.0.1:{server.port}/api/v10")
            yield server.port
    finally:
        server.stop()
