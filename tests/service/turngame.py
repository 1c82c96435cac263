"""A tiny turn-based game for clock tests: each turn a seat may mark (twice at most), then ends it.

With the ``draft`` option everyone first picks at once (a simultaneous choice; ``picks`` times
each, one move per pick); with ``away`` a seat may step away (ending its turn), as the engines of
games played over days allow.
The timeout move marks once, then ends the turn, so a timed-out turn takes two steps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.games.spec import CommandSpec, GameFrontend, OptionSpec
from bot.replies import Button
from engine.core import Action, Event, GameMeta, IllegalActionError, Outcome, SchemaError

LABELS = {"mark": "Mark", "end": "End turn", "away": "Step away", "pick": "Pick"}


@dataclass(frozen=True)
class Turns:
    players: tuple[str, ...]
    seat: int
    marks: int
    turns: int
    limit: int
    picks: tuple[int, ...]  # picks each seat still owes in the draft
    away: frozenset[int]
    allow_away: bool


class TurnRules:
    meta = GameMeta("turns", "Turns", 1, 4, False, False, False, "1")

    def setup(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> Turns:
        if not players:
            raise IllegalActionError("Turns needs a player.")
        owed = int(options.get("picks", 1)) if options.get("draft", False) else 0
        picks = tuple(owed for _ in players)
        away = bool(options.get("away", False))
        return Turns(tuple(players), 0, 0, 0, int(options.get("limit", 6)), picks, frozenset(), away)

    def legal_actions(self, state: Turns, seat: int) -> list[Action]:
        if state.turns >= state.limit or seat not in self.to_move(state):
            return []
        if any(state.picks):
            return [Action.of("pick")]
        actions = [Action.of("mark")] if state.marks < 2 else []
        actions.append(Action.of("end"))
        if state.allow_away and seat not in state.away:
            actions.append(Action.of("away"))
        return actions

    def apply(self, state: Turns, seat: int, action: Action) -> tuple[Turns, list[Event]]:
        if action not in self.legal_actions(state, seat):
            raise IllegalActionError(f"'{action}' is not legal now.")
        who = state.players[seat]
        if action.kind == "pick":
            picks = tuple(p - 1 if i == seat else p for i, p in enumerate(state.picks))
            return replace(state, picks=picks), [Event("picked", f"{who} picks.")]
        if action.kind == "mark":
            return replace(state, marks=state.marks + 1), [Event("marked", f"{who} marks.")]
        away = state.away | {seat} if action.kind == "away" else state.away
        nxt = replace(state, seat=(seat + 1) % len(state.players), marks=0, turns=state.turns + 1, away=away)
        return nxt, [Event("ended", f"{who} ends the turn.")]

    def to_move(self, state: Turns) -> frozenset[int]:
        if state.turns >= state.limit:
            return frozenset()
        if any(state.picks):
            return frozenset(i for i, p in enumerate(state.picks) if p)
        return frozenset({state.seat})

    def timeout_action(self, state: Turns, seat: int) -> Action | None:
        if seat not in self.to_move(state):
            return None
        if any(state.picks):
            return Action.of("pick")
        return Action.of("mark") if state.marks == 0 else Action.of("end")

    def outcome(self, state: Turns) -> Outcome | None:
        if state.turns < state.limit:
            return None
        return Outcome(frozenset(range(len(state.players))), "all turns played")

    def view(self, state: Turns, seat: int | None) -> dict[str, Any]:
        return {"game": "turns", "seat": state.seat, "turns": state.turns}

    def can_undo(self, before: Turns, after: Turns) -> bool:
        return True

    def to_json(self, state: Turns) -> dict[str, Any]:
        return {
            "schema_version": 1,
            "players": list(state.players),
            "seat": state.seat,
            "marks": state.marks,
            "turns": state.turns,
            "limit": state.limit,
            "picks": list(state.picks),
            "away": sorted(state.away),
            "allow_away": state.allow_away,
        }

    def from_json(self, data: Mapping[str, Any]) -> Turns:
        if data.get("schema_version") != 1:
            raise SchemaError("not a turns state")
        return Turns(
            tuple(data["players"]),
            int(data["seat"]),
            int(data["marks"]),
            int(data["turns"]),
            int(data["limit"]),
            tuple(int(p) for p in data["picks"]),
            frozenset(int(s) for s in data["away"]),
            bool(data["allow_away"]),
        )

    def describe(self, action: Action, state: Turns) -> str:
        return LABELS[action.kind]


def _buttons(
    view: Mapping[str, Any], legal: list[Action], game_id: int, version: int, *, can_undo: bool = False
) -> list[Button]:
    return [Button(LABELS[a.kind], game_id, version, action=a) for a in legal]


FRONTEND = GameFrontend(
    key="turns",
    title="Turns",
    commands=tuple(CommandSpec(kind, kind, label) for kind, label in LABELS.items()),
    start_options=(
        OptionSpec("solo", "Play alone", "bool", False, default=False),
        OptionSpec("draft", "Everyone picks first", "bool", False, default=False),
        OptionSpec("picks", "Picks each in the draft", "int", False, default=1),
        OptionSpec("away", "Seats may step away", "bool", False, default=False),
    ),
    buttons=_buttons,
    narrate=lambda events, actor: " ".join(e.text for e in events) or f"{actor} acts.",
    label=lambda view, option, value: f"{option} {value}",
    opens_lobby=lambda options: not options.get("solo"),
    rules_summary="Mark, then end your turn.",
)
RULES = TurnRules()
