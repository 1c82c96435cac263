"""A refused Space Base move says why: an unknown card, its price, the sector it goes to, whose step."""

from __future__ import annotations

import pytest

from engine.core.errors import AlreadyDoneError, IllegalActionError, NotYourTurnError
from engine.spacebase import CONTENT, RULES
from engine.spacebase.state import SpaceState
from tests.engine.spacebase.sb_helpers import act, choose_all, deploy, plain, roll


def _buying() -> SpaceState:
    """Seat 0's main phase with 5 credits and no buy yet."""
    state = plain(2)
    state, _ = roll(state, 1, 1)
    state = choose_all(state, "single")
    state.board(0).credits = 5
    assert state.phase == "main" and state.active == 0
    return state


def test_a_buy_refusal_names_what_is_wrong() -> None:
    state = _buying()
    offered = [c for row in state.shipyard.values() for c in row]
    dear = next(c for c in offered if CONTENT.cards[c].cost > 5)
    cheap = next(c for c in offered if CONTENT.cards[c].cost <= 5)
    info = CONTENT.cards[dear]
    with pytest.raises(IllegalActionError, match="There is no card 'nosuch'"):
        act(state, 0, "buy", card="nosuch", sector=4)
    with pytest.raises(IllegalActionError, match=f"{info.name} costs {info.cost} credits; you have 5"):
        act(state, 0, "buy", card=dear, sector=info.sector)
    home = CONTENT.sector_of(cheap)
    with pytest.raises(IllegalActionError, match=f"goes to sector {home}"):
        act(state, 0, "buy", card=cheap, sector=home % 12 + 1)
    state, _ = act(state, 0, "buy", card=cheap, sector=home)
    if state.phase == "main" and state.active == 0:
        with pytest.raises(IllegalActionError, match="already bought"):
            act(state, 0, "buy", card=cheap, sector=home)


def test_rolling_again_or_choosing_twice_or_nonsense_says_so() -> None:
    state = plain(2)
    state, _ = roll(state, 2, 3)
    with pytest.raises(IllegalActionError, match="already rolled"):
        act(state, state.active, "roll")
    with pytest.raises(IllegalActionError, match="Choose 'sum'"):
        act(state, min(RULES.to_move(state)), "choose", option="both")


def test_choosing_twice_says_who_is_still_awaited() -> None:
    state = plain(3)
    # A ship of their own in sector 5 makes the sum worth more than the single dice to seats 1 and 2.
    ships = [c for c, info in CONTENT.cards.items() if info.level == 1]
    for seat in (1, 2):
        deploy(state, seat, ships[seat], 5)
    state, _ = roll(state, 2, 3)
    assert RULES.to_move(state) == frozenset({0, 1, 2})
    state, _ = act(state, 1, "choose", option="sum")
    with pytest.raises(AlreadyDoneError) as refused:
        act(state, 1, "choose", option="single")
    names = state.players
    assert (
        str(refused.value) == f"You have already chosen for this roll; waiting for {names[0]} and {names[2]}."
    )


def test_a_seat_not_awaited_or_away_is_told_so() -> None:
    state = plain(2)
    waiting = sorted(RULES.to_move(state))
    idle = next(s for s in range(2) if s not in waiting)
    names = " and ".join(state.players[s] for s in waiting)
    with pytest.raises(NotYourTurnError) as refused:
        act(state, idle, "roll")
    assert str(refused.value) == f"It is not your move now; the game waits for {names}."
    away, _ = act(state, idle, "away")
    with pytest.raises(NotYourTurnError, match="You are marked away and the AI plays your seat: come back"):
        act(away, idle, "auto", on=True)
