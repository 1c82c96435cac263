"""Compiled (engine/native.py), ExoBase plays every game exactly as its plain Python sources do."""

from __future__ import annotations

import hashlib
from typing import Any

from engine.core.rng import Rng
from engine.exobase import RULES, ExoRules, ExoState
from engine.exobase.policies import greedy_policy, random_policy
from tests.engine.native_compare import apply_digested, plain_digest

# Solo and team games in both modes, a few seeds each: the hazards, the nights, shortages of energy
# and health, and the ends of the game, won and lost, all come up.
TABLES = [
    (players, mode, seed) for players in (1, 2, 3) for mode in ("normal", "hardcore") for seed in range(6)
]


def play_table(rules: ExoRules, table: tuple[int, str, int], digest: Any) -> ExoState:
    """One game at ``table``, its moves picked greedily but one in five at random (each seat in turn
    of those waited for), every legal list, event, saved state and table view fed to ``digest``."""
    players, mode, seed = table
    state = rules.setup([f"p{i}" for i in range(players)], {"mode": mode, "team": players > 1}, seed)
    rng = Rng(seed)
    for _ in range(3000):
        if rules.outcome(state) is not None:
            break
        seat = min(rules.to_move(state))
        actions = rules.legal_actions(state, seat)
        digest.update(repr(actions).encode())
        policy = greedy_policy if rng.randint(0, 4) else random_policy
        action = policy(rules.content, state, actions, rng)
        state = apply_digested(rules, state, seat, action, digest)
    digest.update(repr(rules.outcome(state)).encode())
    return state


def play_digest(rules: ExoRules, tables: list[tuple[int, str, int]]) -> str:
    digest = hashlib.sha256()
    for table in tables:
        play_table(rules, table, digest)
    return digest.hexdigest()


def test_compiled_and_plain_python_play_the_same_games() -> None:
    assert play_digest(RULES, TABLES) == plain_digest("tests.engine.exobase.test_exobase_native", "exobase")


def test_the_games_compared_are_whole_games_won_and_lost() -> None:
    ends = set()
    for table in TABLES:
        state = play_table(RULES, table, hashlib.sha256())
        outcome = RULES.outcome(state)
        assert outcome is not None, table
        ends.add(outcome.won)
    assert ends == {True, False}
    assert play_digest(RULES, TABLES[:1]) != play_digest(RULES, TABLES[1:2])
