"""Every view keeps within Discord's limits, whatever its controls hold."""

from __future__ import annotations

from typing import Any

import discord

from cogs.adapters import ButtonControl, SelectControl, SelectOption, offers
from cogs.views import choice_view, hand_view, table_view

LONG = "x" * 300


def _components(view: discord.ui.View) -> list[dict[str, Any]]:
    """Return the components as sent to Discord, rows flattened."""
    return [c for row in view.to_components() for c in row["components"]]


def _within_limits(view: discord.ui.View) -> None:
    for component in _components(view):
        assert len(component["custom_id"]) <= 100
        assert len(component.get("label") or "") <= 80
        assert len(component.get("placeholder") or "") <= 150
        options = component.get("options", [])
        assert len(options) <= 25
        for option in options:
            assert max(len(option["label"]), len(option["value"]),
                       len(option.get("description") or "")) <= 100


def test_a_hands_long_texts_are_cut_and_unsendable_controls_left_out() -> None:
    options = [SelectOption(f"{i}H", LONG, LONG) for i in range(40)]
    options.insert(0, SelectOption("y" * 101, "a value that cannot be cut"))
    controls = [ButtonControl("draw", LONG), ButtonControl("z" * 100, "an id too long"),
                ButtonControl("discard ²H", "not ASCII"), SelectControl("discard", LONG, options)]
    view = hand_view(4, 8, controls, "en", "suit")
    _within_limits(view)
    sent = _components(view)
    ids = [c["custom_id"] for c in sent]
    assert ids == ["rm:4:sort:rank", "rm:4:act:8:draw", "rs:4:8:discard"]
    assert sent[1]["label"] == "x" * 79 + "…"
    values = [o["value"] for o in sent[2]["options"]]
    assert values == [f"{i}H" for i in range(25)]  # the uncuttable value is left out


def test_the_tables_and_a_choices_long_texts_are_cut() -> None:
    table = table_view(4, "en", someone_replaced=False, version=8,
                       controls=[ButtonControl("claim", LONG), ButtonControl("c" * 100, "x")])
    _within_limits(table)
    assert [c["custom_id"] for c in _components(table)] == ["rm:4:hand", "rm:4:watch",
                                                         "rm:4:tact:8:claim"]
    choice = choice_view(4, 8, [SelectOption("claim 8H A", LONG, LONG)] * 30, LONG)
    _within_limits(choice)
    assert len(_components(choice)[0]["options"]) == 25


def test_a_menu_offers_its_buttons_and_its_selects_values_only() -> None:
    controls = [ButtonControl("ui_take", "Take"),
                SelectControl("ui_lay", "Lay", [SelectOption("7H", "7♥"), SelectOption("8H", "")])]
    assert offers(controls, "ui_take", ())
    assert offers(controls, "ui_lay", ["7H"]) and offers(controls, "ui_lay", ["7H", "8H"])
    assert not offers(controls, "ui_take", ["3"])  # a button has no values
    assert not offers(controls, "ui_lay", ["9H"]) and not offers(controls, "ui_lay", ())
    assert not offers(controls, "ui_more", ())
