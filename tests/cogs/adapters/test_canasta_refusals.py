"""Canasta's refusals that name the side: a player alone on his side (two or three players)
reads "you", a partnership (four players) "your side", in English and in Italian."""

from __future__ import annotations

import pytest

from cogs.adapters import view_of
from cogs.adapters.canasta import CANASTA
from cogs.errors import rules_text
from engine.canasta import CanastaGame, parse_action
from engine.canasta.views import CanastaHand
from engine.errors import RulesError
from tests.engine.canasta.scripted import crafted

SEVENS = "7S 7C 7D"  # seat 0's side has opened with three sevens, no canasta yet

# code -> seat 0's hand, the move the rules refuse (MELD: the sevens' meld id)
REFUSED = {
    "rank_melded": ("7H 7D 7C 4C 5S", "meld 7H,7D,7C"),
    "hand_size": ("7H 4C", "add MELD 7H"),
    "cannot_go_out": ("4C", "discard 4C"),
}

ALONE = {
    "en": {
        "rank_melded": "You already have a meld of that rank: add the cards to it.",
        "hand_size": "You can't do that: you must keep a card to discard, and you may be left "
                     "with a single card only once you have two canastas, one of them clean.",
        "cannot_go_out": "You can't go out yet: you need two canastas, at least one of them "
                         "clean.",
    },
    "it": {
        "rank_melded": "Hai già una combinazione di quel valore: attacca lì le carte.",
        "hand_size": "Non puoi: devi tenere una carta da scartare, e puoi restare con una carta "
                     "sola solo se hai due canaste, almeno una pulita.",
        "cannot_go_out": "Non puoi ancora chiudere: ti servono due canaste, almeno una pulita.",
    },
}

PARTNERS = {
    "en": {
        "rank_melded": "Your side already has a meld of that rank: add the cards to it.",
        "hand_size": "You can't do that: you must keep a card to discard, and you may be left "
                     "with a single card only once your side has two canastas, one of them "
                     "clean.",
        "cannot_go_out": "You can't go out yet: your side needs two canastas, at least one of "
                         "them clean.",
    },
    "it": {
        "rank_melded": "La tua squadra ha già una combinazione di quel valore: attacca lì le "
                       "carte.",
        "hand_size": "Non puoi: devi tenere una carta da scartare, e puoi restare con una carta "
                     "sola solo se la tua squadra ha due canaste, almeno una pulita.",
        "cannot_go_out": "Non puoi ancora chiudere: alla tua squadra servono due canaste, "
                         "almeno una pulita.",
    },
}


def refused(code: str, players: int) -> tuple[CanastaGame, RulesError]:
    """Return a position of `players` where seat 0's move is refused with `code`, and the
    refusal."""
    hand, move = REFUSED[code]
    game = crafted({0: hand, 1: "5S 6S"}, melds=[(0, SEVENS)], stock="3C 8D", players=players)
    view: CanastaHand = view_of(game, 0)
    sevens = view.table.sides[0].melds[0].id
    with pytest.raises(RulesError) as caught:
        game.verify(0, parse_action(move.replace("MELD", sevens)))
    assert caught.value.code == code
    return game, caught.value


def told(game: CanastaGame, error: RulesError, locale: str) -> str:
    """Return the refusal as seat 0 reads it (the wording the host's components choose)."""
    return rules_text(error, locale, lambda key: CANASTA.refusal_key(game, 0, key))


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("code", sorted(REFUSED))
def test_a_player_alone_on_his_side_is_refused_with_you(code: str, locale: str) -> None:
    for players in (2, 3):
        game, error = refused(code, players)
        assert told(game, error, locale) == ALONE[locale][code]


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("code", sorted(REFUSED))
def test_a_partnership_is_refused_with_your_side(code: str, locale: str) -> None:
    game, error = refused(code, 4)
    assert told(game, error, locale) == PARTNERS[locale][code]
    # told without a seat (no game to word it for), the partnership's words stand
    assert rules_text(error, locale) == PARTNERS[locale][code]


def test_refusals_that_do_not_name_the_side_read_the_same_alone() -> None:
    game = crafted({0: "4C 5S"}, melds=[(0, SEVENS)], stock="3C 8D", players=2)
    with pytest.raises(RulesError) as caught:
        game.verify(0, parse_action("discard 9H"))
    assert told(game, caught.value, "en") == "You don't hold 9♥\ufe0e."


NOT_OPENED = {
    ("en", 2): "You have not opened yet: open when you draw, with melds worth the minimum, or "
               "by taking the pile.",
    ("en", 4): "Your side has not opened yet: open when you draw, with melds worth the "
               "minimum, or by taking the pile.",
    ("it", 2): "Non hai ancora aperto: apri pescando, con combinazioni che valgono il minimo, "
               "oppure prendendo gli scarti.",
    ("it", 4): "La tua squadra non ha ancora aperto: apri pescando, con combinazioni che "
               "valgono il minimo, oppure prendendo gli scarti.",
}


@pytest.mark.parametrize(("locale", "players"), sorted(NOT_OPENED))
def test_a_meld_before_the_side_opened_says_the_side_opens_together(locale: str,
                                                                    players: int) -> None:
    # The shared "a meld of your own" would tell a partner his partner's opening does not count.
    game = crafted({0: "7H 7D 7C 4C 5S"}, stock="3C 8D", players=players)
    with pytest.raises(RulesError) as caught:
        game.verify(0, parse_action("meld 7H,7D,7C"))
    assert caught.value.code == "not_opened"
    assert told(game, caught.value, locale) == NOT_OPENED[locale, players]
