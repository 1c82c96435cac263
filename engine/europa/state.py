"""The Europa Base Alpha game state: plain containers only, so cloning and JSON are cheap and exact."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import SchemaError
from engine.core.rng import Rng

SCHEMA_VERSION = 1

Json = dict[str, Any]


# The per-seat lists ``fork`` copies (their contents stay shared).
PER_SEAT = (
    "hands",
    "away",
    "built",
    "tokens",
    "plans",
    "status",
    "choice",
    "plan_choice",
    "bases",
    "attempt",
    "undermines",
    "done",
)


@dataclass
class EuropaState:
    """One game of Europa Base Alpha.

    Per seat: ``hands``, ``built`` (face-down, with ``tokens`` the Cut Corner tokens
    kept for good), ``plans`` (Future Planning cards, face up), ``status`` in the
    round (choosing, building, succeeded, finalized, failed), ``choice`` (a secret
    base card or "finalize" until everyone has chosen), ``plan_choice`` (a secret
    card or "none"), ``bases`` (bases built this round: ``{card, tokens}``),
    ``attempt`` (the base being built: its card, dice and counters),
    ``undermines`` (cards played on that base) and ``done`` (acted in the
    simultaneous redraw). ``turn`` is the seat whose turn it is to undermine.
    ``auto`` marks seats the engine plays (AI seats and seats marked away).
    """

    players: list[str]
    rng: Rng
    options: Json
    rounds: int
    deck: list[str]
    hands: list[list[str]]
    ai: list[bool]
    away: list[bool]
    phase: str = "choose"
    round: int = 1
    first: int = 0
    turn: int = 0
    discard: list[str] = field(default_factory=list)
    built: list[list[str]] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    plans: list[list[str]] = field(default_factory=list)
    status: list[str] = field(default_factory=list)
    choice: list[str | None] = field(default_factory=list)
    plan_choice: list[str | None] = field(default_factory=list)
    bases: list[list[Json]] = field(default_factory=list)
    attempt: list[Json | None] = field(default_factory=list)
    undermines: list[list[str]] = field(default_factory=list)
    done: list[bool] = field(default_factory=list)
    outcome: Json | None = None

    @property
    def seats(self) -> int:
        return len(self.players)

    def auto(self, seat: int) -> bool:
        return self.ai[seat] or self.away[seat]

    def fork(self) -> EuropaState:
        """The copy ``apply`` changes: the lists by seat are copied, while the lists and dicts inside
        them, the deck and the discard pile are shared with this state. The engine never changes a
        shared part in place: it puts a copy in its place first (``own``, ``own_attempt``) or builds
        a new list (``discard + lost``), so this state stays as it was at a fraction of ``clone``'s
        cost."""
        new = object.__new__(EuropaState)
        data = self.__dict__.copy()
        data["rng"] = Rng(self.rng.seed, self.rng.position)
        for name in PER_SEAT:
            data[name] = data[name][:]
        new.__dict__ = data
        return new

    def clone(self) -> EuropaState:
        """A deep copy sharing nothing with this state, built field by field without ``__init__``."""
        new = object.__new__(EuropaState)
        new.__dict__.update(
            players=self.players[:],
            rng=Rng(self.rng.seed, self.rng.position),
            options=dict(self.options),
            rounds=self.rounds,
            deck=self.deck[:],
            hands=[h[:] for h in self.hands],
            ai=self.ai[:],
            away=self.away[:],
            phase=self.phase,
            round=self.round,
            first=self.first,
            turn=self.turn,
            discard=self.discard[:],
            built=[b[:] for b in self.built],
            tokens=self.tokens[:],
            plans=[p[:] for p in self.plans],
            status=self.status[:],
            choice=self.choice[:],
            plan_choice=self.plan_choice[:],
            bases=[[dict(b) for b in bs] for bs in self.bases],
            attempt=[None if a is None else copy_attempt(a) for a in self.attempt],
            undermines=[u[:] for u in self.undermines],
            done=self.done[:],
            outcome=None if self.outcome is None else _copy_outcome(self.outcome),
        )
        return new


def own(rows: list[list[str]], seat: int) -> list[str]:
    """``rows[seat]`` replaced by a copy of its own, ready to change (see ``EuropaState.fork``)."""
    row = rows[seat] = rows[seat][:]
    return row


def own_attempt(state: EuropaState, seat: int) -> Json:
    """The seat's attempt replaced by a copy of its own, ready to change (see ``EuropaState.fork``)."""
    att = state.attempt[seat]
    assert att is not None
    out = state.attempt[seat] = dict(att)
    # A die's face list is always replaced by a new one, never changed in place: the dice dicts
    # need copies of their own, their face lists can stay shared.
    out["dice"] = [d.copy() for d in att["dice"]]
    out["reduce"] = dict(att["reduce"])
    out["used"] = list(att["used"])
    return out


def copy_attempt(a: Json) -> Json:
    out = dict(a)
    out["dice"] = [dict(d, f=list(d["f"])) for d in a["dice"]]
    out["reduce"] = dict(a["reduce"])
    out["used"] = list(a["used"])
    if "aside" in a:
        out["aside"] = list(a["aside"])
    return out


def _copy_outcome(o: Json) -> Json:
    return {
        k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v) for k, v in o.items()
    }


def to_json(state: EuropaState) -> Json:
    data = state.clone().__dict__
    data["rng"] = state.rng.to_json()
    return {"schema_version": SCHEMA_VERSION, **data}


def from_json(data: Mapping[str, Any]) -> EuropaState:
    """Rebuild a state; raises SchemaError on another schema version or a malformed document."""
    if not isinstance(data, Mapping) or data.get("schema_version") != SCHEMA_VERSION:
        raise SchemaError("This saved game is not a Europa Base Alpha game of a known version.")
    try:
        fields = {k: v for k, v in data.items() if k != "schema_version"}
        fields["rng"] = Rng.from_json(fields["rng"])
        return EuropaState(**fields).clone()
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SchemaError("The saved Europa Base Alpha game is damaged.") from exc
