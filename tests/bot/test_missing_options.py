"""A command typed without an optional choice its move needs is told which option to add."""

from __future__ import annotations

from bot.turns import missing_options
from engine.core import Action
from engine.exobase import RULES
from tests.engine.exobase.exo_helpers import FOUR, new


def test_the_missing_option_is_named() -> None:
    legal = [
        Action.of("work", founder="tamsin", card="survey_lab", space=0, resource="metal"),
        Action.of("work", founder="tamsin", card="survey_lab", space=0, resource="minerals"),
        Action.of("work", founder="tamsin", card="greenhouse", space=0),
    ]
    assert missing_options(legal, Action.of("work", founder="tamsin", card="survey_lab", space=0)) == [
        "resource"
    ]
    # A move that is wrong for another reason is not explained as a missing option.
    assert missing_options(legal, Action.of("work", founder="tamsin", card="hab", space=0)) == []
    assert missing_options(legal, legal[2]) == []


def test_an_exobase_move_with_a_choice_of_resource_asks_for_it() -> None:
    state = new(6, founders=FOUR)
    legal = RULES.legal_actions(state, 0)
    chosen = next(a for a in legal if a.get("resource") is not None)
    bare = Action(chosen.kind, tuple((k, v) for k, v in chosen.args if k != "resource"))
    assert bare not in legal
    assert missing_options(legal, bare) == ["resource"]
