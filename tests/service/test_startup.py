"""`python -m bot` and `exobase play` end every start-up problem an operator can fix in one line."""

from __future__ import annotations

import io
import os
import socket
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import discord
import pytest
from sqlalchemy.exc import OperationalError

from bot import __main__ as entry
from bot import cli
from bot.app import GameBot
from bot.startup import database_problem

# A traceback from a database worker thread is as much a failure as one on the main thread.
pytestmark = pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")

ENV = ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "EXOBASE_CONTENT_DIR", "COLONY_CONTENT_DIR")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LOG_LEVEL", "WARNING")
    monkeypatch.chdir(tmp_path)


def start(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], url: str) -> tuple[int, str]:
    """Run the bot's main with a token and ``url``; logging in to Discord is a failure of the test."""

    async def no_login(self: GameBot, token: str) -> None:
        raise AssertionError("the database problem should stop the bot before it logs in")

    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setattr(GameBot, "login", no_login)
    code = entry.main()
    return code, capsys.readouterr().err


def one_line(err: str) -> str:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_a_refused_token_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def refused(self: GameBot, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")
    monkeypatch.setattr(GameBot, "login", refused)
    code = entry.main()
    line = one_line(capsys.readouterr().err)
    assert code == 1
    assert line.startswith("Discord refused the token in DISCORD_TOKEN") and "Reset Token" in line


def _not_a_database(tmp: Path) -> str:
    (tmp / "notes.db").write_text("shopping list")
    return f"sqlite+aiosqlite:///{tmp / 'notes.db'}"


def _a_folder(tmp: Path) -> str:
    (tmp / "folder.db").mkdir()
    return f"sqlite+aiosqlite:///{tmp / 'folder.db'}"


def _newer_schema(tmp: Path) -> str:
    with sqlite3.connect(tmp / "newer.db") as con:
        con.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)")
        con.execute("INSERT INTO alembic_version VALUES ('9999_from_the_future')")
    return f"sqlite+aiosqlite:///{tmp / 'newer.db'}"


def _under_a_file(tmp: Path) -> str:
    (tmp / "data").write_text("a file, not a folder")
    return f"sqlite+aiosqlite:///{tmp / 'data' / 'bot.db'}"


def _no_server(tmp: Path) -> str:
    # Port 9 (discard) has no PostgreSQL: the connection is refused at once.
    return "postgresql+asyncpg://exo:secret@127.0.0.1:9/exobase"


@pytest.mark.parametrize(
    ("make_url", "code", "expected"),
    [
        (_not_a_database, 1, "notes.db is not an SQLite database: move it aside"),
        (_a_folder, 1, "folder.db, not a file: add a file name to it."),
        (_newer_schema, 1, "schema revision '9999_from_the_future', which this release does not know"),
        (_under_a_file, 2, "would be under a file, not a folder"),
        (_no_server, 1, "Cannot reach PostgreSQL at 127.0.0.1:9/exobase"),
    ],
)
def test_database_problems_are_one_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    make_url: Callable[[Path], str],
    code: int,
    expected: str,
) -> None:
    got, err = start(monkeypatch, capsys, make_url(tmp_path))
    line = one_line(err)
    assert got == code
    assert expected in line
    assert "secret" not in line


def test_a_missing_postgres_driver_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "asyncpg", None)
    code, err = start(monkeypatch, capsys, "postgresql+asyncpg://u:p@localhost/exobase")
    assert code == 1
    assert "pip install -e '.[postgres]'" in one_line(err)


def test_the_console_tells_the_same_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["play", "exobase", "--db", _not_a_database(tmp_path)], io.StringIO(""), io.StringIO())
    assert code == 1
    assert "is not an SQLite database" in one_line(capsys.readouterr().err)


@pytest.mark.parametrize(
    ("exc", "url", "expected"),
    [
        (
            OperationalError("PRAGMA", {}, sqlite3.OperationalError("unable to open database file")),
            "sqlite+aiosqlite:///data/x.db",
            "SQLite cannot open data/x.db: it must be a file in a folder this user may write to",
        ),
        (
            OperationalError("INSERT", {}, sqlite3.OperationalError("attempt to write a readonly database")),
            "sqlite+aiosqlite:///data/x.db",
            "data/x.db is read-only for this user",
        ),
        (
            OperationalError("connect", {}, Exception('password authentication failed for user "exo"')),
            "postgresql+asyncpg://exo:secret@db.example:5433/games",
            "PostgreSQL at db.example:5433/games refused the bot (password authentication failed for user",
        ),
        (
            TimeoutError(),
            "postgresql+asyncpg://exo:secret@10.0.0.9/games",
            "Cannot reach PostgreSQL at 10.0.0.9:5432/games (timed out)",
        ),
        (
            socket.gaierror(-2, "Name or service not known"),
            "postgresql+asyncpg://exo:secret@nowhere/games",
            "Cannot reach PostgreSQL at nowhere:5432/games (unknown host): start the server or fix",
        ),
    ],
)
def test_each_database_failure_says_what_to_do(exc: BaseException, url: str, expected: str) -> None:
    line = database_problem(exc, url)
    assert line is not None and line.startswith(expected) and "secret" not in line
    assert database_problem(ValueError("no idea"), url) is None


def test_an_unreachable_discord_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def offline(self: GameBot, token: str) -> None:
        key = SimpleNamespace(host="discord.com", port=443, ssl=True)
        # A stand-in connection key on purpose: only its host, port and ssl are read.
        raise aiohttp.ClientConnectorError(key, OSError(101, "Network is unreachable"))  # type: ignore[arg-type]

    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setattr(GameBot, "login", offline)
    code = entry.main()
    line = one_line(capsys.readouterr().err)
    assert code == 1
    assert line.startswith("Cannot reach Discord (") and "Network is unreachable" in line
    assert line.endswith("check this machine's network and try again.")


def test_an_unwritable_folder_is_one_line_even_for_root(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    real = os.access
    # Root passes every permission check, so ask the kernel what a user without root would be told.
    monkeypatch.setattr(
        os,
        "access",
        lambda path, mode: False if Path(path) == locked and mode & os.W_OK else real(path, mode),
    )
    code, err = start(monkeypatch, capsys, f"sqlite+aiosqlite:///{locked / 'bot.db'}")
    assert code == 2
    assert f"this user may not write to {locked}" in one_line(err)


@pytest.mark.parametrize("where", ["/proc/exobase-test.db", "/proc/exobase-test/bot.db"])
def test_a_folder_nobody_may_write_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    # /proc takes no new files, not even from root: SQLite itself refuses, or the folder cannot be made.
    code, err = start(monkeypatch, capsys, f"sqlite+aiosqlite:///{where}")
    line = one_line(err)
    assert code in (1, 2)
    assert where in line and ("cannot open" in line or "cannot create the folder" in line)
