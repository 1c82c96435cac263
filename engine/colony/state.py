"""The Exoplanet Colony game state: plain containers only, so cloning and JSON are cheap and exact."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import SchemaError
from engine.core.rng import Rng

SCHEMA_VERSION = 1

Json = dict[str, Any]


@dataclass
class ColonyState:
    """One game of Exoplanet Colony.

    ``grid`` maps ``"x,y"`` to a placed module: its card, ``off`` (shutdown),
    ``loss`` tokens per resource and ``emergency`` tokens. Production levels and
    the emergency level are derived from the grid, the supplies and the
    scenario, never stored. ``pending`` is the one choice the game waits for
    (a discard over the hand limit, or where an event token goes) and
    ``queue`` the rest of the revealed event still to resolve after it.
    """

    scenario: str
    players: list[str]
    rng: Rng
    phase: str
    dealt: list[list[str]]
    characters: list[str | None]
    hands: list[list[str]]
    health: list[list[str]]
    pawns: list[str]
    grid: dict[str, Json]
    deck: list[str]
    discard: list[str]
    event_deck: list[str]
    event_discard: list[str]
    supplies: dict[str, int]
    seat: int = 0
    turn: int = 0
    actions_left: int = 0
    pending: Json | None = None
    queue: list[Json] = field(default_factory=list)
    last_event: str | None = None
    outcome: Json | None = None

    def clone(self) -> ColonyState:
        return ColonyState(
            scenario=self.scenario,
            players=list(self.players),
            rng=Rng(self.rng.seed, self.rng.position),
            phase=self.phase,
            dealt=[list(d) for d in self.dealt],
            characters=list(self.characters),
            hands=[list(h) for h in self.hands],
            health=[list(h) for h in self.health],
            pawns=list(self.pawns),
            grid={k: {**m, "loss": dict(m["loss"])} for k, m in self.grid.items()},
            deck=list(self.deck),
            discard=list(self.discard),
            event_deck=list(self.event_deck),
            event_discard=list(self.event_discard),
            supplies=dict(self.supplies),
            seat=self.seat,
            turn=self.turn,
            actions_left=self.actions_left,
            pending=None if self.pending is None else _copy_pending(self.pending),
            queue=[dict(step) for step in self.queue],
            last_event=self.last_event,
            outcome=None if self.outcome is None else dict(self.outcome),
        )


def _copy_pending(pending: Json) -> Json:
    return {k: list(v) if isinstance(v, list) else v for k, v in pending.items()}


def to_json(state: ColonyState) -> Json:
    data = state.clone().__dict__
    data["rng"] = state.rng.to_json()
    return {"schema_version": SCHEMA_VERSION, **data}


def from_json(data: Mapping[str, Any]) -> ColonyState:
    """Rebuild a state; raises SchemaError on another schema version or a malformed document."""
    if not isinstance(data, Mapping) or data.get("schema_version") != SCHEMA_VERSION:
        raise SchemaError("This saved game is not an Exoplanet Colony game of a known version.")
    try:
        # "unstarted" marked a window that gave a turn's actions back; games saved with it still load.
        fields = {k: v for k, v in data.items() if k not in ("schema_version", "unstarted")}
        fields["rng"] = Rng.from_json(fields["rng"])
        return ColonyState(**fields).clone()
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SchemaError("The saved Exoplanet Colony game is damaged.") from exc
