"""Cards as players type and read them; decks and copies from several packs."""

from __future__ import annotations

from collections import Counter

import pytest

import engine.cards
from engine.cards import (
    Card,
    card_or_none,
    card_texts,
    find_card,
    make_deck,
    parse_cards,
    shuffled_deck,
    text_or_none,
)
from engine.errors import BadCard, RulesError


@pytest.mark.parametrize(
    ("typed", "printed"),
    [
        ("10h", "10H"),
        ("Th", "10H"),
        ("tH", "10H"),
        ("10♥", "10H"),
        ("10♡", "10H"),
        ("qs", "QS"),
        ("QS", "QS"),
        ("Q♠", "QS"),
        ("q♠", "QS"),
        ("ah", "AH"),
        ("2c", "2C"),
        ("Kd", "KD"),
        ("J♦", "JD"),
        ("jc", "JC"),  # a jack of clubs, not a joker
        ("jk", "JK"),
        ("JK", "JK"),
        ("joker", "JK"),
        ("Joker", "JK"),
        ("  10 h ", "10H"),
        (" q s", "QS"),
    ],
)
def test_parse_accepts_what_players_type(typed: str, printed: str) -> None:
    assert str(Card.parse(typed)) == printed


@pytest.mark.parametrize("typed", ["10♥️", "Q♠️", "A♦️", "7♣️"])
def test_parse_accepts_emoji_suits_with_variation_selector(typed: str) -> None:
    # Discord's :hearts: and phone keyboards send the suit followed by U+FE0F.
    assert Card.parse(typed) == Card.parse(typed.replace("\ufe0f", ""))


def test_parsed_card_fields() -> None:
    ten = Card.parse("10h")
    assert (ten.rank, ten.suit, ten.deck) == (10, "H", 0)
    assert Card.parse("jk").is_joker and Card.parse("jk").suit == ""
    assert Card.parse("ac").rank == 1 and Card.parse("kc").rank == 13


def test_print_forms() -> None:
    assert [str(c) for c in parse_cards("10h qs jk ad")] == ["10H", "QS", "JK", "AD"]
    assert Card.parse("10h").pretty() == "10♥"
    assert Card.parse("QS").pretty() == "Q♠"


@pytest.mark.parametrize("card", make_deck(1, 1))
def test_every_card_round_trips_through_text(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.pretty()) == card


@pytest.mark.parametrize("typed", ["1h", "11s", "zz", "", "10x", "0h", "15c", "h", "JK5", "  "])
def test_bad_text_raises_bad_card(typed: str) -> None:
    with pytest.raises(BadCard) as caught:
        Card.parse(typed)
    err = caught.value
    assert isinstance(err, RulesError)
    assert err.code == "bad_card"
    # The message quotes what was typed and shows the expected form.
    assert f"'{typed}'" in str(err)
    assert "10H" in str(err)


def test_bad_card_in_a_list_names_the_bad_token() -> None:
    with pytest.raises(BadCard, match="'11s'"):
        parse_cards("10h 11s qs")


def test_constructor_refuses_impossible_cards() -> None:
    for rank, suit in [(14, "H"), (5, "X"), (5, ""), (0, "H"), (-1, "S")]:
        with pytest.raises(BadCard):
            Card(rank, suit)


@pytest.mark.parametrize(("packs", "jokers", "size"), [(1, 0, 52), (1, 2, 54), (2, 2, 106),
                                                        (2, 4, 108)])
def test_make_deck_sizes(packs: int, jokers: int, size: int) -> None:
    deck = make_deck(packs, jokers)
    assert len(deck) == size
    assert len(set(deck)) == size  # every physical card is distinct
    assert sum(c.is_joker for c in deck) == jokers
    faces = Counter(c.face for c in deck if not c.is_joker)
    assert len(faces) == 52 and set(faces.values()) == {packs}


def test_copies_from_two_packs_differ_but_print_alike() -> None:
    deck = make_deck(2, 2)
    eights = [c for c in deck if c.face == (8, "C")]
    assert len(eights) == 2
    a, b = eights
    assert a != b
    assert str(a) == str(b) == "8C"
    assert a.pretty() == b.pretty()
    jokers = [c for c in deck if c.is_joker]
    assert jokers[0] != jokers[1] and str(jokers[0]) == str(jokers[1]) == "JK"


def test_shuffled_deck_is_seeded_and_complete() -> None:
    one, two = shuffled_deck(2, 4, seed=7), shuffled_deck(2, 4, seed=7)
    assert one == two
    assert sorted(one) == sorted(make_deck(2, 4))
    assert shuffled_deck(2, 4, seed=8) != one


def test_parse_cards_gives_repeated_faces_distinct_packs() -> None:
    cards = parse_cards("8C JK 8C 8H JK 8c")
    assert [str(c) for c in cards] == ["8C", "JK", "8C", "8H", "JK", "8C"]
    assert len(set(cards)) == len(cards)
    assert [c.deck for c in cards] == [0, 0, 1, 0, 1, 2]


def test_parse_cards_accepts_commas_and_cards() -> None:
    assert parse_cards("7c, 7h,7d") == parse_cards("7C 7H 7D")
    held = make_deck(2)
    assert parse_cards(held[:3]) == held[:3]


def test_find_card_resolves_typed_face_to_held_copy() -> None:
    second_pack_eight = Card(8, "C", 1)
    hand = [Card(2, "S"), second_pack_eight, Card(0, "", 3)]
    assert find_card(hand, "8c") is second_pack_eight
    assert find_card(hand, "8♣") == second_pack_eight
    assert find_card(hand, "jk") == Card(0, "", 3)
    assert find_card(hand, "9c") is None


def test_find_card_prefers_the_exact_copy() -> None:
    first, second = Card(8, "C", 0), Card(8, "C", 1)
    assert find_card([second, first], first) == first
    assert find_card([second, first], "8C") == first
    assert find_card([second], first) == second


def test_find_card_rejects_bad_text() -> None:
    with pytest.raises(BadCard):
        find_card([Card(8, "C")], "8z")


def test_card_bits_are_distinct_per_face() -> None:
    deck = make_deck(1)
    assert len({c.bit for c in deck}) == 52
    assert sum(c.bit for c in deck) == (1 << 52) - 1
    assert Card(8, "C", 1).bit == Card(8, "C", 0).bit


@pytest.mark.parametrize("typed", [
    "²H", "³S", "𝟐H", "٣C", "１０H", "Ⅹh",  # digits of other scripts, never read as 2H …
    "10ſ", "Kſ", "ıh",  # letters that upper() turns into ASCII ones (ſ → S, ı → I)
    "10HH", "10♥♥", "0002H", "9" * 5000 + "H", "\x00H", "JK\u200b",
])
def test_only_ascii_ranks_and_suit_letters_or_signs_are_cards(typed: str) -> None:
    with pytest.raises(BadCard):
        Card.parse(typed)


def test_long_texts_are_not_kept_by_the_parse_cache() -> None:
    padded = "1" + " " * 10_000 + "0h"
    assert Card.parse(padded) == Card.parse("10h")
    assert all(len(text) < 100 for text, _ in engine.cards._PARSED)


def test_a_pack_number_past_what_the_card_key_holds_is_refused() -> None:
    # 1,024 copies of 7H would share their sort key (and so ==) with 7S.
    with pytest.raises(BadCard):
        Card(7, "H", 1024)
    with pytest.raises(BadCard):
        parse_cards(" ".join(["7H"] * 1025))
    assert Card(7, "H", 1023) != Card(7, "S", 0)


def test_snapshot_texts_of_cards_and_of_no_card() -> None:
    cards = parse_cards("10H JK 10H")
    assert card_texts(cards) == ["10H", "JK", "10H"]
    assert (text_or_none(cards[0]), text_or_none(None)) == ("10H", None)
    assert card_or_none("qs") == Card.parse("QS") and card_or_none(None) is None
    assert card_or_none("") is None
