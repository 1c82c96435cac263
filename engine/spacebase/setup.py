"""A new game: decks, shipyard and colonies, starting consoles, the starting player and order bonuses."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.core.errors import IllegalActionError
from engine.core.rng import Rng
from engine.spacebase.board import place
from engine.spacebase.model import (
    BONUSES,
    EXPANSIONS,
    LEVELS,
    LIGHT_CREDITS,
    LIGHT_DEAL,
    LIGHT_INCOME,
    MAX_SEATS,
    MIN_SEATS,
    SECTORS,
    SHIPYARD_SIZE,
    START_CREDITS,
    VARIANTS,
    Content,
    sets_for,
)
from engine.spacebase.state import Board, SpaceState

NEW_COLONIES: Final = 6


def new_game(content: Content, players: Sequence[str], options: Mapping[str, Any], seed: int) -> SpaceState:
    """Set up a game; raises IllegalActionError on unknown options or a bad player count."""
    expansion = str(options.get("expansion", "base"))
    variant = str(options.get("variant", "standard"))
    ai = options.get("ai", 0)
    bonuses = str(options.get("bonuses", "printed"))
    autoroll = options.get("autoroll", True)
    if not isinstance(autoroll, bool):
        raise IllegalActionError("The autoroll option is true or false.")
    if bonuses not in BONUSES:
        raise IllegalActionError(f"Unknown bonuses '{bonuses}'; choose {' or '.join(BONUSES)}.")
    if expansion not in EXPANSIONS:
        raise IllegalActionError(f"Unknown expansion '{expansion}'; choose base or genesis.")
    if variant not in VARIANTS:
        raise IllegalActionError(f"Unknown variant '{variant}'; choose standard or lightspeed.")
    if isinstance(ai, bool) or not isinstance(ai, int) or ai < 0:
        raise IllegalActionError("The number of AI players must be a whole number, 0 or more.")
    names = [*players, *(f"AI {i + 1}" for i in range(ai))]
    if not MIN_SEATS <= len(names) <= MAX_SEATS:
        raise IllegalActionError(f"Space Base is played by {MIN_SEATS} to {MAX_SEATS} players.")
    rng = Rng(seed)
    sets = sets_for(expansion)
    decks = {str(level): _shuffled(content.deck(level, sets), rng) for level in LEVELS}
    colonies, box = _colonies(content, expansion, rng)
    starters = content.starters()
    boards = [Board(0, 0, 0, list(starters), [() for _ in range(SECTORS)]) for _ in names]
    count = len(names)
    state = SpaceState(
        players=names,
        ai=[False] * len(players) + [True] * ai,
        away=[False] * count,
        auto=[False] * count,
        expansion=expansion,
        variant=variant,
        rng=rng,
        boards=boards,
        decks=decks,
        shipyard={key: [] for key in decks},
        colonies=colonies,
        box=box,
        bonuses=bonuses,
        autoroll=autoroll,
    )
    if variant == "lightspeed":
        state.phase = "keep"
        state.dealt = [deal_hand(state, content) for _ in names]
        for board in boards:
            board.credits, board.income = LIGHT_CREDITS, LIGHT_INCOME
        return state
    dealt_from = state.decks["1"]
    drawn = [draw_plain(state, content, "1") for _ in names]
    if state.decks["1"] != dealt_from[len(drawn) :]:
        # Cards the deal set aside are shuffled back, as Light-Speed's unkept ones are, rather
        # than left under the deck until it runs out.
        state.decks = {**state.decks, "1": _shuffled(list(state.decks["1"]), rng)}
    for board, card in zip(boards, drawn, strict=True):
        board.credits = START_CREDITS - content.cards[card].cost
        place(board, content, card, content.cards[card].sector)
    begin(state, [content.cards[c].sector for c in drawn])
    return state


def _shuffled(cards: list[str], rng: Rng) -> tuple[str, ...]:
    rng.shuffle(cards)
    return tuple(cards)


def refill(state: SpaceState, level: str) -> None:
    """Turn up deck cards until the shipyard row of ``level`` holds six (or the deck is empty)."""
    row, deck = state.shipyard[level], state.decks[level]
    take = min(SHIPYARD_SIZE - len(row), len(deck))
    if take > 0:
        state.shipyard = {**state.shipyard, level: [*row, *deck[:take]]}
        state.decks = {**state.decks, level: deck[take:]}


def _colonies(content: Content, expansion: str, rng: Rng) -> tuple[list[str | None], list[str]]:
    """Twelve colonies by sector; with Genesis six new ones from different sectors, the base ones
    filling the rest. ``box`` holds the colonies left out."""
    base = {content.sector_of(c): c for c in content.of("colony", ("base",))}
    if expansion != "genesis":
        return [base[s] for s in range(1, SECTORS + 1)], []
    pile = content.of("colony", ("genesis",))
    rng.shuffle(pile)
    chosen: dict[int, str] = {}
    while len(chosen) < NEW_COLONIES and pile:
        card = pile.pop(0)
        if content.sector_of(card) in chosen:
            pile.append(card)
        else:
            chosen[content.sector_of(card)] = card
    out: list[str | None] = [chosen.get(s, base[s]) for s in range(1, SECTORS + 1)]
    box = sorted(set(content.of("colony", ("base", "genesis"))) - {c for c in out if c is not None})
    return out, box


def draw_plain(state: SpaceState, content: Content, level: str) -> str:
    """The top card of a deck, setting aside (to the bottom) cards with immediate or end-of-turn
    rewards, which only work when the card is gained on a turn, and variable-sector ships, whose
    owner would choose their sector on acquiring them while the deal places cards by their number."""
    deck = list(state.decks[level])
    for _ in range(len(deck)):
        card = deck.pop(0)
        info = content.cards[card]
        if not info.immediate and not info.end_turn and not info.plus:
            break
        deck.append(card)
    state.decks = {**state.decks, level: tuple(deck)}
    return card


def deal_hand(state: SpaceState, content: Content) -> list[str]:
    return [draw_plain(state, content, str(level)) for level, count in LIGHT_DEAL for _ in range(count)]


def begin(state: SpaceState, scores: list[int], highest: bool = True) -> None:
    """Fill the shipyard, pick the starting player (best score, ties by dice) and give order bonuses."""
    for level in state.shipyard:
        refill(state, level)
    best = max(scores) if highest else min(scores)
    tied = [s for s, v in enumerate(scores) if v == best]
    while len(tied) > 1:
        rng = state.draw()
        rolls = [rng.d6() + rng.d6() for _ in tied]
        tied = [s for s, r in zip(tied, rolls, strict=True) if r == max(rolls)]
    state.first = state.active = tied[0]
    count = len(state.players)
    for place_, (credits, income) in enumerate(BONUSES[state.bonuses][:count]):
        board = state.board((state.first + place_) % count)
        board.credits += credits
        board.income += income
    state.phase = "roll"
