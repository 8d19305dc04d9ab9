"""The option declarations: validation, parsing a member's text, JSON and presets."""

from __future__ import annotations

import pytest

from engine.errors import BadOption
from engine.gin import GinOptions
from engine.options import OptionSpec
from tests.toy.engine import ToyOptions


def test_every_field_is_declared_with_its_kind_and_catalogue_keys() -> None:
    specs = {s.key: s for s in GinOptions.specs()}
    assert list(specs) == list(GinOptions().to_dict())
    assert specs["knock_limit"] == OptionSpec("knock_limit", "int", 10, low=0, high=10)
    assert specs["spade_double"].kind == "bool"
    assert specs["undercut_bonus"].choices == (10, 15, 20, 25)
    assert (specs["knock_limit"].label, specs["knock_limit"].help) == (
        "option.knock_limit", "option.knock_limit.help")


def test_settable_options_are_the_ones_settings_offers() -> None:
    assert [s.key for s in GinOptions.settable()] == [
        "knock_limit", "spade_double", "deep_discard_pickup", "gin_bonus", "big_gin",
        "undercut_bonus", "target_score", "team_size"]


@pytest.mark.parametrize(("key", "text", "value"), [
    ("knock_limit", "7", 7), ("knock_limit", " 0 ", 0), ("big_gin", "no", False),
    ("big_gin", "Sì", True), ("undercut_bonus", "20", 20), ("target_score", "250", 250),
])
def test_text_from_settings_becomes_a_value(key: str, text: str, value: object) -> None:
    assert getattr(GinOptions().with_text(key, text), key) == value


@pytest.mark.parametrize(("key", "text"), [
    ("knock_limit", "11"), ("knock_limit", "seven"), ("knock_limit", "²"), ("knock_limit", "٣"),
    ("knock_limit", "9" * 5000), ("big_gin", "maybe"), ("undercut_bonus", "30"),
    ("target_score", "0"), ("match_format", "hollywood"), ("colour", "red"),
])
def test_bad_text_is_refused_with_the_key_and_changes_nothing(key: str, text: str) -> None:
    opts = GinOptions()
    with pytest.raises(BadOption) as err:
        opts.with_text(key, text)
    assert err.value.params["key"] == key and opts == GinOptions()


def test_kind_card_and_int_or_off_accept_off_words() -> None:
    card = OptionSpec("special_card", "card", None)
    assert (card.parse("qs"), card.parse("Q♠"), card.parse("off"), card.parse("nessuna")) == (
        "QS", "QS", None, None)
    with pytest.raises(BadOption):
        card.parse("jk")
    elim = OptionSpec("elimination_score", "int_or_off", None, negative=True)
    assert (elim.parse("-101"), elim.parse("none")) == (-101, None)
    assert elim.parse("\u2212101") == -101  # the minus sign the bot writes, copied back
    assert card.parse("Q♠\ufe0e") == "QS"  # a suit in text form, copied from a message
    with pytest.raises(BadOption):
        elim.parse("101")


def test_odd_numbers_only_where_declared() -> None:
    spec = OptionSpec("best_of_games", "int", 5, low=1, odd=True)
    assert spec.parse("7") == 7
    with pytest.raises(BadOption, match="odd"):
        spec.parse("4")


def test_json_round_trip_and_unknown_keys() -> None:
    opts = GinOptions.preset("german")
    assert GinOptions.from_dict(opts.to_dict()) == opts
    with pytest.raises(BadOption) as err:
        GinOptions.from_dict({"colour": "red"})
    assert err.value.params == {"key": "colour", "value": "red"}


def test_an_option_set_is_checked_once_and_a_lookalike_value_is_still_refused() -> None:
    first = ToyOptions.from_dict({"runs": True, "out_bonus": 5})
    assert ToyOptions.from_dict({"out_bonus": 5, "runs": True}) is first
    for lookalike in ({"runs": 1, "out_bonus": 5}, {"runs": True, "out_bonus": 5.0},
                      {"runs": True, "out_bonus": [5]}):
        with pytest.raises(BadOption):
            ToyOptions.from_dict(lookalike)
    with pytest.raises(BadOption):
        ToyOptions.from_dict({"runs": True, "out_bonus": 5, "colour": "red"})


def test_presets_apply_overrides_and_refuse_unknown_names() -> None:
    assert ToyOptions.preset("sets_only", out_bonus=3) == ToyOptions(runs=False, out_bonus=3)
    with pytest.raises(BadOption) as err:
        ToyOptions.preset("nope")
    assert err.value.params["key"] == "preset"


def test_combined_rules_are_checked_after_each_value() -> None:
    with pytest.raises(BadOption) as err:
        GinOptions(play_style="mahjong", team_size=2)
    assert "not by teams" in err.value.message
