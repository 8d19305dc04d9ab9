"""The Ramino penalty solver: ramino.md's worked examples, its rules, and the reference."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine.cards import Card, make_deck, parse_cards
from engine.ramino.penalty import (
    Arrangement,
    PenaltyRules,
    best_arrangement,
    can_close,
    is_colore,
    is_ramino,
    penalty,
)

from .brute import brute_penalty, is_combination, rule_holds, unmatched_value

SAME_SUIT = PenaltyRules(same_suit_sets=True)
JOKER_20 = PenaltyRules(joker_penalty=20)
DECK = make_deck(2, 4)
NATURALS = [c for c in DECK if not c.is_joker]
JOKERS = [c for c in DECK if c.is_joker]


def hand(text: str) -> list[Card]:
    """Parse a hand; a card named twice is the other pack's copy."""
    return parse_cards(text)


def texts(cards: tuple[Card, ...]) -> list[str]:
    """Return the cards' texts, sorted."""
    return sorted(str(c) for c in cards)


def assert_valid(cards: list[Card], rules: PenaltyRules, arrangement: Arrangement) -> None:
    """Check an arrangement against the reference's own rules, card for card."""
    laid = [c for combo in arrangement.combos for c in combo] + list(arrangement.unmatched)
    assert sorted(laid) == sorted(cards)
    assert all(any(c is h for h in cards) for c in laid)  # the hand's own Card objects
    if arrangement.shape != "plain":
        assert arrangement.penalty == 0 and arrangement.unmatched == ()
        return
    combos = [([c.face for c in cb if not c.is_joker], sum(c.is_joker for c in cb))
              for cb in arrangement.combos]
    for naturals, jokers in combos:
        assert is_combination(tuple(sorted(naturals)), jokers, rules.same_suit_sets)
    left = [c.face for c in arrangement.unmatched if not c.is_joker]
    assert rule_holds(combos, left, rules.same_suit_sets)
    spare = len(arrangement.unmatched) - len(left)
    assert arrangement.penalty == unmatched_value(left, spare, rules.joker_penalty)


# --- worked examples (ramino.md) ------------------------------------------------------


def test_example_1_sempronio_joker_cannot_join_complete_quartets() -> None:
    cards = hand("5C 5D 5H 5S KC KD KH KS 2H JK")
    best = best_arrangement(cards)
    assert penalty(cards) == 27
    assert best.penalty == 27 and texts(best.unmatched) == ["2H", "JK"]
    assert penalty(cards, JOKER_20) == 22
    assert brute_penalty(cards) == 27
    assert_valid(cards, PenaltyRules(), best)


@pytest.mark.parametrize(
    "text",
    ["8S 8H 8D 9S 9H 9C QS QH QD QC AC 3D 6S", "8S 8H 8D QS QH QD QC AC 3D 6S"],
    ids=["13 cards", "10 cards"],
)
def test_example_2_caio(text: str) -> None:
    cards = hand(text)
    assert penalty(cards) == 20
    assert texts(best_arrangement(cards).unmatched) == ["3D", "6S", "AC"]


def test_example_3_lone_ace_costs_one() -> None:
    cards = hand("4H 5H 6H 9C 9D 9S JS QS KS AD")
    assert penalty(cards) == 1
    assert texts(best_arrangement(cards).unmatched) == ["AD"]
    assert can_close(cards, PenaltyRules(), 1) and not can_close(cards, PenaltyRules(), 0)


def test_example_4_two_aces_cost_eleven_each() -> None:
    assert penalty(hand("4H 5H 6H 7H 9C 9D 9S 9H AC AD")) == 22


def test_example_5_joker_placed_where_needed() -> None:
    cards = hand("4H 5H 6H 7H 9C 9D 9S QS QD JK")
    best = best_arrangement(cards)
    assert penalty(cards) == 0 and best.unmatched == ()
    assert ["JK", "QD", "QS"] in [texts(c) for c in best.combos]


def test_example_6_joker_needed_rule_in_a_run() -> None:
    cards = hand("7H 8H JK 9H KC KD KS 3C 3D 3H")
    assert penalty(cards) == 0
    assert best_arrangement(cards).unmatched == ()
    # without the 10H's place the joker is not needed: 7H 8H JK(9H) leaving 9H is refused
    assert not rule_holds([([(7, "H"), (8, "H")], 1)], [(9, "H")], False)


def test_example_7_zero_close() -> None:
    kept = hand("3H 4H 5H 6H 9S 9D 9C KC KD KS")
    assert can_close(kept, PenaltyRules(), 0) and penalty(kept) == 0
    assert penalty(hand("3H 4H 5H 6H 9S 9D 9C KC KD KS 2C")) == 2


def test_example_8_no_wrap_around() -> None:
    wrapped = hand("KS AS 2S 5D 6D 7D 9C 9H 9S 9D")
    assert not can_close(wrapped, PenaltyRules(), 0)
    assert penalty(wrapped) == 10 + 11 + 2
    assert can_close(hand("QS KS AS 5D 6D 7D 9C 9H 9S 9D"), PenaltyRules(), 0)


def test_example_9_points_close() -> None:
    legal = hand("7C 8C 9C JD JH JS 4S 5S 6S 3H")
    assert penalty(legal) == 3 and can_close(legal, PenaltyRules(), 10)
    refused = hand("7C 8C 9C JD JH JS 4S 5S 2H 9D")
    assert penalty(refused) == 20 and not can_close(refused, PenaltyRules(), 10)
    lone_ace = hand("7C 8C 9C JD JH JS 4S 5S 6S AS")
    assert penalty(lone_ace) == 1 and can_close(lone_ace, PenaltyRules(), 5)


def test_example_10_same_suit_sets() -> None:
    cards = hand("8H 8H 8S 2C 3C 4C 5D 6D 7D 10S")
    assert penalty(cards) == 8 + 8 + 8 + 10
    assert penalty(cards, SAME_SUIT) == 10
    assert ["8H", "8H", "8S"] in [texts(c) for c in best_arrangement(cards, SAME_SUIT).combos]


def test_example_11_colore() -> None:
    for text in ("2H 4H 5H 7H 9H 10H JH QH KH AH", "JK 4H 5H 7H 9H 10H JH QH KH AH"):
        cards = hand(text)
        best = best_arrangement(cards)
        assert is_colore(cards) and not is_ramino(cards)
        assert penalty(cards) == 0 and can_close(cards, PenaltyRules(), 0)
        assert best.shape == "colore" and best.penalty == 0
        assert_valid(cards, PenaltyRules(), best)


def test_example_12_ramino() -> None:
    cards = hand("3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    best = best_arrangement(cards)
    assert is_ramino(cards) and penalty(cards) == 0
    assert best.shape == "ramino" and [str(c) for c in best.combos[0]] == [
        "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS"]


def test_example_13_immediate_close() -> None:
    assert can_close(hand("2D 3D 4D 7S 7H 7C JC QC KC AC"), PenaltyRules(), 0)


# --- rules ---------------------------------------------------------------------------


def test_runs_never_wrap() -> None:
    assert penalty(hand("KH AH 2H 5C 5D 5S")) == 10 + 11 + 2
    assert penalty(hand("QH KH AH 5C 5D 5S")) == 0


def test_ace_is_never_low_and_high_in_one_run() -> None:
    # A 2 … K A would need the ace at both ends: not one run (so not a ramino) …
    both_ends = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
    assert not is_ramino(hand(both_ends))
    assert not is_ramino(hand(both_ends.replace("AH", "JK", 1)))
    assert best_arrangement(hand(both_ends)).shape == "colore"
    assert is_ramino(hand("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"))
    assert is_ramino(hand("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"))
    # … but two runs: A-6 and 7-A
    assert penalty(hand(both_ends + " 5C")) == 5
    assert penalty(hand("AH 2H 3H JK 5C")) == 5
    assert penalty(hand("QH KH AH 2H 5C")) == 2 + 5


def test_set_of_five_is_refused() -> None:
    assert penalty(hand("5C 5D 5H 5S 5C 9D 10D JD")) == 5
    assert penalty(hand("5C 5D 5H 5S 5C 9D 10D JD"), SAME_SUIT) == 5


def test_set_with_a_repeated_suit() -> None:
    cards = hand("9C 9C 9D 2S 3S 4S")
    assert penalty(cards) == 27 and penalty(cards, SAME_SUIT) == 0


def test_a_joker_cannot_make_a_fifth_card_of_a_set() -> None:
    cards = hand("5C 5D 5H 5S JK")  # 5C 5D 5H JK leaving 5S breaks the joker-needed rule
    assert penalty(cards) == 25 and penalty(cards, JOKER_20) == 20


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("8H 8S 8C JK JK", 25),  # 8H 8S 8C JK + JK; 8H JK JK leaving 8S 8C is refused
        ("2C 2S JK JK JK", 25),  # 2C 2S JK JK + JK; 2C JK JK JK leaving 2S is refused
        ("5C 5D 5H 5S JK 9D", 34),  # the joker cannot join: 5S could take its place
    ],
)
def test_joker_needed_rule_with_a_spare_joker(text: str, expected: int) -> None:
    cards = hand(text)
    assert penalty(cards) == expected == brute_penalty(cards)
    assert_valid(cards, PenaltyRules(), best_arrangement(cards))


def test_no_combination_of_jokers_alone() -> None:
    assert penalty(hand("JK JK JK")) == 75
    assert penalty(hand("JK JK JK JK"), JOKER_20) == 80
    assert not is_colore(hand("JK JK JK"))


def test_joker_penalty_20() -> None:
    assert penalty(hand("JK 2H 9S")) == 25 + 2 + 9
    assert penalty(hand("JK 2H 9S"), JOKER_20) == 20 + 2 + 9


def test_aces_unmatched() -> None:
    assert penalty(hand("AC AD 5S 6S 7S")) == 22
    assert penalty(hand("AC 5S 6S 7S")) == 1
    assert penalty(hand("AC 5D 6S 7S 8S")) == 16


def test_colore_counts_jokers_as_the_suit() -> None:
    cards = hand("JK 2C 9C KC JK 5C 7C")
    assert is_colore(cards) and penalty(cards) == 0
    assert best_arrangement(cards).shape == "colore"


def test_ties_prefer_fewer_unmatched_cards() -> None:
    cards = hand("KS 4D 6D JK JK")  # U = {KS} or {4D, 6D}: both 10
    best = best_arrangement(cards)
    assert best.penalty == 10 and texts(best.unmatched) == ["KS"]


def test_arrangement_keeps_the_hands_cards_and_shows_joker_places() -> None:
    cards = hand("7H JK 9H 10H 3C 3D 3S")
    best = best_arrangement(cards)
    assert [str(c) for c in best.combos[-1]] == ["7H", "JK", "9H", "10H"]
    assert_valid(cards, PenaltyRules(), best)


def test_result_does_not_depend_on_the_order() -> None:
    cards = hand("5C 5D 5H 5S KC KD KH KS 2H JK")
    assert best_arrangement(cards) == best_arrangement(list(reversed(cards)))


# --- the brute-force reference --------------------------------------------------------

Deal = Callable[[random.Random], list[Card]]


def random_hand(rng: random.Random) -> list[Card]:
    """Return 10 or 11 cards from the 108-card deck."""
    return rng.sample(DECK, rng.choice((10, 11)))


def joker_heavy(rng: random.Random) -> list[Card]:
    """Return 7 to 11 cards with 2 to 4 jokers, naturals from a few ranks and suits."""
    jokers = rng.randint(2, 4)
    lo = rng.randint(1, 9)
    pool = [c for c in NATURALS if lo <= c.rank < lo + 5 and c.suit in rng.sample("SHDC", 3)]
    return rng.sample(pool, rng.choice((7, 9, 10, 11)) - jokers) + JOKERS[:jokers]


def twin_heavy(rng: random.Random) -> list[Card]:
    """Return 10 or 11 cards with many twins: few faces, both packs, 0 to 2 jokers."""
    jokers = rng.randint(0, 2)
    ranks = rng.sample([1, 2, 3, 4, 11, 12, 13] if rng.random() < 0.3 else range(1, 14), 4)
    pool = [c for c in NATURALS if c.rank in ranks and c.suit in rng.sample("SHDC", 3)]
    return rng.sample(pool, rng.choice((10, 11)) - jokers) + JOKERS[:jokers]


def thirteen(rng: random.Random) -> list[Card]:
    """Return 13 cards with at most one joker (the reference slows down past that)."""
    jokers = rng.randint(0, 1)
    return rng.sample(NATURALS, 13 - jokers) + JOKERS[:jokers]


SUITES: dict[str, tuple[Deal, int]] = {
    "random": (random_hand, 1500),
    "joker-heavy": (joker_heavy, 1200),
    "twin-heavy": (twin_heavy, 800),
    "13 cards": (thirteen, 100),
}
RULES = [PenaltyRules(), SAME_SUIT, JOKER_20, PenaltyRules(True, 20)]


@pytest.mark.parametrize("suite", list(SUITES))
def test_penalty_matches_the_reference(suite: str) -> None:
    deal, count = SUITES[suite]
    rng = random.Random(f"ramino-{suite}")
    for i in range(count):
        cards = deal(rng)
        rules = RULES[i % len(RULES)]
        expected = brute_penalty(cards, rules.same_suit_sets, rules.joker_penalty)
        best = best_arrangement(cards, rules)
        assert (penalty(cards, rules), best.penalty) == (expected, expected), cards
        assert_valid(cards, rules, best)
        limit = rng.choice((0, 1, 5, 10, 20))
        assert can_close(cards, rules, limit) == (expected <= limit), (cards, limit)
