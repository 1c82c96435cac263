"""Playing over days: who is waited for, automatic choices, AI and away seats, timeouts and undo."""

from __future__ import annotations

import json

import pytest

from engine.core.action import Action
from engine.core.errors import NotYourTurnError, SchemaError
from engine.spacebase import CONTENT, RULES
from engine.spacebase.state import SpaceState
from tests.engine.spacebase.sb_helpers import act, activate, deploy, finish, kinds, plain, put, roll

STARTERS = CONTENT.starters()


def _split(state: SpaceState, seat: int) -> None:
    """Give ``seat`` deployed cards in sectors 3 and 4 so sum and single differ for it on (3, 4)."""
    deploy(state, seat, STARTERS[2], 3)
    deploy(state, seat, STARTERS[3], 4)


def test_auto_on_chooses_the_better_option_for_the_seat() -> None:
    state = plain(3)
    _split(state, 1)
    _split(state, 2)
    state, events = act(state, 1, "auto", on=True)
    assert state.auto[1] and events[0].kind == "auto"
    state, _ = roll(state, 3, 4)
    assert RULES.to_move(state) == {0, 2}
    assert state.choices.get("1") == "single"


def test_auto_leaves_a_choice_with_a_charge_at_stake_to_the_player() -> None:
    charger = next(c for c in CONTENT.cards.values() if c.ability and c.type == "ship" and c.sector == 3)
    state = plain(2)
    deploy(state, 1, charger.id, 3)
    deploy(state, 1, STARTERS[3], 4)
    state, _ = act(state, 1, "auto", on=True)
    state, _ = roll(state, 3, 4)
    assert 1 in RULES.to_move(state)


def test_ai_seats_play_inside_apply_and_are_never_waited_for() -> None:
    state = RULES.setup(["human"], {"ai": 2}, 5)
    for _ in range(40):
        waiting = RULES.to_move(state)
        assert waiting <= {0}
        if not waiting:
            break
        action = RULES.timeout_action(state, 0)
        assert action is not None
        state, _ = RULES.apply(state, 0, action)
    assert state.turn > 3, "turns pass through the AI seats"
    assert RULES.legal_actions(state, 1) == [] and Action.of("auto", on=True) not in RULES.legal_actions(
        state, 1
    )
    with pytest.raises(NotYourTurnError):
        RULES.apply(state, 1, Action.of("end"))


def test_an_away_seat_is_played_by_the_ai_until_it_comes_back() -> None:
    state = plain(2)
    state, events = act(state, 1, "away")
    assert "away" in kinds(events) and RULES.legal_actions(state, 1) == [Action.of("back")]
    state, _ = activate(state, 12)
    state = finish(state, 0)
    assert state.active == 0 and state.turn == 3, "the away seat's whole turn was played for it"
    state, events = act(state, 1, "back")
    assert not state.away[1] and "back" in kinds(events)
    state, _ = activate(state, 12)
    state = finish(state, 0)
    assert RULES.to_move(state) == {1}


def test_timeout_action_is_the_greedy_move_for_a_waited_seat_only() -> None:
    state = plain(2)
    assert RULES.timeout_action(state, 1) is None
    assert RULES.timeout_action(state, 0) == Action.of("roll")
    state, _ = activate(state, 12)
    state.boards[0].credits = 30
    move = RULES.timeout_action(state, 0)
    assert move is not None and move.kind in ("buy", "end") and move in RULES.legal_actions(state, 0)
    assert RULES.timeout_action(state, 0) == move, "deterministic"


def test_undo_is_refused_once_dice_are_rolled_or_a_card_is_revealed() -> None:
    state = plain(2)
    after, _ = act(state, 0, "auto", on=True)
    assert RULES.can_undo(state, after)
    rolled, _ = act(state, 0, "roll")
    assert not RULES.can_undo(state, rolled)
    state, _ = activate(state, 12)
    charger = next(
        c for c in CONTENT.cards.values() if c.ability and c.ability.when == "green" and c.type == "ship"
    )
    put(state, 0, charger.id)
    state.boards[0].charges[charger.id] = charger.ability.need if charger.ability else 0
    state.boards[0].credits = 30
    used, _ = act(state, 0, "use", card=charger.id)
    assert RULES.can_undo(state, used) == (
        charger.ability is not None and charger.ability.effects[0].kind == "vp"
    )
    ship = used.shipyard["1"][0]
    bought, _ = act(used, 0, "buy", card=ship, sector=CONTENT.sector_of(ship))
    assert not RULES.can_undo(used, bought)


def test_the_table_view_hides_choices_and_deck_order() -> None:
    state = plain(3)
    _split(state, 1)
    _split(state, 2)
    state, _ = roll(state, 3, 4)
    state, _ = act(state, 1, "choose", option="single")
    table = RULES.view(state, None)
    text = json.dumps(table)
    assert table["players"][1]["chosen"] and table["players"][1]["choice"] is None
    assert RULES.view(state, 1)["players"][1]["choice"] == "single"
    assert RULES.view(state, 2)["players"][1]["choice"] is None
    assert all(card not in text for deck in state.decks.values() for card in deck)
    assert table["deck_counts"] == {k: len(v) for k, v in state.decks.items()}
    assert table["waiting"] == [0, 2]


def test_a_saved_game_round_trips() -> None:
    state = plain(2)
    state, _ = activate(state, 12)
    data = json.loads(json.dumps(RULES.to_json(state)))
    assert RULES.to_json(RULES.from_json(data)) == RULES.to_json(state)
    with pytest.raises(SchemaError):
        RULES.from_json({**data, "schema_version": 99})
    with pytest.raises(SchemaError):
        RULES.from_json({**data, "boards": "nope"})


def test_describe_gives_short_labels() -> None:
    state = plain(2)
    assert RULES.describe(Action.of("roll"), state) == "Roll the dice"
    state, _ = roll(state, 3, 4)
    assert RULES.describe(Action.of("choose", option="sum"), state) == "Sum: sector 7"
    assert RULES.describe(Action.of("choose", option="single"), state) == "Each die: sectors 3 and 4"
