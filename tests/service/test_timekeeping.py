"""Turn clocks through the service with a fake clock: reminders and deadlines fire once, also
after a restart, and never for a seat or game that moved on."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.deadlines import Post
from bot.errors import NotAllowedError
from bot.games import Game
from bot.replies import Actor, Where
from bot.service import GameService
from bot.store import DeadlineRecord, GameRecord, Repository, make_engine, make_sessionmaker
from bot.store.migrate import upgrade
from engine.core import Action
from tests.service.conftest import begin_two
from tests.service.duel import CARDS, DUEL, DUEL_FRONTEND
from tests.service.turngame import FRONTEND, RULES

T0 = datetime(2030, 5, 1, 12, 0, tzinfo=UTC)
HERE = Where(guild_id=1, channel_id=200)
ALICE = Actor(11, "Alice")
BOB = Actor(12, "Bob")
MOD = Actor(99, "Mod", can_manage=True)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def at(self, **delta: float) -> datetime:
        self.now = T0 + timedelta(**delta)
        return self.now


Build = Callable[[], Awaitable[GameService]]


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def build(tmp_path: Path, clock: Clock) -> AsyncIterator[Build]:
    """Services over one SQLite file; each call is a fresh process's view (a restart)."""
    engines = []

    async def make() -> GameService:
        engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'time.db'}")
        engines.append(engine)
        await upgrade(engine)
        repo = Repository(make_sessionmaker(engine))
        games = {"turns": Game(RULES, FRONTEND), "duel": Game(DUEL, DUEL_FRONTEND)}
        return GameService(repo, render=False, games=games, clock=clock)

    yield make
    for engine in engines:
        await engine.dispose()


@pytest.fixture
async def service(build: Build) -> GameService:
    return await build()


async def fire_due(service: GameService, now: datetime) -> list[Post]:
    """What the scheduler does on a tick, without Discord."""
    posts = []
    for row in await service.due(now):
        post = await service.fire(row, now)
        if post is not None:
            posts.append(post)
    return posts


async def two_players(service: GameService, game: str = "turns", **options: object) -> GameRecord:
    return await begin_two(service, HERE, game, {"turn_time": 60, **options})


async def pending(service: GameService, game_id: int) -> list[DeadlineRecord]:
    return await service.repo.pending_deadlines([game_id])


def table(rows: list[DeadlineRecord]) -> list[tuple[int | None, str, timedelta]]:
    return [(row.seat, row.kind, row.due_at - T0) for row in rows]


async def test_begin_sets_reminders_and_a_deadline_for_the_seat_to_move(service: GameService) -> None:
    record = await two_players(service)
    assert record.options["turn_time"] == 60
    rows = await pending(service, record.id)
    assert table(rows) == [
        (0, "reminder", timedelta(minutes=30)),
        (0, "reminder", timedelta(minutes=54)),
        (0, "deadline", timedelta(minutes=60)),
    ]
    assert {row.version for row in rows} == {record.version}


async def test_a_reminder_mentions_the_seat_once(service: GameService, clock: Clock) -> None:
    await two_players(service)
    posts = await fire_due(service, clock.at(minutes=31))
    assert [(p.channel_id, p.reply.text, p.reply.mentions) for p in posts] == [
        (HERE.channel_id, "<@11> your move in Turns: 29 min left.", [11])
    ]
    assert await fire_due(service, clock.at(minutes=32)) == []
    second = await fire_due(service, clock.at(minutes=55))
    assert [p.reply.text for p in second] == ["<@11> your move in Turns: 5 min left."]


async def test_a_deadline_plays_the_timeout_move_once(service: GameService, clock: Clock) -> None:
    record = await two_players(service)
    posts = await fire_due(service, clock.at(minutes=61))
    # The reminders came due late, with the deadline: only the timeout is posted, in one post.
    [post] = posts
    assert post.reply.text.startswith("Alice ran out of time; the bot played: Mark, End turn.")
    assert "Alice marks. Alice ends the turn." in post.reply.text
    assert post.reply.mentions == [12]
    assert await fire_due(service, clock.at(minutes=62)) == []
    after = await service.repo.open_game(HERE.channel_id)
    assert after is not None and after.version == record.version + 2
    log = await service.repo.actions(record.id)
    # Logged as the bot's (user 0): nobody may take them back, though the engine would allow it
    # (another seat's undo may pass over such a move in a simultaneous step).
    assert [(a.seat, a.user_id, a.action["kind"], a.undoable) for a in log] == [
        (0, 0, "mark", True),
        (0, 0, "end", True),
    ]
    with pytest.raises(NotAllowedError, match="time ran out"):
        await service.undo(HERE, ALICE)
    # Bob's clock starts when his turn does.
    assert table(await pending(service, record.id)) == [
        (1, "reminder", timedelta(minutes=61 + 30)),
        (1, "reminder", timedelta(minutes=61 + 54)),
        (1, "deadline", timedelta(minutes=61 + 60)),
    ]


async def test_an_overdue_deadline_fires_once_across_restarts(build: Build, clock: Clock) -> None:
    first = await build()
    record = await two_players(first)
    clock.at(hours=5)
    # The bot was down for hours: a new process over the same file catches up once.
    second = await build()
    posts = await fire_due(second, clock.now)
    assert ["ran out of time" in p.reply.text for p in posts] == [True]
    third = await build()
    assert await fire_due(third, clock.at(hours=5, minutes=1)) == []
    assert len(await third.repo.actions(record.id)) == 2


async def test_a_row_fired_elsewhere_is_not_fired_again(build: Build, clock: Clock) -> None:
    one, two = await build(), await build()
    await two_players(one)
    now = clock.at(minutes=61)
    rows = [row for row in await one.due(now) if row.kind == "deadline"]
    assert await one.fire(rows[0], now) is not None
    # A second process that read the same due row before the first settled it.
    assert await two.fire(rows[0], now) is None


async def test_a_seat_that_acted_has_no_stale_deadline(service: GameService, clock: Clock) -> None:
    record = await two_players(service)
    clock.at(minutes=10)
    await service.act(HERE, ALICE, Action.of("mark"))
    # Alice acted and still has to move: her clock restarts; nothing of the old one fires.
    assert table(await pending(service, record.id)) == [
        (0, "reminder", timedelta(minutes=40)),
        (0, "reminder", timedelta(minutes=64)),
        (0, "deadline", timedelta(minutes=70)),
    ]
    clock.at(minutes=20)
    await service.act(HERE, ALICE, Action.of("end"))
    posts = await fire_due(service, clock.at(minutes=71))
    # Past Alice's old deadline only Bob's half-time reminder comes due.
    assert [p.reply.text for p in posts] == ["<@12> your move in Turns: 9 min left."]
    assert [row.seat for row in await pending(service, record.id)] == [1, 1]


async def test_seats_still_waiting_keep_their_clock(service: GameService, clock: Clock) -> None:
    record = await two_players(service, draft=True)
    before = await pending(service, record.id)
    assert {row.seat for row in before} == {0, 1}
    clock.at(minutes=10)
    await service.act(HERE, ALICE, Action.of("pick"))
    rows = await pending(service, record.id)
    assert [row.id for row in rows] == [row.id for row in before if row.seat == 1]


async def test_a_stale_row_left_behind_never_fires(service: GameService, clock: Clock) -> None:
    record = await two_players(service)
    # A row the game no longer backs (its seat is not the one to move).
    stray = await service.repo.add_deadline(
        record.id, "deadline", T0 + timedelta(minutes=5), seat=1, version=record.version
    )
    assert await fire_due(service, clock.at(minutes=6)) == []
    assert stray.id not in [row.id for row in await pending(service, record.id)]
    assert await service.repo.actions(record.id) == []


async def test_an_abandoned_game_never_fires(service: GameService, clock: Clock) -> None:
    record = await two_players(service)
    await service.abandon(HERE, ALICE, confirm=True)
    assert await fire_due(service, clock.at(hours=2)) == []
    # Rows of a game that ended some other way are closed, not fired.
    other = await two_players(service)
    await service.repo.set_status(other.id, other.version, "abandoned")
    assert await fire_due(service, clock.at(hours=4)) == []
    assert await pending(service, other.id) == []
    assert await service.repo.actions(record.id) == []


async def test_three_misses_in_a_row_step_away_where_the_game_allows(
    service: GameService, clock: Clock
) -> None:
    record = await two_players(service, away=True)
    texts = []
    for hour in range(1, 7):
        texts += [p.reply.text for p in await fire_due(service, clock.at(hours=hour * 1.1))]
    timeouts = [text.split("\n")[0] for text in texts if "ran out of time" in text]
    assert timeouts[:5] == [
        "Alice ran out of time; the bot played: Mark, End turn.",
        "Bob ran out of time; the bot played: Mark, End turn.",
        "Alice ran out of time (2 times in a row); the bot played: Mark, End turn.",
        "Bob ran out of time (2 times in a row); the bot played: Mark, End turn.",
        "Alice ran out of time (3 times in a row); the bot played: Step away.",
    ]
    saved = await service.repo.get_game(record.id)
    assert saved is not None
    state = RULES.from_json(saved.snapshot or {})
    assert 0 in state.away


async def test_without_an_away_move_the_deadlines_keep_firing(service: GameService, clock: Clock) -> None:
    await two_players(service)
    texts = []
    for hour in range(1, 7):
        texts += [p.reply.text for p in await fire_due(service, clock.at(hours=hour * 1.1))]
    timeouts = [text.split("\n")[0] for text in texts if "ran out of time" in text]
    assert timeouts[4] == "Alice ran out of time (3 times in a row); the bot played: Mark, End turn."


async def test_acting_yourself_ends_the_run_of_misses(service: GameService, clock: Clock) -> None:
    record = await two_players(service)
    await fire_due(service, clock.at(minutes=61))
    clock.at(minutes=70)
    await service.act(HERE, BOB, Action.of("end"))
    latest = await service.repo.latest_deadlines(record.id)
    assert latest[0].misses == 1 and latest[1].misses == 0


async def test_no_turn_time_means_no_rows(service: GameService, clock: Clock) -> None:
    await service.start(HERE, ALICE, "turns", {"solo": True})
    record = await service.repo.open_game(HERE.channel_id)
    assert record is not None and "turn_time" not in record.options
    await service.act(HERE, ALICE, Action.of("mark"))
    assert await pending(service, record.id) == []


async def test_a_solo_start_sets_its_clock_at_once(service: GameService) -> None:
    await service.start(HERE, ALICE, "turns", {"solo": True, "turn_time": 1})
    record = await service.repo.open_game(HERE.channel_id)
    assert record is not None
    assert table(await pending(service, record.id)) == [
        (0, "reminder", timedelta(seconds=30)),
        (0, "deadline", timedelta(minutes=1)),
    ]


@pytest.mark.parametrize("bad", [-1, 30 * 24 * 60 + 1, "soon", True])
async def test_a_bad_turn_time_is_refused(service: GameService, bad: object) -> None:
    with pytest.raises(NotAllowedError, match="turn time"):
        await service.start(HERE, ALICE, "turns", {"turn_time": bad})
    assert await service.repo.open_game(HERE.channel_id) is None


async def test_games_lists_the_callers_open_games(service: GameService, clock: Clock) -> None:
    await two_players(service)
    await service.start(Where(1, 300), BOB, "turns", {})
    await service.start(Where(2, 400), ALICE, "turns", {})
    clock.at(minutes=15)
    reply = await service.games_of(Where(1, 999), ALICE)
    assert reply.ephemeral and reply.mentions == []
    assert reply.text == "**Your open games here**\n• Turns in <#200>: waiting for Alice (45 min left)"
    bob = await service.games_of(Where(1, 999), BOB)
    assert bob.text.splitlines()[1:] == [
        "• Turns in <#200>: waiting for Alice (45 min left)",
        "• Turns in <#300>: lobby, 1 seated",
    ]
    nobody = await service.games_of(Where(1, 999), MOD)
    assert nobody.text == "You have no open games in this server."
    assert "server" in (await service.games_of(Where(None, 5), ALICE)).text


async def test_undo_gives_the_clock_back_to_the_seat_that_moves_again(
    service: GameService, clock: Clock
) -> None:
    record = await two_players(service)
    clock.at(minutes=5)
    await service.act(HERE, ALICE, Action.of("end"))
    clock.at(minutes=6)
    await service.undo(HERE, ALICE)
    rows = await pending(service, record.id)
    # The clock the undone move stopped, not a fresh one: a move and its undo buy no time. Its
    # half-time reminder is still ahead; the late one too.
    assert [(row.seat, row.kind, row.due_at - T0) for row in rows] == [
        (0, "reminder", timedelta(minutes=30)),
        (0, "reminder", timedelta(minutes=54)),
        (0, "deadline", timedelta(minutes=60)),
    ]


async def test_simultaneous_picks_time_out_one_move_each(service: GameService, clock: Clock) -> None:
    record = await two_players(service, draft=True)
    posts = await fire_due(service, clock.at(minutes=61))
    assert [p.reply.text.split("\n")[0] for p in posts] == [
        "Alice ran out of time; the bot played: Pick.",
        "Bob ran out of time; the bot played: Pick.",
    ]
    # The draft is over and Alice's first turn runs on a fresh clock.
    rows = await pending(service, record.id)
    assert [(row.seat, row.kind, row.misses) for row in rows][-1] == (0, "deadline", 1)
    assert rows[-1].due_at == clock.now + timedelta(minutes=60)


async def test_a_reminder_fires_once_across_a_restart(build: Build, clock: Clock) -> None:
    first = await build()
    await two_players(first)
    # The bot was down when the half-time reminder fell due: the next process sends it, once.
    second = await build()
    posts = await fire_due(second, clock.at(minutes=31))
    assert [p.reply.text for p in posts] == ["<@11> your move in Turns: 29 min left."]
    third = await build()
    assert await fire_due(third, clock.at(minutes=33)) == []
    assert await fire_due(second, clock.at(minutes=34)) == []


async def test_a_timeout_in_a_simultaneous_step_plays_the_seats_whole_step(
    service: GameService, clock: Clock
) -> None:
    record = await two_players(service, draft=True, picks=3)
    clock.at(minutes=10)
    await service.act(HERE, BOB, Action.of("pick"))
    posts = await fire_due(service, clock.at(minutes=61))
    timeouts = [p.reply.text.split("\n")[0] for p in posts if "ran out of time" in p.reply.text]
    # One deadline finishes Alice's three picks: she does not hold the table up for three turns.
    assert timeouts == ["Alice ran out of time; the bot played: Pick, Pick, Pick."]
    stored = await service.repo.get_game(record.id)
    assert stored is not None and stored.snapshot is not None
    assert RULES.from_json(stored.snapshot).picks == (0, 2)
    # Bob, still picking, keeps the clock his own move started.
    rows = await pending(service, record.id)
    assert {row.seat for row in rows} == {1}
    assert [row.due_at - T0 for row in rows if row.kind == "deadline"] == [timedelta(minutes=70)]


async def test_a_hidden_information_timeout_posts_and_logs_no_secret(
    service: GameService, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    record = await two_players(service, "duel")
    hands = DUEL.from_json(record.snapshot or {}).hands
    [alice, bob] = await fire_due(service, clock.at(minutes=61))
    # Alice's pick is face down until Bob's timeout reveals it: her post names no card at all.
    public = alice.reply.text + " ".join(button.label for button in alice.reply.buttons)
    assert alice.reply.text.startswith("Alice ran out of time; the bot moved for them.")
    assert [name for name in CARDS.values() if name in public] == []
    saved = await service.repo.get_game(record.id)
    assert saved is not None
    after = DUEL.from_json(saved.snapshot or {})
    assert after.round == 2 and "Revealed:" in bob.reply.text
    held = {CARDS[card] for hand in after.hands for card in hand}
    public = bob.reply.text + " ".join(button.label for button in bob.reply.buttons)
    assert [name for name in held if name in public] == []
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "ran out of time" in logged
    assert re.findall(r"\bk\d+\b", logged) == []
    assert [name for name in CARDS.values() if name in logged] == []
    assert {CARDS[c] for c in hands[0]} - held, "Alice's timeout played one of her cards"


async def test_the_host_chooses_the_reminder_points_at_start(service: GameService, clock: Clock) -> None:
    record = await two_players(service, reminders="25,75")
    assert record.options["reminders"] == [25, 75]
    assert table(await pending(service, record.id)) == [
        (0, "reminder", timedelta(minutes=15)),
        (0, "reminder", timedelta(minutes=45)),
        (0, "deadline", timedelta(minutes=60)),
    ]
    posts = await fire_due(service, clock.at(minutes=16))
    assert [p.reply.text for p in posts] == ["<@11> your move in Turns: 44 min left."]
    await service.act(HERE, ALICE, Action.of("end"))
    # Bob's clock keeps the game's points.
    assert [row.due_at - T0 for row in await pending(service, record.id)][:2] == [
        timedelta(minutes=31),
        timedelta(minutes=61),
    ]


async def test_no_reminders_when_the_host_says_none(service: GameService) -> None:
    record = await two_players(service, reminders="none")
    assert table(await pending(service, record.id)) == [(0, "deadline", timedelta(minutes=60))]
    with pytest.raises(NotAllowedError, match="percentages"):
        await service.start(Where(1, 201), ALICE, "turns", {"turn_time": 60, "reminders": "150"})
