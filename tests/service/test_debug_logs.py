"""Even at LOG_LEVEL=DEBUG no log line names a card in a hand: the database layers' own lines
(SQL parameters, stored rows) would echo whole snapshots, so they stay at warnings."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from bot.games import Game
from bot.logging_setup import QUIET_LOGGERS, setup_logging
from bot.moves import loggable
from bot.service import GameService
from bot.store import Repository, make_engine, make_sessionmaker
from bot.store.migrate import upgrade
from engine.core import Action
from engine.europa import RULES as EUROPA
from tests.service.conftest import ALICE, BOB, HERE, begin_two
from tests.service.duel import CARDS, DUEL, DUEL_FRONTEND


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def lines() -> Iterator[Lines]:
    root = logging.getLogger()
    saved = {name: logging.getLogger(name).level for name in ("", *QUIET_LOGGERS)}
    setup_logging("DEBUG")
    handler = Lines()
    root.addHandler(handler)
    yield handler
    root.removeHandler(handler)
    for name, level in saved.items():
        logging.getLogger(name).setLevel(level)


def test_the_database_layers_stay_at_warnings_under_debug(lines: Lines) -> None:
    # aiosqlite's DEBUG lines print each statement with its parameters: a snapshot with every hand.
    assert all(logging.getLogger(name).getEffectiveLevel() >= logging.WARNING for name in QUIET_LOGGERS)


@pytest.mark.parametrize("echo", [False, True], ids=["quiet", "sql-echo"])
async def test_a_hidden_hand_never_reaches_a_debug_line(database_url: str, lines: Lines, echo: bool) -> None:
    # SQL_ECHO turns the engine's statement lines on: their parameters stay hidden.
    engine = make_engine(database_url, echo=echo)
    await upgrade(engine)
    service = GameService(
        Repository(make_sessionmaker(engine)), render=False, games={"duel": Game(DUEL, DUEL_FRONTEND)}
    )
    try:
        record = await begin_two(service, HERE, "duel", {})
        assert record.snapshot is not None
        state = DUEL.from_json(record.snapshot)
        await service.act(HERE, ALICE, Action.of("pick", card=state.hands[0][0]))
        await service.status(HERE, BOB)
    finally:
        await engine.dispose()
    secrets = {card for hand in state.hands for card in hand} | {CARDS[c] for h in state.hands for c in h}
    assert lines.lines, "nothing was logged at DEBUG"
    if echo:
        assert any("INSERT INTO" in line for line in lines.lines)
    assert [line for line in lines.lines if any(secret in line for secret in secrets)] == []


def test_a_move_whose_kind_is_the_secret_logs_the_same_line_either_way() -> None:
    # Europa's Future Planning: every seat decides at once, face down, to place a card or not.
    state = EUROPA.setup(["Ann", "Ben", "Cat"], {"invaders": True}, 1)
    while state.phase != "plan":
        seat = min(EUROPA.to_move(state))
        action = EUROPA.timeout_action(state, seat)
        assert action is not None
        state, _ = EUROPA.apply(state, seat, action)
    seat = min(EUROPA.to_move(state))
    said = set()
    for action in EUROPA.legal_actions(state, seat):
        if action.kind in ("plan", "no_plan"):
            _, events = EUROPA.apply(state, seat, action)
            said.add(loggable(EUROPA, action, events))
    # Both are told to the table as the same event, and the log says no more.
    assert said == {"a move (the table saw: plan_chosen)"}
