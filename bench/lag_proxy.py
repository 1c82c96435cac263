"""A TCP proxy that holds every chunk it forwards for a while, each way: a server one network hop
away. ``python -m bench.lag_proxy LISTEN_PORT TARGET_PORT SECONDS`` (both on 127.0.0.1)."""

from __future__ import annotations

import asyncio
import sys


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, lag: float) -> None:
    try:
        while data := await reader.read(65536):
            await asyncio.sleep(lag)
            writer.write(data)
            await writer.drain()
    except OSError:
        pass
    finally:
        writer.close()


async def serve(listen: int, target: int, lag: float) -> None:
    async def handle(client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", target)
        await asyncio.gather(
            _pipe(client_reader, server_writer, lag), _pipe(server_reader, client_writer, lag)
        )

    server = await asyncio.start_server(handle, "127.0.0.1", listen)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(serve(int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])))
