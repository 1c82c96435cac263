"""A new game: characters dealt for the draft, shuffled decks, the Central Hub and starting hands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.colony.model import HUB, MAX_SEATS, MIN_SEATS, Content
from engine.colony.state import ColonyState, Json
from engine.core.errors import IllegalActionError
from engine.core.rng import Rng

DEALT = 2


def new_game(content: Content, players: Sequence[str], options: Mapping[str, Any], seed: int) -> ColonyState:
    """Set up a game in its draft; raises IllegalActionError on an unknown scenario or a bad seat count."""
    scenario = str(options.get("scenario", next(iter(content.scenarios))))
    if scenario not in content.scenarios:
        raise IllegalActionError(
            f"Unknown scenario '{scenario}'; choose one of {', '.join(content.scenarios)}."
        )
    if not MIN_SEATS <= len(players) <= MAX_SEATS:
        raise IllegalActionError(f"Exoplanet Colony is played by {MIN_SEATS} to {MAX_SEATS} players.")
    planet = content.scenarios[scenario]
    rng = Rng(seed)
    characters = list(content.characters)
    rng.shuffle(characters)
    deck = content.deck()
    rng.shuffle(deck)
    # One card at a time round the table from seat 0, as a printed deal goes.
    dealt = planet.deal[len(players)]
    hands: list[list[str]] = [[] for _ in players]
    for i, card in enumerate(deck[:dealt]):
        hands[i % len(players)].append(card)
    return ColonyState(
        scenario=scenario,
        players=list(players),
        rng=rng,
        phase="draft",
        dealt=[characters[i * DEALT : (i + 1) * DEALT] for i in range(len(players))],
        characters=[None] * len(players),
        hands=hands,
        health=[[] for _ in players],
        pawns=["0,0"] * len(players),
        grid={"0,0": hub()},
        deck=deck[dealt:],
        discard=[],
        event_deck=event_deck(content, scenario, len(players), rng),
        event_discard=[],
        supplies=dict(planet.supplies),
    )


def hub() -> Json:
    return {"card": HUB, "off": False, "loss": {}, "emergency": 0}


def event_deck(content: Content, scenario: str, players: int, rng: Rng) -> list[str]:
    """The scenario's normal events split into piles, one critical shuffled into each, piles stacked.

    Spreading the criticals this way makes them come "from time to time" rather than in a clump.
    """
    planet = content.scenarios[scenario]
    normal = content.event_pool(False)
    critical = content.event_pool(True)
    rng.shuffle(normal)
    rng.shuffle(critical)
    chosen = normal[: planet.normal_events[players]]
    piles = max(1, planet.critical_events)
    size, extra = divmod(len(chosen), piles)
    deck: list[str] = []
    start = 0
    for i in range(piles):
        end = start + size + (1 if i < extra else 0)
        pile = chosen[start:end]
        if i < planet.critical_events:
            pile.append(critical[i])
        rng.shuffle(pile)
        deck += pile
        start = end
    return deck
