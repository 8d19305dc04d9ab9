"""Translation tests: complete catalogues, locale choice, formatting."""

from __future__ import annotations

import logging

import discord
import pytest

from bot.i18n import (
    SUPPORTED,
    card_text,
    cards_text,
    catalogue,
    locale_of,
    names_text,
    number,
    placeholders,
    t,
    text_suits,
)
from bot.locales import en, it
from cogs.registry import game_names

# Every entry: the shared catalogues and the hosted games' own (registered with their adapters).
CATALOGUES = {"en": catalogue("en"), "it": catalogue("it")}


def test_supported_languages_have_catalogues() -> None:
    assert SUPPORTED == ("en", "it")
    assert catalogue("it")["turn.your_turn"] == it.MESSAGES["turn.your_turn"] == "Tocca a te."
    assert catalogue("en-GB")["turn.your_turn"] == en.MESSAGES["turn.your_turn"]
    assert catalogue("it")["canasta.game"] == "Canasta"  # a hosted game's own words are in
    assert "canasta" in game_names()


def test_catalogues_have_the_same_keys() -> None:
    assert sorted(set(CATALOGUES["en"]) - set(CATALOGUES["it"])) == []
    assert sorted(set(CATALOGUES["it"]) - set(CATALOGUES["en"])) == []


@pytest.mark.parametrize("key", sorted(CATALOGUES["en"]))
def test_same_placeholders_per_key(key: str) -> None:
    assert placeholders(CATALOGUES["it"][key]) == placeholders(CATALOGUES["en"][key]), key


@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_value_is_non_empty_and_fillable(lang: str) -> None:
    for key, template in CATALOGUES[lang].items():
        assert template.strip(), f"{lang}:{key} is empty"
        # Named placeholders only: positional {} cannot be filled by t(**params).
        names = placeholders(template)
        assert all(name.isidentifier() for name in names), f"{lang}:{key} {names}"
        # `key` and `locale` are t()'s own parameters, so they cannot be placeholders.
        assert not names & {"key", "locale"}, f"{lang}:{key}"
        filled = t(key, lang, **{name: f"<{name}>" for name in names})
        assert "{" not in filled and "}" not in filled, f"{lang}:{key} -> {filled}"


def test_italian_is_really_translated() -> None:
    # Proper names and game terms may match; most sentences must not.
    english, italian = CATALOGUES["en"], CATALOGUES["it"]
    same = [k for k in english if english[k] == italian[k]]
    assert len(same) < len(english) // 8, same


def test_catalogues_cover_the_gin_game() -> None:
    needed = {
        "lobby.title",
        "lobby.button.join",
        "lobby.button.leave",
        "lobby.button.add_computer",
        "lobby.button.start",
        "lobby.button.settings",
        "lobby.joined",
        "lobby.left",
        "lobby.need_players",
        "lobby.only_host_start",
        "lobby.only_host_abandon",
        "lobby.already_running",
        "lobby.not_seated",
        "turn.your_turn",
        "action.draw_stock",
        "action.take_discard",
        "gin.action.pass_upcard",
        "gin.action.take_upcard",
        "action.discard",
        "gin.action.knock",
        "gin.action.big_gin",
        "gin.action.gin",
        "error.move_unavailable",
        "error.not_your_turn",
        "error.taken_card_discard",
        "gin.error.knock_too_high",
        "error.unknown_card",
        "error.invalid_option",
        "error.dms_closed",
        "error.missing_permission",
        "timer.reminder",
        "timer.auto_played",
        "timer.replaced",
        "timer.button.back",
        "event.drew_stock",
        "event.took_discard",
        "event.discarded",
        "gin.event.knocked",
        "gin.event.gin",
        "gin.event.big_gin",
        "gin.event.dead_hand",
        "gin.event.undercut",
        "gin.event.hand_score_line",
        "event.game_over",
        "event.winner",
        "lb.games",
        "lb.wins",
        "lb.win_rate",
        "lb.points",
        "lb.no_games",
        "gin.oklahoma.knock_card",
        "action.sort_suit",
        "action.sort_rank",
        "table.button.my_hand",
    }
    assert sorted(needed - set(CATALOGUES["en"])) == []


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("it", "it"),
        (discord.Locale.italian, "it"),
        ("it-IT", "it"),
        ("IT", "it"),
        ("en-US", "en"),
        ("en-GB", "en"),
        (discord.Locale.american_english, "en"),
        (discord.Locale.french, "en"),
        ("pt-BR", "en"),
        ("", "en"),
        (None, "en"),
        (42, "en"),
    ],
)
def test_locale_of(given: object, expected: str) -> None:
    assert locale_of(given) == expected


def test_t_picks_the_language() -> None:
    assert t("turn.your_turn", "it") == "Tocca a te."
    assert t("turn.your_turn", discord.Locale.italian) == "Tocca a te."
    assert t("turn.your_turn", "en-US") == "It's your turn."
    assert t("turn.your_turn", None) == "It's your turn."
    assert t("turn.your_turn", "ja") == "It's your turn."
    assert t("action.draw_stock", locale="it") == "Pesca dal mazzo"


def test_t_fills_placeholders() -> None:
    assert t("lobby.need_players", "en", min=2) == "The game needs at least 2 players."
    assert t("lobby.need_players", "it", min=2) == "Per questa partita servono almeno 2 giocatori."
    assert t("event.took_discard", "it", name="Anna", cards="7♥") == (
        "Anna ha preso 7♥ dagli scarti.")
    assert t("error.knock_too_high", "en", limit=4) == (
        "You can knock only with a deadwood of at most 4 points."
    )
    assert "**La mia mano**" in t("error.dms_closed", "it", mention="<@1>")


def test_unknown_key_returns_key_and_warns(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="bot.i18n"):
        assert t("no.such.key", "it") == "no.such.key"
    assert "no.such.key" in caplog.text


def test_key_missing_in_italian_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(it.MESSAGES, "turn.your_turn")
    assert t("turn.your_turn", "it") == "It's your turn."


def test_missing_parameter_keeps_template(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="bot.i18n"):
        assert t("lobby.need_players", "en") == (
            "The game needs at least {min} {min:player|players}.")
    assert "lobby.need_players" in caplog.text


# ----- numbers, plurals and suits ---------------------------------------------------------------


@pytest.mark.parametrize(("n", "english", "italian"), [
    (0, "0 cards", "0 carte"), (1, "1 card", "1 carta"), (2, "2 cards", "2 carte"),
    (-1, "\u22121 card", "\u22121 carta"), (-3, "\u22123 cards", "\u22123 carte"),
])
def test_a_count_chooses_the_singular_only_for_one(n: int, english: str, italian: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(en.MESSAGES, "test.count", "{n} {n:card|cards}")
    monkeypatch.setitem(it.MESSAGES, "test.count", "{n} {n:carta|carte}")
    assert (t("test.count", "en", n=n), t("test.count", "it", n=n)) == (english, italian)


def test_signed_scores_and_negative_numbers_use_one_minus_sign(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(en.MESSAGES, "test.score", "{total} ({hand:+})")
    assert t("test.score", "en", total=190, hand=60) == "190 (+60)"
    assert t("test.score", "en", total=-20, hand=-35) == "\u221220 (\u221235)"
    assert t("test.score", "en", total=0, hand=0) == "0 (0)"  # no sign on nothing
    assert t("test.score", "en", total="?", hand="?") == "? (?)"  # not numbers: as given
    assert number(-101) == "\u2212101" and number(7) == "7"
    assert t("rummy500.score_line", "en", name="Bruno", melded=15, laid=10, held=-20, points=5,
             total=-5) == ("Bruno: melded 15, laid off 10, in hand \u221220 \u2192 +5 "
                           "(total \u22125)")


def test_a_count_that_is_not_a_number_takes_the_plural(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(en.MESSAGES, "test.count", "{n} {n:card|cards}")
    assert t("test.count", "en", n="<n>") == "<n> cards"
    assert t("test.count", "en", n=True) == "True cards"  # a bool is no count


def test_suits_ask_for_their_text_form_once() -> None:
    assert card_text("QS") == "Q\u2660\ufe0e" and card_text("10h") == "10\u2665\ufe0e"
    assert card_text("") == "" and card_text(None) == ""
    assert cards_text(["7C", "8D"]) == "7\u2663\ufe0e 8\u2666\ufe0e"
    assert text_suits(text_suits("A♠ K♣")) == "A♠\ufe0e K♣\ufe0e"  # never twice
    assert t("suit.C", "it") == "Fiori \u2663\ufe0e"


def test_names_are_listed_as_a_sentence_in_each_language() -> None:
    assert names_text(["Alice"], "en") == "Alice"
    assert names_text(["Alice", "Bruno"], "en") == "Alice and Bruno"
    assert names_text(["Alice", "Bruno", "Chiara"], "en") == "Alice, Bruno and Chiara"
    assert names_text(["Alice", "Bruno", "Chiara"], "it") == "Alice, Bruno e Chiara"
