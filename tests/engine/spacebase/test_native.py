"""The compiled engine (engine/native.py): used only while it matches its sources, and it plays
every game exactly as the plain Python sources do."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

import pytest

from engine import native
from engine.core.action import Action
from engine.core.rng import Rng
from engine.spacebase import RULES, SpaceRules
from engine.spacebase.policies import greedy_policy
from engine.spacebase.state import SpaceState
from tests.engine.native_compare import apply_digested, plain_digest, run_python, run_with_python

PREFERENCES = ("auto", "away", "back")
# Seeds and tables for the games both engines play: every count, both sets, Light-Speed, AI seats
# (the engine moves for them inside apply), auto seats and a seat gone away.
TABLES = [
    (players, expansion, variant, seed)
    for players in (2, 3, 4, 5)
    for expansion in ("base", "genesis")
    for variant in ("standard", "lightspeed")
    for seed in (11, 12)
]


def play_table(rules: SpaceRules, table: tuple[int, str, str, int], digest: Any) -> SpaceState:
    """One greedy-and-random game at ``table`` (an AI seat below 5 players; the first mover of
    move 10 turns automatic choices on, that of move 25 goes away), every legal list, event, saved
    state and table view fed to ``digest``; returns the last state."""
    players, expansion, variant, seed = table
    names = [f"p{i}" for i in range(players)]
    options = {"expansion": expansion, "variant": variant, "ai": 1 if players < 5 else 0}
    state = rules.setup(names, options, seed)
    rng = Rng(seed)
    for move in range(3000):
        if rules.outcome(state) is not None:
            break
        seat = min(rules.to_move(state))
        actions = rules.legal_actions(state, seat)
        digest.update(repr(actions).encode())
        if move == 10:
            action = Action.of("auto", on=True)
        elif move == 25:
            action = Action.of("away")
        elif rng.randint(0, 1):
            action = greedy_policy(rules.content, state, seat, actions, rng)
        else:
            # Game moves only: a random "away" would hand the rest of the game to the engine.
            action = rng.choice([a for a in actions if a.kind not in PREFERENCES] or actions)
        if action not in actions:
            action = rng.choice(actions)
        state = apply_digested(rules, state, seat, action, digest)
    digest.update(repr(rules.outcome(state)).encode())
    return state


def play_digest(rules: SpaceRules, tables: list[tuple[int, str, str, int]]) -> str:
    """One digest of every state, event and legal list met in the games at ``tables``."""
    digest = hashlib.sha256()
    for table in tables:
        play_table(rules, table, digest)
    return digest.hexdigest()


def test_the_compiled_engine_is_in_use_where_it_is_required() -> None:
    """CI sets ENGINE_NATIVE_REQUIRED: there every listed module runs compiled."""
    if not os.environ.get("ENGINE_NATIVE_REQUIRED"):
        pytest.skip("ENGINE_NATIVE_REQUIRED is not set")
    assert native.compiled() == list(native.MODULES)


def test_compiled_and_plain_python_play_the_same_games() -> None:
    assert play_digest(RULES, TABLES) == plain_digest("tests.engine.spacebase.test_native", "spacebase")


def test_the_games_compared_are_whole_games() -> None:
    """The comparison above plays every table to its end, with an AI seat, an auto seat and a seat
    gone away moved by the engine, and its digest tells one game from another."""
    for table in TABLES:
        state = play_table(RULES, table, hashlib.sha256())
        assert RULES.outcome(state) is not None, table
        assert True in state.auto and True in state.away, table
        assert (True in state.ai) == (table[0] < 5), table
    assert play_digest(RULES, TABLES[:1]) != play_digest(RULES, TABLES[1:2])


def test_compiled_copies_are_used_only_while_they_match_their_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENGINE_NATIVE_DIR", str(tmp_path))
    monkeypatch.delenv("ENGINE_PURE", raising=False)
    native.active.cache_clear()
    try:
        assert native.active() is None  # nothing built there
        (tmp_path / native.STAMP).write_text(native.fingerprint() + "\n", encoding="ascii")
        native.active.cache_clear()
        assert native.active() == tmp_path
        path: list[str] = ["/sources/engine/spacebase"]
        native.extend("engine.spacebase", path)
        assert path == [str(tmp_path / "engine" / "spacebase"), "/sources/engine/spacebase"]

        # A source edited since (another fingerprint) turns the copies off.
        (tmp_path / native.STAMP).write_text("0" * 64 + "\n", encoding="ascii")
        native.active.cache_clear()
        assert native.active() is None
        path = ["/sources/engine/spacebase"]
        native.extend("engine.spacebase", path)
        assert path == ["/sources/engine/spacebase"]

        # ENGINE_PURE turns them off whatever the stamp says.
        (tmp_path / native.STAMP).write_text(native.fingerprint() + "\n", encoding="ascii")
        monkeypatch.setenv("ENGINE_PURE", "1")
        native.active.cache_clear()
        assert native.active() is None
    finally:
        monkeypatch.undo()
        native.active.cache_clear()


def test_the_fingerprint_reads_every_compiled_source() -> None:
    assert all(native.source(m).is_file() for m in native.MODULES)
    assert native.fingerprint() == native.fingerprint()
    assert len({m.rsplit(".", 1)[0] for m in native.MODULES}) == len(native.PACKAGES)
    assert {m.rsplit(".", 1)[0] for m in native.MODULES} == set(native.PACKAGES)


def test_a_failed_compile_leaves_the_plain_engine_and_says_so(tmp_path: Path) -> None:
    """No working C compiler: the build says so in a line and ends well, unless it is required."""
    target = tmp_path / "native"
    env = {
        "ENGINE_NATIVE_DIR": str(target),
        "CC": "/bin/false",
        "ENGINE_NATIVE_REQUIRED": "",
        "ENGINE_PURE": "",
    }
    done = run_with_python(["scripts/build_native.py"], **env)
    assert done.returncode == 0, done.stderr
    assert "engine: plain Python (the compiler failed" in done.stderr
    assert not target.exists()
    assert [p.name for p in tmp_path.iterdir()] == []  # no scratch folder left behind


def test_a_compile_required_but_impossible_fails() -> None:
    done = run_with_python(["scripts/build_native.py"], ENGINE_PURE="1", ENGINE_NATIVE_REQUIRED="1")
    assert done.returncode == 1
    assert "ENGINE_NATIVE_REQUIRED is set" in done.stderr


def test_the_rng_draws_the_same_compiled_or_not() -> None:
    """The seeded draws saved games replay from (pinned in test_core) hold in both engines."""
    code = "from engine.core.rng import Rng\nr = Rng(7)\nprint([r.randint(1, 6) for _ in range(40)])"
    plain = run_python(code, ENGINE_PURE="1")
    compiled = run_python(code)
    assert plain.returncode == compiled.returncode == 0
    assert plain.stdout == compiled.stdout
    rng = Rng(7)
    assert str([rng.randint(1, 6) for _ in range(40)]) in plain.stdout
