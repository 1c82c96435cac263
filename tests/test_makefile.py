"""The Makefile refuses a Python older than 3.11 and rebuilds a .venv made by one."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Stand-ins for interpreters: a version check (`-c`) passes or fails, `-m venv DIR` makes a
# .venv whose python is a copy of the stand-in, and anything else (pip) succeeds.
FAKE_PYTHON = """#!/bin/sh
case "$1" in
  -c) exit {check} ;;
  --version) echo "Python {version}" ;;
  -m) if [ "$2" = venv ]; then mkdir -p "$3/bin" && cp "$0" "$3/bin/python"; fi ;;
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


def make(project: Path, python: Path) -> subprocess.CompletedProcess[str]:
    # Run as from a shell, even when the test suite itself runs under `make test`.
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    return subprocess.run(
        ["make", "--no-print-directory", "install", f"PYTHON={python}"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_an_old_python_is_refused_with_a_clear_message(project: Path) -> None:
    done = make(project, fake_python(project, "python3.9", "3.9.18"))
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
    done = make(project, good)
    assert done.returncode == 0, done.stderr
    assert ".venv was made by a Python older than 3.11 or one that is gone: rebuilding it." in done.stdout
    assert not (venv / "left-over").exists()
    assert (venv / "bin" / "python").read_text() == good.read_text() and (venv / ".installed").exists()
    again = make(project, good)
    assert again.returncode == 0 and "rebuilding" not in again.stdout and "-m venv" not in again.stdout
