"""Seeded playouts of the real ExoBase engine, giving the table view and events after every action."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from engine.core import Event, Rng
from engine.exobase import RULES
from engine.exobase.policies import POLICIES
from tests.games import GAMES

# Ending placement early keeps a random playout moving through days instead of placing forever.
PREFER = ("roll_hazard", "next_day")


def playout(
    seed: int, *, steps: int = 400, team: bool = False
) -> Iterator[tuple[dict[str, Any], list[Event]]]:
    """Yield (view, events) after setup and after every action of a random game with ``seed``."""
    rules = GAMES["exobase"]
    players = ["ana", "ben"] if team else ["ana"]
    state = rules.setup(players, {"mode": "normal", "team": team}, seed)
    chooser = random.Random(seed)
    yield rules.view(state, None), []
    for _ in range(steps):
        if rules.outcome(state) is not None:
            return
        seats = sorted(rules.to_move(state))
        if not seats:
            return
        actions = rules.legal_actions(state, seats[0])
        if not actions:
            return
        preferred = [a for a in actions if a.kind in PREFER]
        action = preferred[0] if preferred else chooser.choice(actions)
        state, events = rules.apply(state, seats[0], action)
        yield rules.view(state, None), events


@cache
def greedy_game(seed: int, mode: str, team: bool) -> tuple[dict[str, Any], ...]:
    """The table view after setup and after every action of a seeded game of the greedy policy,
    which builds a wide and tall base (team games: three founders sharing it)."""
    choose = POLICIES["greedy"]
    rng = Rng(seed)
    state = RULES.setup(["ana", "ben", "cy"] if team else ["solo"], {"mode": mode, "team": team}, seed)
    views = [RULES.view(state, None)]
    while RULES.outcome(state) is None:
        seat = min(RULES.to_move(state))
        action = choose(RULES.content, state, RULES.legal_actions(state, seat), rng)
        state, _ = RULES.apply(state, seat, action)
        views.append(RULES.view(state, None))
    return tuple(views)
