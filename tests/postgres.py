"""A throwaway PostgreSQL server for the tests: TEST_DATABASE_URL, or a cluster started under /tmp.

With TEST_DATABASE_URL set (an empty database the tests may wipe), that server is
used. Otherwise, when the PostgreSQL server binaries are installed (Debian: the
``postgresql`` package), a private cluster is created in a temporary folder,
listens on 127.0.0.1 at a free port, and is removed after the test session.
Without either, the PostgreSQL variants of the tests are skipped, saying why.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import text

from bot.store import make_engine

ENV = "TEST_DATABASE_URL"
SKIP = (
    "PostgreSQL tests skipped: set TEST_DATABASE_URL=postgresql+asyncpg://... or install the "
    "PostgreSQL server (Debian: apt-get install -y postgresql; .ci/run does it)."
)


@dataclass
class Server:
    url: str
    folder: Path | None = None
    bindir: Path | None = None

    def stop(self) -> None:
        if self.folder is None or self.bindir is None:
            return
        _run([str(self.bindir / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "stop"])
        shutil.rmtree(self.folder, ignore_errors=True)


def _bindir() -> Path | None:
    found = shutil.which("pg_config")
    if found:
        out = subprocess.run([found, "--bindir"], capture_output=True, text=True, check=False)
        candidate = Path(out.stdout.strip())
        if (candidate / "initdb").exists() and (candidate / "pg_ctl").exists():
            return candidate
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _run(argv: list[str]) -> subprocess.CompletedProcess[str]:
    # initdb and postgres refuse to run as root; the Debian package makes a `postgres` user.
    if os.geteuid() == 0:
        argv = ["runuser", "-u", "postgres", "--", *argv]
    return subprocess.run(argv, capture_output=True, text=True, check=False, timeout=120)


def start() -> Server | str:
    """A running server, or the reason there is none."""
    url = os.environ.get(ENV)
    if url:
        return Server(url)
    bindir = _bindir()
    if bindir is None:
        return SKIP
    folder = Path(tempfile.mkdtemp(prefix="exobase-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    data, port = folder / "data", _free_port()
    made = _run([str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8"])
    if made.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        return f"PostgreSQL tests skipped: initdb failed: {made.stderr.strip()[-300:]}"
    # fsync off: a test cluster is thrown away, and the tests run several times faster.
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c fsync=off -c max_connections=200"
    started = _run(
        [str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-w", "-l", str(folder / "log"), "start"]
    )
    if started.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        return f"PostgreSQL tests skipped: the server did not start: {started.stderr.strip()[-300:]}"
    return Server(f"postgresql+asyncpg://postgres@127.0.0.1:{port}/postgres", folder, bindir)


async def wipe(url: str) -> None:
    """Drop every table of the database behind ``url`` (each test starts from an empty schema)."""
    engine = make_engine(url)
    try:
        async with engine.begin() as connection:
            await connection.execute(text("DROP SCHEMA public CASCADE"))
            await connection.execute(text("CREATE SCHEMA public"))
    finally:
        await engine.dispose()
