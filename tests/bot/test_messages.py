"""Turning a Reply into message arguments: images, buttons, mentions and Discord's limits."""

from __future__ import annotations

from bot.cogs.factory import filter_choices
from bot.replies import Button, Image, Reply
from bot.ui.buttons import ActionButton, ControlButton
from bot.ui.send import MAX_CONTENT, fitted, message_kwargs, parts
from engine.core import Action


def test_images_become_files_shown_in_embeds() -> None:
    images = [Image("base.png", b"\x89PNG1", "The base"), Image("dice.png", b"\x89PNG2", "Dice")]
    kwargs = message_kwargs(Reply("Day 1", images=images))
    assert [file.filename for file in kwargs["files"]] == ["base.png", "dice.png"]
    assert [file.description for file in kwargs["files"]] == ["The base", "Dice"]
    assert [embed.image.url for embed in kwargs["embeds"]] == [
        "attachment://base.png",
        "attachment://dice.png",
    ]


def test_buttons_are_dynamic_items_five_to_a_row_without_repeats() -> None:
    actions = [Button(f"Work {i}", 3, 4, action=Action.of("work", space=i)) for i in range(30)]
    buttons = [Button("Undo", 3, 4, control="undo"), Button("Undo again", 3, 4, control="undo"), *actions]
    view = message_kwargs(Reply("x", buttons=buttons))["view"]
    items = view.children
    assert len(items) == 25
    assert isinstance(items[0], ControlButton) and all(isinstance(item, ActionButton) for item in items[1:])
    assert [item.custom_id for item in items[:2]] == ["xc:3:4:undo", "xa:3:4:work|s#0"]
    assert view.to_components()[0]["components"][4]["custom_id"] == "xa:3:4:work|s#3"
    assert len(view.to_components()) == 5


def test_no_buttons_means_no_view() -> None:
    assert "view" not in message_kwargs(Reply("plain"))


def test_mentions_are_pinged_once_and_nobody_else() -> None:
    kwargs = message_kwargs(Reply("<@5> and friends, your turn", mentions=[5, 6]))
    assert kwargs["content"] == "<@6> <@5> and friends, your turn"
    allowed = kwargs["allowed_mentions"].to_dict()
    assert allowed["parse"] == [] and allowed["users"] == [5, 6]


def test_long_text_is_cut_to_discords_limit() -> None:
    content = message_kwargs(Reply("x" * 5000))["content"]
    assert len(content) == MAX_CONTENT and content.endswith("…")


def test_choices_filter_on_what_was_typed_and_keep_the_option_type() -> None:
    pairs: list[tuple[str, str | int]] = [
        ("Greenhouse (+2 food)", "greenhouse"),
        ("Well", "well"),
        ("Hab", "hab"),
    ]
    assert [choice.value for choice in filter_choices(pairs, "GREEN", "str")] == ["greenhouse"]
    assert [choice.value for choice in filter_choices(pairs, "", "str")] == ["greenhouse", "well", "hab"]
    spaces: list[tuple[str, str | int]] = [(f"space {i}", i) for i in range(40)]
    assert len(filter_choices(spaces, "", "int")) == 25
    assert filter_choices(spaces, "3", "int")[0].value == 3


def test_typed_parts_find_a_list_of_names_in_any_order() -> None:
    pairs: list[tuple[str, str | int]] = [
        ("Cobalt Relay, Vesper Spire", "c1,v2"),
        ("Cobalt Relay", "c1"),
        ("Nadir Bastion, Vesper Spire", "n3,v2"),
    ]
    assert [c.value for c in filter_choices(pairs, "vesper, cobalt", "str")] == ["c1,v2"]
    assert [c.value for c in filter_choices(pairs, "Vesper Spire", "str")] == ["c1,v2", "n3,v2"]


def test_a_choice_whose_value_discord_would_refuse_is_left_out() -> None:
    # A value over 100 characters (six long card ids to discard) would fail the whole answer.
    long = ",".join(f"card_with_a_long_id_{i}" for i in range(6))
    pairs: list[tuple[str, str | int]] = [("Six cards", long), ("One card", "card_with_a_long_id_0")]
    assert len(long) > 100
    assert [c.value for c in filter_choices(pairs, "", "str")] == ["card_with_a_long_id_0"]


def test_a_long_text_goes_in_several_messages_cut_at_line_ends() -> None:
    lines = [f"Card {i}: " + "word " * 60 for i in range(12)]
    text = "\n".join(lines)
    pieces = fitted(text)
    assert len(pieces) > 1 and all(len(piece) <= MAX_CONTENT - 200 for piece in pieces)
    # Nothing is lost and no line is split: the pieces join back into the text.
    assert "\n".join(pieces) == text
    # One line longer than a message is cut at a space.
    long = " ".join(["word"] * 900)
    assert [len(piece) <= MAX_CONTENT for piece in fitted(long)] == [True] * len(fitted(long))
    assert " ".join(fitted(long)) == long
    # A reply is posted in those pieces: the first pings, the last carries the buttons.
    reply = Reply(text, buttons=[Button("Undo", 1, 1, control="undo")], mentions=[5])
    posted = parts(reply)
    assert [p.text for p in posted] == pieces
    assert posted[0].mentions == [5] and posted[-1].buttons and not posted[0].buttons
