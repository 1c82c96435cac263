"""Simple players for the balance simulation: uniform random, and a one-step greedy heuristic.

A policy gets the rules, the state and the legal actions and returns one of
them; its randomness comes from its own ``Rng``, never from the game's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.core.action import Action
from engine.core.rng import Rng
from engine.exobase.derive import Derived, derive
from engine.exobase.instants import instant_list
from engine.exobase.model import RESOURCES, Card, Content, Space
from engine.exobase.place_apply import bonus
from engine.exobase.state import ExoState, Json

Policy = Callable[[Content, ExoState, list[Action], Rng], Action]

PRODUCTION_WEIGHT = 40.0
END_PLACEMENT = 0.5


def random_policy(content: Content, state: ExoState, actions: list[Action], rng: Rng) -> Action:
    return rng.choice(actions)


def greedy_policy(content: Content, state: ExoState, actions: list[Action], rng: Rng) -> Action:
    """The action with the best heuristic score; ties are broken by the policy's RNG."""
    ctx = _Context(content, state)
    best: list[Action] = []
    top = float("-inf")
    for action in actions:
        value = ctx.score(action)
        if value > top + 1e-9:
            top, best = value, [action]
        elif abs(value - top) <= 1e-9:
            best.append(action)
    return rng.choice(best)


class _Context:
    def __init__(self, content: Content, state: ExoState) -> None:
        self.c = content
        self.s = state
        self.d: Derived = derive(state, content)
        mode = content.modes[state.mode]
        self.deficit = {r: max(0, mode.green[r] - self.d.production[r]) for r in RESOURCES}
        self.wanted = self._wanted()

    def _wanted(self) -> dict[str, int]:
        """Resources the next purchases call for: the Power Station's next level and a cheap build."""
        want = {r: 2 for r in RESOURCES}
        for b in self.s.base:
            card = self.c.cards[b["card"]]
            if card.generator and card.core and b["level"] < card.max_level:
                for r, n in card.levels[b["level"]].cost.items():
                    want[r] = max(want[r], n + 1)
        return want

    def score(self, action: Action) -> float:
        kind = action.kind
        handler = getattr(self, f"_{kind}", None)
        if handler is None:
            return 1.0
        value: float = handler(action)
        return value

    def _founder(self, action: Action) -> Json:
        founder = self.s.founder(str(action.arg("founder")))
        assert founder is not None
        return founder

    def _resource_value(self, r: str, amount: int) -> float:
        room = self.d.cap[r] - self.s.storage[r]
        useful = min(amount, room)
        short = max(0, self.wanted[r] - self.s.storage[r])
        return useful * 2.0 + min(useful, short) * 2.0

    def _danger_cost(self, founder: Json, dice: int) -> float:
        card = self.c.founders[founder["id"]]
        fragile = founder["health"] <= card.injured_at + 1
        return dice * (2 / 3) * (6.0 if fragile else 1.5) + (50.0 if founder["health"] <= dice else 0.0)

    def _space_value(self, founder: Json, space: Space, cid: str | None, resource: str | None) -> float:
        card = self.c.founders[founder["id"]]
        if space.heal:
            missing: int = card.max_health - founder["health"]
            weight = 5.0 if founder["health"] <= card.injured_at + 1 else 0.8
            return min(space.heal, missing) * weight - self._danger_cost(founder, space.danger)
        res = resource if resource is not None else next(iter(space.gain))
        amount = (space.amount if space.either else space.gain[res]) + bonus(
            self.s, self.c, founder, cid, res
        )
        if founder["health"] <= card.injured_at:
            amount -= 1
        price = sum(self._resource_value(r, n) * 0.8 for r, n in space.pay.items())
        return self._resource_value(res, amount) - price - self._danger_cost(founder, space.danger)

    def _work(self, action: Action) -> float:
        cid = str(action.arg("card"))
        space = self.c.cards[cid].spaces[int(action.arg("space"))]
        res = action.get("resource")
        return self._space_value(self._founder(action), space, cid, None if res is None else str(res))

    def _task(self, action: Action) -> float:
        task = self.c.cards[str(action.arg("card"))].task
        assert task is not None
        space = Space(
            gain=task.reward.gain, either=task.reward.either, amount=task.reward.amount, pay=task.reward.pay
        )
        res = action.get("resource")
        value = self._space_value(self._founder(action), space, None, None if res is None else str(res))
        return value - self._danger_cost(self._founder(action), task.danger)

    def _gains(self, card: Card, level: int, resource: object) -> float:
        info = card.build if level == 1 else card.levels[level - 1].benefit
        value = sum(min(n, self.deficit[r]) for r, n in info.production.items()) * PRODUCTION_WEIGHT
        if resource is not None and self.deficit[str(resource)] > 0:
            value += PRODUCTION_WEIGHT * info.production_choice
        if card.generator:
            value += 15.0 if self.d.bank <= 1 else 4.0
        value += info.energy * (10.0 if self.d.bank <= 1 else 2.0)
        return value

    def _upgrade(self, action: Action) -> float:
        cid = str(action.arg("card"))
        card = self.c.cards[cid]
        placed = self.s.placed(cid)
        assert placed is not None
        if card.generator and card.core:
            return 200.0
        return (
            self._gains(card, placed["level"] + 1, action.get("resource"))
            + 1.0
            - self._cost_drag(card.levels[placed["level"]].cost)
        )

    def _build(self, action: Action) -> float:
        card = self.c.cards[str(action.arg("card"))]
        value = self._gains(card, 1, action.get("resource")) + (6.0 if card.silo else 3.0)
        return value - self._cost_drag(card.cost)

    def _cost_drag(self, cost: Mapping[str, int]) -> float:
        """Spending what the Power Station needs next costs a little."""
        return sum(0.5 * n for r, n in cost.items() if self.s.storage[r] - n < self.wanted[r] - 1)

    def _repair(self, action: Action) -> float:
        card = self.c.cards[str(action.arg("card"))]
        return 40.0 if card.generator else 25.0

    def _end_placement(self, action: Action) -> float:
        return END_PLACEMENT

    def _choose_target(self, action: Action) -> float:
        placed = self.s.placed(str(action.arg("card")))
        card = self.c.cards[str(action.arg("card"))]
        assert placed is not None
        level: int = placed["level"]
        return -level - (5.0 if card.generator else 0.0) - (2.0 if card.core else 0.0)

    def _power_down(self, action: Action) -> float:
        """Darken what costs least: production towards the green first, then the cubes it frees."""
        card, level, made = self._made(action)
        lost = sum(min(n, self.d.production[r]) for r, n in made.items())
        return -lost * PRODUCTION_WEIGHT + card.needs(level) - (3.0 if card.core else 0.0)

    def _power_up(self, action: Action) -> float:
        """Power first what brings production towards the green, then a core location, then the cheapest."""
        card, level, made = self._made(action)
        regained = sum(min(n, self.deficit[r]) for r, n in made.items())
        return regained * PRODUCTION_WEIGHT + (3.0 if card.core else 0.0) - card.needs(level)

    def _made(self, action: Action) -> tuple[Card, int, dict[str, int]]:
        """The action's placed card, its level and the production it makes while powered."""
        cid = str(action.arg("card"))
        card = self.c.cards[cid]
        placed = self.s.placed(cid)
        assert placed is not None
        made: dict[str, int] = {}
        for benefit in [card.build] + [card.levels[i].benefit for i in range(1, placed["level"])]:
            for r, n in benefit.production.items():
                made[r] = made.get(r, 0) + n
        for r in placed["picks"]:
            made[r] = made.get(r, 0) + 1
        return card, placed["level"], made

    def _pay_health(self, action: Action) -> float:
        return float(self._founder(action)["health"])

    def _rest(self, action: Action) -> float:
        founder = self._founder(action)
        card = self.c.founders[founder["id"]]
        if founder["health"] <= card.injured_at + 1:
            return 10.0
        return 2.0 if self.s.storage["food"] >= 5 else 0.0

    def _next_day(self, action: Action) -> float:
        return 1.0

    def _tuck(self, action: Action) -> float:
        task = self.c.cards[str(action.arg("card"))].task
        assert task is not None
        effect = task.ability.effect
        if "production" in effect and any(self.deficit[r] for r in effect["production"]):
            return 5.0
        return 0.0

    def _flip(self, action: Action) -> float:
        card = self.c.cards[str(action.arg("card"))]
        value = self._gains(card, 1, None) + sum(
            min(n, self.deficit[r]) for r, n in card.build.production.items()
        )
        return value - sum(card.cost.values()) + (5.0 if card.build.production_choice else 0.0)

    def _instant(self, action: Action) -> float:
        target = action.get("target")
        if target is not None and str(target) in self.c.cards:
            return 30.0
        if target is not None:
            founder = self.s.founder(str(target))
            assert founder is not None
            card = self.c.founders[founder["id"]]
            return 8.0 if founder["health"] <= card.injured_at + 1 else -1.0
        if self.s.phase != "placement":
            return -1.0
        # Resources are worth taking only where storage has room; keep the rest for later.
        founder = self._founder(action)
        effect = next(e for key, e, _ in instant_list(self.c, founder) if key == action.get("ability"))
        gains = dict(effect.get("gain", {}))
        if "choice_gain" in effect:
            gains[str(action.get("resource"))] = int(effect["choice_gain"])
        value = sum(self._resource_value(r, n) for r, n in gains.items())
        return value / 4 if value >= 6 else -1.0


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}
