"""A new game of ExoBase: the core square, dealt founders, shuffled rows and the first morning."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.errors import IllegalActionError
from engine.core.rng import Rng
from engine.exobase.model import Content
from engine.exobase.night import morning
from engine.exobase.state import ExoState, Json
from engine.exobase.validate import FOUNDERS_DEALT

MAX_SEATS = 6
LOCATION_ROW = 4
TASK_SLOTS = 3


def new_game(content: Content, players: Sequence[str], options: Mapping[str, Any], seed: int) -> ExoState:
    """Set up a game; raises IllegalActionError on an unknown mode or a bad seat count."""
    mode = str(options.get("mode", "normal"))
    team = bool(options.get("team", False))
    if mode not in content.modes:
        raise IllegalActionError(f"Unknown mode '{mode}'; choose one of {', '.join(content.modes)}.")
    if not players or len(players) > MAX_SEATS or (not team and len(players) != 1):
        raise IllegalActionError(f"ExoBase is played solo, or by a team of up to {MAX_SEATS} on one base.")
    rng = Rng(seed)
    fids = list(content.founders)
    rng.shuffle(fids)
    deck = list(content.deck)
    rng.shuffle(deck)
    base: list[Json] = []
    for cid in content.core:
        start = content.cards[cid].start
        assert start is not None
        base.append({"card": cid, "x": start[0], "y": start[1], "level": 1, "damage": 0, "picks": []})
    founders = [founder_entry(content, fid) for fid in fids[:FOUNDERS_DEALT]]
    state = ExoState(
        mode=mode,
        players=list(players),
        team=team,
        rng=rng,
        day=1,
        phase="placement",
        storage=dict(content.modes[mode].start_storage),
        base=base,
        founders=founders,
        location_row=list(deck[:LOCATION_ROW]),
        task_row=list(deck[LOCATION_ROW : LOCATION_ROW + TASK_SLOTS]),
        pile=deck[LOCATION_ROW + TASK_SLOTS :],
    )
    morning(state, content, [])
    return state


def founder_entry(content: Content, fid: str) -> Json:
    """A dealt founder at full health, unplaced, with unused instants."""
    card = content.founders[fid]
    return {
        "id": fid,
        "health": card.max_health,
        "alive": True,
        "at": None,
        "doing": None,
        "task": None,
        "used": [False] * len(card.instants),
        "tucked": [],
    }
