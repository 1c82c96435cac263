"""Balance simulation: seeded games played by a policy, summarised per seat in a report."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import EngineError
from engine.core.rng import Rng
from engine.europa.model import Content
from engine.europa.policies import POLICIES
from engine.europa.rules import EuropaRules

POLICY_SALT = 0xE0B05EED


@dataclass(frozen=True)
class GameResult:
    seed: int
    players: int
    invaders: bool
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    built: int
    failed: int
    actions: int


@dataclass(frozen=True)
class SimReport:
    games: int
    policy: str
    rival: str
    players: int
    invaders: bool
    seed: int
    wins: tuple[float, ...]
    mean_score: tuple[float, ...]
    built: int
    failed: int
    mean_actions: float

    @property
    def win_rates(self) -> list[float]:
        """Each seat's share of the wins (a shared win split between the winners)."""
        return [w / self.games if self.games else 0.0 for w in self.wins]

    @property
    def fairness(self) -> float:
        """The largest distance of a seat's win rate from an even share, in percentage points."""
        fair = 1 / self.players
        return max(abs(r - fair) for r in self.win_rates) * 100

    def lines(self) -> list[str]:
        rates = ", ".join(f"seat {i}: {r:.1%}" for i, r in enumerate(self.win_rates))
        scores = ", ".join(f"{s:.1f}" for s in self.mean_score)
        attempts = self.built + self.failed
        rivals = "" if self.rival == self.policy else f" against {self.rival}"
        return [
            f"Europa Base Alpha simulation: {self.games} games, policy {self.policy}{rivals}, "
            f"{self.players} players, invaders {'on' if self.invaders else 'off'}, seed {self.seed}",
            f"win rate by seat: {rates} (at most {self.fairness:.1f} points from fair)",
            f"mean score by seat: {scores}",
            f"bases built {self.built} / failed {self.failed} ({self.built / max(1, attempts):.1%} built)",
            f"mean actions per game: {self.mean_actions:.1f}",
        ]


def _rules(content: Content | None) -> EuropaRules:
    if content is None:
        from engine.europa import shipped_rules

        return shipped_rules()
    return EuropaRules(content)


def play(
    seed: int,
    policy: str,
    players: int = 2,
    invaders: bool = False,
    content: Content | None = None,
    rival: str | None = None,
) -> GameResult:
    """One game to its end; seat 0 plays ``policy``, the others ``rival`` (default the same).

    Raises EngineError on an unknown policy or player count.
    """
    rival = rival or policy
    for name in (policy, rival):
        if name not in POLICIES:
            raise EngineError(f"Unknown policy '{name}'; choose one of {', '.join(POLICIES)}.")
    rules = _rules(content)
    rng = Rng(seed ^ POLICY_SALT)
    state = rules.setup([f"p{i + 1}" for i in range(players)], {"invaders": invaders}, seed)
    built = failed = count = 0
    while state.outcome is None:
        seat = min(rules.to_move(state))
        choose = POLICIES[policy if seat == 0 else rival]
        actions = [a for a in rules.legal_actions(state, seat) if a.kind not in ("away", "back")]
        state, events = rules.apply(state, seat, choose(rules.content, state, seat, actions, rng))
        built += sum(1 for e in events if e.kind == "base_built")
        failed += sum(1 for e in events if e.kind == "base_failed")
        count += 1
    return GameResult(
        seed=seed,
        players=players,
        invaders=invaders,
        scores=tuple(state.outcome["scores"]),
        winners=tuple(state.outcome["winners"]),
        built=built,
        failed=failed,
        actions=count,
    )


def simulate(
    games: int,
    policy: str,
    players: int = 2,
    invaders: bool = False,
    seed: int = 1,
    content: Content | None = None,
    rival: str | None = None,
) -> SimReport:
    """Play ``games`` games with seeds ``seed``, ``seed + 1``...; raises EngineError on bad names."""
    results = [play(seed + i, policy, players, invaders, content, rival) for i in range(games)]
    wins = [0.0] * players
    for r in results:
        for w in r.winners:
            wins[w] += 1 / len(r.winners)
    n = max(1, games)
    return SimReport(
        games=games,
        policy=policy,
        rival=rival or policy,
        players=players,
        invaders=invaders,
        seed=seed,
        wins=tuple(wins),
        mean_score=tuple(sum(r.scores[s] for r in results) / n for s in range(players)),
        built=sum(r.built for r in results),
        failed=sum(r.failed for r in results),
        mean_actions=sum(r.actions for r in results) / n,
    )
