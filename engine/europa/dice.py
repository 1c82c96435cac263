"""Dice of a build attempt: what they show, what the base still needs, rolling and Cut Corners."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.europa.model import ANY, INVADER, INVADER_DIE, STAR, SYMBOLS, Content
from engine.europa.state import Json

Die = Json


def new_die(colour: str) -> Die:
    """An unrolled die: ``c`` colour, ``f`` the face's symbols, ``k`` set aside, ``x`` destroyed."""
    return {"c": colour, "f": [], "k": False, "x": False}


def roll_die(content: Content, die: Die, rng: Rng) -> None:
    die["f"] = list(content.faces[die["c"]][rng.randint(0, 5)])


def live(die: Die) -> bool:
    return not die["x"] and bool(die["f"])


def locked(die: Die) -> bool:
    """A Star set aside may never be rolled again."""
    return bool(die["k"]) and STAR in die["f"]


def invaded(die: Die) -> bool:
    return bool(die["f"] == [INVADER])


def needs(content: Content, attempt: Json, undermines: list[str]) -> dict[str, int]:
    """The results the base needs now: its card, plus Undermining needs, minus reductions."""
    printed = content.cards[attempt["card"]].needs
    if not undermines and not attempt["reduce"]:
        # Most attempts: the card's own needs (every legal list of a builder asks).
        return {s: printed[s] for s in SYMBOLS if printed.get(s)}
    out = dict(printed)
    for cid in undermines:
        a = content.cards[cid].undermine
        if a.kind == "extra_need" and a.symbol:
            out[a.symbol] = out.get(a.symbol, 0) + a.n
    for sym, n in attempt["reduce"].items():
        out[sym] = max(0, out.get(sym, 0) - n)
    return {s: out[s] for s in SYMBOLS if out.get(s)}


def wild_only(content: Content, undermines: list[str]) -> set[str]:
    if not undermines:
        return set()
    return {
        str(content.cards[c].undermine.colour)
        for c in undermines
        if content.cards[c].undermine.kind == "wild_only"
    }


def shortfall(dice: list[Die], need: dict[str, int], wild: set[str]) -> tuple[int, int, int]:
    """(results missing before Stars, Stars showing, Stars set aside).

    A Star set aside earned its Cut Corner token when it was kept: an Invader destroying its die
    later takes the Star from the build but not the token (else an Invader would wipe a penalty)."""
    have = dict.fromkeys(need, 0)
    stars = kept_stars = 0
    for d in dice:
        if d["x"]:
            kept_stars += d["f"].count(STAR) if d["k"] else 0
            continue
        for sym in d["f"]:
            if sym == STAR:
                stars += 1
                kept_stars += 1 if d["k"] else 0
            elif sym in have and d["c"] not in wild:
                have[sym] += 1
    missing = sum(max(0, n - have[s]) for s, n in need.items())
    return missing, stars, kept_stars


def is_met(dice: list[Die], need: dict[str, int], wild: set[str]) -> bool:
    missing, stars, _ = shortfall(dice, need, wild)
    return missing <= stars


def cut_corners(dice: list[Die], need: dict[str, int], wild: set[str]) -> int:
    """Tokens a success earns: every Star set aside, or every Star the base had to use if more.

    A Star set aside whose die an Invader then destroyed keeps its token but fills no gap, so the
    Stars the base uses are counted against the live ones only."""
    missing, _, kept = shortfall(dice, need, wild)
    lost: int = sum(d["f"].count(STAR) for d in dice if d["x"] and d["k"])
    return lost + max(kept - lost, missing)


def matches(die: Die, colour: str | None) -> bool:
    return colour in (None, ANY) or die["c"] == colour


def is_invader_die(die: Die) -> bool:
    return bool(die["c"] == INVADER_DIE)
