"""The adapter base: what every game's adapter gets from the engine's declarations."""

from __future__ import annotations

import pytest

from bot.i18n import catalogue, game_key
from cogs.adapters.base import option_text, rules_line
from cogs.registry import adapter_for, game_names
from engine.errors import BadOption
from engine.options import OptionSpec


@pytest.mark.parametrize("name", game_names())
def test_every_settable_option_has_a_label_and_help_in_both_languages(name: str) -> None:
    adapter = adapter_for(name)
    keys = [game_key(name, k) for s in adapter.settings for k in (s.label, s.help)]
    assert keys, name
    for language in ("en", "it"):  # the game's own catalogue first (bot.i18n)
        assert [k for k in keys if k not in catalogue(language)] == []


@pytest.mark.parametrize("name", game_names())
def test_presets_and_options_come_from_the_engine(name: str) -> None:
    adapter = adapter_for(name)
    options_type = adapter.game.options_type
    assert adapter.presets() == list(options_type.PRESETS)
    assert adapter.options(adapter.presets()[0], {}) == options_type()
    assert adapter.settings == options_type.settable()
    with pytest.raises(BadOption):
        adapter.options("no_such_preset", {})


def test_changed_rules_are_named_in_the_members_language() -> None:
    gin = adapter_for("gin")
    rules = {"knock_limit": 7, "big_gin": False}
    assert rules_line(gin, "standard", rules, "en") == (
        "Rules: Standard, changed: Knock limit 7, Big gin off")
    assert rules_line(gin, "standard", rules, "it") == (
        "Regole: Standard, con modifiche: Limite per bussare 7, Big gin no")
    assert rules_line(gin, "standard", {}, "en") == "Rules: Standard"
    assert rules_line(gin, "standard", {"knock_limit": 10}, "en") == "Rules: Standard"


def test_option_values_read_naturally() -> None:
    special = OptionSpec("special_card", "card", None)
    assert option_text(special, None, "en", game="rummy500") == "Special card: off"
    assert option_text(special, "QS", "it", game="rummy500") == "Carta speciale: Q♠\ufe0e"
    assert option_text(OptionSpec("top_card_free", "bool", False), True, "en",
                       game="rummy500") == "Top card free: on"
