"""Balance simulation: seeded games played by policies, summarised per seat and per policy."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import EngineError
from engine.core.rng import Rng
from engine.spacebase.model import Content
from engine.spacebase.policies import POLICIES
from engine.spacebase.rules import SpaceRules

POLICY_SALT = 0x5BA5EED


@dataclass(frozen=True)
class GameResult:
    seed: int
    policies: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    turns: int
    first: int
    actions: int


@dataclass(frozen=True)
class SimReport:
    games: int
    players: int
    policy: str
    expansion: str
    variant: str
    bonuses: str
    seed: int
    seat_wins: tuple[float, ...]
    policy_wins: dict[str, float]
    policy_seats: dict[str, int]
    mean_turns: float
    mean_scores: tuple[float, ...]

    def win_rate(self, seat: int) -> float:
        return self.seat_wins[seat] / self.games if self.games else 0.0

    def policy_rate(self, policy: str) -> float:
        """Wins per seat-game played by ``policy`` (fair share is 1 / players)."""
        seats = self.policy_seats.get(policy, 0)
        return self.policy_wins.get(policy, 0.0) / seats if seats else 0.0

    def lines(self) -> list[str]:
        rates = ", ".join(f"seat {s + 1} {self.win_rate(s):.1%}" for s in range(self.players))
        scores = ", ".join(f"{v:.1f}" for v in self.mean_scores)
        out = [
            f"Space Base simulation: {self.games} games, policy {self.policy}, {self.players} players, "
            f"{self.expansion}, {self.variant}, {self.bonuses} bonuses, seed {self.seed}",
            f"win rate by seat (turn order from the starting player): {rates} (fair {1 / self.players:.1%})",
            f"mean game length: {self.mean_turns:.1f} turns ({self.mean_turns / self.players:.1f} each)",
            f"mean final VP by seat: {scores}",
        ]
        if len(self.policy_seats) > 1:
            out += [
                f"policy {p}: {self.policy_rate(p):.1%} of its seats won" for p in sorted(self.policy_seats)
            ]
        return out


def _rules(content: Content | None) -> SpaceRules:
    if content is None:
        from engine.spacebase import shipped_rules

        return shipped_rules()
    return SpaceRules(content)


def seat_policies(policy: str, players: int, seed: int) -> tuple[str, ...]:
    """``policy`` names one policy, or several separated by commas dealt round the seats; a mix is
    rotated by seed so each policy sits in every turn-order place equally often."""
    names = policy.split(",")
    for name in names:
        if name not in POLICIES:
            raise EngineError(f"Unknown policy '{name}'; choose from {', '.join(POLICIES)}.")
    return tuple(names[(s + seed) % len(names)] for s in range(players))


def play(
    seed: int,
    policy: str = "greedy",
    players: int = 2,
    expansion: str = "base",
    variant: str = "standard",
    content: Content | None = None,
    bonuses: str = "printed",
) -> GameResult:
    """One game to its end; seats are reported in turn order from the starting player.
    Raises EngineError on an unknown policy, option or player count."""
    rules = _rules(content)
    chosen = seat_policies(policy, players, seed)
    rng = Rng(seed ^ POLICY_SALT)
    options = {"expansion": expansion, "variant": variant, "bonuses": bonuses}
    state = rules.setup([f"p{i + 1}" for i in range(players)], options, seed)
    count = 0
    while state.outcome is None:
        seat = min(rules.to_move(state))
        action = POLICIES[chosen[seat]](rules.content, state, seat, rules.legal_actions(state, seat), rng)
        state, _ = rules.apply(state, seat, action)
        count += 1
    order = [(state.first + i) % players for i in range(players)]
    return GameResult(
        seed=seed,
        policies=tuple(chosen[s] for s in order),
        winners=tuple(order.index(int(s)) for s in state.outcome["winners"]),
        scores=tuple(state.boards[s].vp for s in order),
        turns=state.turn,
        first=state.first,
        actions=count,
    )


def simulate(
    games: int,
    policy: str = "greedy",
    players: int = 2,
    expansion: str = "base",
    variant: str = "standard",
    seed: int = 1,
    content: Content | None = None,
    bonuses: str = "printed",
) -> SimReport:
    """Play ``games`` games with seeds ``seed``, ``seed + 1``...; a tie shares the win."""
    results = [play(seed + i, policy, players, expansion, variant, content, bonuses) for i in range(games)]
    seat_wins = [0.0] * players
    policy_wins: dict[str, float] = {}
    policy_seats: dict[str, int] = {}
    for r in results:
        for place, name in enumerate(r.policies):
            policy_seats[name] = policy_seats.get(name, 0) + 1
            if place in r.winners:
                share = 1 / len(r.winners)
                seat_wins[place] += share
                policy_wins[name] = policy_wins.get(name, 0.0) + share
    n = max(games, 1)
    return SimReport(
        games=games,
        players=players,
        policy=policy,
        expansion=expansion,
        variant=variant,
        bonuses=bonuses,
        seed=seed,
        seat_wins=tuple(seat_wins),
        policy_wins=policy_wins,
        policy_seats=policy_seats,
        mean_turns=sum(r.turns for r in results) / n,
        mean_scores=tuple(sum(r.scores[p] for r in results) / n for p in range(players)),
    )
