"""A TCP proxy that forwards every chunk a while after it arrived, each way: a server one network
hop away. ``python -m bench.lag_proxy LISTEN_PORT TARGET_PORT SECONDS`` (both on 127.0.0.1).

Each chunk leaves ``SECONDS`` after it came in, whatever came before it, as on a network whose
latency is that and whose bandwidth is ample. Threads and ``time.sleep`` hold it, which on Linux
overshoots by a few tens of microseconds: an event loop's sleep waits in whole milliseconds
(epoll's timeout), so a hold of 0.5 ms asked of asyncio lasted about 1.3 ms, and a round trip
through the proxy about 2.7 ms instead of 1.
"""

from __future__ import annotations

import queue
import socket
import sys
import threading
import time

CHUNK = 65536


def _forward(held: queue.SimpleQueue[tuple[float, bytes] | None], dst: socket.socket) -> None:
    try:
        while (item := held.get()) is not None:
            due, data = item
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            dst.sendall(data)
        dst.shutdown(socket.SHUT_WR)
    except OSError:
        pass


def _pipe(src: socket.socket, dst: socket.socket, lag: float) -> None:
    """Copy ``src`` to ``dst``, each chunk ``lag`` seconds after it arrived."""
    held: queue.SimpleQueue[tuple[float, bytes] | None] = queue.SimpleQueue()
    sender = threading.Thread(target=_forward, args=(held, dst), daemon=True)
    sender.start()
    try:
        while data := src.recv(CHUNK):
            held.put((time.monotonic() + lag, data))
    except OSError:
        pass
    finally:
        held.put(None)
        sender.join()


def _connection(client: socket.socket, target: int, lag: float) -> None:
    with client, socket.create_connection(("127.0.0.1", target)) as server:
        for sock in (client, server):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        back = threading.Thread(target=_pipe, args=(server, client, lag), daemon=True)
        back.start()
        _pipe(client, server, lag)
        back.join()


def serve(listen: int, target: int, lag: float) -> None:
    with socket.create_server(("127.0.0.1", listen)) as listener:
        while True:
            client, _address = listener.accept()
            threading.Thread(target=_connection, args=(client, target, lag), daemon=True).start()


if __name__ == "__main__":
    serve(int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]))
