"""Europa Base Alpha through real discord.py parsing: three players play to the final tally, Ann from
the select menus and buttons of her DMs, Cy (DMs closed) from the ephemeral "My hand" reply, Bob
with slash commands; after every step nothing secret is in a public message, a label or a log line."""

from __future__ import annotations

import logging
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot
from bot.games import action_from_options
from bot.games.europa import FRONTEND
from bot.ui.buttons import build_view
from engine.core import Action
from engine.europa import RULES
from engine.europa.state import EuropaState
from tests.bot.conftest import begin, button, posted, quiet_bot, run
from tests.bot.europa_play import (
    interaction_for,
    leaks,
    public,
    public_text,
    secrets,
    stored_state,
    typed,
)
from tests.bot.fake_discord import EPHEMERAL, Call, FakeDiscord, Person, dm_recipient

ANN, BOB, CY = Person(11, "Ann"), Person(12, "Bob"), Person(13, "Cy")
PEOPLE = {0: ANN, 1: BOB, 2: CY}
COMMAND = {spec.kind: spec.name for spec in FRONTEND.commands}
OWN_LOGGERS = ("bot", "engine", "render", "discord")


@pytest.fixture
async def ebot(tmp_path: Path, fake: FakeDiscord) -> Any:
    async with quiet_bot(tmp_path, 21) as bot:
        yield bot


def _board(fake: FakeDiscord, calls: list[Call], board: Call | None) -> Call | None:
    boards = [c for c in public(fake, calls) if any(cid.endswith(":mine") for cid in c.custom_ids)]
    return boards[-1] if boards else board


async def test_three_players_play_to_the_final_tally_and_nothing_secret_leaks(
    ebot: GameBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    fake.closed_dms.add(CY.user_id)
    calls = await begin(ebot, fake, "europa", ANN, BOB, CY)
    state = await stored_state(ebot, 1)
    assert state.players == ["Ann", "Bob", "Cy"]
    # Ann's hand comes by DM; Cy's DMs are closed, so the channel says where to look.
    ann_dm = [c for c in posted(calls) if dm_recipient(fake, c) == ANN.user_id][-1]
    assert all(card["name"] in ann_dm.content for card in RULES.view(state, 0)["you"]["hand"])
    assert any("<@13>" in c.content and "hand" in c.content for c in public(fake, calls))
    board = _board(fake, calls, None)
    found: list[tuple[int, str, list[str]]] = []
    ways = {"dm": 0, "hand": 0, "command": 0}
    steps = 0
    while RULES.outcome(state) is None:
        seat = min(RULES.to_move(state))
        action = RULES.timeout_action(state, seat)
        assert action is not None
        person, calls, payload = PEOPLE[seat], [], None
        if seat == 0:
            payload = interaction_for(fake, ANN, ann_dm, action)
            ways["dm"] += payload is not None
        elif seat == 2 and board is not None:
            # Cy opens "My hand": her cards and her own menus, for her eyes only.
            calls = await run(ebot, fake, fake.click(CY, board, button(board, ":mine")))
            [mine] = posted(calls)
            assert mine.flags & EPHEMERAL and "for Cy only" in mine.content
            payload = interaction_for(fake, CY, mine, action)
            ways["hand"] += payload is not None
        if payload is None:
            ways["command"] += 1
            payload = fake.command(person, "europa", COMMAND[action.kind], **typed(action))
        mark = len(caplog.records)
        moved = await run(ebot, fake, payload)
        calls += moved
        refused = [c for c in posted(moved) if c.flags & EPHEMERAL]
        assert not refused, (action, refused[0].content)
        fresh = [c for c in posted(calls) if dm_recipient(fake, c) == ANN.user_id]
        ann_dm = fresh[-1] if fresh else ann_dm
        board = _board(fake, calls, board)
        before, state = state, await stored_state(ebot, 1)
        hidden = secrets(state, before)
        shown = [public_text(c) for c in public(fake, calls)]
        logged = [r.getMessage() for r in caplog.records[mark:] if r.name.split(".")[0] in OWN_LOGGERS]
        for where, texts in (("public", shown), ("log", logged)):
            if leaks(texts, hidden):
                found.append((steps, where, leaks(texts, hidden)))
        steps += 1
        assert steps < 3000
    assert found == []
    assert all(ways.values()), ways
    record = await ebot.service.repo.get_game(1)
    assert record is not None and record.status == "finished"
    assert any("Game over" in c.content for c in posted(calls))


async def test_my_hand_is_ephemeral_and_its_menu_picks_the_base(ebot: GameBot, fake: FakeDiscord) -> None:
    fake.closed_dms.add(CY.user_id)
    calls = await begin(ebot, fake, "europa", ANN, BOB, CY)
    board = _board(fake, calls, None)
    assert board is not None
    [mine] = posted(await run(ebot, fake, fake.click(CY, board, button(board, ":mine"))))
    hand = RULES.view(await stored_state(ebot, 1), 2)["you"]["hand"]
    assert mine.flags & EPHEMERAL and all(card["name"] in mine.content for card in hand)
    [menu] = [c for row in mine.message["components"] for c in row["components"] if c["type"] == 3]
    assert {o["label"].removeprefix("Build ") for o in menu["options"]} == {c["name"] for c in hand}
    # Bob clicking "My hand" sees his own cards, never Cy's.
    [bobs] = posted(await run(ebot, fake, fake.click(BOB, board, button(board, ":mine"))))
    assert bobs.flags & EPHEMERAL and not any(card["name"] in public_text(bobs) for card in hand)
    pick = Action.of("choose", card=hand[0]["id"])
    payload = interaction_for(fake, CY, mine, pick)
    assert payload is not None and payload["data"]["values"] == [f"choose|c={hand[0]['id']}"]
    calls = await run(ebot, fake, payload)
    state = await stored_state(ebot, 1)
    assert state.choice[2] == hand[0]["id"]
    shown = " ".join(public_text(c) for c in public(fake, calls))
    assert "Cy has made a choice" in shown and hand[0]["name"] not in shown and hand[0]["id"] not in shown
    # The same pick again is no longer legal: an ephemeral refusal, and the choice stands.
    again = posted(await run(ebot, fake, interaction_for(fake, CY, mine, pick) or {}))
    assert again and all(c.flags & EPHEMERAL for c in again)
    assert (await stored_state(ebot, 1)).choice[2] == hand[0]["id"]


def _view(hand: list[str]) -> dict[str, Any]:
    cards = [
        {
            "id": c,
            "name": c.title(),
            "points": 5,
            "needs": {"tower": 2},
            "undermine": {"text": "u"},
            "plan": {},
        }
        for c in hand
    ]
    players = [
        {"seat": s, "name": n, "plans": [], "undermines": []} for s, n in enumerate(["Ann", "Bob", "Cy"])
    ]
    return {"viewer": 0, "players": players, "you": {"hand": cards, "plans": []}}


def test_many_undermining_choices_fill_menus_and_pass_stays_a_button() -> None:
    hand = ["alpha", "beta", "gamma", "delta", "omega"]
    legal = [
        Action.of("undermine", card=c, target=t, discard=d)
        for c in hand
        for t in (1, 2)
        for d in [x for x in hand if x != c]
    ]
    legal += [Action.of("pass"), Action.of("away")]
    items = FRONTEND.buttons(_view(hand), legal, 4, 9)
    menus = [b for b in items if b.is_select]
    assert len(legal) - 2 == 40 and [len(m.options) for m in menus] == [25, 15]
    assert [b.label for b in items if not b.is_select] == ["Pass"]
    view = build_view(items)
    assert view is not None
    # What Discord receives: one row per menu, then the buttons' row.
    rows = [[c["type"] for c in row["components"]] for row in view.to_components()]
    assert rows == [[3], [3], [2]]
    picked = {o.action for m in menus for o in m.options}
    assert picked == set(legal[:-2])


def test_each_way_of_paying_or_aiming_an_undermining_card_reads_differently() -> None:
    hand = ["alpha", "beta", "gamma"]
    view = _view(hand)
    view["players"][1]["plans"] = [
        {"key": "green_bunker", "plan": {"text": "A green die may be turned to a Bunker"}},
        {"key": "hand6", "plan": {"text": "Draw 6 cards at the start of a round"}},
    ]
    paid = [Action.of("undermine", card="alpha", target=1, discard=d) for d in ("beta", "gamma")]
    aimed = [Action.of("undermine", card="beta", target=1, plan=k) for k in ("green_bunker", "hand6")]
    items = FRONTEND.buttons(view, [*paid, *aimed, Action.of("pass")], 4, 9)
    [menu] = [b for b in items if b.is_select]
    shown = {o.action: (o.label, o.description) for o in menu.options}
    assert shown[paid[0]][0] == "Undermine Bob with Alpha, discarding Beta"
    assert shown[paid[1]][0] == "Undermine Bob with Alpha, discarding Gamma"
    assert shown[aimed[0]] == (
        "Undermine Bob with Beta",
        "Destroys their plan: A green die may be turned to a Bunker",
    )
    assert shown[aimed[1]][1] == "Destroys their plan: Draw 6 cards at the start of a round"
    assert len(set(shown.values())) == 4


def test_a_redraw_is_one_multiple_choice_menu_and_keeping_the_hand_a_button() -> None:
    hand = ["alpha", "beta", "gamma", "delta", "omega"]
    view = _view(hand)
    legal = [
        Action.of("redraw", discard=",".join(sorted(p))) for k in range(6) for p in combinations(hand, k)
    ]
    items = FRONTEND.buttons(view, legal, 4, 9)
    [menu] = [b for b in items if b.is_select]
    assert menu.gather is not None and [o.value for o in menu.options] == hand
    assert menu.gather.action(["gamma", "alpha"]) == Action.of("redraw", discard="alpha,gamma")
    assert [b.label for b in items if not b.is_select] == ["Keep my hand"]
    built = build_view(items)
    assert built is not None
    menu_row, button_row = built.to_components()
    [select] = menu_row["components"]
    assert select["max_values"] == 5 and select["custom_id"] == "xs:4:9:0:redraw.discard"
    assert [c["type"] for c in button_row["components"]] == [2]


def test_a_hand_of_6_plan_gets_a_menu_and_a_keep_button_for_each_hand_size() -> None:
    hand = ["alpha", "beta", "gamma", "delta", "omega"]
    view = _view(hand)
    picks = [",".join(sorted(p)) for k in range(6) for p in combinations(hand, k)]
    legal = [Action.of("redraw", discard=p, six=six) for p in picks for six in (True, False)]
    items = FRONTEND.buttons(view, legal, 4, 9)
    six, five = [b for b in items if b.is_select]
    assert (six.label, five.label) == ("Discard and draw up to 6…", "Discard and draw up to 5…")
    assert six.gather is not None and five.gather is not None
    assert six.gather.action(["beta"]) == Action.of("redraw", discard="beta", six=True)
    assert five.gather.action(["beta"]) == Action.of("redraw", discard="beta", six=False)
    assert [b.label for b in items if not b.is_select] == [
        "Keep my hand, draw to 6 (+1 Cut Corner token)",
        "Keep my hand, draw to 5",
    ]
    built = build_view(items)
    assert built is not None
    ids = [row["components"][0]["custom_id"] for row in built.to_components()[:2]]
    assert ids == ["xs:4:9:0:redraw.discard+six=1", "xs:4:9:1:redraw.discard+six=0"]


def _rolled_nothing_useful() -> EuropaState:
    """Seat 0 of a two-player game after its first main roll, every die showing nothing its base needs."""
    state: EuropaState = RULES.setup(["Ann", "Bob"], {}, 7)
    base = state.hands[0][0]
    for seat in (0, 1):
        state, _ = RULES.apply(state, seat, Action.of("choose", card=state.hands[seat][0]))
    while state.phase == "undermine":
        state, _ = RULES.apply(state, state.turn, Action.of("pass"))
    state, _ = RULES.apply(state, 0, Action.of("roll"))
    att = state.attempt[0]
    assert att is not None
    need = RULES.content.cards[base].needs
    useless = next(s for s in ("command", "transport", "tower", "silo", "bunker") if s not in need)
    for die in att["dice"]:
        die["f"] = [useless]
    return state


def test_failed_main_rolls_with_no_usable_card_offer_a_give_up_button() -> None:
    state = _rolled_nothing_useful()
    # Seat 0's cards cannot help (the engine would fail such a base by itself before).
    useless_cards = [
        c.id
        for c in RULES.content.cards.values()
        if c.ingenuity.kind == "cancel_undermine" and c.id in state.deck and not c.invader
    ]
    state.deck = [c for c in state.deck + state.hands[0] if c not in useless_cards[:4]]
    state.hands[0] = useless_cards[:4]
    state, _ = RULES.apply(state, 0, Action.of("stop"))
    legal = RULES.legal_actions(state, 0)
    assert state.status[0] == "building" and {a.kind for a in legal} == {"give_up", "away"}
    items = FRONTEND.buttons(RULES.view(state, 0), legal, 4, 9)
    give_up = [b for b in items if not b.is_select and b.action == Action.of("give_up")]
    assert [b.label for b in give_up] == ["Give up (lose this round's bases)"]
    view = build_view(items)
    assert view is not None
    ids = [c["custom_id"] for row in view.to_components() for c in row["components"]]
    assert any(i.startswith("xa:4:9:") and i.endswith("give_up") for i in ids)


def test_dice_are_counted_from_1_when_typed_and_from_0_in_the_engine() -> None:
    keep = FRONTEND.command("keep")
    assert keep is not None
    assert action_from_options(keep, {"die": 1}) == Action.of("keep", die=0)
    plan = FRONTEND.command("plan-use") or next(c for c in FRONTEND.commands if c.kind == "use_plan")
    assert action_from_options(plan, {"card": "x", "die": 3}) == Action.of("use_plan", card="x", die=2)
    assert RULES.describe(Action.of("keep", die=0), RULES.setup(["Ann", "Bob"], {}, 1)) == "Keep die 1"


def test_a_reroll_that_may_leave_its_stars_gets_a_button_and_an_option_for_it() -> None:
    state = _rolled_nothing_useful()
    att = state.attempt[0]
    assert att is not None
    greens = [i for i, d in enumerate(att["dice"]) if d["c"] == "green"]
    att["dice"][greens[0]]["f"] = ["star"]
    reroll = next(
        c.id
        for c in RULES.content.cards.values()
        if c.ingenuity.kind == "reroll"
        and c.ingenuity.colour == "green"
        and c.ingenuity.n == 3
        and c.ingenuity.timing == "after"
        and not c.invader
        and c.id not in state.hands[1]
    )
    state.deck = [c for c in state.deck + state.hands[0] if c != reroll]
    state.hands[0] = [reroll]
    state, _ = RULES.apply(state, 0, Action.of("stop"))
    leave = Action.of("ingenuity", card=reroll, leave_stars=True)
    assert leave in RULES.legal_actions(state, 0)
    items = FRONTEND.buttons(RULES.view(state, 0), RULES.legal_actions(state, 0), 4, 9)
    name = RULES.content.cards[reroll].name
    [menu] = [b for b in items if b.is_select]
    labels = {o.action: o.label for o in menu.options}
    assert labels[leave] == f"Ingenuity: {name} (Stars stay)"
    # Four green dice lie loose (the Star among them): only the way that leaves the Star is open.
    assert Action.of("ingenuity", card=reroll) not in labels
    command = next(c for c in FRONTEND.commands if c.kind == "ingenuity")
    assert action_from_options(command, {"card": reroll, "leave_stars": True}) == leave
    assert RULES.describe(leave, state).endswith(", leaving the loose Stars")


def test_a_player_typed_by_number_is_counted_from_1_in_every_game() -> None:
    from bot.games.colony import FRONTEND as COLONY
    from bot.games.spacebase import FRONTEND as SPACEBASE

    # Discord suggests players by name; a number typed by hand counts from 1, as players do.
    undermine = next(c for c in FRONTEND.commands if c.kind == "undermine")
    typed = action_from_options(undermine, {"card": "x", "target": 2})
    assert typed == Action.of("undermine", card="x", target=1)
    give = next(c for c in COLONY.commands if c.kind == "give")
    assert action_from_options(give, {"card": "x", "seat": 1}) == Action.of("give", card="x", seat=0)
    trade = next(c for c in SPACEBASE.commands if c.kind == "give")
    assert action_from_options(trade, {"card": "x", "seat": 3}) == Action.of("give", card="x", seat=2)
    assert all(
        o.offset == 1 and o.description.endswith("(1 = the first player)")
        for frontend in (FRONTEND, COLONY, SPACEBASE)
        for c in frontend.commands
        for o in c.options
        if o.name in ("seat", "target") and o.type == "int"
    )


def test_a_secret_base_choice_made_reads_as_made_on_the_table_never_which() -> None:
    from bot.games.europa import summary
    from render.europa.table import table_text

    state = RULES.setup(["Ann", "Bob"], {}, 7)
    card = state.hands[0][0]
    state, _ = RULES.apply(state, 0, Action.of("choose", card=card))
    table = RULES.view(state, None)
    name = RULES.content.cards[card].name
    for text in (summary(table), table_text(table)):
        assert "Ann: base chosen" in text and "Bob: choosing a base" in text and name not in text
