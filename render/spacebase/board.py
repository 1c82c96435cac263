"""A player's twelve sectors: the station ship and its blue rewards, the deployed stack and its red
rewards, charge cubes on abilities, and colonies."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.spacebase.view import current_dice
from render.canvas import Canvas, text_width, wrap_text
from render.spacebase.common import (
    BLUE,
    BODY,
    COLONY,
    CUBE,
    LINE,
    MARGIN,
    RED,
    SMALL,
    STYLES,
    TITLE,
    WHEN_COLOURS,
    WIDTH,
    View,
    card_name,
    name_extra,
    name_of,
    player,
    reward_lines,
    reward_rows,
    rewards_text,
    seat_colour,
    viewer,
)
from render.theme import OUTLINE, SURFACE, SURFACE_DIM, TEXT, TEXT_DIM

COLUMNS = 6
# The room between two sectors.
GAP = 8
CELL_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) // COLUMNS
CELL_H = 250
HEADER = 64


def render_board(view: View, seat: int | None = None) -> bytes:
    """The board of ``seat`` (default: the viewer of a private view, else the turn's player)."""
    return draw_board(view, seat).png()


def draw_board(view: View, seat: int | None = None) -> Canvas:
    seat = viewer(view) if seat is None else seat
    me = player(view, seat)
    sectors = me.get("sectors") or []
    rows = max(1, (len(sectors) + COLUMNS - 1) // COLUMNS)
    canvas = Canvas(WIDTH, HEADER + rows * (CELL_H + GAP) + MARGIN)
    name = name_of(view, seat)
    canvas.disc(MARGIN + 12, MARGIN + 16, 11, seat_colour(seat))
    stats = f"{me.get('vp', 0)} VP   {me.get('credits', 0)} credits   income {me.get('income', 0)}"
    stats_box = canvas.text(WIDTH - MARGIN, MARGIN + 4, stats, BODY, TEXT, anchor="ra")
    # The name takes all the width the numbers leave.
    canvas.text(MARGIN + 32, MARGIN, name, TITLE, TEXT, max_width=stats_box[0] - 16 - MARGIN - 32)
    lit = _lit(view)
    for index, sector in enumerate(sectors):
        x = MARGIN + (index % COLUMNS) * (CELL_W + GAP)
        y = HEADER + (index // COLUMNS) * (CELL_H + GAP)
        # A sector is drawn on the bare background, and only from what its cards and the dice say:
        # kept as a piece, it is pasted again until one of them changes (a roll lights three cells,
        # a buy changes one). Its box takes in the gap to its right and below, in case a cube count
        # at a crowded stack's end runs past the cell's edge.
        box = (x, y, x + CELL_W + GAP, y + CELL_H + GAP)
        lit_here = int(sector.get("sector", index + 1)) in lit
        canvas.fixed_piece("spacebase/board/sector", box, _sector, x, y, sector, lit_here)
    return canvas


def _lit(view: View) -> set[int]:
    """Sectors the current dice point at (both readings), outlined so the roll is easy to follow."""
    dice, _bonus = current_dice(view)
    return {dice[0], dice[1], dice[0] + dice[1]} if len(dice) == 2 else set()


def _sector(canvas: Canvas, x: int, y: int, sector: Mapping[str, Any], lit: bool) -> None:
    station: Mapping[str, Any] | None = sector.get("station")
    colony = station is not None and station.get("type") == "colony"
    fill = (60, 50, 24) if colony else SURFACE if station else SURFACE_DIM
    canvas.rect(
        (x, y, x + CELL_W, y + CELL_H),
        fill,
        outline=(255, 230, 140) if lit else OUTLINE,
        width=3 if lit else 1,
        radius=8,
    )
    canvas.text(x + 8, y + 4, str(sector.get("sector", "?")), TITLE, COLONY if colony else TEXT)
    inner = CELL_W - 16
    top = y + 44
    deployed = sector.get("deployed") or []
    # Red rewards: the deployed ships', and a colony's own red side.
    red = [r for card in deployed for r in card.get("red") or []]
    if colony and station is not None:
        red += list(station.get("red") or [])
    blue = list(station.get("blue") or []) if station and not colony else []
    name = str(station.get("name", "")) if station else ""
    styles = _styles(station, blue, red, inner, y, colony)
    # A long name takes a second line when every reward still shows whole below it, if need be in a
    # smaller style (each is readable at Discord's preview size): a cut name may be any of several.
    # Failing that, the line over the deployed stack comes down to just above the red lines.
    extra, low = name_extra(name, inner), False
    wrapped = _styles(station, blue, red, inner, y, colony, extra) if extra else None
    if extra and wrapped is None:
        wrapped = _styles(station, blue, red, inner, y, colony, extra, low=True)
        low = wrapped is not None
    if wrapped is None:
        extra = 0
    else:
        styles = wrapped
    blue_style, red_style = styles or (STYLES[-1], STYLES[-1])
    if station:
        top += card_name(canvas, x + 8, top, name, TEXT, inner, wrap=bool(extra))
        if colony:
            canvas.text(x + 8, top + 26, "Colony", BODY, COLONY)
            # Some colonies charge cubes too (a game-winning ability): their count must show.
            top = _ability(canvas, x + 8, top + 26 + int(BODY * 1.25), inner, station)
        else:
            top = reward_lines(canvas, x + 8, top + 26, blue, BLUE, inner, len(blue) + 1, blue_style)
            top = _ability(canvas, x + 8, top, inner, station)
    else:
        top = canvas.text(x + 8, top, "empty", SMALL, TEXT_DIM)[3]
    # Two lines of red rewards fit under the line; a longer list (a stack of arrows and cubes) raises
    # the line into the room the station's rewards leave, a line at a time, rather than being cut.
    step = red_style[2]
    most, needed = 2, len(reward_rows(red, inner, red_style[0], condensed=red_style[1]))
    base = y + CELL_H - 86
    if low:
        base, most = _divider(y, needed if red else 0, step, low=True), max(most, needed)
    while most < needed and base - step >= top + 4:
        base -= step
        most += 1
    canvas.within((x + 6, base, x + CELL_W - 6, base + 1)).line(
        (x + 6, base, x + CELL_W - 6, base), fill=OUTLINE
    )
    if deployed:
        charged = [c for c in deployed if c.get("ability")]
        count = f"{len(deployed)}×" if charged else f"{len(deployed)} ship{'s' if len(deployed) > 1 else ''}"
        box = canvas.text(x + 8, base + 4, count, SMALL, TEXT_DIM)
        _stack_charges(canvas, box[2] + 6, x + CELL_W - 8, base + 4, charged)
    if red:
        reward_lines(canvas, x + 8, base + 28, red, RED, inner, most, red_style)


Style = tuple[int, bool, int]
# The order a crowded cell tries its styles in (station's blue, deployed red): both at full size,
# then one condensed, then both, then smaller text; red rewards keep their size a step longer.
TRIES = ((0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (2, 1), (0, 2), (1, 2), (2, 2))


def _styles(
    station: Mapping[str, Any] | None,
    blue: list[Any],
    red: list[Any],
    inner: int,
    y: int,
    colony: bool,
    extra: int = 0,
    *,
    low: bool = False,
) -> tuple[Style, Style] | None:
    """The roomiest styles for the station's blue rewards and the stack's red ones with which every
    reward shows whole (None: not even the smallest): the station's name (``extra`` pixels below
    one line), text and ability from the top, the red lines from the bottom (``low``: see
    :func:`_divider`)."""
    ability = _ability_lines(station, inner) if station else 0
    for b, r in TRIES:
        size, condensed, step = STYLES[b]
        if station is None:
            top = y + 44 + LINE
        elif colony:
            top = y + 44 + extra + 26 + int(BODY * 1.25) + 2 + ABILITY_STEP * ability
        else:
            rows = len(reward_rows(blue, inner, size, condensed=condensed))
            top = y + 44 + extra + 26 + rows * step + 2 + ABILITY_STEP * ability
        red_size, red_condensed, red_step = STYLES[r]
        needed = len(reward_rows(red, inner, red_size, condensed=red_condensed)) if red else 0
        if _divider(y, needed, red_step, low=low) >= top + 4:
            return STYLES[b], STYLES[r]
    return None


def _divider(y: int, lines: int, step: int, *, low: bool) -> int:
    """Where the line over the deployed stack goes in the cell at ``y``, for ``lines`` lines of red
    rewards: room for two under it, or more when they need it. A cell whose name takes two lines
    (``low``) keeps under it just the room its red lines need, one line at least."""
    base = y + CELL_H - 86
    # The red lines sit under the stack's count, ending 4 pixels above the cell's bottom.
    fitted = y + CELL_H - 4 - 28 - max(lines, 1) * step
    return fitted if low else min(base, fitted)


# The ability's label is wrapped small and condensed, with this step between its lines.
ABILITY_STEP = int(SMALL * 1.25)


def _ability_lines(card: Mapping[str, Any], width: int) -> int:
    ability = card.get("ability")
    return len(wrap_text(_ability_label(card), SMALL, width, bold=True, condensed=True)) if ability else 0


def _ability_label(card: Mapping[str, Any]) -> str:
    ability = card.get("ability") or {}
    need, have = int(ability.get("need", 0)), int(card.get("charges", 0))
    return f"{have}/{need} → {rewards_text(ability.get('effects') or [])}"


def _stack_charges(canvas: Canvas, left: int, right: int, y: int, cards: list[Mapping[str, Any]]) -> None:
    """Each charge card of a deployed stack as cubes held / cubes needed ("■1/2 2/2"), a ready one
    in its timing's colour; "…" when the cell has no room for the rest."""
    x = left
    for index, card in enumerate(cards):
        ability = card.get("ability") or {}
        need, have = int(ability.get("need", 0)), int(card.get("charges", 0))
        colour = WHEN_COLOURS.get(str(ability.get("when")), TEXT) if have >= need else CUBE
        text = f"{'■' if index == 0 else ''}{have}/{need}"
        width = text_width(text, SMALL, condensed=True)
        if x + width > right:
            canvas.text(x, y, "…", SMALL, CUBE)
            return
        x = canvas.text(x, y, text, SMALL, colour, condensed=True)[2] + 5


def _ability(canvas: Canvas, x: int, y: int, width: int, card: Mapping[str, Any]) -> int:
    """The card's ability with its cubes, if it has one; returns the y below it."""
    ability = card.get("ability")
    if not ability:
        return y
    colour = WHEN_COLOURS.get(str(ability.get("when")), TEXT)
    # Wrapped, not cut: "1/3 → claim L1" is one word too wide for a cell, and the level matters.
    label = _ability_label(card)
    return canvas.paragraph(
        x, y + 2, label, SMALL, colour, width, bold=True, condensed=True, step=ABILITY_STEP
    )


__all__ = ["BLUE", "draw_board", "render_board"]
