"""What the compiled-versus-plain tests of each game share: a move's digest and a plain Python run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import native
from engine.core.action import Action
from engine.core.errors import EngineError

ROOT = Path(__file__).resolve().parents[2]


def apply_digested(rules: Any, state: Any, seat: int, action: Action, digest: Any) -> Any:
    """``rules.apply`` of ``action``, its events, the saved state and the table view fed to
    ``digest`` (a refusal's message instead when it is refused); returns the state after it."""
    try:
        after, events = rules.apply(state, seat, action)
    except EngineError as exc:
        digest.update(f"{type(exc).__name__}: {exc}".encode())
        return state
    digest.update(json.dumps([e.to_json() for e in events], sort_keys=True).encode())
    digest.update(json.dumps(rules.to_json(after), sort_keys=True).encode())
    digest.update(json.dumps(rules.view(after, None), sort_keys=True, default=str).encode())
    return after


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``code`` run by this Python in a process of its own, from the project's root."""
    return run_with_python(["-c", code], **env)


def run_with_python(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    """This Python run with ``args`` in a process of its own, from the project's root, with
    ``env`` added to this process's environment."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )


def plain_digest(module: str, game: str) -> str:
    """``play_digest(RULES, TABLES)`` of the test module ``module`` for the engine package ``game``,
    played by the plain Python sources (``ENGINE_PURE=1``) in a process of their own; skips the
    test where nothing is compiled to compare with, and checks that this process runs it all
    compiled."""
    if native.active() is None:
        pytest.skip("no compiled engine here to compare with (make native)")
    assert native.compiled() == list(native.MODULES)
    code = (
        f"from engine.{game} import RULES\n"
        f"from {module} import TABLES, play_digest\n"
        "from engine import native\n"
        "print(len(native.compiled()), play_digest(RULES, TABLES))\n"
    )
    plain = run_python(code, ENGINE_PURE="1")
    assert plain.returncode == 0, plain.stderr
    count, digest = plain.stdout.split()
    assert count == "0"
    return digest
