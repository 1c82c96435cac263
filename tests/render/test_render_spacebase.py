"""Space Base images over a seeded game of the real engine: each draws, stays small, shows its numbers
and stays readable at the ~550 px Discord shows it at."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.spacebase import status_line
from engine.core import Event
from engine.spacebase import RULES
from render.canvas import Canvas
from render.spacebase import RENDERER as SPACEBASE
from render.spacebase import dice_image, rolled
from render.spacebase.board import _lit, draw_board
from render.spacebase.common import MARGIN
from render.spacebase.tables import condition_text, draw_scores, draw_shipyard
from render.theme import ACCENT
from tests.engine.spacebase import sb_helpers
from tests.render.conftest import open_png

SHOWN_WIDTH = 550
# The smallest text line, as Discord scales the image down, in pixels.
SMALLEST_LINE = 9
MAX_BYTES = 500_000


def _views(expansion: str, players: int, seed: int, every: int = 12) -> list[dict[str, Any]]:
    """The table's view every ``every`` moves of a game the AI plays to its end."""
    state = RULES.setup([f"P{n}" for n in range(players)], {"expansion": expansion}, seed)
    views = [RULES.view(state, None)]
    step = 0
    while RULES.outcome(state) is None and step < 3000:
        seat = min(RULES.to_move(state))
        action = RULES.timeout_action(state, seat)
        assert action is not None
        state, _events = RULES.apply(state, seat, action)
        step += 1
        if step % every == 0:
            views.append(RULES.view(state, None))
    views.append(RULES.view(state, None))
    return views


@pytest.fixture(scope="module", params=[("base", 3, 5), ("genesis", 5, 9)], ids=["base-3", "genesis-5"])
def views(request: pytest.FixtureRequest) -> list[dict[str, Any]]:
    expansion, players, seed = request.param
    return _views(expansion, players, seed)


def _texts(canvas: Canvas) -> list[str]:
    return [placed.text for placed in canvas.texts]


def _readable(canvas: Canvas) -> None:
    assert canvas.overlapping_texts() == []
    scale = SHOWN_WIDTH / canvas.width
    smallest = min(placed.box[3] - placed.box[1] for placed in canvas.texts)
    assert smallest * scale >= SMALLEST_LINE


def test_every_image_draws_small_enough(views: list[dict[str, Any]]) -> None:
    for view in views[:: max(1, len(views) // 4)]:
        drawn = SPACEBASE.render(view, [])
        assert {image.filename for image in drawn} == {"board.png", "scores.png", "shipyard.png"}
        for image in drawn:
            assert len(image.data) < MAX_BYTES
            assert open_png(image.data).width <= 960


def test_each_board_shows_its_seats_numbers_ships_and_cubes(views: list[dict[str, Any]]) -> None:
    for view in (views[len(views) // 2], views[-1]):
        for me in view["players"]:
            canvas = draw_board(view, me["seat"])
            texts = _texts(canvas)
            _readable(canvas)
            assert f"{me['vp']} VP   {me['credits']} credits   income {me['income']}" in texts
            assert {str(n) for n in range(1, 13)} <= set(texts)
            for sector in me["sectors"]:
                deployed = sector["deployed"]
                charged = [c for c in deployed if c.get("ability")]
                if charged:
                    # Every charge card of the stack shows its cubes, not only the first.
                    assert f"{len(deployed)}×" in texts
                    shown = [f"{c['charges']}/{c['ability']['need']}" for c in charged]
                    assert (
                        f"■{shown[0]}" in texts
                        and all(any(t.lstrip("■") == part for t in texts) for part in shown)
                    ) or ("…" in texts)
                elif deployed:
                    assert f"{len(deployed)} ship{'s' if len(deployed) > 1 else ''}" in texts
                station = sector["station"]
                if station and station.get("ability"):
                    need = station["ability"]["need"]
                    assert any(t.startswith(f"{station['charges']}/{need} →") for t in texts)
                if station and station["type"] == "colony":
                    assert "Colony" in texts
                if station:
                    # A long ship name takes two lines in a cell with room, not an ellipsis.
                    assert station["name"] in " ".join(texts)


def test_the_score_track_shows_everyone_and_the_goal(views: list[dict[str, Any]]) -> None:
    for view in views:
        canvas = draw_scores(view)
        texts = _texts(canvas)
        _readable(canvas)
        if view["outcome"] is None:
            assert "Score track · goal 40 VP" in texts
        else:
            assert "goal 40 VP" in texts
        for me in view["players"]:
            assert f"{me['vp']} VP" in texts
            assert f"{me['credits']} cr · income {me['income']}" in texts


def test_the_shipyard_shows_every_card_and_its_price(views: list[dict[str, Any]]) -> None:
    for view in (views[0], views[len(views) // 2]):
        canvas = draw_shipyard(view)
        texts = _texts(canvas)
        _readable(canvas)
        cards = [c for row in view["shipyard"].values() for c in row]
        cards += [c["card"] for c in view["colonies"] if c["card"]]
        shown = " ".join(texts)
        for card in cards:
            # A claimed colony costs nothing: its condition is its price.
            assert ("free" if card.get("condition") else str(card["cost"])) in texts
            # A name too long for one line takes two, never an ellipsis: names differ at the end.
            assert card["name"] in shown
            if card.get("condition"):
                # Wrapped in two lines when it is too wide for one.
                assert condition_text(card["condition"]) in " ".join(texts)


def test_the_dice_show_both_dice_and_the_sum(views: list[dict[str, Any]]) -> None:
    rolled = next(view for view in views if len(view["dice"]) == 2)
    roll = Event("dice_rolled", "The dice are rolled.", {"dice": rolled["dice"]})
    (dice,) = SPACEBASE.render(rolled, [roll], which={"dice"})
    a, b = rolled["dice"]
    assert dice.filename == "dice.png" and f"sum {a + b}" in dice.description
    assert len(dice.data) < MAX_BYTES and open_png(dice.data).width <= 960


def test_every_reward_of_every_card_fits_a_cell_whole() -> None:
    # A reward cut to "move a c…" tells the player nothing: each short form fits a board cell and a
    # shipyard card on its own (condensed at worst), so only a line of several can ever be cut.
    from engine.spacebase.view import reward_json
    from render.canvas import text_width
    from render.spacebase import board, tables
    from render.spacebase.common import BODY, short

    widest = min(board.CELL_W - 16, tables.CARD_W - 12)
    too_wide = set()
    for card in RULES.content.cards.values():
        for reward in [*card.blue, *card.red]:
            text = short(reward_json(reward))
            if text_width(text, BODY, condensed=True) > widest:
                too_wide.add(text)
    assert too_wide == set()


def test_every_ability_shows_whole_above_the_deployed_ships() -> None:
    # "1/3 → claim…" hid the level of the claim: the ability line wraps instead, and must neither be
    # cut nor run into the deployed ships below. Every ability card is put on a station, a deployed
    # ship under it, twelve to a board.
    from engine.spacebase.view import card_json

    state = RULES.setup(["P0", "P1"], {}, 3)
    able = [card for card in RULES.content.cards.values() if card.ability is not None]
    ship = card_json(next(c for c in RULES.content.cards.values() if c.type == "ship" and c.red))
    for start in range(0, len(able), 12):
        view = RULES.view(state, None)
        for sector, card in zip(view["players"][0]["sectors"], able[start : start + 12], strict=False):
            sector["station"] = {**card_json(card), "charges": 1}
            sector["deployed"] = [{**ship, "charges": 0}]
        canvas = draw_board(view, 0)
        _readable(canvas)
        texts = _texts(canvas)
        assert sum("→" in t for t in texts) >= len(able[start : start + 12])
        # Nothing is shortened, a long name beside a two-line ability included ("Lodestar Gall…"):
        # the name takes two lines and the line over the deployed ships comes down to make room.
        assert [t for t in texts if t.endswith("…")] == []


def test_a_long_deployed_stack_shows_every_red_reward_whole() -> None:
    # A stack of arrows, cubes and points needs more than the two lines under the sector's line: the
    # line moves up into the room a short station leaves, and nothing is cut.
    from engine.spacebase.view import card_json
    from render.spacebase import board
    from render.spacebase.common import reward_rows

    state = RULES.setup(["P0", "P1"], {"expansion": "genesis"}, 3)
    view = RULES.view(state, None)
    sector = view["players"][0]["sectors"][4]
    kinds = {"credits", "vp", "charge", "arrow"}
    reds = [c for c in RULES.content.cards.values() if c.type == "ship" and c.red and c.red[0].kind in kinds]
    stack: list[dict[str, Any]] = []
    for kind in sorted(kinds):
        card = next(c for c in reds if c.red[0].kind == kind)
        stack.append({**card_json(card), "charges": 0})
    sector["deployed"] = stack
    red = [r for card in stack for r in card["red"]]
    assert len(reward_rows(red, board.CELL_W - 16)) > 2
    canvas = draw_board(view, 0)
    _readable(canvas)
    texts = _texts(canvas)
    assert not any(t.endswith("…") and "," in t for t in texts)
    for row in reward_rows(red, board.CELL_W - 16):
        assert row in texts


def test_a_tall_station_still_leaves_a_three_line_red_stack_whole() -> None:
    # "+9 cr, move cube" took three lines word-wrapped, leaving the red "+2 cr, +1 inc, +1 VP" two
    # lines and cutting it; the station's rewards now keep each one whole on a line and give way.
    from engine.spacebase.view import card_json

    state = RULES.setup(["P0", "P1"], {"expansion": "genesis"}, 3)
    view = RULES.view(state, None)
    cards = RULES.content.cards
    sector = view["players"][0]["sectors"][11]
    sector["station"] = {**card_json(cards["l1_048"]), "charges": 0}
    sector["deployed"] = [{**card_json(cards[c]), "charges": 0} for c in ("start_12", "l2_046", "g2_035")]
    canvas = draw_board(view, 0)
    _readable(canvas)
    texts = _texts(canvas)
    assert not any(t.endswith("…") and any(r in t for r in ("cr", "inc", "VP")) for t in texts)
    shown = " ".join(texts)
    for reward in ("+9 cr", "move cube", "+2 cr", "+1 inc", "+1 VP"):
        assert reward in shown


def test_a_cards_timed_rewards_and_ability_show_whole_when_the_card_has_room() -> None:
    # "now +1 cube all", "now deploy ship" and "■3: 2× deck L2" were cut with a third of the card
    # still empty below them.
    from engine.spacebase.view import card_json

    state = RULES.setup(["P0", "P1"], {"expansion": "genesis"}, 2)
    view = RULES.view(state, None)
    cards = RULES.content.cards
    view["shipyard"]["2"] = [card_json(cards[c]) for c in ("g2_029", "g2_027")]
    canvas = draw_shipyard(view)
    _readable(canvas)
    texts = _texts(canvas)
    assert "■3: 2× deck L2" in texts and "■3: claim L2" in texts
    shown = " ".join(texts)
    assert "now +1 cube" in shown and "now deploy" in shown
    assert not any(t.startswith(("now", "■")) and t.endswith("…") for t in texts)


def test_a_bonus_roll_shows_its_own_dice_not_the_turns_roll() -> None:
    roller = sb_helpers.card("bonus_roll", level=2)
    state = sb_helpers.plain(3, expansion="genesis")
    sb_helpers.put(state, 0, roller.id)
    state, events = sb_helpers.activate(state, roller.sector)
    step = state.pending[0]
    assert step["kind"] == "bonus_roll"
    bonus = tuple(step["dice"])
    view = RULES.view(state, None)
    subject = rolled(view, events)
    assert subject == (*bonus, 1)
    image = dice_image(view, subject)
    assert image.description.startswith(f"Bonus roll: {bonus[0]} and {bonus[1]}")
    # The board outlines the bonus roll's sectors, and the status line names the bonus dice.
    assert _lit(view) == {bonus[0], bonus[1], bonus[0] + bonus[1]}
    assert f"bonus roll {bonus[0]}+{bonus[1]}" in status_line(view)
    # A turn's own roll is told as such.
    turn_roll = [Event("dice_rolled", "", {"dice": [3, 4], "seat": 0, "bonus": False})]
    assert rolled(view, turn_roll) == (3, 4, 0)
    assert dice_image(view, (3, 4, 0)).description.startswith("Dice: 3 and 4")


def test_a_card_shows_its_timed_rewards_ability_shared_and_red_sides_and_condition() -> None:
    from engine.spacebase.view import card_json, reward_json
    from render.spacebase.common import rewards_text

    view = RULES.view(RULES.setup(["Ann", "Bob"], {"expansion": "genesis"}, 5), None)
    cards = RULES.content.cards.values()
    both = next(c for c in cards if c.type == "ship" and c.ability and c.end_turn)
    shared = next(c for c in cards if c.is_colony and c.shared)
    red = next(c for c in cards if c.is_colony and c.red and c.ability)
    claimed = next(c for c in cards if c.condition is not None and c.condition.stat == "income")
    view["shipyard"]["1"] = [card_json(both)]
    view["colonies"] = [{"sector": c.sector, "card": card_json(c)} for c in (shared, red, claimed)]
    canvas = draw_shipyard(view)
    texts = _texts(canvas)
    assert canvas.overlapping_texts() == []
    assert f"end {rewards_text([reward_json(r) for r in both.end_turn])}" in texts
    assert any(t.startswith(f"■{both.ability.need}:") for t in texts if both.ability)
    assert f"all: {rewards_text([reward_json(r) for r in shared.shared])}" in texts
    assert f"red {rewards_text([reward_json(r) for r in red.red])}" in texts
    assert claimed.condition is not None
    assert f"if {claimed.condition.at_least}+ income" in texts


def test_a_long_name_is_shown_whole_on_the_score_track_beside_the_turn_marker() -> None:
    state = RULES.setup(["Bartholomew-the-Magnificent", "Ann"], {}, 5)
    view = RULES.view(state, None)
    view["active"] = 0
    canvas = draw_scores(view)
    texts = _texts(canvas)
    assert "▶" in texts and canvas.overlapping_texts() == []
    assert "Bartholomew-the-Magnificent" in texts


def _crowded_scores() -> dict[str, Any]:
    """Five long names sharing their first word, and the biggest numbers a game could reach."""
    names = [
        "Alexander the Great of Macedonia",
        "Alexander Hamilton (treasury)",
        "Alexandra",
        "Al",
        "xX_DarkLord_Xx_2009_official_YT",
    ]
    view: dict[str, Any] = RULES.view(RULES.setup(names, {"expansion": "genesis"}, 9), None)
    for me, (vp, credits, income) in zip(
        view["players"], [(123, 1250, 48), (99, 999, 99), (45, 88, 12), (0, 0, 0), (61, 312, 27)], strict=True
    ):
        me.update(vp=vp, credits=credits, income=income)
    view["active"] = 1
    return view


def test_long_names_on_the_score_track_keep_what_tells_them_apart() -> None:
    canvas = draw_scores(_crowded_scores())
    texts = _texts(canvas)
    _readable(canvas)
    assert not any(t.endswith("…") for t in texts)
    # Each name is drawn whole, on one line or split across two.
    joined = " ".join(texts)
    for name in ["Alexander the Great of Macedonia", "Alexander Hamilton (treasury)", "Alexandra", "Al"]:
        assert name in texts or name.split()[0] in joined
    assert any("Hamilton" in t for t in texts) and any("Macedonia" in t for t in texts)


def test_big_scores_and_credits_never_run_into_each_other() -> None:
    canvas = draw_scores(_crowded_scores())
    _readable(canvas)
    boxes = {placed.text: placed.box for placed in canvas.texts}
    assert boxes["123 VP"][2] + 12 <= boxes["1250 cr · income 48"][0]


def _finished(winners: list[int]) -> dict[str, Any]:
    view: dict[str, Any] = RULES.view(RULES.setup(["Ann", "Bo", "Cy"], {}, 5), None)
    view.update(
        phase="over",
        ending=True,
        active=2,
        outcome={"winners": winners, "reason": "points", "scores": [41, 40, 41]},
    )
    return view


def test_a_finished_game_names_its_winner_and_nobody_has_a_turn() -> None:
    canvas = draw_scores(_finished([0]))
    texts = _texts(canvas)
    _readable(canvas)
    assert texts[0] == "Game over · Ann wins"
    assert "▶" not in texts and "last round!" not in texts
    assert "goal 40 VP" in texts


def test_a_shared_win_names_every_winner() -> None:
    texts = _texts(draw_scores(_finished([0, 2])))
    assert texts[0] == "Game over · Ann and Cy share the win"
    assert "▶" not in texts


def test_the_winners_rows_are_outlined_in_the_accent_colour() -> None:
    canvas = draw_scores(_finished([2]))
    boxes = {placed.text: placed.box for placed in canvas.texts}
    image = canvas.image
    for name, won in (("Cy", True), ("Bo", False)):
        top = boxes[name][1]
        # The outline runs along the row's left edge, a few pixels left of the seat's disc.
        edge = [image.getpixel((MARGIN - 5, y)) for y in range(top, top + 20)]
        assert (ACCENT in edge) is won


def test_the_scores_image_is_redrawn_when_the_game_ends() -> None:
    assert "outcome" in next(kind for kind in SPACEBASE.kinds if kind.name == "scores").reads


def test_diagonal_arrows_point_up_as_printed_and_the_summary_marks_variable_sectors() -> None:
    from bot.games.spacebase import summary
    from render.spacebase.common import short

    assert short({"kind": "diag", "dir": -1, "n": 1}) == "↖ sector"
    assert short({"kind": "diag", "dir": 1, "n": 1}) == "↗ sector"
    view = RULES.view(RULES.setup(["P0", "P1"], {"expansion": "genesis"}, 1), None)
    cards = [c for row in view["shipyard"].values() for c in row]
    for c in cards:
        mark = "+" if c.get("plus") else ""
        assert f"{c['name']} ({c['cost']} cr, sector {c['sector']}{mark})" in summary(view)


def test_light_speeds_shipyard_before_the_keep_leaves_no_empty_rows() -> None:
    state = RULES.setup(["Ann", "Bob", "Cy", "Di"], {"variant": "lightspeed"}, 4)
    view = RULES.view(state, None)
    assert view["phase"] == "keep" and not any(view["shipyard"].values())
    canvas = draw_shipyard(view)
    note = "The ships are turned up once every player has kept their dealt ships."
    assert note in [placed.text for placed in canvas.texts]
    # Two rows of colonies and the note: no room kept for the three empty rows of ships.
    assert canvas.image.height < 520
