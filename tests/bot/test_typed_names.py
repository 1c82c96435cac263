"""A card typed into a slash command by the name players are shown (rather than picked from the
suggestions, which fill in its id) is the same move; a list of them may come in any order, with
spaces after the commas."""

from __future__ import annotations

from typing import Any

from bot.app import GameBot
from bot.games.europa import FRONTEND
from bot.games.exobase import FRONTEND as EXOBASE_FRONTEND
from bot.turns import typed_names
from engine.core import Action
from engine.europa import RULES as EUROPA
from engine.exobase import RULES as EXOBASE
from engine.spacebase import RULES as SPACEBASE
from tests.bot.conftest import begin, button, posted, run, stored
from tests.bot.fake_discord import EPHEMERAL, FakeDiscord, Person

ANN, BOB = Person(11, "Ann"), Person(12, "Bob")


async def _state(bot: GameBot, rules: Any) -> Any:
    record = await stored(bot)
    assert record is not None and record.snapshot is not None
    return rules.from_json(record.snapshot)


async def test_a_europa_base_typed_by_its_name_is_chosen(bot: GameBot, fake: FakeDiscord) -> None:
    await begin(bot, fake, "europa", ANN, BOB)
    state = await _state(bot, EUROPA)
    card = state.hands[0][0]
    typed = f"  {EUROPA.content.cards[card].name.upper()} "
    calls = posted(await run(bot, fake, fake.command(ANN, "europa", "choose", card=typed)))
    assert not any(c.flags & EPHEMERAL for c in calls)
    assert (await _state(bot, EUROPA)).choice[0] == card


async def test_an_unknown_name_is_still_refused_privately(bot: GameBot, fake: FakeDiscord) -> None:
    await begin(bot, fake, "europa", ANN, BOB)
    before = await stored(bot)
    reply = posted(await run(bot, fake, fake.command(ANN, "europa", "choose", card="Nowhere Base")))[-1]
    after = await stored(bot)
    assert reply.flags & EPHEMERAL and reply.content == "There is no card 'Nowhere Base'."
    assert before is not None and after is not None and after.version == before.version


async def test_light_speed_ships_typed_by_name_in_any_order_are_kept(bot: GameBot, fake: FakeDiscord) -> None:
    lobby = posted(await run(bot, fake, fake.command(ANN, "spacebase", "start", variant="lightspeed")))[-1]
    lobby = posted(await run(bot, fake, fake.click(BOB, lobby, button(lobby, ":join"))))[-1]
    await run(bot, fake, fake.click(ANN, lobby, button(lobby, ":begin")))
    state = await _state(bot, SPACEBASE)
    pair = next(a for a in SPACEBASE.legal_actions(state, 0) if str(a.get("cards")).count(",") == 1)
    first, second = str(pair.get("cards")).split(",")
    names = [SPACEBASE.content.cards[c].name.lower() for c in (second, first)]
    calls = posted(await run(bot, fake, fake.command(ANN, "spacebase", "keep", cards=", ".join(names))))
    assert not any(c.flags & EPHEMERAL for c in calls)
    assert (await _state(bot, SPACEBASE)).choices["0"] == f"{first},{second}"


def test_a_legal_move_and_an_unknown_name_are_left_as_they_are() -> None:
    state = EUROPA.setup(["Ann", "Bob"], {}, 3)
    legal = EUROPA.legal_actions(state, 0)[0]
    assert typed_names(EUROPA, FRONTEND, state, 0, legal) is legal
    unknown = Action.of("choose", card="nowhere")
    assert typed_names(EUROPA, FRONTEND, state, 0, unknown) is unknown


def test_a_cell_is_one_value_and_its_pieces_are_never_read_as_names() -> None:
    state = EXOBASE.setup(["Ann"], {}, 1)
    build = next(a for a in EXOBASE.legal_actions(state, 0) if a.kind == "build")
    x, y = str(build.get("at")).split(",")
    name = EXOBASE.content.cards[str(build.get("card"))].name
    typed = Action.of("build", founder=str(build.get("founder")), card=name.upper(), at=f"{x}, {y}")
    assert typed_names(EXOBASE, EXOBASE_FRONTEND, state, 0, typed) == build
    # A cell where the card does not fit keeps its value (the engine explains); the card is read.
    elsewhere = Action.of("build", founder=str(build.get("founder")), card=name, at="9,9")
    assert typed_names(EXOBASE, EXOBASE_FRONTEND, state, 0, elsewhere) == Action.of(
        "build", founder=str(build.get("founder")), card=str(build.get("card")), at="9,9"
    )


async def test_an_exobase_build_typed_by_name_where_it_does_not_fit_is_refused_privately(
    bot: GameBot, fake: FakeDiscord
) -> None:
    await run(bot, fake, fake.command(ANN, "exobase", "start"))
    state = await _state(bot, EXOBASE)
    build = next(a for a in EXOBASE.legal_actions(state, 0) if a.kind == "build")
    name = EXOBASE.content.cards[str(build.get("card"))].name
    options = {"founder": str(build.get("founder")), "card": name, "at": "9,9"}
    reply = posted(await run(bot, fake, fake.command(ANN, "exobase", "build", **options)))[-1]
    assert reply.flags & EPHEMERAL and "does not fit there" in reply.content


async def test_a_card_named_for_a_move_not_open_now_gets_the_engines_reason(
    bot: GameBot, fake: FakeDiscord
) -> None:
    # Another seat's base, typed by its name: the same answer as for any card not in one's hand.
    await begin(bot, fake, "europa", ANN, BOB)
    state = await _state(bot, EUROPA)
    theirs = EUROPA.content.cards[state.hands[1][0]].name
    reply = posted(await run(bot, fake, fake.command(ANN, "europa", "choose", card=theirs)))[-1]
    assert reply.flags & EPHEMERAL and reply.content == "That card is not in your hand."


def test_a_task_is_read_by_its_title_as_the_moves_list_it() -> None:
    state = EXOBASE.setup(["Ann"], {}, 3)
    task = next(a for a in EXOBASE.legal_actions(state, 0) if a.kind == "task")
    card = EXOBASE.content.cards[str(task.get("card"))]
    assert card.task is not None and card.task.name != card.name
    assert card.task.name in EXOBASE.describe(task, state)
    typed = Action.of("task", founder=str(task.get("founder")), card=card.task.name.lower())
    assert typed_names(EXOBASE, EXOBASE_FRONTEND, state, 0, typed) == task


def test_a_card_the_build_cannot_take_now_is_still_read_by_name() -> None:
    state = EXOBASE.setup(["Ann"], {}, 3)
    state.storage = dict.fromkeys(state.storage, 0)
    row = [c for c in state.location_row if c]
    assert row and not [a for a in EXOBASE.legal_actions(state, 0) if a.kind == "build"]
    card = EXOBASE.content.cards[row[0]]
    typed = Action.of("build", founder=state.founders[0]["id"], card=f" {card.name} ", at="0,2")
    assert typed_names(EXOBASE, EXOBASE_FRONTEND, state, 0, typed).get("card") == card.id


def test_a_list_of_names_may_end_with_a_comma() -> None:
    state = EUROPA.setup(["Ann", "Bob"], {}, 3)
    hand = sorted(state.hands[0])[:2]
    names = [EUROPA.content.cards[c].name for c in hand]
    typed = Action.of("redraw", discard=f"{names[0]}, {names[1]},")
    read = typed_names(EUROPA, FRONTEND, state, 0, typed)
    assert sorted(str(read.get("discard")).split(",")) == hand
