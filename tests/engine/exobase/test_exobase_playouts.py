"""Seeded random games played to the end, checking the engine's contract at every step."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.action import Action
from engine.core.errors import EngineError
from engine.core.rng import Rng
from engine.exobase import CONTENT, RULES
from engine.exobase.derive import derive
from engine.exobase.state import ExoState

GAMES = 500
CHUNKS = 5
PROBES = [
    Action.of("rest", founder="nobody"),
    Action.of("flip", card="greenhouse"),
    Action.of("work", founder="tamsin", card="hab", space=9),
    Action.of("build", founder="mara", card="well", at="0,0"),
    Action.of("roll_hazard"),
    Action.of("next_day"),
    Action.of("teleport"),
]


def check_invariants(state: ExoState) -> None:
    d = derive(state, CONTENT)
    assert all(0 <= state.storage[r] <= d.cap[r] for r in state.storage)
    for f in state.founders:
        assert 0 <= f["health"] <= CONTENT.founders[f["id"]].max_health
        assert f["alive"] == (f["health"] > 0)
    owed = state.pending is not None and state.pending["kind"] == "power_down"
    assert d.bank >= 0 or owed or state.outcome is not None
    assert len(set(state.spots)) == len(state.spots)
    taken = [f for f in state.spots.values()]
    assert len(taken) == len(set(taken))  # one space per founder, one founder per space
    cells = [(b["x"], b["y"]) for b in state.base]
    assert len(cells) == len(set(cells))


def check_view(state: ExoState) -> None:
    view = RULES.view(state, None)
    json.dumps(view)
    assert view["pile_count"] == len(state.pile)
    shown = {b["card"] for b in view["base"]}
    shown |= {c["card"] for c in view["location_row"] + view["task_row"] if c is not None}
    shown |= {t["card"] for f in view["founders"] for t in f["tucked"]}
    assert not shown & set(state.pile[1:])
    words = json.dumps(view)
    assert "pile" not in words.replace("pile_count", "").replace("from_pile", "")


def playout(seed: int, mode: str, team: bool) -> None:
    players = ["a", "b"] if team else ["a"]
    state = RULES.setup(players, {"mode": mode, "team": team}, seed)
    rng = Rng(seed ^ 0xABCDEF)
    log: list[tuple[int, Action]] = []
    step = 0
    while RULES.outcome(state) is None:
        seat = rng.choice(sorted(RULES.to_move(state)))
        actions = RULES.legal_actions(state, seat)
        assert actions, "a live game always offers an action to a seat it waits for"
        action = rng.choice(actions)
        if step % 25 == 0:
            _probe_illegal(state, seat, actions, rng)
            before = RULES.to_json(state)
        new, _ = RULES.apply(state, seat, action)
        if step % 25 == 0:
            assert RULES.to_json(state) == before
            check_view(new)
        data = RULES.to_json(new)
        assert RULES.to_json(RULES.from_json(data)) == data
        check_invariants(new)
        log.append((seat, action))
        state = new
        step += 1
    final = RULES.to_json(state)
    replay = RULES.setup(players, {"mode": mode, "team": team}, seed)
    for seat, action in log:
        replay, _ = RULES.apply(replay, seat, action)
    assert RULES.to_json(replay) == final
    assert json.loads(json.dumps(final)) == final


def _probe_illegal(state: ExoState, seat: int, actions: list[Action], rng: Rng) -> None:
    probe = rng.choice(PROBES)
    if probe in actions:
        return
    before = RULES.to_json(state)
    with pytest.raises(EngineError):
        RULES.apply(state, seat, probe)
    assert RULES.to_json(state) == before


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_to_the_end(chunk: int) -> None:
    size = GAMES // CHUNKS
    for seed in range(chunk * size, (chunk + 1) * size):
        playout(seed, "hardcore" if seed % 3 == 0 else "normal", team=seed % 7 == 0)


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**40))
def test_any_seed_plays_to_the_end(seed: int) -> None:
    playout(seed, "normal", team=False)


def test_schema_version_is_checked() -> None:
    state = RULES.setup(["a"], {"mode": "normal"}, 1)
    data: dict[str, Any] = RULES.to_json(state)
    assert data["schema_version"] == 1
    with pytest.raises(EngineError):
        RULES.from_json({**data, "schema_version": 99})
    with pytest.raises(EngineError):
        RULES.from_json({"schema_version": 1, "mode": "normal"})
    with pytest.raises(EngineError):
        RULES.from_json({**data, "mode": "nightmare"})
