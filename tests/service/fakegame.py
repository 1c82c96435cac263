"""A tiny game for service tests: players add to a shared total until it reaches a target.

``add`` (n = 1 or 2) can be undone; ``roll`` adds a die and cannot. Every seat may act
(like team play), so concurrent actions from several players are possible.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.games.spec import CommandSpec, GameFrontend, OptionSpec
from bot.replies import Button
from engine.core import Action, Event, GameMeta, IllegalActionError, Outcome, Rng, SchemaError

TARGET = 12


@dataclass(frozen=True)
class Tally:
    players: tuple[str, ...]
    total: int
    seed: int
    position: int


class TallyRules:
    meta = GameMeta("tally", "Tally", 1, 3, True, False, True, "1")

    def setup(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> Tally:
        if not players:
            raise IllegalActionError("Tally needs a player.")
        return Tally(tuple(players), 0, seed, 0)

    def legal_actions(self, state: Tally, seat: int) -> list[Action]:
        if state.total >= TARGET or not 0 <= seat < len(state.players):
            return []
        return [Action.of("add", n=1), Action.of("add", n=2), Action.of("roll")]

    def apply(self, state: Tally, seat: int, action: Action) -> tuple[Tally, list[Event]]:
        if action not in self.legal_actions(state, seat):
            raise IllegalActionError(f"'{action}' is not legal now.")
        who = state.players[seat]
        if action.kind == "roll":
            rng = Rng(state.seed, state.position)
            die = rng.d6()
            new = replace(state, total=state.total + die, position=rng.position)
            return new, [Event("rolled", f"{who} rolls {die}.", {"die": die})]
        n = int(action.arg("n"))
        return replace(state, total=state.total + n), [Event("added", f"{who} adds {n}.", {"n": n})]

    def to_move(self, state: Tally) -> frozenset[int]:
        return frozenset() if state.total >= TARGET else frozenset(range(len(state.players)))

    def timeout_action(self, state: Tally, seat: int) -> Action | None:
        """The first legal move: the tally has no policy of its own."""
        legal = self.legal_actions(state, seat)
        return legal[0] if legal else None

    def outcome(self, state: Tally) -> Outcome | None:
        if state.total < TARGET:
            return None
        return Outcome(frozenset(range(len(state.players))), f"reached {state.total}")

    def view(self, state: Tally, seat: int | None) -> dict[str, Any]:
        return {"game": "tally", "total": state.total, "players": list(state.players)}

    def can_undo(self, before: Tally, after: Tally) -> bool:
        return before.position == after.position

    def to_json(self, state: Tally) -> dict[str, Any]:
        return {
            "schema_version": 1,
            "players": list(state.players),
            "total": state.total,
            "rng": {"seed": state.seed, "position": state.position},
        }

    def from_json(self, data: Mapping[str, Any]) -> Tally:
        if data.get("schema_version") != 1:
            raise SchemaError("not a tally state")
        rng = data["rng"]
        return Tally(tuple(data["players"]), int(data["total"]), int(rng["seed"]), int(rng["position"]))

    def describe(self, action: Action, state: Tally) -> str:
        return "Roll a die" if action.kind == "roll" else f"Add {action.arg('n')}"


def _buttons(
    view: Mapping[str, Any], legal: list[Action], game_id: int, version: int, *, can_undo: bool = False
) -> list[Button]:
    buttons = [Button(str(a), game_id, version, action=a) for a in legal]
    if can_undo:
        buttons.append(Button("Undo", game_id, version, control="undo"))
    return buttons


def _narrate(events: Sequence[Event], actor: str) -> str:
    return " ".join(e.text for e in events) or f"{actor} acts."


FRONTEND = GameFrontend(
    key="tally",
    title="Tally",
    commands=(
        CommandSpec("add", "add", "Add to the total", (OptionSpec("n", "1 or 2", "int", True),)),
        CommandSpec("roll", "roll", "Add a die roll"),
    ),
    start_options=(OptionSpec("team", "Play with friends", "bool", False, default=False),),
    buttons=_buttons,
    narrate=_narrate,
    label=lambda view, option, value: f"{option} {value}",
    opens_lobby=lambda options: bool(options.get("team")),
    rules_summary="Add 1 or 2, or roll a die, until the total reaches 12.",
    lobby_options={"team": True},
)
RULES = TallyRules()
