"""The meld solver against the rules' worked examples and a brute-force reference."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, make_deck, parse_cards
from engine.gin import arrangements, card_value, min_deadwood
from engine.melds import GERMAN_GIN_RULES, GIN_RULES, MeldRules, make_meld
from engine.solver import Arrangement, best_arrangement, best_arrangements, min_leftover

from .bruteforce import brute_best_shapes, brute_min_leftover, shape

ValueFn = Callable[[Card], int]

DECK = make_deck(1)
TWO_PACKS = make_deck(2, 4)
RUMMY500 = MeldRules(aces="low_high")
RAMINO51 = MeldRules(aces="low_high", wild_jokers=True, max_wilds_run=2, max_wilds_set=1)
RAMINO = MeldRules(aces="low_high", wild_jokers=True, max_wilds_run=13, max_wilds_set=3)
RAMINO_SAME_SUIT = replace(RAMINO, distinct_suits=False)


def gin_value(card: Card) -> int:
    """Return gin's deadwood value (ace 1)."""
    return card_value(card)


def german_value(card: Card) -> int:
    """Return German gin's deadwood value (ace 15)."""
    return card_value(card, 15)


def ramino_value(card: Card) -> int:
    """Return an Italian penalty value: ace 11, faces 10, joker 25."""
    if card.is_joker:
        return 25
    return 11 if card.rank == 1 else min(card.rank, 10)


def best_after_discard(cards: Sequence[Card], solve: Callable[[list[Card]], int]) -> int:
    """Return the least deadwood of the cards left after the best discard."""
    return min(solve([c for c in cards if c != d]) for d in cards)


# --- worked examples -----------------------------------------------------------------


def test_seed_example_set_or_run() -> None:
    # Gin example 1: 7D goes to the run, leaving 7C + 7H.
    assert min_deadwood(parse_cards("7C 7H 7D 8D 9D")) == 14
    assert min_deadwood(["7C", "7H", "7D", "8D", "9D"]) == 14


def test_eleven_cards_best_discard() -> None:
    hand = parse_cards("6S 7S 7C 8C 9C 6D 7D 8D 9D 6H 9H")
    assert best_after_discard(hand, min_deadwood) == 7
    reference = best_after_discard(hand, lambda cs: brute_min_leftover(cs, GIN_RULES, gin_value))
    assert reference == 7


@pytest.mark.parametrize(
    ("text", "deadwood"),
    [
        ("3C 4C 5C 9H 9S 9D JS QS KS 8D", 8),  # example 2, knocker
        ("AH AS AD 5H 6H 7H 2C 6C 4D 6D", 18),  # example 2, defender
        ("AC 2C 3C 4H 4S 4D 8S 9S 10S 5D", 5),  # example 3
        ("6H 7H 8H JC JH JD KC KH KD 5C", 5),
        ("5S 6S 7S QH QS QC 2D 3D 4D 7C", 7),  # example 4
        ("AH AS AC 8H 9H 10H 8S QD 2H 4C", 24),
        ("2H 3H 4H 5H 9C 9D 9S JD QD KD", 0),  # example 5
        ("AS AH AD 4C 5C 6C 6H KS 8D 7D", 31),
        ("AH 2H 3H 5C 5D 5S 10S JS QS KS 9S", 0),  # example 6: big gin, 11 cards
        ("2C 3C 4C 7H 7C 7D 8H 9H 10H KC", 10),
        ("4C 5C 6C 8H 8S 8D 10D JD QD 3H", 3),  # example 11
        ("KH KC KS 5H 6H 7H 9C 2S 3S 6S", 20),
        ("2C 3C 4C 5D 5H 5S 8S 9S 10S AH", 1),  # example 16
        ("6H 7H 8H KH KS KD 5S 3C 9D 7C", 24),  # example 8, defender
    ],
)
def test_gin_worked_examples(text: str, deadwood: int) -> None:
    cards = parse_cards(text)
    assert min_deadwood(cards) == deadwood
    assert min_leftover(cards, GIN_RULES, gin_value) == deadwood


def test_knock_limit_example() -> None:
    # Gin example 7: which discards leave 10 or less.
    hand = parse_cards("4C 5C 6C 7C JD JS JH JC 5H 6S 4D")
    after = {str(d): min_deadwood([c for c in hand if c != d]) for d in hand}
    assert (after["4D"], after["5H"], after["6S"]) == (11, 10, 9)


def test_german_gin_example() -> None:
    # Gin example 18: KH AH 2H is a run only in German gin, where the lone ace is 15.
    cards = parse_cards("KH AH 2H 5C 6C 7C 9D 9S 9H AS")
    assert min_deadwood(cards, wrap=True, ace_value=15) == 15
    assert min_deadwood(cards) == 14
    assert min_leftover(cards, GERMAN_GIN_RULES, german_value) == 15


def test_whole_suit_in_german_gin() -> None:
    spades = [c for c in DECK if c.suit == "S"]
    assert min_deadwood(spades, wrap=True, ace_value=15) == 0
    assert min_deadwood(spades) == 0
    # Without the 7 the rest still melds all the way round: 8..K-A..6.
    assert min_deadwood([c for c in spades if c.rank != 7], wrap=True, ace_value=15) == 0
    assert min_deadwood([c for c in spades if c.rank != 7]) == 0


def test_ramino_examples() -> None:
    # Ramino example 5: the joker completes QS QD, penalty 0.
    hand = parse_cards("4H 5H 6H 7H 9C 9D 9S QS QD JK")
    assert min_leftover(hand, RAMINO, ramino_value) == 0
    # Ramino example 9: points closing.
    assert min_leftover(parse_cards("7C 8C 9C JD JH JS 4S 5S 6S 3H"), RAMINO, ramino_value) == 3
    assert min_leftover(parse_cards("7C 8C 9C JD JH JS 4S 5S 2H 9D"), RAMINO, ramino_value) == 20


def test_ramino51_two_packs_example() -> None:
    # Ramino 51 example 10: both 3C in one hand; everything melds but 9S.
    hand = parse_cards("2C 3C 4C 5C 6C 2D 2H 2S 3D 4D 5D 3S 3C 3H 9S")
    assert min_leftover(hand, RAMINO51, ramino_value) == 9
    assert min_leftover(hand, RAMINO51, ramino_value) == brute_min_leftover(
        hand, RAMINO51, ramino_value
    )


# --- gin fast path against the references ---------------------------------------------


def random_hands(rng: random.Random, n: int, count: int) -> Iterator[list[Card]]:
    """Yield random n-card hands from one pack."""
    for _ in range(count):
        yield rng.sample(DECK, n)


def meld_heavy_hands(rng: random.Random, n: int, count: int, wrap: bool) -> Iterator[list[Card]]:
    """Yield n-card hands drawn from 5 adjacent ranks (round the corner when wrap)."""
    for _ in range(count):
        lo = rng.randint(1, 13 if wrap else 9)
        ranks = {(lo - 1 + k) % 13 + 1 for k in range(5)}
        yield rng.sample([c for c in DECK if c.rank in ranks], n)


def check_gin(hand: list[Card], wrap: bool, ace: int) -> None:
    """Assert the fast path, the generic solver and the brute force agree."""
    rules = GERMAN_GIN_RULES if wrap else GIN_RULES

    def value(c: Card) -> int:
        return card_value(c, ace)

    fast = min_deadwood(hand, wrap=wrap, ace_value=ace)
    assert fast == brute_min_leftover(hand, rules, value), hand
    assert fast == min_leftover(hand, rules, value), hand


@pytest.mark.parametrize("n", [10, 11])
def test_gin_random_hands(n: int) -> None:
    rng = random.Random(1000 + n)
    for hand in random_hands(rng, n, 1500):
        check_gin(hand, wrap=False, ace=1)


@pytest.mark.parametrize("n", [10, 11])
def test_gin_meld_heavy_hands(n: int) -> None:
    rng = random.Random(2000 + n)
    hands = list(meld_heavy_hands(rng, n, 1200, wrap=False))
    melded = sum(min_deadwood(h) < sum(map(gin_value, h)) for h in hands)
    assert melded > 0.9 * len(hands)  # the sample really is meld-heavy (random: about 40%)
    for hand in hands:
        check_gin(hand, wrap=False, ace=1)


@pytest.mark.parametrize("n", [10, 11])
def test_german_gin_hands(n: int) -> None:
    rng = random.Random(3000 + n)
    for hand in random_hands(rng, n, 300):
        check_gin(hand, wrap=True, ace=15)
    for hand in meld_heavy_hands(rng, n, 500, wrap=True):
        check_gin(hand, wrap=True, ace=15)
    for hand in meld_heavy_hands(rng, n, 200, wrap=True):
        check_gin(hand, wrap=True, ace=1)


@pytest.mark.parametrize("n", range(14))
def test_every_hand_size(n: int) -> None:
    rng = random.Random(4000 + n)
    for hand in random_hands(rng, n, 25):
        check_gin(hand, wrap=False, ace=1)
        check_gin(hand, wrap=True, ace=15)
    for hand in meld_heavy_hands(rng, n, 25, wrap=True):
        check_gin(hand, wrap=False, ace=1)
        check_gin(hand, wrap=True, ace=15)


@pytest.mark.parametrize("n", [20, 30])
def test_large_hands_against_generic_solver(n: int) -> None:
    rng = random.Random(5000 + n)
    for hand in random_hands(rng, n, 15):
        assert min_deadwood(hand) == min_leftover(hand, GIN_RULES, gin_value)
        german = min_deadwood(hand, wrap=True, ace_value=15)
        assert german == min_leftover(hand, GERMAN_GIN_RULES, german_value)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), max_size=13, unique=True),
    st.sampled_from([(False, 1), (True, 15), (True, 1), (False, 15)]),
)
def test_gin_hypothesis(hand: list[Card], mode: tuple[bool, int]) -> None:
    check_gin(hand, wrap=mode[0], ace=mode[1])


# --- generic solver: wild jokers and two packs ---------------------------------------


def wild_hands(rng: random.Random, count: int) -> Iterator[list[Card]]:
    """Yield 6-10 cards from two packs and four jokers, half of them from 5 adjacent ranks."""
    for _ in range(count):
        n = rng.randint(6, 10)
        if rng.random() < 0.5:
            yield rng.sample(TWO_PACKS, n)
            continue
        lo = rng.randint(1, 10)  # lo = 10 takes 10 J Q K A
        ranks = {(lo - 1 + k) % 13 + 1 for k in range(5)}
        yield rng.sample([c for c in TWO_PACKS if c.is_joker or c.rank in ranks], n)


@pytest.mark.parametrize(
    "rules",
    [RAMINO51, RAMINO, RAMINO_SAME_SUIT, GIN_RULES, RUMMY500],
    ids=["ramino51", "ramino", "ramino_same_suit", "gin", "rummy500"],
)
def test_generic_solver_with_wilds_and_two_packs(rules: MeldRules) -> None:
    rng = random.Random(6000)
    hands = list(wild_hands(rng, 250))
    melded = 0
    for hand in hands:
        got = min_leftover(hand, rules, ramino_value)
        assert got == brute_min_leftover(hand, rules, ramino_value), hand
        melded += got < sum(map(ramino_value, hand))
    assert melded > 0.4 * len(hands)  # enough hands hold melds for the check to mean something


def test_ramino51_sized_hands() -> None:
    rng = random.Random(6500)
    for _ in range(12):
        lo = rng.randint(1, 9)
        pool = [c for c in TWO_PACKS if c.is_joker or lo <= c.rank < lo + 5]
        hand = rng.sample(pool, 14)
        assert min_leftover(hand, RAMINO51, ramino_value) == brute_min_leftover(
            hand, RAMINO51, ramino_value
        )


def test_leftover_wild_is_the_cheapest() -> None:
    # Only one of the two jokers fits (5H 6H + one wild); the dearer one belongs in the meld.
    rules = MeldRules(aces="low_high", wild_jokers=True, max_wilds_run=1)
    hand = parse_cards("5H 6H JK JK")

    def value(c: Card) -> int:
        return (20 if c.deck == 0 else 50) if c.is_joker else c.rank

    assert brute_min_leftover(hand, rules, value) == 20
    assert min_leftover(hand, rules, value) == 20
    assert best_arrangement(hand, rules, value).value == 20


# --- best_arrangements ----------------------------------------------------------------


def check_arrangements(
    hand: list[Card], rules: MeldRules, value: ValueFn, found: list[Arrangement]
) -> None:
    """Assert every arrangement is valid, conserves the cards and reaches the minimum."""
    target = brute_min_leftover(hand, rules, value)
    assert found
    for arr in found:
        for meld in arr.melds:
            assert make_meld(meld.cards, rules).kind == meld.kind
        used = [c for m in arr.melds for c in m.cards] + list(arr.deadwood)
        assert sorted(used) == sorted(hand)
        assert arr.value == sum(value(c) for c in arr.deadwood) == target
    shapes = {shape([m.cards for m in a.melds], a.deadwood) for a in found}
    assert shapes == brute_best_shapes(hand, rules, value)


def test_gin_tie_lists_both_arrangements() -> None:
    # Gin example 8: 2S-3S-4S or 3S-3H-3D, with 10C-KC; deadwood 7 either way.
    hand = parse_cards("2S 3S 4S 3H 3D 10C JC QC KC AD")
    found = arrangements(hand)
    shapes = {shape([m.cards for m in a.melds], a.deadwood) for a in found}
    run_first = ((("10C", "JC", "KC", "QC"), ("2S", "3S", "4S")), ("3D", "3H", "AD"))
    set_first = ((("10C", "JC", "KC", "QC"), ("3D", "3H", "3S")), ("2S", "4S", "AD"))
    assert shapes == {run_first, set_first}
    assert all(a.value == 7 for a in found)
    check_arrangements(hand, GIN_RULES, gin_value, found)


def test_arrangement_prints_melds_and_deadwood() -> None:
    arr = best_arrangement(parse_cards("7C 7H 7D 8D 9D"), GIN_RULES, gin_value)
    assert str(arr) == "[7D 8D 9D] 7C 7H = 14"
    assert len(best_arrangements(parse_cards("2S 3S 4S 3H 3D"), GIN_RULES, gin_value, 1)) == 1


def test_best_arrangements_random_gin_hands() -> None:
    rng = random.Random(7000)
    hands = list(random_hands(rng, 10, 100)) + list(meld_heavy_hands(rng, 11, 150, False))
    for hand in hands:
        check_arrangements(hand, GIN_RULES, gin_value, arrangements(hand))


@pytest.mark.parametrize(
    "rules", [RAMINO51, RAMINO, RAMINO_SAME_SUIT], ids=["ramino51", "ramino", "ramino_same_suit"]
)
def test_best_arrangements_with_wilds(rules: MeldRules) -> None:
    rng = random.Random(8000)
    for hand in wild_hands(rng, 120):
        check_arrangements(hand, rules, ramino_value, best_arrangements(hand, rules, ramino_value))
