"""The pure planning of turn clocks: option, reminder points, rows per move, durations."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.deadlines import (
    MAX_CHAIN,
    TurnTime,
    after_move,
    after_timeout,
    reminder_offsets,
    streak,
    time_left,
    turn_time,
    with_turn_time,
)
from bot.games import MODULES
from bot.settings import SettingsError, load_settings
from bot.store import DeadlineRecord

NOW = datetime(2030, 1, 1, tzinfo=UTC)
HOUR = timedelta(hours=1)


def keep(options: Any) -> dict[str, Any]:
    return dict(options)


def test_turn_time_defaults_per_game_and_zero_means_none() -> None:
    assert {key: module.turn_minutes for key, module in MODULES.items()} == {
        "exobase": 0,
        "colony": 0,
        "spacebase": 1440,
        "europa": 1440,
    }
    assert with_turn_time(1440, {}, keep) == {"turn_time": 1440}
    assert with_turn_time(1440, {"turn_time": 0}, keep) == {}
    assert with_turn_time(0, {"scenario": "x"}, keep) == {"scenario": "x"}
    assert with_turn_time(0, {"turn_time": 1}, keep) == {"turn_time": 1}
    assert turn_time({"turn_time": 90}) == TurnTime(timedelta(minutes=90)) and turn_time({}) is None


def test_the_game_options_are_cleaned_without_the_turn_time() -> None:
    seen: list[dict[str, Any]] = []

    def clean(options: Any) -> dict[str, Any]:
        seen.append(dict(options))
        return {"mode": "normal"}

    assert with_turn_time(0, {"turn_time": 5, "team": True, "reminders": "90, 25"}, clean) == {
        "mode": "normal",
        "turn_time": 5,
        "reminders": [25, 90],
    }
    assert seen == [{"team": True}]


@pytest.mark.parametrize("bad", ["0,50", "100", "soon", "", "50,,90"])
def test_bad_reminder_points_are_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="percentages"):
        with_turn_time(0, {"turn_time": 60, "reminders": bad}, keep)


def test_chosen_reminder_points_replace_the_usual_ones() -> None:
    assert reminder_offsets(TurnTime(HOUR, (25, 75))) == [timedelta(minutes=15), timedelta(minutes=45)]
    assert reminder_offsets(TurnTime(HOUR, ())) == []
    assert turn_time({"turn_time": 60, "reminders": [10]}) == TurnTime(HOUR, (10,))


@pytest.mark.parametrize(
    ("turn", "offsets"),
    [
        (timedelta(hours=24), [timedelta(hours=12), timedelta(hours=21, minutes=36)]),
        (timedelta(minutes=60), [timedelta(minutes=30), timedelta(minutes=54)]),
        (timedelta(minutes=5), [timedelta(minutes=2, seconds=30), timedelta(minutes=4)]),
        (timedelta(minutes=2), [timedelta(minutes=1)]),
        (timedelta(minutes=1), [timedelta(seconds=30)]),
    ],
)
def test_reminders_at_half_time_and_near_the_end(turn: timedelta, offsets: list[timedelta]) -> None:
    assert reminder_offsets(TurnTime(turn)) == offsets


@pytest.mark.parametrize(
    ("delta", "text"),
    [
        (timedelta(seconds=20), "less than a minute"),
        (timedelta(minutes=12), "12 min"),
        (timedelta(hours=2, minutes=24), "2 h 24 min"),
        (timedelta(hours=3), "3 h"),
        (timedelta(days=1, hours=4, minutes=10), "1 d 4 h"),
        (timedelta(days=2), "2 d"),
    ],
)
def test_time_left_reads_short(delta: timedelta, text: str) -> None:
    assert time_left(delta) == text


def test_a_move_replaces_the_actors_clock_and_those_of_seats_that_came_or_went() -> None:
    changes = after_move(
        TurnTime(HOUR),
        NOW,
        seats=4,
        before=frozenset({0, 1}),
        after=frozenset({1, 2}),
        actor=1,
        streaks={2: 2},
    )
    assert changes is not None
    assert dict(changes.close) == {0: "left", 1: "acted", 2: "left", 3: "left"}
    deadlines = [(row.seat, row.misses) for row in changes.add if row.kind == "deadline"]
    assert deadlines == [(1, 0), (2, 2)]
    assert after_move(None, NOW, seats=2, before=frozenset(), after=frozenset(), actor=0, streaks={}) is None


def _row(misses: int, outcome: str | None, chain: int = 0) -> DeadlineRecord:
    payload = {"chain": chain} if chain else {}
    return DeadlineRecord(1, 1, "deadline", NOW, payload, seat=0, misses=misses, outcome=outcome)


def test_the_run_of_misses() -> None:
    assert streak(None) == 0
    assert streak(_row(2, "fired")) == 3
    assert streak(_row(2, "fired", chain=3)) == 2
    assert streak(_row(2, "acted")) == 0
    assert streak(_row(2, "left")) == 2


def test_a_timeout_plays_on_at_once_then_gives_a_full_turn() -> None:
    first = after_timeout(
        TurnTime(HOUR), NOW, _row(0, None), seats=2, before=frozenset({0}), after=frozenset({0}), streaks={}
    )
    assert first.fired == 1 and first.close[0] == "timeout"
    assert [(r.kind, r.due_at, r.misses, r.payload) for r in first.add] == [
        ("deadline", NOW, 1, {"chain": 1})
    ]
    last = after_timeout(
        TurnTime(HOUR),
        NOW,
        _row(1, None, chain=MAX_CHAIN),
        seats=2,
        before=frozenset({0}),
        after=frozenset({0}),
        streaks={},
    )
    assert [r.kind for r in last.add] == ["reminder", "reminder", "deadline"]
    assert last.add[-1].due_at == NOW + HOUR and last.add[-1].misses == 1


def test_beside_other_waiting_seats_a_timeout_plays_on_through_the_step() -> None:
    # A simultaneous phase of several small moves (dice kept one by one): the seat's whole step
    # is played at once, and the other seat keeps its clock.
    changes = after_timeout(
        TurnTime(HOUR),
        NOW,
        _row(0, None),
        seats=2,
        before=frozenset({0, 1}),
        after=frozenset({0, 1}),
        streaks={},
    )
    assert [(r.seat, r.kind, r.due_at, r.payload) for r in changes.add] == [
        (0, "deadline", NOW, {"chain": 1})
    ]
    assert 1 not in changes.close


def test_a_timeout_that_opens_a_new_step_gives_a_new_turn() -> None:
    # The seat's move ended the round: everyone is waited for again, the seat on a full clock.
    changes = after_timeout(
        TurnTime(HOUR),
        NOW,
        _row(0, None),
        seats=2,
        before=frozenset({0}),
        after=frozenset({0, 1}),
        streaks={},
    )
    assert [(r.seat, r.kind, r.due_at) for r in changes.add if r.kind == "deadline"] == [
        (1, "deadline", NOW + HOUR),
        (0, "deadline", NOW + HOUR),
    ]
    assert not any(r.payload.get("chain") for r in changes.add)


def test_the_scheduler_interval_is_a_positive_setting(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCHEDULER_INTERVAL", "5")
    assert load_settings().scheduler_interval == 5.0
    with pytest.raises(SettingsError, match="SCHEDULER_INTERVAL"):
        load_settings(scheduler_interval=0)


def test_a_timeout_that_moves_the_table_on_gives_a_new_turn_to_a_seat_waited_on_all_along() -> None:
    # A solo game (or one human among AI seats) waits on the same seat at every step: the table's
    # new phase, turn, day or round (``new_step``) still gives it a full clock, not a bot move at once.
    changes = after_timeout(
        TurnTime(HOUR),
        NOW,
        _row(0, None),
        seats=1,
        before=frozenset({0}),
        after=frozenset({0}),
        streaks={},
        new_step=True,
    )
    assert [(r.kind, r.due_at, r.misses) for r in changes.add if r.kind == "deadline"] == [
        ("deadline", NOW + HOUR, 1)
    ]
    assert not any(r.payload.get("chain") for r in changes.add)
