"""The Makefile refuses a Python older than 3.11, rebuilds a .venv made by one, installs only what
each target needs, and lets `make run` end on the bot's own line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Stand-ins for interpreters: a version check (`-c`) passes or fails, `-m venv DIR` makes a
# .venv whose python is a copy of the stand-in, and anything else (pip) succeeds.
FAKE_PYTHON = """#!/bin/sh
case "$1" in
  -c) exit {check} ;;
  --version) echo "Python {version}" ;;
  -m) if [ "$2" = venv ]; then mkdir -p "$3/bin" && cp "$0" "$3/bin/python" && touch "$3/pyvenv.cfg"; fi ;;
esac
exit 0
"""

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def fake_python(folder: Path, name: str, version: str) -> Path:
    path = folder / name
    supported = tuple(int(part) for part in version.split(".")[:2]) >= (3, 11)
    path.write_text(FAKE_PYTHON.format(check=0 if supported else 1, version=version))
    path.chmod(0o755)
    return path


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


def make(
    project: Path, *args: str, env: dict[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    # Run as from a shell, even when the test suite itself runs under `make test`.
    if env is None:
        env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    return subprocess.run(
        ["make", "--no-print-directory", *args],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def install(project: Path, python: Path) -> subprocess.CompletedProcess[str]:
    return make(project, "install", f"PYTHON={python}")


def test_an_old_python_is_refused_with_a_clear_message(project: Path) -> None:
    done = install(project, fake_python(project, "python3.9", "3.9.18"))
    assert done.returncode != 0
    assert "The bot needs Python 3.11 or newer, but" in done.stderr and "Python 3.9.18" in done.stderr
    assert "PYTHON=python3.12" in done.stderr
    assert not (project / ".venv").exists()


def test_a_venv_made_by_an_old_python_is_rebuilt_once(project: Path) -> None:
    old = fake_python(project, "python3.9", "3.9.18")
    venv = project / ".venv"
    (venv / "bin").mkdir(parents=True)
    shutil.copy(old, venv / "bin" / "python")
    (venv / "left-over").write_text("from the old interpreter")
    (venv / ".installed").touch()  # newer than pyproject.toml: only the interpreter gives it away
    good = fake_python(project, "python3.12", "3.12.1")
    done = install(project, good)
    assert done.returncode == 0, done.stderr
    assert ".venv was made by a Python older than 3.11 or one that is gone: rebuilding it." in done.stdout
    assert not (venv / "left-over").exists()
    assert (venv / "bin" / "python").read_text() == good.read_text() and (venv / ".installed").exists()
    again = install(project, good)
    assert again.returncode == 0 and "rebuilding" not in again.stdout and "-m venv" not in again.stdout


def test_a_venv_that_fails_half_made_is_not_left_behind(project: Path) -> None:
    # As on Debian without python3-venv: the folder and its interpreter appear, then ensurepip fails.
    python = fake_python(project, "python3.12", "3.12.1")
    python.write_text(python.read_text().replace('"$3/pyvenv.cfg";', '"$3/pyvenv.cfg" && exit 1;'))
    done = install(project, python)
    assert done.returncode != 0
    assert not (project / ".venv").exists()


def pip_installs(project: Path, *args: str) -> list[str]:
    """The `pip install -e` lines `make -n` would run on a fresh machine."""
    done = make(project, "-n", *args)
    assert done.returncode == 0, done.stderr
    return [line.split(" -e ", 1)[1] for line in done.stdout.splitlines() if "pip install --quiet -e" in line]


def test_running_the_bot_installs_only_the_package(project: Path) -> None:
    for goal in ("run", "install", "play"):
        assert pip_installs(project, goal) == ["."], goal
    assert pip_installs(project, "install", "EXTRAS=postgres") == ["'.[postgres]'"]


def test_the_development_targets_install_the_tools(project: Path) -> None:
    for goal in ("test", "lint", "typecheck", "pytest", "bench", "fuzz"):
        assert pip_installs(project, goal) == ["'.[dev]'"], goal


def test_an_installed_extra_leaves_nothing_to_install_for_running(project: Path) -> None:
    good = fake_python(project, "python3.12", "3.12.1")
    done = make(project, "install", "EXTRAS=postgres", f"PYTHON={good}")
    assert done.returncode == 0, done.stderr
    assert (project / ".venv" / ".installed-postgres").exists()
    assert pip_installs(project, "run", f"PYTHON={good}") == []


@pytest.fixture
def installed(project: Path) -> Path:
    """A project whose .venv runs the bot with this test run's interpreter, already installed."""
    venv = project / ".venv"
    (venv / "bin").mkdir(parents=True)
    python = venv / "bin" / "python"
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    # Made in this order, an hour, a minute and a second ago.
    now = time.time()
    made = ((project / "pyproject.toml", 3600), (venv / "pyvenv.cfg", 60), (venv / ".installed", 1))
    for path, age in made:
        path.touch()
        os.utime(path, (now - age, now - age))
    # `make run` first compiles the engine if it can (engine/native.py): its script comes along.
    for name in ("scripts/build_native.py", "engine/__init__.py", "engine/native.py"):
        (project / name).parent.mkdir(exist_ok=True)
        shutil.copy(ROOT / name, project / name)
    return project


def run_bot(project: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    # Only these settings: no .env is copied into the project, and nothing comes from this shell.
    # ENGINE_PURE: the project copy holds no engine sources to compile (the script then says nothing).
    env = {"PATH": os.environ["PATH"], "HOME": str(project), "ENGINE_PURE": "1", **settings}
    return make(project, "run", env=env, timeout=120)


def test_run_without_a_token_explains_and_exits_cleanly(installed: Path) -> None:
    done = run_bot(installed, DATABASE_URL=f"sqlite+aiosqlite:///{installed}/data/bot.db")
    assert done.returncode == 0, done.stderr
    assert "No DISCORD_TOKEN is set" in done.stdout and "make play" in done.stdout
    assert done.stderr == ""


def test_run_that_fails_ends_on_the_bots_line_and_a_non_zero_exit(installed: Path) -> None:
    # A database under a file fails the settings check, before anything reaches the network.
    (installed / "afile").write_text("not a folder")
    done = run_bot(
        installed, DISCORD_TOKEN="invalid", DATABASE_URL=f"sqlite+aiosqlite:///{installed}/afile/bot.db"
    )
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert lines[0].startswith("Invalid settings: DATABASE_URL: the database") and "under a file" in lines[0]
    assert "Traceback" not in done.stderr and done.stdout == ""
    # GNU make reports every failing recipe: its one line names the target and the bot's exit code.
    assert lines[1:] == [f"make: *** [Makefile:{run_line(installed)}: run] Error 2"]


def run_line(project: Path) -> int:
    lines = (project / "Makefile").read_text().splitlines()
    return lines.index("run: $(STAMP) native") + 2
