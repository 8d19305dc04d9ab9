"""Refusals in the member's language: every Rummy 500 rule the engine can cite has its words."""

from __future__ import annotations

import pytest

from bot.i18n import t
from cogs.errors import rules_text
from engine import errors as E

SPECIFIC = [
    (E.NotOpened("x"), "You need a meld of your own on the table first."),
    (E.FirstMeldTooLow("x", minimum=40, points=15),
     "Your first melds must be worth at least 40 points; these make 15."),
    (E.KeyCardUnused("x", card="7C"),
     "The deepest card you take (7♣) must go into a new meld at once."),
    (E.AmbiguousEnd("x", card="AS"),
     "A♠ fits both ends of that run: choose the low or the high end."),
    (E.DoesNotFit("x", card="8D", meld="B"), "Wrong call: 8♦ can't be played on that meld."),
    (E.MustKeepCard("x"), "You must keep a card to discard."),
    (E.LastCardPlayable("x", card="9D"),
     "9♦ fits a meld on the table, so it can't be your last discard."),
    (E.DeadEnd("x", card="4S"),
     "That would leave you a last card you could neither play nor discard."),
    (E.OwnDiscard("x", card="8H"), "You can't claim your own discard."),
    (E.MustDrawStock("x", reason="not_opened"), "You must draw from the stock now."),
    (E.ClaimTooLate("x", card="8H"),
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
    for error in (E.NoSuchMeld("x", meld="Q"), E.StockEmpty("x"), E.NoSuchPosition("x", k=9)):
        assert rules_text(error, "en") == "That move is no longer available."
