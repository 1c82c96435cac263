"""Balance simulation: seeded games played by a policy, summarised in a report."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.errors import EngineError
from engine.core.rng import Rng
from engine.core.sim import WinLoss, tally
from engine.exobase.model import Content
from engine.exobase.policies import POLICIES
from engine.exobase.rules import ExoRules

POLICY_SALT = 0x5EED


@dataclass(frozen=True)
class GameResult:
    seed: int
    mode: str
    policy: str
    won: bool
    score: int
    days: int
    reason: str
    actions: int


@dataclass(frozen=True)
class SimReport(WinLoss):
    games: int
    policy: str
    mode: str
    seed: int
    wins: int
    mean_score: float
    mean_days: float
    losses: dict[str, int] = field(default_factory=dict)

    def lines(self) -> list[str]:
        return self.summary(
            f"ExoBase simulation: {self.games} games, policy {self.policy}, "
            f"mode {self.mode}, seed {self.seed}",
            [f"mean score of wins: {self.mean_score:.2f}", f"mean days survived: {self.mean_days:.2f}"],
        )


def _rules(content: Content | None) -> ExoRules:
    if content is None:
        from engine.exobase import shipped_rules

        return shipped_rules()
    return ExoRules(content)


def play(seed: int, policy: str, mode: str, content: Content | None = None) -> GameResult:
    """Play one solo game to its end; raises EngineError on an unknown policy or mode."""
    if policy not in POLICIES:
        raise EngineError(f"Unknown policy '{policy}'; choose one of {', '.join(POLICIES)}.")
    rules = _rules(content)
    choose = POLICIES[policy]
    rng = Rng(seed ^ POLICY_SALT)
    state = rules.setup(["solo"], {"mode": mode}, seed)
    count = 0
    while state.outcome is None:
        action = choose(rules.content, state, rules.legal_actions(state, 0), rng)
        state, _ = rules.apply(state, 0, action)
        count += 1
    days = min(state.day, rules.content.modes[mode].days)
    return GameResult(
        seed=seed,
        mode=mode,
        policy=policy,
        won=bool(state.outcome["won"]),
        score=int(state.outcome["score"]),
        days=days,
        reason=str(state.outcome["reason"]),
        actions=count,
    )


def simulate(games: int, policy: str, mode: str, seed: int, content: Content | None = None) -> SimReport:
    """Play ``games`` games with seeds ``seed``, ``seed + 1``...; raises EngineError on bad names."""
    results = [play(seed + i, policy, mode, content) for i in range(games)]
    wins = [r for r in results if r.won]
    _, losses = tally(results)
    return SimReport(
        games=games,
        policy=policy,
        mode=mode,
        seed=seed,
        wins=len(wins),
        mean_score=sum(r.score for r in wins) / len(wins) if wins else 0.0,
        mean_days=sum(r.days for r in results) / games if games else 0.0,
        losses=losses,
    )
