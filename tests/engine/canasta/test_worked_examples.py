"""Every worked example of canasta.md (example 1's valid melds are in tests/engine/test_melds.py;
here its invalid ones are refused by the game too), with the exact figures and codes."""

from __future__ import annotations

import pytest

from engine.canasta import CanastaOptions, opening_minimum, parse_action
from engine.canasta import errors as CE
from engine.canasta.scoring import side_report
from engine.errors import FirstMeldTooLow, InvalidMeld, NotOpened
from tests.engine.canasta.scripted import crafted, event, kinds, refused, scripted

OTHERS = "4C 4D 5C 6D 7C 8S 9H 10C"  # filler: no pair of anything the examples use


@pytest.mark.parametrize("text", ["7H,7S,2C,JK", "7H,7S,7D,7C,2C,2D,JK", "7H,2C,JK",
                                  "JK,JK,2H,2S", "3S,3C,JK", "7H,7S,3H"])
def test_example_1_invalid_melds_are_refused_by_the_game(text: str) -> None:
    game = crafted({0: text.replace(",", " ") + " " + OTHERS}, melds=[(0, "KH KS KD")])
    refused(game, 0, parse_action(f"meld {text}"), InvalidMeld)


@pytest.mark.parametrize(("total", "minimum"), [
    (-350, 50), (0, 50), (2995, 50), (3000, 90), (4995, 90), (5000, 120), (7000, 160),
    (9995, 160), (10000, 180), (11995, 180), (12000, 200)])
def test_example_2_opening_minimum_by_side_total(total: int, minimum: int) -> None:
    assert opening_minimum(total) == minimum


def test_example_3_an_opening_of_50_draws_exactly_one_card() -> None:
    game = crafted({0: "KS KH KD 2C " + OTHERS}, players=2, phase="acquire", stock="9D 9C")
    events = game.apply(0, "open KS,KH,KD,2C")
    assert kinds(events) == ["open"] and event(events, "open").public.points == 50
    assert event(events, "open").private.cards == ("9D",)
    assert len(game.hands[0]) == len(OTHERS.split()) + 1 and game.stock[0].text == "9C"
    assert game.opened[0] and game.phase == "play"


def test_example_3_an_opening_of_45_is_too_low() -> None:
    game = crafted({0: "7H 7S 7D 8C 8D 8S KS QS JS"}, players=2, phase="acquire")
    error = refused(game, 0, parse_action("open 7H,7S,7D 8C,8D,8S"), FirstMeldTooLow)
    assert error.params == {"minimum": 50, "points": 45}


def test_example_3_at_3000_the_minimum_is_90_and_110_opens() -> None:
    hand = "KS KH KD 2C AH AS AD " + OTHERS
    game = crafted({0: hand}, players=2, phase="acquire", minimums=[90, 50],
                   board={"totals": [3000, 0], "hands": [], "eliminated": []})
    refused(game, 0, parse_action("open KS,KH,KD,2C"), FirstMeldTooLow)
    events = game.apply(0, "open KS,KH,KD,2C AH,AS,AD")
    assert event(events, "open").public.points == 110


def test_example_4_no_meld_after_drawing_unopened_then_open_next_turn() -> None:
    game = crafted({0: "QH QS 5C 6C 7C", 1: OTHERS}, players=2, phase="acquire",
                   stock="QD JK 9C 10C")
    game.apply(0, "draw")
    refused(game, 0, parse_action("meld QH,QS,QD,JK"), NotOpened)
    game.apply(0, "discard 5C")
    game.apply(1, "draw")
    game.apply(1, "discard 4C")
    events = game.apply(0, "open QH,QS,QD,JK")
    assert event(events, "open").public.points == 80


PILE_5 = "5C 6C 7C JK 8C KC 4D 9D"  # 8 cards, a joker under the top 9D


def test_example_5_the_forced_meld_counts_the_top_not_the_pile() -> None:
    game = crafted({0: "9S 9C JK " + OTHERS}, players=2, phase="acquire", pile=PILE_5)
    events = game.apply(0, "take 9S,9C,JK")
    taken = event(events, "take").public
    assert taken.opening and taken.cards == 7 and taken.melds[0].cards == (
        "9D", "9S", "9C", "JK")
    assert game.opened[0] and "JK" in {c.text for c in game.hands[0]}


def test_example_5_thirty_is_short_unless_extra_melds_reach_the_minimum() -> None:
    game = crafted({0: "9S 9C AH AS AD " + OTHERS}, players=2, phase="acquire", pile=PILE_5)
    error = refused(game, 0, parse_action("take 9S,9C"), FirstMeldTooLow)
    assert error.params == {"minimum": 50, "points": 30}
    game.apply(0, "take 9S,9C AH,AS,AD")
    assert [m.rank for m in game.table] == [9, 1]


def test_example_6_one_natural_does_not_take_the_pile() -> None:
    game = crafted({0: "9S JK " + OTHERS}, players=2, phase="acquire", pile="4H 9D")
    refused(game, 0, parse_action("take 9S,JK"), CE.PileNeedsCards)


def test_example_6_a_meld_of_the_rank_on_the_table_still_needs_two_naturals() -> None:
    game = crafted({0: "9D " + OTHERS}, melds=[(0, "9H 9C 9S 2D")], players=2,
                   phase="acquire", pile="4H 9D")
    refused(game, 0, parse_action("take 9D"), CE.PileNeedsCards)


def test_example_7_a_black_three_freezes_the_pile_for_the_next_player_only() -> None:
    game = crafted({0: "3C " + OTHERS, 1: "7H 7S 7C KH KD", 2: "7C 7D QS QD"}, players=3,
                   melds=[(2, "KH KS KC")], pile="4H 9D", stock="AS 5H 9S 10S")
    game.apply(0, "discard 3C")
    refused(game, 1, parse_action("take 7S,7C"), CE.PileFrozen)
    game.apply(1, "draw")
    game.apply(1, "discard 7H")
    game.apply(2, "take 7C,7D")
    assert "3C" in [c.text for c in game.hands[2]] and not game.pile
    # 3C QS QD 4H 9D, doubled: the side has no canasta
    assert side_report(game, 2, None).penalty == 2 * (5 + 10 + 10 + 5 + 10)


def test_example_8_wild_on_top_takes_three_of_its_kind() -> None:
    game = crafted({0: "JK JK JK " + OTHERS}, players=2, phase="acquire", pile="4H JK")
    events = game.apply(0, "take JK,JK,JK")
    meld = event(events, "take").public.melds[0]
    assert meld.rank == "JK" and meld.cards == ("JK",) * 4
    assert sum(c.is_joker for c in game.table.melds[0].cards) * 50 == 200
    twos = crafted({0: "2C 2D 2S " + OTHERS}, players=2, phase="acquire", pile="4H 2H")
    twos.apply(0, "take 2C,2D,2S")
    assert twos.table.melds[0].rank == 2 and len(twos.table.melds[0].cards) == 4
    for top in ("JK", "2H"):
        fives = crafted({0: "5C 5D 5H " + OTHERS}, players=2, phase="acquire", pile=f"4H {top}")
        refused(fives, 0, parse_action("take 5C,5D,5H"), CE.PileNeedsCards)


@pytest.mark.parametrize(("turned", "size"), [("KD", 14), ("7S", 8), ("AH", 15), ("2C", 3),
                                              ("3S", 4), ("3D", 4), ("JK", 1), ("JH", 12),
                                              ("QH", 13), ("10C", 11)])
def test_example_9_the_turned_card_and_the_cards_under_it(turned: str, size: int) -> None:
    game = scripted([HAND_A, HAND_B], stock=turned)
    assert game.pile[-1].text == turned and len(game.pile) == size
    assert len(game.stock) == 162 - 30 - size


def test_example_9_a_turned_joker_with_cards_under_it_by_option() -> None:
    game = scripted([HAND_A, HAND_B], stock="JK", options=CanastaOptions(turned_joker_cards=2))
    assert len(game.pile) == 3 and game.pile[-1].is_joker


HAND_A = "AS AH AD KS KH KD QS QH QD JS JH JD 10S 10H 10D"
HAND_B = "9S 9H 9D 8S 8H 8D 7S 7H 7D 6S 6H 6D 5S 5H 5D"


def test_example_9_turned_two_needs_three_twos_and_a_turned_black_three_is_frozen() -> None:
    game = scripted([HAND_A, HAND_B], stock="3S")
    refused(game, 0, parse_action("take AS,AH"), CE.PileFrozen)
    two = scripted([HAND_A, HAND_B], stock="2C")
    refused(two, 0, parse_action("take AS,AH"), CE.PileNeedsCards)


def test_example_9_a_turned_red_three_goes_to_the_taker_s_area() -> None:
    game = scripted([HAND_A, HAND_B], stock="3D 4C 4D 4H 9C 4S")
    assert [c.text for c in game.pile] == ["4C", "4D", "4H", "3D"]
    refused(game, 0, parse_action("take AS,AH"), CE.PileFrozen)
    game.apply(0, "draw")
    game.apply(0, "discard 9C")
    events = game.apply(1, "take 9S,9H,9D 8S,8H,8D")
    assert event(events, "take").public.red_threes == ("3D",)
    assert [c.text for c in game.red_threes[1]] == ["3D"]
    assert len(game.hands[1]) == 15 - 6 + 3


def test_example_10_the_forced_meld_joins_the_side_s_meld() -> None:
    game = crafted({0: "9S 9C " + OTHERS}, melds=[(0, "9H 9C 9S JK")], players=2,
                   phase="acquire", pile="4H 9D")
    events = game.apply(0, "take 9S,9C")
    meld = event(events, "take").public.melds[0]
    assert meld.id == "A" and len(meld.cards) == 7 and meld.wilds == 1
    assert meld.canasta == "dirty"


def test_example_11_no_take_that_empties_the_hand() -> None:
    game = crafted({0: "6C 6D"}, melds=[(0, "KH KS KD")], players=2, phase="acquire",
                   pile="6H", stock="4S 4C")
    error = refused(game, 0, parse_action("take 6C,6D"), CE.HandSize)
    assert error.params == {"left": 0}


def test_example_11_no_lay_off_that_leaves_one_card_without_a_clean_canasta() -> None:
    dirty = "KH KS KD KC KH KS JK"
    game = crafted({0: "QD 4S"}, players=2, melds=[
        (0, dirty), (0, "8H 8S 8D 8C 8H 8S 2C"), (0, "QS QH QC")])
    error = refused(game, 0, parse_action("add C QD"), CE.HandSize)
    assert error.params == {"left": 1}
    game.apply(0, "discard 4S")
    assert [c.text for c in game.hands[0]] == ["QD"]


def test_example_12_a_wild_makes_a_clean_canasta_dirty_and_blocks_going_out() -> None:
    queens = "QS QH QD QC QS QH QD"
    game = crafted({0: "2S 4C 5C"}, players=2, melds=[(0, queens), (0, "KH KS KD KC KH KS JK")])
    assert game.going_out_ok(0)
    game.apply(0, "add A 2S")
    report = side_report(game, 0, None)
    assert game.table.melds[0].cards[-1].text == "2S"
    assert report.melds == 90 + 110 and report.canastas == 300 + 300
    assert not game.going_out_ok(0)


@pytest.mark.parametrize(("count", "bonus"), [(1, 100), (2, 200), (3, 300), (4, 800),
                                              (5, 1000), (6, 1200)])
def test_example_13_red_threes(count: int, bonus: int) -> None:
    reds = " ".join(["3H", "3D"] * 3)
    game = crafted({}, players=2, melds=[(0, "KH KS KD")],
                   red={0: " ".join(reds.split()[:count]), 1: "3H 3D" if count < 5 else ""})
    assert side_report(game, 0, None).red_threes == bonus
    if count < 5:
        assert side_report(game, 1, None).red_threes == -200  # no meld: negative


@pytest.mark.parametrize(("meld", "score"), [("JK JK JK JK JK JK 2D", 5320),
                                             ("2S 2H 2D 2C 2S 2H 2D", 3140),
                                             ("2S 2H 2D 2C 2S 2H JK", 2170)])
def test_example_14_special_canastas(meld: str, score: int) -> None:
    game = crafted({}, players=2, melds=[(0, meld)])
    report = side_report(game, 0, None)
    assert report.melds + report.canastas == score


def test_example_14_toro_seduto_is_not_clean_for_going_out() -> None:
    game = crafted({0: "4C"}, players=2, melds=[(0, "JK JK JK JK JK JK 2D"),
                                                 (0, "KH KS KD KC KH KS 2C")])
    refused(game, 0, parse_action("discard 4C"), CE.CannotGoOut)


def example_15(totals: tuple[int, int] = (0, 0)) -> object:
    """Return example 15's position, seat 0 about to go out by discarding 4C."""
    return crafted(
        {0: "4C", 2: "9C 4D", 1: "KH QS 3C", 3: "JK 6D 6C"},
        melds=[(0, "KH KS KD KC KH KS KD"), (0, "8H 8S 8D 8C 8H 2C JK"), (0, "5H 5S 5D"),
               (1, "7S 7H 7D 2H"), (1, "AC AD JK")],
        red={0: "3H 3D", 1: "3H"}, board={"totals": list(totals), "hands": [],
                                           "eliminated": []})


def test_example_15_full_hand_in_partnerships() -> None:
    game = example_15()
    events = game.apply(0, "discard 4C")  # type: ignore[attr-defined]
    report = event(events, "hand_end").public
    a, b = report.sides
    assert (a.melds, a.canastas, a.red_threes, a.going_out, a.penalty, a.score) == (
        205, 800, 200, 300, 15, 1490)
    assert (b.melds, b.canastas, b.red_threes, b.going_out, b.penalty, b.score) == (
        125, 0, 100, 0, 170, 55)
    assert report.out == 0 and report.reason == "out"


def test_example_16_three_players_the_penalty_doubles_without_a_canasta() -> None:
    game = crafted({0: "4C", 1: "JK 5C 5D", 2: "JK 5S 5H"}, players=3,
                   melds=[(0, "KH KS KD KC KH KS KD"), (0, "8H 8S 8D 8C 8H 2C JK"),
                          (1, "QH QS QD QC QH QS QD"), (2, "AH AS AD")])
    report = event(game.apply(0, "discard 4C"), "hand_end").public
    assert [s.penalty for s in report.sides] == [0, 60, 120]


def test_example_17_a_drawn_red_three_is_replaced_from_the_top() -> None:
    game = crafted({0: OTHERS}, players=2, phase="acquire", stock="3H 9C KD 5S")
    events = game.apply(0, "draw")
    drawn = event(events, "draw")
    assert drawn.public.red_threes == ("3H",) and drawn.private.cards == ("9C", "KD")
    assert [c.text for c in game.red_threes[0]] == ["3H"] and game.stock[0].text == "5S"


def test_example_18_the_last_card_then_take_or_end() -> None:
    game = crafted({0: "KC 8H 4S 5S", 1: "8C 8D 6S 7S"}, players=2, phase="acquire",
                   melds=[(0, "KH KS KD"), (1, "QH QS QD")], stock="4D", rest_to="pile")
    game.apply(0, "draw")
    game.apply(0, "add A KC")
    game.apply(0, "discard 8H")
    assert not game.stock and game.turn == 1 and game.phase == "acquire"
    offered = {str(a) for a in game.legal_actions(1)}
    assert {"take 8C,8D", "end"} <= offered
    report = event(game.apply(1, "end"), "hand_end").public
    assert report.reason == "exhausted" and all(s.going_out == 0 for s in report.sides)


def test_example_18_a_frozen_pile_on_an_empty_stock_ends_the_hand() -> None:
    game = crafted({0: "KC 3S 4S 5S", 1: "8C 8D 6S 7S"}, players=2, phase="acquire",
                   melds=[(0, "KH KS KD"), (1, "QH QS QD")], stock="4D", rest_to="pile")
    game.apply(0, "draw")
    events = game.apply(0, "discard 3S")
    assert kinds(events)[:3] == ["discard", "hand_end", "deal"]
    assert game.last_result is not None and game.last_result.reason == "exhausted"


def test_example_19_the_game_ends_at_the_target_with_one_highest_total() -> None:
    game = example_15((14200, 14900))
    events = game.apply(0, "discard 4C")  # type: ignore[attr-defined]
    assert game.totals == [15690, 14955] and game.is_over  # type: ignore[attr-defined]
    assert event(events, "game_end").public.winner == 0


def test_example_19_a_tie_at_the_target_plays_another_hand() -> None:
    game = example_15((13810, 15245))
    events = game.apply(0, "discard 4C")  # type: ignore[attr-defined]
    assert game.totals == [15300, 15300] and not game.is_over  # type: ignore[attr-defined]
    assert event(events, "hand_end").public.tied == (0, 1) and "deal" in kinds(events)
