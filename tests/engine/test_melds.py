"""Sets and runs under each game's meld rules (shared/rules/*.md, "Melds")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, make_deck, parse_cards
from engine.errors import InvalidMeld, RulesError
from engine.melds import Meld, MeldRules, extend, fit_ends, make_group, make_meld

GIN = MeldRules()  # aces low, no wilds
GERMAN_GIN = MeldRules(aces="wrap")
RUMMY500 = MeldRules(aces="low_high")
RAMINO = MeldRules(aces="low_high", wild_jokers=True, max_wilds_set=3, max_wilds_run=13)
RAMINO_SAME_SUIT = replace(RAMINO, distinct_suits=False)
RAMINO51 = MeldRules(aces="low_high", wild_jokers=True, max_wilds_set=1, max_wilds_run=2)
ALL_RULES = [GIN, GERMAN_GIN, RUMMY500, RAMINO, RAMINO_SAME_SUIT, RAMINO51]


def ok(text: str, rules: MeldRules) -> Meld:
    """Return the meld, failing the test with the engine's reason if it is refused."""
    try:
        return make_meld(text, rules)
    except InvalidMeld as err:
        pytest.fail(f"{text!r} refused: {err}")


def refused(text: str, rules: MeldRules) -> str:
    """Return the refusal message, failing the test if the meld is accepted."""
    with pytest.raises(InvalidMeld) as caught:
        make_meld(text, rules)
    assert caught.value.code == "invalid_meld" and isinstance(caught.value, RulesError)
    return str(caught.value)


def card(text: str, deck: int = 0) -> Card:
    """Return one card of the given pack."""
    return Card.parse(text, deck)


# --- aces ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "a23", "qka", "ka2"),
    [(GIN, True, False, False), (RUMMY500, True, True, False), (GERMAN_GIN, True, True, True)],
    ids=["low", "low_high", "wrap"],
)
def test_ace_modes(rules: MeldRules, a23: bool, qka: bool, ka2: bool) -> None:
    for text, valid in [("AH 2H 3H", a23), ("QH KH AH", qka), ("KH AH 2H", ka2)]:
        if valid:
            assert ok(text, rules).kind == "run"
        else:
            refused(text, rules)


def test_refusals_explain_the_ace_rule() -> None:
    assert "aces are low only" in refused("QH KH AH", GIN)
    assert "never wrap" in refused("KS AS 2S", RUMMY500)


def test_high_ace_takes_position_14() -> None:
    meld = ok("AC KC QC", RUMMY500)
    assert [str(c) for c in meld.cards] == ["QC", "KC", "AC"]
    assert meld.ranks == (12, 13, 14) and (meld.low, meld.high) == (12, 14)
    low = ok("3C AC 2C", RUMMY500)
    assert [str(c) for c in low.cards] == ["AC", "2C", "3C"] and low.ranks == (1, 2, 3)


def test_full_suit_runs() -> None:
    ace_to_king = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    for rules in (GIN, RUMMY500, GERMAN_GIN):
        assert len(ok(ace_to_king, rules)) == 13
    assert ok("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", RUMMY500).high == 14
    assert ok("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", GIN).low == 1


def test_wrap_runs_go_round_the_corner_up_to_13_cards() -> None:
    assert len(ok("JH QH KH AH 2H 3H", GERMAN_GIN)) == 6
    circle = ok("5S 6S 7S 8S 9S 10S JS QS KS AS 2S 3S 4S", GERMAN_GIN)
    assert len(circle) == 13
    assert [str(c) for c in circle.cards][:2] == ["5S", "6S"]
    # A fourteenth card (second pack) would repeat a rank.
    fourteen = list(circle.cards) + [card("5S", 1)]
    with pytest.raises(InvalidMeld, match="at most 13"):
        make_meld(fourteen, GERMAN_GIN)


def test_runs_never_wrap_outside_german_gin() -> None:
    refused("10S JS QS KS AS 2S", RUMMY500)
    refused("JH QH KH AH 2H 3H", GIN)


def test_ace_appears_once_per_run() -> None:
    # Ramino 51, worked example 8: A..K plus a second AS (14 cards) is invalid.
    text = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    for rules in (RUMMY500, RAMINO51, RAMINO):
        refused(text, rules)


# --- plain sets and runs (gin, Rummy 500) -----------------------------------------------


@pytest.mark.parametrize(
    "text", ["7C 7H 7D", "7C 7H 7D 7S", "AH AS AD", "10C JC QC KC", "4D 5D 6D 7D 8D", "9S 10S JS"]
)
def test_gin_accepts(text: str) -> None:
    meld = ok(text, GIN)
    assert sorted(map(str, meld.cards)) == sorted(text.split())


def test_set_and_run_kinds() -> None:
    assert ok("7C 7H 7D", GIN).kind == "set"
    assert ok("7C 7H 7D", GIN).ranks == (7, 7, 7)
    run = ok("6D 4D 5D", GIN)
    assert run.kind == "run" and run.suit == "D" and run.ranks == (4, 5, 6)
    assert [str(c) for c in run.cards] == ["4D", "5D", "6D"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("7C 7H", "3 to 4"),
        ("5H 6H", "at least 3"),
        ("5H 6H 8H", "consecutive"),
        ("5H 6H 7D", "neither a set nor a run"),
        ("JK 5H 6H", "not wild"),
        ("7C 7H 8D", "neither"),
    ],
)
def test_gin_refuses_with_reason(text: str, reason: str) -> None:
    assert reason in refused(text, GIN)


def test_same_card_twice_is_refused() -> None:
    seven = card("7C")
    with pytest.raises(InvalidMeld, match="twice"):
        make_meld([seven, seven, card("7H")], GIN)


def test_five_card_set_is_refused() -> None:
    # Two packs: five eights exist but a set holds at most 4 cards.
    refused("8C 8H 8D 8S 8C", RAMINO51)
    refused("8C 8C 8H 8H 8D", RAMINO_SAME_SUIT)


# --- suits in sets --------------------------------------------------------------------


def test_distinct_suits_in_sets() -> None:
    # Ramino 51, example 7: 8C 8H 8C is invalid; Ramino with same_suit_sets allows it.
    assert "same suit" in refused("8C 8H 8C", RAMINO51)
    refused("8C 8C 8H", GIN)
    same_suit = MeldRules(distinct_suits=False)
    meld = ok("8C 8C 8H", same_suit)
    assert meld.kind == "set" and len({c.deck for c in meld.cards if c.suit == "C"}) == 2
    assert ok("8C 8C 8H 8H", RAMINO_SAME_SUIT).kind == "set"


# --- wild jokers --------------------------------------------------------------------


def test_jokers_in_ramino51_runs() -> None:
    # Ramino 51, example 6: at most 2 jokers per run, adjacent or not.
    assert ok("6S JK JK 9S", RAMINO51).declared() == "6S JK(7S) JK(8S) 9S"
    assert ok("6S JK 8S JK", RAMINO51).declared() == "6S JK(7S) 8S JK(9S)"
    assert "too many wild" in refused("5S JK JK JK 9S", RAMINO51)


def test_jokers_in_ramino51_sets() -> None:
    # Ramino 51, example 7: 8C 8H JK valid, 8C JK JK not valid as a set.
    assert ok("8C 8H JK", RAMINO51).kind == "set"
    assert ok("9C 9D 9H JK", RAMINO51).kind == "set"
    assert ok("8C JK JK", RAMINO51).kind == "run"  # only as 8C-9C-10C
    refused("8C 8H JK JK", RAMINO51)


def test_ramino_jokers_unlimited_but_one_natural_needed() -> None:
    assert ok("5S JK JK JK 9S", RAMINO).declared() == "5S JK(6S) JK(7S) JK(8S) 9S"
    assert ok("QS QD JK", RAMINO).kind == "set"  # ramino example 5
    ok("8C JK JK", RAMINO)
    refused("QD JK", RAMINO)
    assert "natural" in refused("JK JK JK", RAMINO)
    refused("QS QD JK JK JK", RAMINO)  # a set still has at most 4 cards


def test_min_naturals_limit() -> None:
    two_naturals = replace(RAMINO, min_naturals=2)
    assert "natural" in refused("5S JK JK", two_naturals)
    assert ok("5S 6S JK", two_naturals).declared() == "5S 6S JK(7S)"


def test_joker_limits_per_meld_kind() -> None:
    runs_only = MeldRules(wild_jokers=True, max_wilds_run=1, max_wilds_set=0)
    assert ok("5H JK 7H", runs_only).kind == "run"
    assert "too many wild" in refused("8C 8H JK", runs_only)
    assert "too many wild" in refused("5H JK JK 8H", runs_only)


@pytest.mark.parametrize(
    ("text", "rules", "shown", "ranks"),
    [
        ("5H JK 7H", RAMINO51, "5H JK(6H) 7H", (5, 6, 7)),
        ("JK JK AH", RAMINO51, "JK(QH) JK(KH) AH", (12, 13, 14)),
        ("AH JK JK", RAMINO51, "AH JK(2H) JK(3H)", (1, 2, 3)),
        ("10C JK QC KC", RAMINO51, "10C JK(JC) QC KC", (10, 11, 12, 13)),
        ("JK KC AC", RAMINO51, "JK(QC) KC AC", (12, 13, 14)),
        ("2D 3D JK", RAMINO51, "2D 3D JK(4D)", (2, 3, 4)),
    ],
)
def test_declared_joker_values(
    text: str, rules: MeldRules, shown: str, ranks: tuple[int, ...]
) -> None:
    meld = ok(text, rules)
    assert meld.declared() == shown
    assert meld.ranks == ranks


def test_joker_ace_both_ways() -> None:
    # The seed's "JK AH JK": a valid run, either A-2-3 or Q-K-A; here read as A-2-3.
    meld = ok("JK AH JK", RAMINO51)
    assert meld.declared() == "AH JK(2H) JK(3H)"


def test_joker_set_declares_the_rank() -> None:
    assert ok("6C JK 6H", RAMINO51).declared().startswith("6C JK(6")


# --- lay-offs: fit_ends and extend -----------------------------------------------------


def test_ace_fits_both_ends_of_two_to_king_only_with_high_aces() -> None:
    # Rummy 500, example 4.
    two_to_king = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    run = ok(two_to_king, RUMMY500)
    assert fit_ends(card("AS"), run, RUMMY500) == ["low", "high"]
    assert extend(run, card("AS"), "high", RUMMY500).ranks[-1] == 14
    assert extend(run, card("AS"), "low", RUMMY500).ranks[0] == 1
    assert fit_ends(card("AS"), ok(two_to_king, GIN), GIN) == ["low"]
    assert fit_ends(card("AS"), ok(two_to_king, GERMAN_GIN), GERMAN_GIN) == ["low", "high"]
    assert fit_ends(card("AH"), run, RUMMY500) == []


def test_wrong_suit_is_refused() -> None:
    run = ok("7H 8H 9H", GIN)
    assert fit_ends(card("10S"), run, GIN) == []
    with pytest.raises(InvalidMeld, match="suit"):
        extend(run, card("10S"), "high", GIN)


def test_run_extends_at_the_right_end_only() -> None:
    run = ok("7H 8H 9H", GIN)
    assert fit_ends(card("10H"), run, GIN) == ["high"]
    assert fit_ends(card("6H"), run, GIN) == ["low"]
    assert fit_ends(card("JH"), run, GIN) == []
    longer = extend(run, card("10H"), "high", GIN)
    assert [str(c) for c in longer.cards] == ["7H", "8H", "9H", "10H"]
    assert fit_ends(card("JH"), longer, GIN) == ["high"]
    with pytest.raises(InvalidMeld):
        extend(run, card("10H"), "low", GIN)
    with pytest.raises(InvalidMeld, match="which end"):
        extend(run, card("10H"), "set", GIN)


def test_chain_down_to_the_ace() -> None:
    # Rummy 500, example 2: 4D 5D 6D, then 3D, 2D, AD; nothing goes below the ace.
    run = ok("4D 5D 6D", RUMMY500)
    for text in ("3D", "2D", "AD"):
        assert fit_ends(card(text), run, RUMMY500) == ["low"]
        run = extend(run, card(text), "low", RUMMY500)
    assert run.ranks == (1, 2, 3, 4, 5, 6)
    assert fit_ends(card("KD"), run, RUMMY500) == []


def test_high_ace_closes_the_top_end() -> None:
    # Ramino 51, example 8: QS KS AS valid, 2S may not be laid off on it.
    run = ok("QS KS AS", RAMINO51)
    assert fit_ends(card("2S"), run, RAMINO51) == []
    assert fit_ends(card("JS"), run, RAMINO51) == ["low"]
    assert fit_ends(card("2S"), ok("QS KS AS", GERMAN_GIN), GERMAN_GIN) == ["high"]


def test_sets_take_a_fourth_card_only() -> None:
    three = ok("7C 7H 7D", GIN)
    assert fit_ends(card("7S"), three, GIN) == ["set"]
    assert fit_ends(card("8S"), three, GIN) == []
    four = extend(three, card("7S"), "set", GIN)
    assert len(four) == 4
    for other in make_deck(2, 2):
        assert fit_ends(other, four, RAMINO) == []
    with pytest.raises(InvalidMeld, match="no ends"):
        extend(three, card("7S"), "low", GIN)


def test_joker_set_lay_off() -> None:
    # Ramino 51, example 2: 6C JK 6H takes 6S, then is full.
    meld = ok("6C JK 6H", RAMINO51)
    assert fit_ends(card("6S"), meld, RAMINO51) == ["set"]
    assert fit_ends(card("6C", 1), meld, RAMINO51) == []  # a second 6C
    assert fit_ends(card("JK", 1), meld, RAMINO51) == []  # one joker per set
    full = extend(meld, card("6S"), "set", RAMINO51)
    assert fit_ends(card("6D"), full, RAMINO51) == []


def test_joker_lay_off_on_a_run_respects_the_limit() -> None:
    run = ok("7H 8H 9H", RAMINO51)
    up = extend(run, card("JK"), "high", RAMINO51)
    assert up.declared() == "7H 8H 9H JK(10H)"
    both = extend(up, card("JK", 1), "low", RAMINO51)
    assert both.declared() == "JK(6H) 7H 8H 9H JK(10H)"
    assert fit_ends(card("JK", 2), both, RAMINO51) == []
    assert fit_ends(card("JH"), both, RAMINO51) == ["high"]
    assert fit_ends(card("5H"), both, RAMINO51) == ["low"]


def test_wrap_run_stops_at_13() -> None:
    twelve = ok("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", GERMAN_GIN)
    full = extend(twelve, card("AS"), "high", GERMAN_GIN)
    assert len(full) == 13
    assert fit_ends(card("2S", 1), full, GERMAN_GIN) == []


# --- properties -------------------------------------------------------------------


DECK = make_deck(2, 4)


@st.composite
def near_melds(draw: st.DrawFn) -> list[Card]:
    """Draw card lists that are often melds: runs or sets, some cards jokered or changed."""
    suit = draw(st.sampled_from("SHDC"))
    if draw(st.booleans()):
        lo, n = draw(st.integers(1, 13)), draw(st.integers(2, 8))
        cards = [Card((lo - 1 + k) % 13 + 1, suit, draw(st.integers(0, 1))) for k in range(n)]
    else:
        rank = draw(st.integers(1, 13))
        unique = draw(st.booleans())  # two packs: a repeated suit is possible but refused
        suits = draw(st.lists(st.sampled_from("SHDC"), min_size=2, max_size=5, unique=unique))
        cards = [Card(rank, s, i) for i, s in enumerate(suits)]
    jokered = draw(st.lists(st.integers(0, len(cards) - 1), max_size=3, unique=True))
    for i in jokered if draw(st.booleans()) else []:
        cards[i] = Card(0, "", i)
    if draw(st.booleans()):
        cards.append(draw(st.sampled_from(DECK)))
    if len(set(cards)) != len(cards):
        cards = list(dict.fromkeys(cards))
    return draw(st.permutations(cards))


def _position_rank(pos: int) -> int:
    """Return the face rank at a run position (a high ace is 14; wrap folds)."""
    return (pos - 1) % 13 + 1


@settings(max_examples=400, deadline=None)
@given(near_melds(), st.sampled_from(ALL_RULES))
def test_accepted_melds_are_really_valid(cards: list[Card], rules: MeldRules) -> None:
    try:
        meld = make_meld(cards, rules)
    except InvalidMeld:
        return
    assert sorted(meld.cards) == sorted(cards)
    wilds = [c for c in meld.cards if rules.is_wild(c)]
    naturals = [c for c in meld.cards if not rules.is_wild(c)]
    assert len(naturals) >= max(1, rules.min_naturals)
    assert not any(c.is_joker for c in naturals)
    if meld.kind == "set":
        assert rules.set_min <= len(meld) <= rules.set_max
        assert len({c.rank for c in naturals}) == 1 and len(wilds) <= rules.max_wilds_set
        if rules.distinct_suits:
            assert len({c.suit for c in naturals}) == len(naturals)
        return
    assert rules.run_min <= len(meld) <= 13 and len(wilds) <= rules.max_wilds_run
    assert {c.suit for c in naturals} == {meld.suit}
    assert list(meld.ranks) == list(range(meld.low, meld.low + len(meld)))
    if rules.aces != "wrap":
        assert meld.low >= 1 and meld.high <= rules.positions
    for c, pos in zip(meld.cards, meld.ranks):
        if not c.is_joker or not rules.wild_jokers:
            assert c.rank == _position_rank(pos)


@settings(max_examples=300, deadline=None)
@given(near_melds(), st.sampled_from([RAMINO, RAMINO51]))
def test_declared_jokers_can_be_replaced_by_their_cards(
    cards: list[Card], rules: MeldRules
) -> None:
    try:
        meld = make_meld(cards, rules)
    except InvalidMeld:
        return
    if meld.kind != "run":
        return
    # Swap each joker for the natural card it stands for: the run must stay valid.
    naturals = [
        c if not c.is_joker else Card(_position_rank(r), meld.suit, 7)
        for c, r in zip(meld.cards, meld.ranks)
    ]
    assert make_meld(naturals, RUMMY500).ranks == meld.ranks
    shown = [parse_cards(t.split("(")[-1].rstrip(")"))[0] for t in meld.declared().split()]
    assert [c.face for c in shown] == [c.face for c in naturals]


def test_declared_joker_past_the_king_in_a_wrapping_run_is_a_two() -> None:
    rules = MeldRules(aces="wrap", wild_jokers=True, max_wilds_run=2)
    assert make_meld(parse_cards("KH AH JK"), rules).declared() == "KH AH JK(2H)"
    high = MeldRules(aces="low_high", wild_jokers=True, max_wilds_run=2)
    assert make_meld(parse_cards("QH KH JK"), high).declared() == "QH KH JK(AH)"


# --- Canasta groups (canasta.md, Melds and worked example 1) -----------------------

@pytest.mark.parametrize("text,rank", [
    ("7H 7S 2C", 7), ("7H 7S 7D 2C JK", 7), ("2H 2S 2D", 2), ("2H 2S JK", 2), ("JK JK 2H", 0),
    ("3S 3C 3S", 3), ("AH AH AS AD 2C 2C", 1), ("JK JK JK JK JK JK 2D", 0),
    ("KH KS KD KC KH KS KD", 13),
])
def test_canasta_groups_valid(text: str, rank: int) -> None:
    meld = make_group(text)
    assert meld.kind == "group" and set(meld.ranks) == {rank} and len(meld) == len(text.split())


@pytest.mark.parametrize("text,reason", [
    ("7H 7S 2C JK", "at most 1 wild"),           # 2 naturals allow 1 wild
    ("7H 7S 7D 7C 2C 2D JK", "at most 2 wild"),  # 3 wilds
    ("7H 2C JK", "at least 2 natural"),          # 1 natural
    ("JK JK 2H 2S", "at most one 2"),            # two twos in a joker meld
    ("3S 3C JK", "black threes"),                # wild with black threes
    ("3H 3S 3C", "red threes"),                  # any meld with 3H or 3D
    ("3D 3D 3D", "red threes"),
    ("7H 8H 9H", "one rank"),                    # runs do not exist in Canasta
    ("JK JK JK JK JK JK JK 2D", "at most 7"),
    ("7H 7S", "at least 3"),
])
def test_canasta_groups_invalid(text: str, reason: str) -> None:
    with pytest.raises(InvalidMeld, match=reason):
        make_group(text)


def test_canasta_group_with_declared_rank() -> None:
    assert make_group("2H 2S JK", rank=2).ranks == (2, 2, 2)
    with pytest.raises(InvalidMeld):
        make_group("2H 2S JK", rank=0)  # as a joker meld it has one joker only
    assert make_group("3S 3C 3C", rank=3).kind == "group"
