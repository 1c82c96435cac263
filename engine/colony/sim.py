"""Balance simulation: seeded co-op games played by a policy, summarised in a report."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.colony.model import Content
from engine.colony.policies import POLICIES
from engine.colony.rules import ColonyRules
from engine.colony.state import ColonyState
from engine.core.errors import EngineError
from engine.core.rng import Rng
from engine.core.sim import WinLoss, tally

POLICY_SALT = 0xC0105EED


@dataclass(frozen=True)
class GameResult:
    seed: int
    scenario: str
    policy: str
    players: int
    won: bool
    turns: int
    reason: str
    actions: int


@dataclass(frozen=True)
class SimReport(WinLoss):
    games: int
    policy: str
    players: int
    scenario: str
    seed: int
    wins: int
    mean_turns: float
    losses: dict[str, int] = field(default_factory=dict)

    def lines(self) -> list[str]:
        return self.summary(
            f"Exoplanet Colony simulation: {self.games} games, policy {self.policy}, "
            f"{self.players} players, scenario {self.scenario}, seed {self.seed}",
            [f"mean turns played: {self.mean_turns:.2f}"],
        )


def _rules(content: Content | None) -> ColonyRules:
    if content is None:
        from engine.colony import shipped_rules

        return shipped_rules()
    return ColonyRules(content)


def acting_seat(state: ColonyState) -> int:
    """The seat a simulated team lets act: the drafter, the owner of a choice, else the turn's player."""
    if state.phase == "draft":
        return state.characters.index(None)
    if state.pending is not None and state.pending["kind"] == "discard":
        return int(state.pending["seat"])
    return state.seat


def play(
    seed: int, policy: str, players: int = 2, scenario: str = "verdance", content: Content | None = None
) -> GameResult:
    """Play one game to its end; raises EngineError on an unknown policy, scenario or player count."""
    if policy not in POLICIES:
        raise EngineError(f"Unknown policy '{policy}'; choose one of {', '.join(POLICIES)}.")
    rules = _rules(content)
    choose = POLICIES[policy]
    rng = Rng(seed ^ POLICY_SALT)
    state = rules.setup([f"p{i + 1}" for i in range(players)], {"scenario": scenario}, seed)
    count = 0
    while state.outcome is None:
        seat = acting_seat(state)
        action = choose(rules.content, state, seat, rules.legal_actions(state, seat), rng)
        state, _ = rules.apply(state, seat, action)
        count += 1
    return GameResult(
        seed=seed,
        scenario=scenario,
        policy=policy,
        players=players,
        won=bool(state.outcome["won"]),
        turns=state.turn,
        reason=str(state.outcome["reason"]),
        actions=count,
    )


def simulate(
    games: int,
    policy: str,
    players: int = 2,
    scenario: str = "verdance",
    seed: int = 1,
    content: Content | None = None,
) -> SimReport:
    """Play ``games`` games with seeds ``seed``, ``seed + 1``...; raises EngineError on bad names."""
    results = [play(seed + i, policy, players, scenario, content) for i in range(games)]
    wins, losses = tally(results)
    return SimReport(
        games=games,
        policy=policy,
        players=players,
        scenario=scenario,
        seed=seed,
        wins=wins,
        mean_turns=sum(r.turns for r in results) / games if games else 0.0,
        losses=losses,
    )
