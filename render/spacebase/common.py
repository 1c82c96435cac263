"""Shared pieces of the Space Base images: sizes, colours, reward wording and card names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.canvas import Canvas, line_box, packed, text_width, wrap_text
from render.fonts import font, player_name, player_names
from render.theme import Rgb

View = Mapping[str, Any]
WIDTH = 960
MARGIN = 20
TITLE = 30
BODY = 22
SMALL = 19
# One line of BODY text: its box is this tall, so lines this far apart never touch.
LINE = 27

BLUE: Rgb = (90, 170, 255)
RED: Rgb = (255, 110, 100)
GREEN: Rgb = (110, 220, 130)
YELLOW: Rgb = (255, 214, 90)
COLONY: Rgb = (214, 170, 60)
CUBE: Rgb = (150, 240, 255)
SEAT_COLOURS: tuple[Rgb, ...] = (
    (255, 140, 90),
    (90, 200, 255),
    (250, 220, 80),
    (200, 130, 255),
    (110, 230, 150),
)
WHEN_COLOURS = {"blue": BLUE, "red": RED, "green": GREEN}


def seat_colour(seat: int) -> Rgb:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def short(reward: Mapping[str, Any]) -> str:
    """A reward in a few characters ("+3 cr", "+1 inc", "+2 VP", "claim L2", "▶ sector"), so a
    sector's rewards fit its cell; the full wording is in the card reference and the narration."""
    n = int(reward.get("n", 0))
    kind = str(reward.get("kind", ""))
    side = "▶" if int(reward.get("dir", 1) or 1) > 0 else "◀"
    many = f"{n}× " if n > 1 else ""
    fixed = {
        "credits": f"+{n} cr",
        "income": f"+{n} inc",
        "vp": f"+{n} VP",
        "charge": f"+{n} cube",
        "claim": f"claim L{reward.get('level') or 'any'}",
        "claim_top": f"{many}deck L{reward.get('level')}",
        "buy": "extra buy",
        "arrow": f"{many}{side} sector",
        "diag": f"{many}{'↗' if side == '▶' else '↖'} sector",
        "dice_arrow": "die ▶",
        "move_charge": "move cube",
        "charge_all": f"+{n} cube all",
        "deploy": "deploy ship",
        "swap_neighbor": "swap ◀▶",
        "exchange": "exchange",
        "shift": "shift ship",
        "bonus_roll": "bonus roll",
        "red_sectors": f"red ×{n}",
        "cash_out": f"cash out {n}",
        "win": "win!",
        "trade": "trade",
    }
    return fixed.get(kind, str(reward.get("text", kind)))


ADDABLE = ("credits", "income", "vp", "charge")


def merged(rewards: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The rewards with the countable kinds added up (a deployed stack's "+1 cr" three times is "+3 cr")."""
    out: list[Mapping[str, Any]] = []
    totals: dict[str, int] = {}
    for reward in rewards:
        kind = str(reward.get("kind", ""))
        if kind in ADDABLE:
            if kind not in totals:
                out.append({"kind": kind})
            totals[kind] = totals.get(kind, 0) + int(reward.get("n", 0))
        else:
            out.append(reward)
    return [{**r, "n": totals[str(r["kind"])]} if r.get("kind") in totals else r for r in out]


def rewards_text(rewards: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(short(r) for r in merged(rewards)) or "—"


def viewer(view: View) -> int:
    """The seat a board is drawn for: the viewer of a private view, else the turn's player."""
    seat = view.get("viewer")
    return int(seat if seat is not None else view.get("active") or 0)


def player(view: View, seat: int) -> Mapping[str, Any]:
    players = view.get("players") or []
    return players[seat] if 0 <= seat < len(players) else {}


# A card's name may be set this much smaller before it is shortened: at its smallest, still a line
# of 10 pixels at the 550 pixels Discord shows the image at.
NAME_SIZES = (SMALL, SMALL - 1, SMALL - 2, SMALL - 3)


def name_layout(name: str, width: int, *, wrap: bool) -> tuple[int, list[str]]:
    """The size and lines of a card's name in ``width`` pixels: one condensed line, a size or three
    smaller before anything else ("Gossamer Corvette" and "Gossamer Courier" differ only at the
    end); with ``wrap``, a name still too wide takes two lines; else it is shortened."""
    size = next((s for s in NAME_SIZES if text_width(name, s, condensed=True) <= width), None)
    if size is not None:
        return size, [name]
    if wrap:
        for at in NAME_SIZES:
            lines = wrap_text(name, at, width, bold=True, condensed=True)
            if len(lines) == 2 and all(text_width(line, at, condensed=True) <= width for line in lines):
                return at, lines
    return NAME_SIZES[-1], [name]


def name_extra(name: str, width: int) -> int:
    """How many pixels a name wrapped in ``width`` takes below its first line (0: it fits one)."""
    size, lines = name_layout(name, width, wrap=True)
    return 0 if len(lines) == 1 else line_box(0, 0, 0, font(size, bold=True, condensed=True), "la")[3]


def card_name(canvas: Canvas, x: int, y: int, name: str, fill: Rgb, width: int, *, wrap: bool = False) -> int:
    """A card's name laid out by :func:`name_layout`; returns how many pixels lower than one line
    it ends (:func:`name_extra` when it took two)."""
    size, lines = name_layout(name, width, wrap=wrap)
    # A smaller name sits a little lower, on the same baseline as a full-size one would.
    box = canvas.text(x, y + (SMALL - size), lines[0], size, fill, max_width=width, condensed=True)
    if len(lines) == 1:
        return 0
    return canvas.text(x, box[3], lines[1], size, fill, condensed=True)[3] - box[3]


def name_of(view: View, seat: int) -> str:
    """The seat's name as the images draw it (characters the font lacks dropped, else "Player 2")."""
    players = view.get("players") or []
    if not 0 <= seat < len(players):
        return player_name(None, seat)
    return player_names([p.get("name") for p in players])[seat]


# How a list of rewards may be set, roomiest first: body text, the same condensed, then smaller
# condensed text on closer lines. A crowded cell steps down these rather than cutting a reward.
STYLES: tuple[tuple[int, bool, int], ...] = ((BODY, False, LINE), (BODY, True, LINE), (SMALL, True, 23))


def reward_rows(
    rewards: Sequence[Mapping[str, Any]], width: int, size: int = BODY, *, condensed: bool = False
) -> list[str]:
    """The rewards a few to a line of ``width`` pixels, never breaking one across lines."""
    return packed([short(r) for r in merged(rewards)] or ["—"], ", ", size, width, condensed=condensed)


def reward_lines(
    canvas: Canvas,
    x: int,
    y: int,
    rewards: Sequence[Mapping[str, Any]],
    fill: Rgb,
    width: int,
    most: int,
    style: tuple[int, bool, int] = STYLES[0],
) -> int:
    """Draw the rewards a few to a line in ``style`` (size, condensed, line step), never breaking one
    across lines, in at most ``most`` lines (the last one shrinks or ends in "…" when they do not
    fit); returns the y below them."""
    size, condensed, step = style
    lines = reward_rows(rewards, width, size, condensed=condensed)
    shown = lines[:most]
    if len(lines) > most:
        shown[-1] = ", ".join([shown[-1], *lines[most:]])
    for line in shown:
        # A line a little too wide is drawn condensed rather than cut short.
        tight = condensed or text_width(line, size) > width
        canvas.text(x, y, line, size, fill, max_width=width, condensed=tight)
        y += step
    return y
