"""The engine contract, checked the same way over every registered game (and the hidden-hand test game).

Seeded random playouts at every player count: each legal action applies; ``apply`` never changes
its input; the state survives a JSON round trip; every seat the game waits for has a legal move
and a legal ``timeout_action``; replaying the log from the seed gives the same final state; the
table's view never holds a secret of the game (what each game hides is listed below: a game
registered without that list fails here).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from engine.core import Action, Rules
from tests.games import GAMES
from tests.service.duel import CARDS, DUEL

GAMES_UNDER_TEST: dict[str, Rules[Any]] = {**GAMES, "duel": DUEL}
SEEDS = range(4)
MAX_STEPS = 3000


def _order(cards: list[str]) -> list[str]:
    # The hidden order of a deck: three cards in a row, as the view would write them inside a longer
    # list if it leaked (without the brackets, which only a three-card list would have).
    if len(cards) <= 3:
        return []
    return [json.dumps(cards[i : i + 3])[1:-1] for i in range(0, len(cards) - 2, 3)]


def test_a_leaked_deck_order_is_caught() -> None:
    deck = [f"c{n}" for n in range(9)]
    table = json.dumps({"pile": ["x", *deck, "y"]})
    assert all(secret in table for secret in _order(deck))


def _exobase(state: Any) -> list[str]:
    return _order(list(state.pile[1:]))


def _colony(state: Any) -> list[str]:
    return _order(list(state.deck)) + _order(list(state.event_deck))


def _duel(state: Any) -> list[str]:
    held = [CARDS[c] for hand in state.hands for c in hand]
    picked = [CARDS[p] for p in state.picks if p is not None]
    return held + picked + _order(list(state.deck))


def _spacebase(state: Any) -> list[str]:
    hidden = [f'"choice": "{choice}"' for choice in state.choices.values()]
    dealt = [card for cards in state.dealt for card in cards] if state.phase == "keep" else []
    return hidden + dealt + [order for deck in state.decks.values() for order in _order(list(deck))]


def _europa(state: Any) -> list[str]:
    held = [f'"{card}"' for hand in state.hands for card in hand]
    picked = [
        f'"{card}"'
        for card in [*state.choice, *state.plan_choice]
        if card not in (None, "finalize", "none") and state.phase in ("choose", "plan")
    ]
    return held + picked + _order(list(state.deck))


# What the table must never see, per game: strings that must not appear in its JSON.
SECRETS: dict[str, Callable[[Any], list[str]]] = {
    "exobase": _exobase,
    "colony": _colony,
    "duel": _duel,
    "spacebase": _spacebase,
    "europa": _europa,
}
OPTIONS: dict[str, Callable[[int], dict[str, Any]]] = {
    "colony": lambda players: {"scenario": "verdance"},
    "exobase": lambda players: {"team": players > 1},
    "europa": lambda players: {"invaders": players % 2 == 1},
}


def _options(key: str, players: int) -> dict[str, Any]:
    return OPTIONS[key](players) if key in OPTIONS else {}


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data, sort_keys=True))


def _playout(rules: Rules[Any], key: str, players: int, seed: int) -> None:
    names = [f"p{i}" for i in range(players)]
    state = rules.setup(names, _options(key, players), seed)
    chooser = random.Random(seed)
    log: list[tuple[int, Action]] = []
    for _ in range(MAX_STEPS):
        if rules.outcome(state) is not None:
            break
        waited = sorted(rules.to_move(state))
        assert waited, f"{key}: nobody to move in an unfinished game"
        for seat in waited:
            assert rules.legal_actions(state, seat), f"{key}: seat {seat} is waited for with nothing to do"
            timeout = rules.timeout_action(state, seat)
            assert timeout is not None and timeout in rules.legal_actions(state, seat)
        seat = chooser.choice(waited)
        action = chooser.choice(rules.legal_actions(state, seat))
        frozen = _plain(rules.to_json(state))
        after, _events = rules.apply(state, seat, action)
        assert _plain(rules.to_json(state)) == frozen, f"{key}: apply changed its input"
        log.append((seat, action))
        state = after
        table = json.dumps(rules.view(state, None))
        leaked = [secret for secret in SECRETS[key](state) if secret in table]
        assert not leaked, f"{key}: the table view shows {leaked[:3]}"
        again = rules.from_json(_plain(rules.to_json(state)))
        assert _plain(rules.to_json(again)) == _plain(rules.to_json(state))
    assert rules.outcome(state) is not None, f"{key}: no end after {MAX_STEPS} steps"
    replayed = rules.setup(names, _options(key, players), seed)
    for seat, action in log:
        replayed, _events = rules.apply(replayed, seat, action)
    assert _plain(rules.to_json(replayed)) == _plain(rules.to_json(state))


def test_every_registered_game_says_what_it_hides() -> None:
    assert set(GAMES_UNDER_TEST) <= set(SECRETS)


@pytest.mark.parametrize("key", sorted(GAMES_UNDER_TEST))
def test_random_playouts_keep_the_contract(key: str) -> None:
    rules = GAMES_UNDER_TEST[key]
    for players in range(rules.meta.min_players, rules.meta.max_players + 1):
        for seed in SEEDS:
            _playout(rules, key, players, seed)
