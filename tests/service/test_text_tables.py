"""The table in words, for a game played without pictures and for a seat's own message: every score
at a Europa game's end, a founder on a task counted as placed, no "wait for the others" once over."""

from __future__ import annotations

from bot.games.europa import buttons as europa_buttons
from bot.games.europa import summary as europa_summary
from bot.games.exobase import summary as exobase_summary
from bot.service import GameService
from bot.store import Repository
from engine.europa import RULES as EUROPA
from engine.exobase import RULES as EXOBASE
from tests.engine.europa.test_europa_corner_cases import tied_on_points, two_undermines_to_lift
from tests.service.conftest import ALICE, BOB, HERE, begin_two


def test_a_europa_game_over_gives_every_players_score_in_words() -> None:
    state = EUROPA.setup(["Ann", "Bob", "Cy"], {}, 3)
    while EUROPA.outcome(state) is None:
        seat = min(EUROPA.to_move(state))
        action = EUROPA.timeout_action(state, seat)
        assert action is not None
        state, _ = EUROPA.apply(state, seat, action)
    outcome = EUROPA.outcome(state)
    assert outcome is not None
    final = europa_summary(EUROPA.view(state, None)).splitlines()[-1]
    assert final.startswith("Final scores: ")
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        assert f"{name} {outcome.scores[seat]} (" in final
    # Highest first.
    parts = final.removeprefix("Final scores: ").split(" · ")
    shown = [int(part.split(" (")[0].split()[-1]) for part in parts]
    assert shown == sorted(shown, reverse=True)


def test_an_exobase_founder_on_a_task_reads_as_placed() -> None:
    state = EXOBASE.setup(["Ann"], {}, 3)
    task = next(a for a in EXOBASE.legal_actions(state, 0) if a.kind == "task")
    state, _ = EXOBASE.apply(state, 0, task)
    founder = EXOBASE.content.founders[str(task.get("founder"))]
    card = EXOBASE.content.cards[str(task.get("card"))]
    assert card.task is not None
    lines = exobase_summary(EXOBASE.view(state, None)).splitlines()
    line = next(x for x in lines if x.startswith("Founders:"))
    assert f"{founder.name} " in line and f"does task {card.task.name}" in line


async def test_a_seats_own_message_after_the_end_says_the_game_is_over(repo: Repository) -> None:
    service = GameService(repo, render=False, seeds=lambda: 3)
    record = await begin_two(service, HERE, "europa", {})
    actors = {0: ALICE, 1: BOB}
    while record.status == "active":
        assert record.snapshot is not None
        state = EUROPA.from_json(record.snapshot)
        seat = min(EUROPA.to_move(state))
        action = EUROPA.timeout_action(state, seat)
        assert action is not None
        reply = await service.act(HERE, actors[seat], action)
        found = await repo.get_game(record.id)
        assert found is not None
        record = found
    # The last move's messages to the seats it changed (their DMs).
    assert reply.private
    for message in reply.private:
        assert "The game is over." in message.text and "Nothing to do until" not in message.text


def test_two_lifts_of_undermining_cards_read_apart_in_the_menu() -> None:
    state, cancel = two_undermines_to_lift()
    legal = EUROPA.legal_actions(state, 1)
    plays = [a for a in legal if a.kind == "ingenuity" and a.get("card") == cancel]
    assert len(plays) == 2
    view = {**EUROPA.view(state, 1), "viewer": 1}
    options = [o for b in europa_buttons(view, legal, 1, 1) for o in b.options if o.action in plays]
    assert len({o.label for o in options}) == 2


def test_the_final_scores_put_the_winner_of_a_tie_first() -> None:
    line = europa_summary(EUROPA.view(tied_on_points(), None)).splitlines()[-1]
    assert line.startswith("Final scores: p2 6 ") and " · p1 6 " in line


def test_an_exobase_base_without_its_power_station_says_no_win_is_possible() -> None:
    state = EXOBASE.setup(["Ann"], {}, 3)
    state.base = [b for b in state.base if b["card"] != "power_station"]
    state.removed.append("power_station")
    view = EXOBASE.view(state, None)
    text = exobase_summary(view)
    assert "None" not in text and "the Power Station is destroyed" in text
    assert "no win is possible any more" in text.splitlines()[0]
