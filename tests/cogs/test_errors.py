"""Refusals in the member's language: every code the engine can raise has its words.

A RulesError is told by the catalogue entry `error.<code>` with the error's params.
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import cogs.registry  # noqa: F401  (the hosted games register their own words)
from bot.i18n import catalogue, resolve, t
from cogs.errors import rules_key, rules_text
from engine import errors as E
from engine.gin import errors as GE
from engine.gin import preset
from engine.rummy500 import errors as RE
from engine.session import SessionClosed, StaleAction, TooLate
from tests.engine.gin.scripted import scripted

SPECIFIC = [
    (E.NotOpened("x"), "You need a meld of your own on the table first."),
    (E.FirstMeldTooLow("x", minimum=40, points=15),
     "Your first melds must be worth at least 40 points; these make 15."),
    (E.KeyCardUnused("x", card="7C"),
     "The deepest card you take (7♣\ufe0e) must go into a new meld at once."),
    (E.AmbiguousEnd("x", card="AS"),
     "A♠\ufe0e fits both ends of that run: choose the low or the high end."),
    (E.DoesNotFit("x", card="8D", meld="B"), "Wrong call: 8♦\ufe0e can't be played on that meld."),
    (E.MustKeepCard("x"), "You must keep a card to discard."),
    (RE.LastCardPlayable("x", card="9D"),
     "9♦\ufe0e fits a meld on the table, so it can't be your last discard."),
    (RE.DeadEnd("x", card="4S"),
     "That would leave you a last card you could neither play nor discard."),
    (RE.OwnDiscard("x", card="8H"), "You can't claim your own discard."),
    (RE.MustDrawStock("x", reason="not_opened"), "You must draw from the stock now."),
    (RE.ClaimTooLate("x", card="8H"),
     "Too late: someone else was faster, or the chance has passed."),
]


@pytest.mark.parametrize(("error", "english"), SPECIFIC, ids=lambda v: getattr(v, "code", ""))
def test_each_refusal_has_its_own_words_in_both_languages(error: E.RulesError,
                                                         english: str) -> None:
    assert rules_text(error, "en") == english
    italian = rules_text(error, "it")
    assert italian != english and italian != t("error.move_unavailable", "it")
    assert "{" not in italian  # every placeholder filled


def test_refusals_without_words_of_their_own_say_the_move_is_unavailable() -> None:
    for error in (E.NoSuchMeld("x", meld="Q"), E.StockEmpty("x"), RE.NoSuchPosition("x", k=9)):
        assert rules_text(error, "en") == "That move is no longer available."


def _rules_errors() -> list[type[E.RulesError]]:
    """Return every RulesError class the engine defines (its packages imported first)."""
    import engine

    for module in pkgutil.walk_packages(engine.__path__, "engine."):
        importlib.import_module(module.name)
    found: list[type[E.RulesError]] = []
    todo = [E.RulesError]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo += cls.__subclasses__()
    # Games defined by tests (the toy) bring their words in the test that hosts them.
    return [cls for cls in found if cls.__module__.startswith("engine.")]


def test_every_engine_refusal_code_has_its_words_in_both_catalogues() -> None:
    codes = {cls.code for cls in _rules_errors()}
    assert {"stale", "too_late", "session_closed", "gin_only", "not_opened"} <= codes
    for language in ("en", "it"):  # a game's own code in its own catalogue (bot.i18n)
        assert sorted(c for c in codes if resolve(f"error.{c}") not in catalogue(language)) == []


def test_a_code_reads_its_catalogue_entry_by_convention() -> None:
    assert rules_key(E.NotOpened("x")) == "error.not_opened"
    assert rules_key(StaleAction()) == "error.stale"


# Codes that had no words of their own keep the text they had: the move is unavailable,
# or (a closed session) the game is over.
UNAVAILABLE = "That move is no longer available."
UNCHANGED = [
    (StaleAction(), UNAVAILABLE, "error.move_unavailable"),
    (E.IllegalMove("x"), UNAVAILABLE, "error.move_unavailable"),
    (E.BadCard("x"), UNAVAILABLE, "error.move_unavailable"),
    (E.BadState("x"), UNAVAILABLE, "error.move_unavailable"),
    (RE.StockNotEmpty("x"), UNAVAILABLE, "error.move_unavailable"),
    (E.RulesError("x"), UNAVAILABLE, "error.move_unavailable"),
    (SessionClosed(), "This game is over.", "error.game_over"),
    (E.GameOver("x"), "This game is over.", "error.game_over"),
    (TooLate(), "Too late: someone else was faster, or the chance has passed.",
     "error.too_late"),
]


@pytest.mark.parametrize(("error", "english", "italian"), UNCHANGED,
                         ids=lambda v: getattr(v, "code", ""))
def test_codes_without_words_of_their_own_say_what_they_said(
        error: E.RulesError, english: str, italian: str) -> None:
    assert rules_text(error, "en") == english
    assert rules_text(error, "it") == t(italian, "it")


def test_a_gin_only_knock_says_so_and_a_knock_limit_says_how_much() -> None:
    assert rules_text(GE.GinOnly("x", limit=0, deadwood=12), "en") == "Only gin can end this hand."
    assert rules_text(GE.GinOnly("x", limit=0), "it") == (
        "Questa mano si può chiudere solo con gin.")
    assert rules_text(GE.KnockTooHigh("x", limit=4, deadwood=9), "en") == (
        "You can knock only with a deadwood of at most 4 points.")
    assert rules_text(GE.KnockTooHigh("x", limit=4), "it") == (
        "Puoi bussare solo con al massimo 4 punti in mano.")


def test_straight_gin_refuses_a_knock_with_the_gin_only_code() -> None:
    game = scripted("2C 3C 4C 5D 5H 5S 8S 9S 10S AH", "2D 3D 4D 6H 7H 8H JC QC KC 9D",
                    upcard="QS", stock="KD", options=preset("straight"))
    for seat, action in ((0, "pass"), (1, "pass"), (0, "draw")):
        game.apply(seat, action)
    with pytest.raises(GE.GinOnly) as refused:
        game.apply(0, "knock KD")
    assert isinstance(refused.value, GE.KnockTooHigh) and refused.value.code == "gin_only"


def test_a_bad_option_names_the_option_and_its_value_from_its_params() -> None:
    error = E.BadOption("x", key="knock_limit", value="many")
    assert rules_text(error, "en") == "many is not a valid value for knock_limit."
    assert rules_text(error, "it") == "many non è un valore valido per knock_limit."
    # An engine check that names no value still reads as a sentence.
    assert rules_text(E.BadOption("x", key="team_size"), "en") == (
        "? is not a valid value for team_size.")
