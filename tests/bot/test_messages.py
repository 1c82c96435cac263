"""Turning a Reply into message arguments: images, buttons, mentions and Discord's limits."""

from __future__ import annotations

from bot.cogs.factory import filter_choices
from bot.replies import Button, Image, Reply
from bot.ui.buttons import ActionButton, ControlButton
from bot.ui.send import MAX_CONTENT, message_kwargs
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
