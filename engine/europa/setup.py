"""A new game: seats (humans then AI), the shuffled deck and starting hands of 5."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.errors import IllegalActionError
from engine.core.rng import Rng
from engine.europa.model import HAND_SIZE, MAX_SEATS, MIN_SEATS, ROUNDS, UNDERMINE_LIMIT, Content
from engine.europa.state import EuropaState


def read_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The start options checked; raises IllegalActionError on a bad value."""
    invaders = options.get("invaders", False)
    limit = options.get("undermine_limit", UNDERMINE_LIMIT)
    ai = options.get("ai", 0)
    if not isinstance(invaders, bool):
        raise IllegalActionError("The option 'invaders' is true or false.")
    if isinstance(limit, bool) or limit not in (1, 2):
        raise IllegalActionError("The option 'undermine_limit' is 1 (beginners) or 2.")
    if isinstance(ai, bool) or not isinstance(ai, int) or not 0 <= ai <= MAX_SEATS:
        raise IllegalActionError(f"The option 'ai' is a number of AI seats from 0 to {MAX_SEATS}.")
    return {"invaders": invaders, "undermine_limit": limit, "ai": ai}


def new_game(content: Content, players: Sequence[str], options: Mapping[str, Any], seed: int) -> EuropaState:
    """Deal the first round; raises IllegalActionError on bad options or a seat count outside 2–4."""
    opts = read_options(options)
    names = [*players, *(f"AI {i + 1}" for i in range(opts["ai"]))]
    if not MIN_SEATS <= len(names) <= MAX_SEATS:
        raise IllegalActionError(
            f"Europa Base Alpha is played by {MIN_SEATS} to {MAX_SEATS} players (AI included)."
        )
    rng = Rng(seed)
    deck = content.deck(opts["invaders"])
    rng.shuffle(deck)
    n = len(names)
    # One card at a time round the table, as a printed deal goes.
    hands: list[list[str]] = [[] for _ in names]
    for i in range(HAND_SIZE * n):
        hands[i % n].append(deck[i])
    return EuropaState(
        players=names,
        rng=rng,
        options=opts,
        rounds=ROUNDS[n],
        deck=deck[HAND_SIZE * n :],
        hands=hands,
        ai=[i >= len(players) for i in range(n)],
        away=[False] * n,
        built=[[] for _ in names],
        tokens=[0] * n,
        plans=[[] for _ in names],
        status=["choosing"] * n,
        choice=[None] * n,
        plan_choice=[None] * n,
        bases=[[] for _ in names],
        attempt=[None] * n,
        undermines=[[] for _ in names],
        done=[False] * n,
    )
