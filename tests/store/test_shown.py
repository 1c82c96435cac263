"""What the channels were shown: marks only ever raise it, the sweep finds exactly the games left
behind, and a claim lets one sweep take a game while the others keep off it for a grace period."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from bot.store import GameRecord, NewGame, Repository

LATER = timedelta(minutes=5)


def _game(channel: int, *, guild: int | None = 5, status: str = "active") -> NewGame:
    return NewGame(
        guild_id=guild,
        channel_id=channel,
        kind="tally",
        options={},
        seed=1,
        rules_version="1",
        host_id=1,
        host_name="Host",
        status=status,
        snapshot=None if status == "lobby" else {"n": 0},
    )


async def _move(repo: Repository, record: GameRecord) -> GameRecord:
    return await repo.record_action(
        record.id, record.version, seat=0, user_id=1, action={"kind": "a"}, undoable=False, snapshot={"n": 1}
    )


async def _unshown(repo: Repository) -> list[int]:
    return [record.id for record in await repo.unshown_games(datetime.now(UTC) + LATER)]


async def test_a_new_game_is_unshown_until_its_board_is_marked(repo: Repository) -> None:
    game = await repo.create_game(_game(10))
    assert game.shown_version is None
    assert await _unshown(repo) == [game.id]
    await repo.mark_shown({game.id: game.version})
    assert await _unshown(repo) == []
    moved = await _move(repo, game)
    assert await _unshown(repo) == [game.id]
    await repo.mark_shown({game.id: moved.version})
    assert await _unshown(repo) == []
    assert (await repo.get_game(game.id)) == replace(moved, shown_version=moved.version)


async def test_marks_only_ever_raise_what_was_shown(repo: Repository) -> None:
    game = await _move(repo, await repo.create_game(_game(10)))
    other = await repo.create_game(_game(11))
    # Both games in one statement; an older board posted late cannot lower the mark.
    await repo.mark_shown({game.id: game.version, other.id: other.version})
    await repo.mark_shown({game.id: game.version - 1})
    found = await repo.get_game(game.id)
    assert found is not None and found.shown_version == game.version
    assert await _unshown(repo) == []
    await repo.mark_shown({})


async def test_only_server_games_in_play_or_finished_are_swept(repo: Repository) -> None:
    lobby = await repo.create_game(_game(10, status="lobby"))
    await repo.add_seat(lobby.id, lobby.version, 2, "Guest")
    console = await repo.create_game(_game(11, guild=None))
    await _move(repo, console)
    gone = await _move(repo, await repo.create_game(_game(12)))
    await repo.set_status(gone.id, gone.version, "abandoned")
    ended = await repo.create_game(_game(13))
    await repo.mark_shown({ended.id: ended.version})
    ended = await repo.set_status(ended.id, ended.version, "finished")
    # The finished game's final board was not shown; lobbies, abandoned and console games never count.
    assert await _unshown(repo) == [ended.id]


async def test_a_change_is_swept_only_once_its_grace_has_passed(repo: Repository) -> None:
    game = await repo.create_game(_game(10))
    assert await repo.unshown_games(game.updated_at) == []
    assert [r.id for r in await repo.unshown_games(game.updated_at + timedelta(seconds=1))] == [game.id]


async def test_one_claim_wins_and_holds_the_game_for_a_grace_period(repo: Repository) -> None:
    game = await repo.create_game(_game(10))
    now = datetime.now(UTC) + LATER
    before = now - timedelta(minutes=2)
    claims = await asyncio.gather(*(repo.claim_unshown(game, before, now) for _ in range(4)))
    assert sorted(claims) == [False, False, False, True]
    # Claimed: not unshown to a sweep at the same time, and not claimable again...
    assert await repo.unshown_games(before) == []
    assert not await repo.claim_unshown(game, before, now)
    # ...until its grace has passed without the board being marked shown (the post never came).
    later = now + timedelta(minutes=3)
    assert [r.id for r in await repo.unshown_games(later - timedelta(minutes=2))] == [game.id]
    assert await repo.claim_unshown(game, later - timedelta(minutes=2), later)


async def test_a_claim_fails_once_the_game_moved_on(repo: Repository) -> None:
    game = await repo.create_game(_game(10))
    await _move(repo, game)
    now = datetime.now(UTC) + LATER
    assert not await repo.claim_unshown(game, now - timedelta(minutes=2), now)
