"""Load and validate the content files (dice faces, the cards, the Invaders cards).

Every problem raises ``ContentError`` naming the file, the entry and the field, so
owners of the printed game can point the engine at their own files and fix them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.core.content import integer, obj, read_json, slug, string, unique
from engine.core.errors import ContentError
from engine.europa.model import (
    ANY,
    COLOURS,
    INGENUITY_KINDS,
    INVADER,
    INVADER_DIE,
    PLAN_KINDS,
    STAR,
    SYMBOLS,
    TIMINGS,
    UNDERMINE_KINDS,
    Ability,
    Card,
    Content,
    Face,
)
from engine.europa.validate import cross_check

DEFAULT_DIR = Path(__file__).parent / "content"
DICE_FILE = "dice.json"
CARD_FILES = ("cards.json", "invaders.json")
# Which parameters each ability kind reads.
_PARAMS: Mapping[str, tuple[str, ...]] = {
    "min_keep": ("n",),
    "fewer_dice": ("colour", "n"),
    "wild_only": ("colour",),
    "extra_need": ("symbol", "n"),
    "fewer_rolls": ("n",),
    "destroy_plan": (),
    "set_face": ("colour", "symbol"),
    "reroll": ("colour", "n"),
    "extra_die": ("n",),
    "reduce": ("symbol", "n"),
    "cancel_undermine": (),
    "invader_roll": (),
    "big_hand": (),
    "invader_main": (),
}


def load_content(path: str | Path = DEFAULT_DIR) -> Content:
    """Read and validate the content files in ``path``; raises ContentError on any problem."""
    folder = Path(path)
    faces = _faces(read_json(folder, DICE_FILE))
    cards: list[Card] = []
    for name in CARD_FILES:
        cards += _cards(read_json(folder, name), name, name == "invaders.json")
    content = Content(faces=faces, cards=unique(cards, "card"))
    cross_check(content)
    return content


def _faces(raw: Any) -> dict[str, tuple[Face, ...]]:
    data = obj(obj(raw, DICE_FILE).get("faces"), f"{DICE_FILE} 'faces'")
    out: dict[str, tuple[Face, ...]] = {}
    for die in (*COLOURS, INVADER_DIE):
        where = f"{DICE_FILE} die '{die}'"
        faces = data.get(die)
        if not isinstance(faces, list) or len(faces) != 6:
            raise ContentError(f"{where}: 'faces' must list exactly six faces.")
        out[die] = tuple(_face(f, f"{where} face {i}", die) for i, f in enumerate(faces))
    return out


def _face(raw: Any, where: str, die: str) -> Face:
    allowed = (*SYMBOLS, STAR, INVADER) if die == INVADER_DIE else (*SYMBOLS, STAR)
    if not isinstance(raw, list) or not 1 <= len(raw) <= 2 or any(s not in allowed for s in raw):
        raise ContentError(f"{where}: a face is one or two of {', '.join(allowed)}.")
    if len(raw) == 2 and raw[0] != raw[1]:
        raise ContentError(f"{where}: a Double shows the same symbol twice.")
    if INVADER in raw and len(raw) != 1:
        raise ContentError(f"{where}: an Invader result stands alone on its face.")
    return tuple(raw)


def _cards(raw: Any, name: str, invader: bool) -> list[Card]:
    if not isinstance(raw, list) or not raw:
        raise ContentError(f"{name}: expected a non-empty list of cards.")
    return [
        _card(obj(entry, f"{name} entry {i}"), f"{name} '{_id(entry, i)}'", invader)
        for i, entry in enumerate(raw)
    ]


def _id(entry: Any, index: int) -> object:
    return entry.get("id", index) if isinstance(entry, dict) else index


def _card(raw: Mapping[str, Any], where: str, invader: bool) -> Card:
    needs = obj(raw.get("needs"), f"{where} 'needs'")
    if not needs or any(s not in SYMBOLS for s in needs):
        raise ContentError(f"{where}: 'needs' maps building symbols ({', '.join(SYMBOLS)}) to counts.")
    return Card(
        id=slug(raw, where),
        name=string(raw, "name", where),
        points=integer(raw, "points", where, 1, 40),
        needs={s: integer(needs, s, f"{where} needs", 1, 8) for s in SYMBOLS if s in needs},
        undermine=_ability(raw, "undermine", where, UNDERMINE_KINDS),
        ingenuity=_ability(raw, "ingenuity", where, INGENUITY_KINDS),
        plan=_ability(raw, "plan", where, PLAN_KINDS),
        invader=invader,
    )


def _ability(card: Mapping[str, Any], part: str, where: str, kinds: tuple[str, ...]) -> Ability:
    at = f"{where} '{part}'"
    raw = obj(card.get(part), at)
    kind = string(raw, "kind", at)
    if kind not in kinds:
        raise ContentError(f"{at}: 'kind' must be one of {', '.join(kinds)}.")
    params = _PARAMS[kind]
    colour = _pick(raw, "colour", at, (*COLOURS, ANY)) if "colour" in params else None
    symbol = _pick(raw, "symbol", at, SYMBOLS) if "symbol" in params else None
    if kind == "set_face" and part == "ingenuity" and raw.get("symbol") == STAR:
        raise ContentError(f"{at}: 'symbol' must be a building symbol.")
    return Ability(
        kind=kind,
        colour=colour,
        symbol=symbol,
        n=integer(raw, "n", at, 1, 7) if "n" in params else 1,
        cost=integer(raw, "cost", at, 0, 2, 0) if part == "undermine" else 0,
        timing=_pick(raw, "timing", at, TIMINGS, "after") if part == "ingenuity" else "after",
    )


def _pick(
    raw: Mapping[str, Any], key: str, where: str, allowed: tuple[str, ...], default: str | None = None
) -> str:
    value = raw.get(key, default)
    if value not in allowed:
        raise ContentError(f"{where}: '{key}' must be one of {', '.join(allowed)}.")
    return str(value)
