"""Space Base turns through real discord.py parsing: activation buttons that name what they pay the
seat they are shown to, and one compact message a move, with only the images it changed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot import rendering
from bot.app import GameBot
from bot.games.spacebase import buttons, images, private_summary, status_line
from bot.ui.buttons import build_view
from engine.core import Event
from engine.spacebase import CONTENT, RULES
from engine.spacebase.state import SpaceState
from tests.bot.conftest import button, labels, posted, run
from tests.bot.fake_discord import EPHEMERAL, Call, FakeDiscord, Person, dm_recipient
from tests.engine.spacebase.sb_helpers import turned_up
from tests.engine.spacebase.test_spacebase_as_granted import bonus_roll_of_ones, full_card_rolled

ALICE = Person(11, "Alice")
BOB = Person(12, "Bob")


@pytest.fixture(autouse=True)
def fresh_channel() -> Iterator[None]:
    """Every test's game is game 1 of a new database: the channel has been shown nothing yet."""
    rendering.forget(1)
    yield
    rendering.forget(1)


async def _two_player_game(bot: GameBot, fake: FakeDiscord) -> list[Call]:
    lobby = posted(await run(bot, fake, fake.command(ALICE, "spacebase", "start", **{"turn-time": 1440})))[-1]
    lobby = posted(await run(bot, fake, fake.click(BOB, lobby, button(lobby, ":join"))))[-1]
    return list(await run(bot, fake, fake.click(ALICE, lobby, button(lobby, ":begin"))))


def _files(fake: FakeDiscord, calls: list[Call]) -> set[str]:
    return {name for call in posted(calls) if dm_recipient(fake, call) is None for name, _ in call.files}


async def test_activation_buttons_name_the_credits_each_option_pays(bot: GameBot, fake: FakeDiscord) -> None:
    calls = await _two_player_game(bot, fake)
    board = [c for c in posted(calls) if dm_recipient(fake, c) is None][-1]
    mine = posted(await run(bot, fake, fake.click(ALICE, board, labels(board)["My turn"])))[-1]
    assert mine.flags & EPHEMERAL
    # Seed 7 rolls 5 and 1 for Alice: starter 6 pays 4, starters 5 and 1 pay 4 + 1... as dealt.
    assert {"Sum 6: +4 credits", "Dice 5 + 1: +5 credits"} <= set(labels(mine))


def _rolled(dice: list[int]) -> SpaceState:
    state: SpaceState = RULES.setup(["Alice", "Bob"], {}, 7)
    state.dice = dice
    state.phase = "choose"
    state.choices = {}
    state.pending = []
    return state


def _labels(state: SpaceState, seat: int) -> list[str]:
    view = {**RULES.view(state, seat), "viewer": seat}
    legal = RULES.legal_actions(state, seat)
    chooses = [a for a in legal if a.kind == "choose"] or [
        a for a in RULES.legal_actions(state, state.active) if a.kind == "choose"
    ]
    return [b.label for b in buttons(view, chooses, 1, 1, content=CONTENT)]


def test_an_arrow_is_shown_as_the_rewards_it_fetches() -> None:
    state = _rolled([1, 2])
    # Meridian Tender (sector 1) points at sector 2, whose starter pays 4 credits.
    state.boards[state.active].station[0] = "l1_004"
    sum_label, dice_label = _labels(state, state.active)
    assert dice_label == "Dice 1 + 2: +8 credits"
    assert sum_label == "Sum 3: +4 credits"


def test_a_seat_off_turn_sees_its_deployed_rewards_and_charge_cubes() -> None:
    state = _rolled([3, 4])
    other = 1 - state.active
    charged = next(c for c in CONTENT.cards.values() if c.sector == 7 and c.ability and c.red)
    board = state.boards[other]
    board.deployed[6] = (*board.deployed[6], charged.id)
    sum_label = _labels(state, other)[0]
    assert sum_label.startswith("Sum 7: ")
    for reward in charged.red:
        if reward.kind == "charge":
            assert f"+{reward.n} cube on {charged.name}" in sum_label
    assert "credits" in sum_label


def test_a_colony_takes_away_the_station_reward() -> None:
    state = _rolled([6, 6])
    colony = next(c for c in CONTENT.cards.values() if c.is_colony and c.sector == 12)
    state.boards[state.active].station[11] = colony.id
    sum_label, dice_label = _labels(state, state.active)
    assert sum_label == "Sum 12: nothing"
    assert dice_label == "Dice 6 + 6: +8 credits"


def test_each_kind_of_move_names_the_images_it_changed() -> None:
    roll = [Event("dice_rolled", "Alice rolls 3 and 4.", {"dice": [3, 4]})]
    assert images(roll) == {"dice"}
    paid = [Event("rewards", "Alice gains +4 credits.", {"seat": 0, "credits": 4, "charges": 0})]
    assert images(paid) == {"dice", "scores"}
    cubes = [Event("rewards", "Bob gains +1 charges.", {"seat": 1, "credits": 0, "charges": 1})]
    assert images(cubes) == {"dice", "board"}
    bought = [Event("card_gained", "Alice adds a ship.", {"seat": 0, "card": "l1_004"})]
    assert images(bought) == {"dice", "scores", "board", "shipyard"}
    assert images([]) == {"dice"}
    turned_up = [Event("cards_revealed", "Alice turns up the top of the level 1 deck.", {"seat": 0})]
    assert images(turned_up) == {"dice", "shipyard"}
    put_back = [Event("cards_returned", "Alice puts 1 card(s) back.", {"seat": 0, "count": 1})]
    assert images(put_back) == {"dice", "shipyard"}


async def test_a_choice_posts_the_scores_and_a_buy_posts_what_it_changed(
    bot: GameBot, fake: FakeDiscord
) -> None:
    calls = await _two_player_game(bot, fake)
    assert _files(fake, calls) == {"board.png", "scores.png", "shipyard.png"}
    choice = await run(bot, fake, fake.command(ALICE, "spacebase", "choose", option="single"))
    assert _files(fake, choice) == {"scores.png"}
    record = await bot.service.repo.get_game(1)
    assert record is not None and record.snapshot is not None
    state = RULES.from_json(record.snapshot)
    buy = next(a for a in RULES.legal_actions(state, 0) if a.kind == "buy")
    bought = await run(bot, fake, fake.command(ALICE, "spacebase", "buy", **dict(buy.params)))
    # The buy changed the shipyard, Alice's credits and board; her turn ended and Bob's dice rolled.
    assert _files(fake, bought) == {"board.png", "dice.png", "scores.png", "shipyard.png"}
    channel = [c for c in posted(bought) if dm_recipient(fake, c) is None and c.files]
    assert len(channel) == 1


def test_a_card_turned_up_from_a_deck_is_named_on_its_button() -> None:
    state, _claimer, before = turned_up(2)
    view = {**RULES.view(state, 0), "viewer": 0}
    takes = [a for a in RULES.legal_actions(state, 0) if a.kind == "take"]
    texts = [b.label for b in buttons(view, takes, 1, 1, content=CONTENT)]
    for card in before[:2]:
        # A claim costs nothing, and its button says so.
        assert any(text.startswith(f"Take {CONTENT.cards[card].name} (free) →") for text in texts), texts


def _main_phase(credits: int) -> tuple[SpaceState, int]:
    """A turn player in the buy step with ``credits`` to spend (the shipyard and colonies as dealt)."""
    state: SpaceState = RULES.setup(["Alice", "Bob"], {}, 11)
    while state.phase != "main" or state.pending:
        seat = min(RULES.to_move(state))
        legal = RULES.legal_actions(state, seat)
        state, _ = RULES.apply(state, seat, next(a for a in legal if a.kind in ("roll", "choose", "skip")))
    state.board(state.active).credits = credits
    return state, state.active


def test_too_many_buys_for_buttons_go_into_menus_and_end_turn_keeps_its_button() -> None:
    state, seat = _main_phase(40)
    legal = RULES.legal_actions(state, seat)
    buys = [a for a in legal if a.kind == "buy"]
    assert len(buys) > 25
    view = {**RULES.view(state, seat), "viewer": seat}
    items = buttons(view, legal, 1, 1, can_undo=True, content=CONTENT)
    menus = [b for b in items if b.is_select]
    plain = [b for b in items if not b.is_select]
    assert [b.label for b in plain] == ["End turn", "Undo"]
    offered = [o.action for m in menus for o in m.options]
    assert sorted(map(str, offered)) == sorted(map(str, buys))
    assert all(len(m.options) <= 25 for m in menus) and menus[0].label.startswith("Buy a ship or a colony")
    # Every label states the price.
    card = str(buys[0].get("card"))
    price = f"({CONTENT.cards[card].cost} cr)"
    assert any(
        o.label.startswith(f"Buy {CONTENT.cards[card].name} {price} →") for m in menus for o in m.options
    )
    # What Discord receives: a row per menu, then one row of buttons.
    built = build_view(items)
    assert built is not None
    rows = [[c["type"] for c in row["components"]] for row in built.to_components()]
    assert rows == [[3]] * len(menus) + [[2, 2]]


def test_a_few_buys_stay_buttons() -> None:
    state, seat = _main_phase(3)
    legal = RULES.legal_actions(state, seat)
    view = {**RULES.view(state, seat), "viewer": seat}
    items = buttons(view, legal, 1, 1, content=CONTENT)
    assert any(a.kind == "buy" for a in legal)
    assert not any(b.is_select for b in items) and items[-1].label == "End turn"
    assert all(
        b.label.endswith(f"→ sector {b.action.get('sector')}")
        for b in items
        if b.action and b.action.kind == "buy"
    )


def test_light_speed_dealt_cards_are_told_in_full_to_their_owner_only() -> None:
    state: SpaceState = RULES.setup(["Alice", "Bob"], {"variant": "lightspeed"}, 3)
    mine = {**RULES.view(state, 0), "viewer": 0}
    text = private_summary(mine)
    for card_id in state.dealt[0]:
        card = CONTENT.cards[card_id]
        line = next(line for line in text.splitlines() if f"**{card.name}**" in line)
        assert f"({card.cost} credits, level {card.level}, sector {card.sector}" in line
        assert all(r.label() in line for r in card.blue)
    for card_id in state.dealt[1]:
        assert CONTENT.cards[card_id].name not in text


def test_the_status_line_tells_when_the_last_round_ends() -> None:
    state: SpaceState = RULES.setup(["Alice", "Bob", "Cy"], {}, 7)
    state.ending = state.turn
    view = RULES.view(state, None)
    first = state.players[state.first]
    assert f"last round (ends before {first}'s turn)" in status_line(view)


def _choice_labels(state: SpaceState, seat: int) -> dict[str, str]:
    view = {**RULES.view(state, seat), "viewer": seat}
    chooses = [a for a in RULES.legal_actions(state, seat) if a.kind == "choose"]
    made = buttons(view, chooses, 1, 1, content=CONTENT)
    return {str(a.get("option")): b.label for a, b in zip(chooses, made, strict=True)}


def test_a_bonus_roll_button_promises_no_claim_the_roll_ignores() -> None:
    labels = _choice_labels(bonus_roll_of_ones(), 0)
    assert labels["sum"] == "Sum 2: +4 credits" and labels["single"] == "Dice 1 + 1: nothing"


def test_a_button_promises_no_cube_a_full_card_cannot_take() -> None:
    labels = _choice_labels(full_card_rolled(with_cutter=True), 1)
    assert labels["sum"] == "Sum 8: nothing" and labels["single"].endswith("+1 credits")
