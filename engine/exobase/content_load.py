"""Load and validate the ExoBase content files (cards.json, founders.json, modes.json).

Every problem raises ``ContentError`` naming the file and the entry, so an owner
of the printed game can point the engine at their own files and fix them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core.content import integer, obj, read_json, slug, string, unique
from engine.core.errors import ContentError
from engine.exobase.model import (
    HAZARD_KEYS,
    INSTANT_KEYS,
    PASSIVE_KEYS,
    RESOURCES,
    SIDES,
    Ability,
    Benefit,
    Card,
    Content,
    Founder,
    Hazard,
    Level,
    Mode,
    Space,
    Task,
)
from engine.exobase.validate import cross_check

DEFAULT_DIR = Path(__file__).parent / "content"


def load_content(path: str | Path = DEFAULT_DIR) -> Content:
    """Read and validate the three content files in ``path``; raises ContentError on any problem."""
    folder = Path(path)
    cards = [_card(raw, i) for i, raw in enumerate(_list(read_json(folder, "cards.json"), "cards.json"))]
    founders = [
        _founder(raw, i) for i, raw in enumerate(_list(read_json(folder, "founders.json"), "founders.json"))
    ]
    modes_raw = read_json(folder, "modes.json")
    if not isinstance(modes_raw, dict) or not modes_raw:
        raise ContentError("modes.json: expected an object of modes.")
    modes = [_mode(key, raw) for key, raw in modes_raw.items()]
    content = Content(
        cards=unique(cards, "card"), founders=unique(founders, "founder"), modes={m.key: m for m in modes}
    )
    cross_check(content)
    return content


def _list(data: Any, name: str) -> list[Any]:
    if not isinstance(data, list) or not data:
        raise ContentError(f"{name}: expected a non-empty list.")
    return data


def _resources(raw: Any, where: str) -> dict[str, int]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: expected an object of resources.")
    for key, value in raw.items():
        if key not in RESOURCES:
            raise ContentError(f"{where}: unknown resource '{key}'.")
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ContentError(f"{where}: '{key}' must be a whole number >= 0.")
    return dict(raw)


def _space(raw: Any, where: str) -> Space:
    data = obj(raw, where)
    either = data.get("either", [])
    if (
        not isinstance(either, list)
        or any(r not in RESOURCES for r in either)
        or len(set(either)) != len(either)
    ):
        raise ContentError(f"{where}: 'either' must list distinct resources.")
    space = Space(
        level=integer(data, "level", where, 1, 3, 1),
        gain=_resources(data.get("gain"), where),
        either=tuple(either),
        amount=integer(data, "amount", where, 0, 9, 0),
        pay=_resources(data.get("pay"), where),
        heal=integer(data, "heal", where, 0, 9, 0),
        danger=integer(data, "danger", where, 0, 3, 0),
    )
    kinds = [bool(space.gain), bool(space.either), bool(space.heal)]
    if sum(kinds) != 1:
        raise ContentError(f"{where}: a space has exactly one of 'gain', 'either' or 'heal'.")
    if len(space.gain) > 1:
        raise ContentError(f"{where}: a 'gain' space gives a single resource.")
    if space.either and (len(space.either) < 2 or space.amount < 1):
        raise ContentError(f"{where}: 'either' needs two or more resources and an 'amount' >= 1.")
    return space


def _benefit(raw: Any, where: str) -> Benefit:
    data = obj(raw if raw is not None else {}, where)
    unknown = set(data) - {"production", "production_choice", "energy", "gain"}
    if unknown:
        raise ContentError(f"{where}: unknown benefit key(s) {sorted(unknown)}.")
    return Benefit(
        production=_resources(data.get("production"), where),
        production_choice=integer(data, "production_choice", where, 0, 3, 0),
        energy=integer(data, "energy", where, 0, 5, 0),
        gain=_resources(data.get("gain"), where),
    )


def _ability(raw: Any, where: str, kind: str | None = None) -> Ability:
    data = obj(raw, where)
    kind = kind or string(data, "kind", where)
    effect = obj(data.get("effect"), f"{where} effect")
    allowed = PASSIVE_KEYS if kind == "passive" else INSTANT_KEYS if kind == "instant" else None
    if allowed is None:
        raise ContentError(f"{where}: ability kind must be 'passive' or 'instant'.")
    if len(effect) != 1 or next(iter(effect)) not in allowed:
        raise ContentError(f"{where}: a {kind} effect is exactly one of {list(allowed)}.")
    for key in ("production", "gain"):
        if key in effect:
            _resources(effect[key], where)
    if "work_bonus" in effect and effect["work_bonus"] not in RESOURCES:
        raise ContentError(f"{where}: 'work_bonus' names a resource.")
    return Ability(kind=kind, text=string(data, "text", where), effect=dict(effect))


def _card(raw: Any, index: int) -> Card:
    where = f"cards.json entry {index}"
    data = obj(raw, where)
    cid = slug(data, where)
    where = f"card '{cid}'"
    doors = data.get("doors")
    if (
        not isinstance(doors, list)
        or not doors
        or any(d not in SIDES for d in doors)
        or len(set(doors)) != len(doors)
    ):
        raise ContentError(f"{where}: 'doors' must list distinct sides among N, E, S, W.")
    levels_raw = data.get("levels")
    if not isinstance(levels_raw, list) or not 1 <= len(levels_raw) <= 3:
        raise ContentError(f"{where}: 'levels' must list 1 to 3 levels.")
    levels = tuple(_level(lv, f"{where} level {i + 1}") for i, lv in enumerate(levels_raw))
    spaces_raw = data.get("spaces", [])
    if not isinstance(spaces_raw, list):
        raise ContentError(f"{where}: 'spaces' must be a list.")
    spaces = tuple(_space(sp, f"{where} space {i}") for i, sp in enumerate(spaces_raw))
    if any(sp.level > len(levels) for sp in spaces):
        raise ContentError(f"{where}: a space needs a level the card does not have.")
    core = bool(data.get("core", False))
    start = data.get("start")
    if core and (
        not isinstance(start, list) or len(start) != 2 or not all(isinstance(v, int) for v in start)
    ):
        raise ContentError(f"{where}: a core card needs 'start': [x, y].")
    bonus = data.get("bonus_from")
    if bonus is not None and not isinstance(bonus, str):
        raise ContentError(f"{where}: 'bonus_from' must be a type name or null.")
    task = None if core else _task(data.get("task"), where)
    return Card(
        id=cid,
        name=string(data, "name", where),
        dice=integer(data, "dice", where, 1, 6),
        doors=frozenset(doors),
        type=string(data, "type", where),
        bonus_from=bonus,
        levels=levels,
        spaces=spaces,
        cost=_resources(data.get("cost"), where),
        build=_benefit(data.get("build"), f"{where} build"),
        generator=bool(data.get("generator", False)),
        silo=bool(data.get("silo", False)),
        core=core,
        start=(start[0], start[1]) if core and isinstance(start, list) else None,
        task=task,
    )


def _level(raw: Any, where: str) -> Level:
    data = obj(raw, where)
    return Level(
        energy=integer(data, "energy", where, 0, 20),
        storage=integer(data, "storage", where, 0, 9, 0),
        cost=_resources(data.get("cost"), where),
        benefit=_benefit(data.get("benefit"), where),
    )


def _task(raw: Any, where: str) -> Task:
    data = obj(raw, f"{where} task")
    return Task(
        name=string(data, "name", f"{where} task"),
        danger=integer(data, "danger", f"{where} task", 0, 3),
        reward=_space(data.get("reward"), f"{where} task reward"),
        ability=_ability(data.get("ability"), f"{where} task ability"),
    )


def _founder(raw: Any, index: int) -> Founder:
    data = obj(raw, f"founders.json entry {index}")
    fid = slug(data, f"founders.json entry {index}")
    where = f"founder '{fid}'"
    max_health = integer(data, "max_health", where, 1, 20)
    instants = data.get("instants", [])
    if not isinstance(instants, list):
        raise ContentError(f"{where}: 'instants' must be a list.")
    return Founder(
        id=fid,
        name=string(data, "name", where),
        max_health=max_health,
        injured_at=integer(data, "injured_at", where, 0, max_health - 1),
        passive=_ability(data.get("passive"), f"{where} passive", "passive"),
        instants=tuple(_ability(a, f"{where} instant {i}", "instant") for i, a in enumerate(instants)),
    )


def _mode(key: str, raw: Any) -> Mode:
    where = f"mode '{key}'"
    data = obj(raw, where)
    hazards_raw = data.get("hazards")
    if not isinstance(hazards_raw, list) or not hazards_raw:
        raise ContentError(f"{where}: 'hazards' must be a non-empty list.")
    return Mode(
        key=key,
        name=string(data, "name", where),
        days=integer(data, "days", where, 1, 30),
        production_max=integer(data, "production_max", where, 1, 20),
        green=_full(data.get("green"), f"{where} green"),
        start_production=_full(data.get("start_production"), f"{where} start_production"),
        start_storage=_full(data.get("start_storage"), f"{where} start_storage"),
        hazards=tuple(_hazard(h, f"{where} hazard {i}") for i, h in enumerate(hazards_raw)),
    )


def _full(raw: Any, where: str) -> dict[str, int]:
    values = _resources(raw, where)
    if set(values) != set(RESOURCES):
        raise ContentError(f"{where}: needs a value for each of {', '.join(RESOURCES)}.")
    return {r: values[r] for r in RESOURCES}


def _hazard(raw: Any, where: str) -> Hazard:
    data = obj(raw, where)
    effects = data.get("effects", [])
    if not isinstance(effects, list):
        raise ContentError(f"{where}: 'effects' must be a list.")
    for effect in effects:
        if not isinstance(effect, dict) or len(effect) != 1 or next(iter(effect)) not in HAZARD_KEYS:
            raise ContentError(f"{where}: each effect is exactly one of {list(HAZARD_KEYS)}.")
        if "lose" in effect:
            _resources(effect["lose"], where)
        elif not isinstance(next(iter(effect.values())), int) or next(iter(effect.values())) < 1:
            raise ContentError(f"{where}: '{next(iter(effect))}' must be a whole number >= 1.")
    return Hazard(
        low=integer(data, "from", where, 2, 40),
        high=integer(data, "to", where, 2, 40),
        name=string(data, "name", where),
        text=string(data, "text", where),
        effects=tuple(effects),
    )
