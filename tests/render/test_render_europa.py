from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from bot.games.europa import private_summary
from engine.core import Event
from engine.europa import RULES
from engine.europa.state import EuropaState
from render.canvas import Canvas
from render.europa import READS, dice_image, hand_image, rolled_seats, table_image, tally_image
from render.europa.common import SYMBOL_COLOURS, SYMBOL_ORDER, glyph
from render.europa.hand import draw_hand
from render.europa.table import draw_table
from render.europa.tally import draw_dice, draw_tally
from tests.render.conftest import open_png
from tests.render.europa_playout import sampled

GAMES = ((1, 2, False), (7, 3, True), (3, 4, True), (4, 4, False), (5, 2, True))


@pytest.fixture(scope="module")
def states() -> list[EuropaState]:
    """States from every phase of seeded games of 2–4 players, with and without the Invaders."""
    return [
        s for seed, players, invaders in GAMES for s in sampled(seed, players, invaders=invaders, every=15)
    ]


def table(state: EuropaState) -> dict[str, Any]:
    view: dict[str, Any] = RULES.view(state, None)
    return view


def test_the_samples_cover_every_phase(states: list[EuropaState]) -> None:
    assert {s.phase for s in states} == {"choose", "undermine", "build", "plan", "redraw", "over"}
    assert {s.seats for s in states} == {2, 3, 4}
    assert any(a is not None and any(d["x"] for d in a["dice"]) for s in states for a in s.attempt)


def test_the_table_decodes_and_no_text_overlaps(states: list[EuropaState]) -> None:
    for state in states:
        canvas = draw_table(table(state))
        assert canvas.overlapping_texts() == []
        image = open_png(canvas.png(height=canvas.bottom + 20))
        assert image.width == 960


def test_the_table_image_names_the_players_and_phase(states: list[EuropaState]) -> None:
    state = next(s for s in states if s.phase == "undermine")
    image = table_image(table(state))
    open_png(image.data)
    assert image.filename == "table.png"
    assert "undermining" in image.description
    for name in state.players:
        assert name in image.description


def _swap_a_hand_card(state: EuropaState) -> EuropaState:
    other = state.clone()
    other.hands[0][0], other.deck[0] = other.deck[0], other.hands[0][0]
    return other


def test_the_table_image_is_the_same_whatever_a_hand_holds(states: list[EuropaState]) -> None:
    for phase in ("choose", "build", "plan"):
        state = next(s for s in states if s.phase == phase and s.hands[0] and s.deck)
        other = _swap_a_hand_card(state)
        assert RULES.view(state, 0)["you"] != RULES.view(other, 0)["you"]
        assert table_image(table(state)) == table_image(table(other))
        # A seat's own view draws the same table: the image never reads "you".
        assert table_image(RULES.view(state, 0)) == table_image(table(state))


def test_the_hand_image_names_every_hand_card(states: list[EuropaState]) -> None:
    for state in states[::5]:
        for seat in range(state.seats):
            view = RULES.view(state, seat)
            image = hand_image(view)
            open_png(image.data)
            assert draw_hand(view).overlapping_texts() == []
            for card in view["you"]["hand"]:
                assert card["name"] in image.description


def test_the_hand_image_shows_the_secret_choice_and_the_built_pile(states: list[EuropaState]) -> None:
    state = next(s for s in states if s.phase == "choose" and 0 in RULES.to_move(s))
    pick = next(a for a in RULES.legal_actions(state, 0) if a.kind == "choose")
    chosen, _ = RULES.apply(state, 0, pick)
    view = RULES.view(chosen, 0)
    texts = " | ".join(p.text for p in draw_hand(view).texts)
    assert view["you"]["choice"]["name"] in texts
    assert "Your next base" in texts and "Built pile" in texts
    assert "Undermine" in texts and "Future plan" in texts
    # The table shows only that a choice was made, never which card.
    assert view["you"]["choice"]["name"] not in table_image(table(chosen)).description


def test_counts_of_one_read_in_the_singular(states: list[EuropaState]) -> None:
    view = RULES.view(states[0], 0)
    me = view["you"]
    me["built"], me["built_points"] = me["hand"][:1], int(me["hand"][0]["points"])
    view["players"][0]["tokens"] = 1
    texts = " | ".join(p.text for p in draw_hand(view).texts)
    assert "(1 base, face down) · 1 Cut Corner token" in texts
    assert " 1 bases" not in hand_image(view).description
    view["players"][0]["hand_count"] = 1
    assert "card in hand" in [p.text for p in draw_table(view).texts]


def test_the_hand_image_and_the_private_text_show_ones_own_planning_cards(
    states: list[EuropaState],
) -> None:
    state = next(s for s in states if any(s.plans))
    seat = next(s for s in range(state.seats) if state.plans[s])
    view = RULES.view(state, seat)
    canvas = draw_hand(view)
    texts = " | ".join(p.text for p in canvas.texts)
    image = hand_image(view)
    summary = private_summary(view)
    assert "Your Future Planning" in texts and canvas.overlapping_texts() == []
    for card in view["you"]["plans"]:
        assert f"{card['name']}:" in texts and card["name"] in image.description
        assert f"**{card['name']}** — {card['plan']['text']}" in summary
    # Another seat's view never names them: its plans show only their planning part.
    other = RULES.view(state, (seat + 1) % state.seats)
    shown = {p.text.rstrip(":") for p in draw_hand(other).texts}
    assert not {c["name"] for c in view["you"]["plans"]} & shown


def test_a_hand_drawn_at_a_rounds_end_is_for_the_next_round(states: list[EuropaState]) -> None:
    state = next(s for s in states if s.phase == "redraw")
    texts = [p.text for p in draw_hand(RULES.view(state, 0)).texts]
    assert (
        f"Round {state.round} of {state.rounds} is over · drawing for round {state.round + 1} · private"
        in texts
    )


def test_the_hand_image_needs_a_seat_view(states: list[EuropaState]) -> None:
    with pytest.raises(ValueError, match="you"):
        hand_image(table(states[0]))


def test_the_dice_image_shows_each_builder(states: list[EuropaState]) -> None:
    building = [s for s in states if s.phase == "build"]
    assert building
    for state in building:
        view = table(state)
        seats = [p["seat"] for p in view["players"] if p["attempt"]]
        assert draw_dice(view, seats).overlapping_texts() == []
        image = dice_image(view, seats)
        open_png(image.data)
        for seat in seats:
            assert state.players[seat] in image.description


def test_the_dice_image_with_nobody_rolling_still_draws(states: list[EuropaState]) -> None:
    image = dice_image(table(states[0]), [])
    open_png(image.data)
    assert "nobody" in image.description


def test_the_dice_images_count_what_is_missing_after_the_stars_and_the_dice_to_destroy(
    states: list[EuropaState],
) -> None:
    view = table(next(s for s in states if s.phase == "build"))
    seat = next(p["seat"] for p in view["players"] if p["attempt"])
    attempt = view["players"][seat]["attempt"]
    attempt.update(rolled=True, met=False, missing=3, stars=1, destroy_pending=2)
    attempt["dice"] = [{**d, "face": d["face"] or ["star"], "rolled": True} for d in attempt["dice"]]
    texts = [p.text for p in draw_dice(view, [seat]).texts]
    assert "missing 2" in texts and "must destroy 2 dice!" in texts
    assert "must destroy 2 dice!" in [p.text for p in draw_table(view).texts]
    assert "Must destroy 2 dice!" in dice_image(view, [seat]).description
    attempt.update(destroy_pending=1, met=True, cut_corners_if_built=1)
    table_texts = [p.text for p in draw_table(view).texts]
    assert "must destroy 1 die!" in table_texts and "building now takes 1 Cut Corner" in table_texts


def test_dice_not_rolled_yet_read_so_in_the_alt_text(states: list[EuropaState]) -> None:
    view = table(next(s for s in states if s.phase == "build"))
    seat = next(p["seat"] for p in view["players"] if p["attempt"])
    view["players"][seat]["attempt"]["dice"] = [
        {**d, "face": [], "rolled": False} for d in view["players"][seat]["attempt"]["dice"]
    ]
    assert f"{view['players'][seat]['name']}: not rolled yet;" in dice_image(view, [seat]).description


def test_rolled_seats_come_from_the_dice_events() -> None:
    events = [
        Event("dice_rolled", "", {"seat": 2, "dice": []}),
        Event("chose", "", {"seat": 0}),
        Event("dice_rolled", "", {"seat": 1, "dice": []}),
        Event("dice_rolled", "", {"seat": 2, "dice": []}),
    ]
    assert rolled_seats(events) == (1, 2)
    assert rolled_seats([]) == ()


def test_the_tally_shows_no_penalty_as_a_plain_zero(states: list[EuropaState]) -> None:
    view = table(next(s for s in states if s.outcome is not None))
    view["outcome"] = {**view["outcome"], "tokens": [0] * len(view["players"])}
    texts = [p.text for p in draw_tally(view).texts]
    assert "0" in texts and not any(t.startswith("−0") for t in texts)


def test_the_tally_highlights_the_winner(states: list[EuropaState]) -> None:
    over = [s for s in states if s.outcome is not None]
    assert len(over) == len(GAMES)
    for state in over:
        view = table(state)
        assert draw_tally(view).overlapping_texts() == []
        image = tally_image(view)
        open_png(image.data)
        outcome = view["outcome"]
        winners = [state.players[s] for s in outcome["winners"]]
        assert all(name in image.description for name in winners)
        texts = [p.text for p in draw_tally(view).texts]
        assert "winner" in texts
        assert all(str(score) in texts for score in outcome["scores"])


def test_the_tally_needs_a_finished_game(states: list[EuropaState]) -> None:
    with pytest.raises(ValueError, match="outcome"):
        tally_image(table(states[0]))


def test_every_symbol_has_its_own_shape_and_colour() -> None:
    assert len(set(SYMBOL_COLOURS.values())) == len(SYMBOL_ORDER)
    shapes = []
    for symbol in SYMBOL_ORDER:
        canvas = Canvas(60, 60, (0, 0, 0))
        glyph(canvas, symbol, 30, 30, 24)
        shapes.append(canvas.image.convert("L").point(lambda v: 255 if v else 0).tobytes())
    assert len(set(shapes)) == len(SYMBOL_ORDER)


def _only(view: dict[str, Any], kind: str) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k in READS[kind]}


def test_each_image_reads_only_the_keys_it_lists(states: list[EuropaState]) -> None:
    state = next(s for s in states if s.phase == "build" and s.seats == 3)
    seat_view = RULES.view(state, 0)
    seats = [p["seat"] for p in seat_view["players"] if p["attempt"]]
    assert table_image(seat_view) == table_image(_only(seat_view, "table"))
    assert hand_image(seat_view) == hand_image(_only(seat_view, "hand"))
    assert dice_image(seat_view, seats) == dice_image(_only(seat_view, "dice"), seats)
    over = table(next(s for s in states if s.outcome is not None))
    assert tally_image(over) == tally_image(_only(over, "tally"))


LONG = (
    "Alexander the Great of Macedonia",
    "Alexander Hamilton (treasury)",
    "Bartholomew Featherstonehaugh-Wy",
)


def _long_names(view: dict[str, Any]) -> dict[str, Any]:
    """The view with players named alike at length, so only the end of a name tells them apart."""
    for p, name in zip(view["players"], LONG, strict=False):
        p["name"] = name
    return view


def _whole(texts: list[str], name: str) -> bool:
    """``name`` is drawn whole, on one line or split across two."""
    return name in texts or any(f"{a} {b}" == name or f"{a}{b}" == name for a, b in pairwise(texts))


def test_long_names_are_drawn_whole_on_the_table_dice_and_tally(states: list[EuropaState]) -> None:
    build = _long_names(table(next(s for s in states if s.phase == "build" and s.seats >= 3)))
    build["first"] = 0
    build["turn"] = 1
    build["phase"] = "undermine"
    canvas = draw_table(build)
    texts = [p.text for p in canvas.texts]
    assert canvas.overlapping_texts() == []
    assert not any(t.endswith("…") for t in texts)
    for name in LONG[: len(build["players"])]:
        assert _whole(texts, name)
    seats = [p["seat"] for p in build["players"] if p["attempt"]]
    dice = [p.text for p in draw_dice(build, seats).texts]
    for seat in seats:
        assert build["players"][seat]["name"] in dice
    over = _long_names(table(next(s for s in states if s.outcome is not None and s.seats >= 3)))
    tally = draw_tally(over)
    assert tally.overlapping_texts() == []
    for name in LONG:
        assert _whole([p.text for p in tally.texts], name)


def test_the_table_headings_wrap_rather_than_lose_their_ends(states: list[EuropaState]) -> None:
    view = _long_names(table(next(s for s in states if s.phase == "choose" and s.seats >= 3)))
    view["turn"], view["first"] = 2, 2
    canvas = draw_table(view)
    texts = [p.text for p in canvas.texts]
    assert canvas.overlapping_texts() == []
    heading = " ".join(texts[:4])
    assert "another base or finalize: Bartholomew Featherstonehaugh-Wy's turn" in heading
    assert f"max {view['undermine_limit']} undermining per base" in heading
    assert not any(t.endswith("…") for t in texts[:4])


def test_a_shared_win_names_every_winner_in_the_tally_title(states: list[EuropaState]) -> None:
    view = _long_names(table(next(s for s in states if s.outcome is not None and s.seats >= 3)))
    view["outcome"] = {**view["outcome"], "winners": [0, 2]}
    canvas = draw_tally(view)
    assert canvas.overlapping_texts() == []
    title = " ".join(p.text for p in canvas.texts[:2])
    assert f"{LONG[0]} and {LONG[2]} share the win" in title
    assert [p.text for p in canvas.texts].count("winner") == 2


def test_a_roll_that_completes_a_base_posts_no_empty_dice_picture() -> None:
    from engine.core.rng import Rng
    from engine.europa.policies import greedy_policy
    from render.europa.images import RENDERER

    state = RULES.setup(["Ana", "Bo"], {}, 43)
    rng = Rng(43)
    seen = {"completed": False, "rolling": False}
    while state.outcome is None and not all(seen.values()):
        seat = min(RULES.to_move(state))
        actions = [a for a in RULES.legal_actions(state, seat) if a.kind not in ("away", "back")]
        state, events = RULES.apply(state, seat, greedy_policy(RULES.content, state, seat, actions, rng))
        rolled = rolled_seats(events)
        if not rolled:
            continue
        view = RULES.view(state, None)
        names = [i.filename for i in RENDERER.render(view, events, which={"dice"})]
        building = [s for s in rolled if view["players"][s]["attempt"]]
        # The dice are drawn for the seats still building; a roll that built the base has none left.
        assert names == (["dice.png"] if building else [])
        seen["rolling" if building else "completed"] = True
    assert all(seen.values())
