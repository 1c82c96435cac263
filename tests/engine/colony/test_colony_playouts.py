"""Seeded random games played to the end, checking the engine's contract at every step."""

from __future__ import annotations

import json

import pytest

from engine.colony import CONTENT, RULES
from engine.colony.derive import production
from engine.colony.model import HAND_LIMIT, PRODUCTION_MAX, PRODUCTION_MIN, SUPPLY_MAX
from engine.colony.state import ColonyState
from engine.core.action import Action
from engine.core.errors import EngineError
from engine.core.rng import Rng

GAMES = 500
CHECK_EVERY = 12
SCENARIOS = list(CONTENT.scenarios)
PROBES = [
    Action.of("deploy", card="algae_vat", at="9,9", pay="stim_shot"),
    Action.of("move", at="7,7"),
    Action.of("repair", token="gravity"),
    Action.of("discard", card="nothing"),
    Action.of("place", at="0,0"),
    Action.of("choose_character", character="medic"),
    Action.of("special", seat=9, issue="flu"),
    Action.of("teleport"),
]


def check_invariants(state: ColonyState) -> None:
    levels = production(state, CONTENT)
    assert all(PRODUCTION_MIN <= v <= PRODUCTION_MAX for v in levels.values())
    assert all(0 <= v <= SUPPLY_MAX for v in state.supplies.values())
    for seat, hand in enumerate(state.hands):
        discarding = state.pending is not None and state.pending.get("seat") == seat
        assert len(hand) <= HAND_LIMIT or discarding
    cards = len(state.deck) + len(state.discard) + sum(len(h) for h in state.hands)
    cards += sum(1 for m in state.grid.values() if m["card"] != "hub")
    assert cards == len(CONTENT.deck())


def check_view(state: ColonyState) -> None:
    view = RULES.view(state, None)
    text = json.dumps(view)
    assert view["deck_count"] == len(state.deck) and view["event_deck_count"] == len(state.event_deck)
    assert 'event_deck"' not in text and '"deck"' not in text
    # Only the top of the discard pile and cards in hands or on the base may be named.
    shown = {c["id"] for p in view["players"] for c in p["hand"]} | {m["card"] for m in view["grid"]}
    if view["discard_top"] is not None:
        shown.add(view["discard_top"]["id"])
    assert shown >= {c for h in state.hands for c in h}
    assert RULES.view(state, 0) == view


def playout(seed: int, players: int) -> int:
    names = [f"p{i}" for i in range(players)]
    options = {"scenario": SCENARIOS[seed % len(SCENARIOS)]}
    state = RULES.setup(names, options, seed)
    rng = Rng(seed ^ 0xC01)
    log: list[tuple[int, Action]] = []
    step = 0
    while state.outcome is None:
        seat = rng.choice(sorted(RULES.to_move(state)))
        actions = RULES.legal_actions(state, seat)
        assert actions, "an active seat always has an action"
        action = rng.choice(actions)
        checking = step % CHECK_EVERY == 0
        if checking:
            before = RULES.to_json(state)
            _probe_illegal(state, seat, actions, rng)
        new, _ = RULES.apply(state, seat, action)
        if checking:
            assert RULES.to_json(state) == before, "apply never changes its input"
            data = RULES.to_json(new)
            assert RULES.to_json(RULES.from_json(json.loads(json.dumps(data)))) == data
            check_invariants(new)
            check_view(new)
        log.append((seat, action))
        state = new
        step += 1
    check_invariants(state)
    final = RULES.to_json(state)
    replay = RULES.setup(names, options, seed)
    for seat, action in log:
        replay, _ = RULES.apply(replay, seat, action)
    assert RULES.to_json(replay) == final
    return step


def _probe_illegal(state: ColonyState, seat: int, actions: list[Action], rng: Rng) -> None:
    probe = rng.choice(PROBES)
    if probe in actions:
        return
    with pytest.raises(EngineError):
        RULES.apply(state, seat, probe)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_playouts_to_the_end(players: int) -> None:
    steps = [playout(seed, players) for seed in range(GAMES)]
    assert min(steps) > 10


def test_schema_version_is_checked() -> None:
    state = RULES.setup(["a"], {"scenario": "verdance"}, 1)
    data = RULES.to_json(state)
    assert data["schema_version"] == 1
    with pytest.raises(EngineError):
        RULES.from_json({**data, "schema_version": 99})
    with pytest.raises(EngineError):
        RULES.from_json({"schema_version": 1, "scenario": "verdance"})
    with pytest.raises(EngineError):
        RULES.from_json({**data, "scenario": "atlantis"})
