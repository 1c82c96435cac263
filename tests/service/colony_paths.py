"""Seeds and action paths for colony tests, found from the engine itself.

The content (deals, decks) may be retuned, so tests never hard-code what a seed deals: they
ask for the first seed that reaches the situation they need, then replay it through the bot.
"""

from __future__ import annotations

from engine.colony import RULES, ColonyState
from engine.colony.sim import acting_seat
from engine.core import Action

SCENARIO = "verdance"
PLAYERS = ["Alice", "Bob"]
Path = list[tuple[int, Action]]


def _drafted(seed: int) -> tuple[ColonyState, Path]:
    """The state after each seat picks the first character it was dealt, and that path."""
    state = RULES.setup(PLAYERS, {"scenario": SCENARIO}, seed)
    path: Path = []
    for seat in range(len(PLAYERS)):
        action = RULES.legal_actions(state, seat)[0]
        state, _ = RULES.apply(state, seat, action)
        path.append((seat, action))
    return state, path


def plan_seed() -> int:
    """A seed where, after the draft, Bob may play a Plan and Alice may generate on her turn."""
    for seed in range(1, 500):
        state, _ = _drafted(seed)
        bob = {a.kind for a in RULES.legal_actions(state, 1)}
        alice = {a.kind for a in RULES.legal_actions(state, 0)}
        if "play" in bob and "generate" in alice:
            return seed
    raise AssertionError("no seed deals Bob a playable Plan")


def deploy_path() -> tuple[int, Path]:
    """A seed and a path (draft, then Alice's draws) after which Alice may deploy a module."""
    for seed in range(1, 500):
        state, path = _drafted(seed)
        for _ in range(3):
            if any(a.kind == "deploy" for a in RULES.legal_actions(state, 0)):
                return seed, path
            state, _ = RULES.apply(state, 0, Action.of("draw"))
            path.append((0, Action.of("draw")))
    raise AssertionError("no seed lets Alice deploy early")


def discard_path() -> tuple[int, Path, Action]:
    """A seed, a path, and a last ``give`` by the turn's player that takes the other seat over the
    hand limit: the discard is then owed out of turn."""
    for seed in range(1, 300):
        state, path = _drafted(seed)
        for _ in range(200):
            if state.outcome is not None:
                break
            seat = acting_seat(state)
            legal = RULES.legal_actions(state, seat)
            full = [a for a in legal if a.kind == "give" and len(state.hands[int(a.arg("seat"))]) >= 6]
            if full and state.pending is None:
                return seed, path, full[0]
            # Draw whenever possible so hands fill up; otherwise the first legal step.
            action = next((a for a in legal if a.kind == "draw"), None) or next(
                (a for a in legal if a.kind not in ("give", "take")), legal[0]
            )
            state, _ = RULES.apply(state, seat, action)
            path.append((seat, action))
    raise AssertionError("no seed lets a gift go over the hand limit")
