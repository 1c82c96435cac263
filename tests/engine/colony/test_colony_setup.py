"""Setup, the draft and the scenario's event deck."""

from __future__ import annotations

import pytest

from engine.colony import CONTENT, RULES
from engine.colony.model import RESOURCES
from engine.core.errors import EngineError, IllegalActionError, NotYourTurnError
from tests.engine.colony.col_helpers import act, kinds, new, started


def test_registered_as_colony() -> None:
    assert RULES.meta.key == "colony"
    assert RULES.meta.min_players == 1 and RULES.meta.max_players == 4 and RULES.meta.cooperative


@pytest.mark.parametrize("players", [0, 5])
def test_player_count_is_one_to_four(players: int) -> None:
    with pytest.raises(IllegalActionError):
        RULES.setup(["p"] * players, {"scenario": "verdance"}, 1)


def test_unknown_scenario_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="Unknown scenario"):
        RULES.setup(["a"], {"scenario": "atlantis"}, 1)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_deals_two_characters_each_and_starting_hands(players: int) -> None:
    state = new(3, players, "rustveil")
    planet = CONTENT.scenarios["rustveil"]
    dealt = [c for pair in state.dealt for c in pair]
    assert all(len(pair) == 2 for pair in state.dealt) and len(set(dealt)) == 2 * players
    sizes = [len(h) for h in state.hands]
    assert sum(sizes) == planet.deal[players] and max(sizes) - min(sizes) <= 1
    assert sizes == sorted(sizes, reverse=True)
    assert len(state.deck) + planet.deal[players] == len(CONTENT.deck())
    assert state.supplies == dict(planet.supplies)
    assert state.pawns == ["0,0"] * players and list(state.grid) == ["0,0"]
    assert state.phase == "draft" and RULES.to_move(state) == frozenset(range(players))


def test_the_team_deal_grows_slower_than_the_team() -> None:
    for planet in CONTENT.scenarios.values():
        deal = [planet.deal[n] for n in (1, 2, 3, 4)]
        assert deal == sorted(deal)
        assert [d / n for n, d in zip((1, 2, 3, 4), deal, strict=True)] == sorted(
            (d / n for n, d in zip((1, 2, 3, 4), deal, strict=True)), reverse=True
        )


def test_draft_is_simultaneous_and_starts_the_first_turn() -> None:
    state = new(5, 3)
    pick = state.dealt[2][1]
    state, events = act(state, "choose_character", 2, character=pick)
    assert kinds(events) == ["character_chosen"] and state.characters[2] == pick
    assert RULES.to_move(state) == frozenset({0, 1})
    assert RULES.legal_actions(state, 2) == []
    with pytest.raises(IllegalActionError):
        act(state, "choose_character", 0, character=state.dealt[1][0])
    state, _ = act(state, "choose_character", 0, character=state.dealt[0][0])
    state, events = act(state, "choose_character", 1, character=state.dealt[1][1])
    assert kinds(events) == ["character_chosen", "turn_started"]
    assert state.phase == "actions" and state.seat == 0 and state.turn == 1 and state.actions_left == 4
    assert state.dealt == [[], [], []]


def test_only_the_turns_player_acts_after_the_draft() -> None:
    state = started(1, 2)
    state.hands[1] = [c for c in state.hands[1] if CONTENT.cards[c].type != "plan"]
    assert RULES.to_move(state) == frozenset({0})
    with pytest.raises(NotYourTurnError):
        act(state, "draw", 1)


@pytest.mark.parametrize("scenario", list(CONTENT.scenarios))
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_event_deck_follows_the_scenario(scenario: str, players: int) -> None:
    planet = CONTENT.scenarios[scenario]
    state = new(11, players, scenario)
    deck = state.event_deck
    critical = [i for i, e in enumerate(deck) if CONTENT.events[e].critical]
    assert len(deck) == planet.normal_events[players] + planet.critical_events
    assert len(critical) == planet.critical_events


def test_criticals_are_spread_one_per_pile() -> None:
    for seed in range(30):
        state = new(seed, 1, "cinder_reach")
        planet = CONTENT.scenarios["cinder_reach"]
        size, extra = divmod(planet.normal_events[1], planet.critical_events)
        bounds = []
        start = 0
        for i in range(planet.critical_events):
            end = start + size + (1 if i < extra else 0) + 1
            bounds.append((start, end))
            start = end
        for low, high in bounds:
            assert sum(CONTENT.events[e].critical for e in state.event_deck[low:high]) == 1


def test_same_seed_same_game() -> None:
    assert RULES.to_json(new(9, 4)) == RULES.to_json(new(9, 4))
    assert RULES.to_json(new(9, 4)) != RULES.to_json(new(10, 4))


def test_view_of_a_new_game_shows_scenario_values() -> None:
    view = RULES.view(started(2, 2, "glass_dunes"), None)
    assert view["scenario"] == {
        "id": "glass_dunes",
        "name": "Glass Dunes",
        "difficulty": 2,
        "radiation": 3,
        "pressure": 1,
        "humidity": 0,
    }
    assert [r["resource"] for r in view["resources"]] == list(RESOURCES)
    assert view["emergency"] == {"level": 0, "track": [4, 4, 3, 3, 2, 2, 0], "actions": 4}
    assert view["actions_left"] == 4 and view["active_seat"] == 0


def test_bad_seat_gets_nothing() -> None:
    state = started()
    assert RULES.legal_actions(state, 7) == []
    with pytest.raises(EngineError):
        act(state, "draw", 7)
