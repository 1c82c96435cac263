"""The ExoBase game state: plain containers only, so cloning and JSON are cheap and exact."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.errors import SchemaError
from engine.core.rng import Rng

SCHEMA_VERSION = 1

Json = dict[str, Any]
# "No choice pending", typed as a choice or none rather than as None alone: compiled (engine.native),
# an attribute set to a bare None is taken to stay None after calls that may set it.
NO_CHOICE: Json | None = None


@dataclass
class ExoState:
    """One game of ExoBase.

    ``base`` lists placed cards in the order they joined the base; ``founders`` keeps
    each dealt founder's health and today's placement; ``spots`` maps the spaces
    taken today (``"card:2"``, ``"card:up"``, ``"card:fix"``, ``"task:card"``)
    to founders. ``queue``/``owed``/``relocating`` hold the unresolved part of
    today's hazard, and ``pending`` the choice it waits for. ``dark`` lists the
    locations the player unpowered when energy ran short (in that order), ``bolts``
    the cubes bolt icons added to the Power Bank, and ``overflow`` the production
    lost off the ends of the track. ``ready`` holds the seats that have confirmed
    the end of today's placement (or, at night, the end of the night).
    """

    mode: str
    players: list[str]
    team: bool
    rng: Rng
    day: int
    phase: str
    storage: dict[str, int]
    base: list[Json]
    founders: list[Json]
    location_row: list[str | None]
    task_row: list[str | None]
    pile: list[str]
    removed: list[str] = field(default_factory=list)
    spots: dict[str, str] = field(default_factory=dict)
    pending: Json | None = None
    queue: list[Json] = field(default_factory=list)
    owed: int = 0
    # Which resources the health owed stands for (summing to ``owed``): one of them gained while the
    # debt is open (an instant) pays it instead of health.
    short: dict[str, int] = field(default_factory=dict)
    relocating: list[Json] = field(default_factory=list)
    hazard: Json | None = None
    outcome: Json | None = None
    dark: list[str] = field(default_factory=list)
    bolts: int = 0
    overflow: dict[str, int] = field(default_factory=dict)
    ready: list[int] = field(default_factory=list)

    # Written out: compiled (engine.native), this is native code; a dataclass's own stays Python.
    def __init__(
        self,
        mode: str,
        players: list[str],
        team: bool,
        rng: Rng,
        day: int,
        phase: str,
        storage: dict[str, int],
        base: list[Json],
        founders: list[Json],
        location_row: list[str | None],
        task_row: list[str | None],
        pile: list[str],
        removed: list[str] | None = None,
        spots: dict[str, str] | None = None,
        pending: Json | None = None,
        queue: list[Json] | None = None,
        owed: int = 0,
        short: dict[str, int] | None = None,
        relocating: list[Json] | None = None,
        hazard: Json | None = None,
        outcome: Json | None = None,
        dark: list[str] | None = None,
        bolts: int = 0,
        overflow: dict[str, int] | None = None,
        ready: list[int] | None = None,
    ) -> None:
        self.mode = mode
        self.players = players
        self.team = team
        self.rng = rng
        self.day = day
        self.phase = phase
        self.storage = storage
        self.base = base
        self.founders = founders
        self.location_row = location_row
        self.task_row = task_row
        self.pile = pile
        self.removed = [] if removed is None else removed
        self.spots = {} if spots is None else spots
        self.pending = pending
        self.queue = [] if queue is None else queue
        self.owed = owed
        self.short = {} if short is None else short
        self.relocating = [] if relocating is None else relocating
        self.hazard = hazard
        self.outcome = outcome
        self.dark = [] if dark is None else dark
        self.bolts = bolts
        self.overflow = {} if overflow is None else overflow
        self.ready = [] if ready is None else ready

    def clone(self) -> ExoState:
        """A copy for the next action to change: copy-on-write below the top level.

        The engine replaces, never edits in place, the lists inside a founder (``used``,
        ``tucked``) and a placed card (``picks``), and the ``pending``, ``hazard``,
        ``outcome`` and queued dicts, so the copy shares them; the founder and placed-card
        dicts themselves, and every top-level container, are copied.
        """
        return ExoState(
            mode=self.mode,
            players=self.players,
            team=self.team,
            rng=Rng(self.rng.seed, self.rng.position),
            day=self.day,
            phase=self.phase,
            storage=self.storage.copy(),
            base=list(map(dict.copy, self.base)),
            founders=list(map(dict.copy, self.founders)),
            location_row=self.location_row.copy(),
            task_row=self.task_row.copy(),
            pile=self.pile.copy(),
            removed=self.removed.copy(),
            spots=self.spots.copy(),
            pending=self.pending,
            queue=self.queue.copy(),
            owed=self.owed,
            short=self.short.copy(),
            relocating=self.relocating.copy(),
            hazard=self.hazard,
            outcome=self.outcome,
            dark=self.dark.copy(),
            bolts=self.bolts,
            overflow=self.overflow.copy(),
            ready=self.ready.copy(),
        )

    def detached(self) -> ExoState:
        """A deep copy that shares nothing with this state (for JSON in and out)."""
        return ExoState(
            mode=self.mode,
            players=list(self.players),
            team=self.team,
            rng=Rng(self.rng.seed, self.rng.position),
            day=self.day,
            phase=self.phase,
            storage=dict(self.storage),
            base=[{**b, "picks": list(b["picks"])} for b in self.base],
            founders=[_copy_founder(f) for f in self.founders],
            location_row=list(self.location_row),
            task_row=list(self.task_row),
            pile=list(self.pile),
            removed=list(self.removed),
            spots=dict(self.spots),
            pending=None
            if self.pending is None
            else {**self.pending, "options": list(self.pending["options"])},
            queue=[dict(step) for step in self.queue],
            owed=self.owed,
            short=dict(self.short),
            relocating=[{**r, "options": list(r["options"])} for r in self.relocating],
            hazard=None if self.hazard is None else dict(self.hazard),
            outcome=None if self.outcome is None else dict(self.outcome),
            dark=list(self.dark),
            bolts=self.bolts,
            overflow=dict(self.overflow),
            ready=list(self.ready),
        )

    def founder(self, fid: str) -> Json | None:
        for f in self.founders:
            if f["id"] == fid:
                return f
        return None

    def placed(self, cid: str) -> Json | None:
        for b in self.base:
            if b["card"] == cid:
                return b
        return None

    def task_cards(self) -> list[str]:
        """The task row as the rules define it: the three slots plus the top card of the pile."""
        cards = [c for c in self.task_row if c is not None]
        if self.pile:
            cards.append(self.pile[0])
        return cards


def _copy_founder(f: Json) -> Json:
    return {**f, "used": list(f["used"]), "tucked": list(map(dict, f["tucked"]))}


def to_json(state: ExoState) -> Json:
    copy = state.detached()
    # Compiled (engine.native), a state has no ``__dict__``: its fields are read one by one.
    data = {f.name: getattr(copy, f.name) for f in fields(ExoState)}
    data["rng"] = state.rng.to_json()
    return {"schema_version": SCHEMA_VERSION, **data}


def from_json(data: Mapping[str, Any]) -> ExoState:
    """Rebuild a state; raises SchemaError on another schema version or a malformed document."""
    if not isinstance(data, Mapping) or data.get("schema_version") != SCHEMA_VERSION:
        raise SchemaError("This saved game is not an ExoBase game of a known version.")
    try:
        given = {k: v for k, v in data.items() if k != "schema_version"}
        given["rng"] = Rng.from_json(given["rng"])
        given["location_row"] = list(given["location_row"])
        return ExoState(**given).detached()
    except (KeyError, TypeError, ValueError) as exc:
        raise SchemaError("The saved ExoBase game is damaged.") from exc
