from __future__ import annotations

import logging

import pytest

from bot.games import action_from_options
from bot.games.exobase import COMMANDS, buttons, label, narrate
from bot.logging_setup import ContextFilter, log_context, set_game
from engine.core import Action, Event
from engine.exobase import RULES
from tests.games import FRONTENDS

VIEW = {
    "base": [{"card": "hab", "name": "Hab"}, {"card": "greenhouse", "name": "Greenhouse"}],
    "location_row": [{"card": "well", "name": "Well"}, None],
    "task_row": [{"card": "lab", "name": "Decode the Beacon", "location_name": "Lab"}, None],
    "founders": [{"id": "aoki", "name": "Aoki"}, {"id": "kamal", "name": "Kamal"}],
}


def test_subcommands_cover_every_action_kind() -> None:
    names = [c.name for c in COMMANDS]
    assert names == [
        "work", "task", "upgrade", "build", "repair", "instant", "end-placement", "roll",
        "target", "pay", "relocate", "tuck", "rest", "next-day", "flip", "power-down", "power-up",
    ]  # fmt: skip
    kinds = {c.kind for c in COMMANDS}
    assert {"end_placement", "roll_hazard", "choose_target", "pay_health", "next_day", "power_up"} <= kinds
    work = FRONTENDS["exobase"].command("work")
    assert work is not None
    action = action_from_options(work, {"founder": "aoki", "card": "hab", "space": 0, "resource": None})
    assert action == Action.of("work", founder="aoki", card="hab", space=0)


def test_start_options_are_checked() -> None:
    frontend = FRONTENDS["exobase"]
    assert frontend.clean_options({}) == {"mode": "normal", "team": False}
    assert frontend.opens_lobby({"team": True}) and not frontend.opens_lobby({"team": False})
    with pytest.raises(ValueError, match="mode"):
        frontend.clean_options({"mode": "easy"})


def test_buttons_for_night_and_targets() -> None:
    legal = [
        Action.of("work", founder="aoki", card="hab", space=0),
        Action.of("choose_target", card="hab"),
        Action.of("choose_target", card="greenhouse"),
        Action.of("rest", founder="aoki"),
        Action.of("rest", founder="kamal"),
        Action.of("tuck", founder="kamal", card="lab"),
        Action.of("flip", card="lab"),
        Action.of("next_day"),
    ]
    made = buttons(VIEW, legal, 4, 9, can_undo=True)
    assert [b.label for b in made] == [
        "Target Hab",
        "Target Greenhouse",
        "Rest Aoki",
        "Rest Kamal",
        "Kamal keeps task Decode the Beacon",
        "Flip Lab",
        "Next day",
        "Undo",
    ]
    assert made[-1].control == "undo" and made[-1].action is None
    assert all(b.game_id == 4 and b.version == 9 for b in made)


def test_at_most_25_buttons_keeping_undo() -> None:
    legal = [Action.of("choose_target", card=f"c{i}") for i in range(40)]
    made = buttons({}, legal, 1, 1, can_undo=True)
    assert len(made) == 25 and made[-1].control == "undo"
    assert len(buttons({}, legal, 1, 1)) == 25


def test_narration_names_the_actor_and_drops_nothing() -> None:
    events = [Event(f"kind{i}", f"line {i}") for i in range(12)]
    text = narrate(events, "Bob")
    assert text.startswith("**Bob**: line 0")
    assert text.splitlines()[-1] == "line 11" and "more." not in text
    assert narrate([], "Bob") == "**Bob** acts."


def test_labels() -> None:
    assert label(VIEW, "founder", "aoki") == "Aoki"
    assert label(VIEW, "card", "well") == "Well"
    base = {
        "base": [
            {"card": "hab", "name": "Hab", "x": 1, "y": 0},
            {"card": "well", "name": "Well", "x": 2, "y": -1},
        ]
    }
    assert label(base, "at", "2,0") == "(2, 0): east of Hab, south of Well"
    assert label(base, "at", "5,5") == "(5, 5)"
    assert label(VIEW, "ability", "founder:0") == "Own instant #1"
    assert label(VIEW, "resource", "water") == "Water"


def test_log_lines_carry_guild_channel_and_game(caplog: pytest.LogCaptureFixture) -> None:
    caplog.handler.addFilter(ContextFilter())
    with caplog.at_level(logging.INFO), log_context(5, 6):
        set_game(7)
        logging.getLogger("bot.test").info("hello")
    record = caplog.records[-1]
    # ContextFilter sets these attributes on the record at run time, so mypy cannot know them.
    assert (record.guild, record.channel, record.game) == (5, 6, 7)  # type: ignore[attr-defined]


def test_a_placement_posts_the_base_and_panel_and_a_new_phase_posts_everything() -> None:
    choose = FRONTENDS["exobase"].images
    assert choose is not None
    work = [Event("placed", "", {"founder": "aoki", "action": "work"}), Event("gained", "", {})]
    assert choose(work) == frozenset({"base", "panel", "dice"})
    task = [Event("placed", "", {"founder": "aoki", "action": "task"})]
    assert choose(task) is None
    assert choose([Event("built", "", {"card": "well", "at": "2,0"})]) is None
    assert choose([Event("phase", "", {"phase": "hazard"})]) is None


def test_a_team_presses_ready_and_a_shortage_offers_darkening() -> None:
    legal = [Action.of("end_placement"), Action.of("power_down", card="hab")]
    assert [b.label for b in buttons({**VIEW, "seats": 2}, legal, 4, 9)] == ["Ready", "Darken Hab"]
    assert buttons({**VIEW, "seats": 1}, legal, 4, 9)[0].label == "End placement"


def test_energy_coming_back_offers_a_button_for_each_dark_location_that_fits() -> None:
    legal = [Action.of("power_up", card="hab"), Action.of("power_up", card="greenhouse")]
    found = buttons({**VIEW, "seats": 1}, legal, 4, 9)
    assert [b.label for b in found] == ["Power Hab", "Power Greenhouse"]
    # With each location's need in the view, the button says what powering it takes.
    base = [
        {"card": "hab", "name": "Hab", "needs": 1},
        {"card": "greenhouse", "name": "Greenhouse", "needs": 2},
    ]
    found = buttons({**VIEW, "base": base, "seats": 1}, legal, 4, 9)
    assert [b.label for b in found] == ["Power Hab (1 cube)", "Power Greenhouse (2 cubes)"]


def test_rules_name_both_win_conditions_and_what_the_words_mean() -> None:
    text = FRONTENDS["exobase"].rules_summary
    assert len(text) < 2000  # one Discord message
    for needed in (
        "every production track",
        "AND the Power Station is fully upgraded",
        "**Score**",
        "**Danger N**",
        '**"+1 minerals"** on a work space is a one-off gain',
        '**"+1 minerals production"**',
        "power-down",
    ):
        assert needed in text


def test_status_shows_progress_towards_both_goals_and_energy() -> None:
    view = RULES.view(RULES.setup(["Ana"], {"mode": "normal"}, 8), None)
    summary = FRONTENDS["exobase"].summary
    assert summary is not None
    text = summary(view)
    goal = next(line for line in text.splitlines() if line.startswith("Goal"))
    assert "production tracks in the green" in goal and "AND Power Station level 1/3" in goal
    assert "(next: 4 metal, 3 minerals)" in goal
    assert "Energy: 4 supplied, 3 in use, 1 spare" in text


def test_the_summary_headline_gives_the_final_score_and_never_a_day_past_the_last() -> None:
    from bot.games.exobase import summary

    view = RULES.view(RULES.setup(["p1"], {"mode": "normal"}, 1), None)
    assert summary(view).startswith(f"Day 1/{view['days']} · placement · score if won now {view['score']}")
    lost = {**view, "day": view["days"] + 1, "outcome": {"won": False, "reason": "time", "score": 0}}
    assert summary(lost).startswith(f"Day {view['days']}/{view['days']} · over (lost) · final score 0")
    won = {**view, "day": 6, "outcome": {"won": True, "reason": "goal", "score": 9}}
    assert summary(won).startswith(f"Day 6/{view['days']} · over (won) · final score 9")


def test_autocomplete_reads_spaces_instants_and_tasks_by_what_they_do() -> None:
    from bot.turns import option_values
    from engine.exobase import CONTENT
    from tests.engine.exobase.exo_helpers import FOUR, new

    frontend = FRONTENDS["exobase"]
    state = new(3, founders=FOUR)
    greenhouse = CONTENT.cards["greenhouse"]
    spaces = option_values(
        RULES, frontend, state, 0, "work", "space", {"founder": "tamsin", "card": "greenhouse"}
    )
    first = greenhouse.spaces[0]
    assert spaces[0] == (first.label + (f" · {first.danger} danger die" if first.danger else ""), 0)
    abilities = option_values(RULES, frontend, state, 0, "instant", "ability", {"founder": "tamsin"})
    own = {f"Own instant: {a.text}" for a in CONTENT.founders["tamsin"].instants}
    offered = [text for text, value in abilities if str(value).startswith("founder:")]
    assert offered and set(offered) <= own
    tasks = option_values(RULES, frontend, state, 0, "task", "card", {"founder": "tamsin"})
    names = {c.task.name for c in CONTENT.cards.values() if c.task is not None}
    assert tasks and all(text in names for text, _ in tasks)


def test_labels_name_the_danger_dice_and_a_builds_chosen_production() -> None:
    from engine.exobase import CONTENT

    risky = next(
        (c.id, i, sp) for c in CONTENT.cards.values() for i, sp in enumerate(c.spaces) if sp.danger == 1
    )
    card, index, space = risky
    work = Action.of("work", founder="tamsin", card=card, space=index)
    state = RULES.setup(["p1"], {"mode": "normal"}, 1)
    assert RULES.describe(work, state).endswith(f"{space.label} (1 danger die)")
    build = Action.of("build", founder="tamsin", card="lab", at="2,0", resource="gas")
    assert RULES.describe(build, state).endswith("(+1 gas production)")


def test_build_and_upgrade_choices_state_what_they_cost_and_give() -> None:
    state = RULES.setup(["Ann"], {}, 3)
    view = RULES.view(state, None)
    refinery = next(c for c in view["location_row"] if c and c["card"] == "refinery")
    built = label({**view, "asking": {"kind": "build", "filled": {}}}, "card", "refinery")
    assert built == f"{refinery['name']} (3 metal, 1 water, 1 cube \u2192 +1 gas production)"
    greenhouse = label({**view, "asking": {"kind": "upgrade", "filled": {}}}, "card", "greenhouse")
    assert greenhouse.startswith("Greenhouse (") and "\u2192 L2" in greenhouse
    # Elsewhere (a typed name read back, a button) the card is its name alone.
    assert label(view, "card", "refinery") == refinery["name"]
