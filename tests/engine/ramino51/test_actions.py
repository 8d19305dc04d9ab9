"""Ramino 51 actions print and parse as text, and bad text is refused with a reason."""

from __future__ import annotations

import pytest

from engine.cards import Card
from engine.errors import RulesError
from engine.ramino51 import (
    CloseInHand,
    Discard,
    JokerUse,
    LayOff,
    MeldCards,
    Placed,
    SwapJoker,
    parse_action,
)

ROUND_TRIPS = [
    "draw", "take", "exchange 3C", "discard 9S", "meld 10H,JH,QH 7S,7D,7C",
    "meld 5D,JK=6D,7D", "meld AH,JK=2H,JK=3H", "layoff 7C,8C B", "layoff JK=8H B",
    "layoff AS B high", "swap B 9H meld QS,KS,JK=AS", "swap A 6S,6D meld 9C,9S,JK",
    "swap B 9H layoff C", "swap B 9H layoff C 8H",
    "close drawn; meld 2C,3C,4C,5C,6C 2D,2H,2S 3D,4D,5D 3S,3C,3H; discard 9S",
    "close exchange; meld 4H,5H,6H,7H KC,KD,KS; discard QD",
    "close drawn; meld 2C,3C,4C; swap B 9H layoff C 8H; layoff 7C A; layoff 8D B; discard 9S",
    "close drawn; layoff 7C A; discard 9S",
]


@pytest.mark.parametrize("text", ROUND_TRIPS)
def test_every_action_prints_as_it_was_typed(text: str) -> None:
    assert str(parse_action(text)) == text


def test_the_parts_of_an_action_are_read_as_the_rules_name_them() -> None:
    joker = Card.parse("JK")
    meld = parse_action("meld 5d,jk=6d,7d")
    assert meld == MeldCards(((Placed(Card.parse("5D")), Placed(joker, Card.parse("6D")),
                               Placed(Card.parse("7D"))),))
    swap = parse_action("swap b 9H meld QS,KS,JK=AS")
    assert isinstance(swap, SwapJoker) and swap.meld_id == "B"
    assert swap.naturals == (Card.parse("9H"),) and swap.use.meld[2].as_ == Card.parse("AS")
    assert parse_action("swap B 6S,6D layoff c").use == JokerUse(meld_id="C")
    close = parse_action("close exchange; meld 4H,5H,6H,7H; discard QD")
    assert isinstance(close, CloseInHand) and close.take_exchange and close.discard.text == "QD"
    laid = parse_action("layoff AS B HIGH")
    assert laid == LayOff((Placed(Card.parse("AS")),), "B", "high")
    assert parse_action("discard 10♥") == Discard(Card.parse("10H"))


@pytest.mark.parametrize("text,words", [
    ("", "empty"), ("meld", "not a Ramino 51 action"), ("meld 5D,,7D", "not a group"),
    ("meld 5D=6D,6D,7D", "only a joker"), ("meld JK=JK,5D,6D", "not another joker"),
    ("meld JK=,5D,6D", "say what the joker"), ("layoff 7C B middle", "not a lay-off"),
    ("layoff 7C B2", "not a meld id"), ("swap B 9H", "not a joker swap"),
    ("swap B JK meld 9C,9S,JK", "natural cards"), ("swap B 9H keep", "where the joker goes"),
    ("close; discard 9S", "starts 'close drawn;'"), ("close drawn; meld 2C,3C,4C", "ends with"),
    ("close drawn; layoff 7C A; meld 2C,3C,4C; discard 9S", "one meld part, then swaps"),
    ("close drawn; meld 2C,3C,4C; meld 5D,6D,7D; discard 9S", "one meld part"),
    ("close drawn; draw; discard 9S", "one meld part"), ("discard 1Z", "not a card"),
])
def test_bad_text_is_refused_with_a_reason(text: str, words: str) -> None:
    with pytest.raises(RulesError) as refused:
        parse_action(text)
    assert words in str(refused.value)
