"""Canasta's rules, options and decisions one by one; every refusal code leaves the game as
it was (`refused` compares the snapshot and the version)."""

from __future__ import annotations

import pytest

from engine.canasta import CanastaGame, CanastaOptions, parse_action, preset
from engine.canasta import errors as CE
from engine.canasta.scoring import side_report
from engine.errors import (
    BadOption,
    BadState,
    CardNotInHand,
    GameOver,
    IllegalMove,
    InvalidMeld,
    NoSuchMeld,
    NotYourTurn,
    StockEmpty,
    WrongPhase,
)
from tests.engine.canasta.scripted import crafted, event, kinds, refused, scripted

OTHERS = "4C 4D 5C 6D 7C 8S 9H 10C"
KINGS = "KH KS KD KC KH KS KD"  # a clean canasta
EIGHTS = "8H 8S 8D 8C 8H 2C JK"  # a dirty one
HAND_A = "AS AH AD KS KH KD QS QH QD JS JH JD 10S 10H 10D"
HAND_B = "9S 9H 9D 8S 8H 8D 7S 7H 7D 6S 6H 6D 5S 5H 5D"


# --- seats, options, the deal ----------------------------------------------------------

def test_four_players_play_in_partnerships_and_three_alone() -> None:
    assert CanastaGame(None, 4, seed=1).sides.groups == ((0, 2), (1, 3))
    assert CanastaGame(None, 3, seed=1).sides.groups == ((0,), (1,), (2,))
    with pytest.raises(BadOption):
        CanastaGame(None, 5, seed=1)


def test_presets_change_what_their_line_says() -> None:
    assert preset("standard") == CanastaOptions()
    assert preset("italian").black_three_value == 0
    assert preset("short").target_score < CanastaOptions().target_score


def test_the_deal_gives_fifteen_cards_one_at_a_time_from_the_first_player() -> None:
    game = scripted([HAND_A, HAND_B], dealer=1)
    assert game.first == game.turn == 0 and game.phase == "acquire"
    assert sorted(c.text for c in game.hands[0]) == sorted(HAND_A.split())
    assert sum(1 for _ in game.every_card()) == 162


def test_red_threes_at_the_deal_are_replaced_from_the_bottom_again_and_again() -> None:
    hand = "3H " + " ".join(HAND_A.split()[1:])
    game = scripted([hand, HAND_B], bottom="3D 4S")  # the bottom card is 3D, then 4S
    assert sorted(c.text for c in game.red_threes[0]) == ["3D", "3H"]
    assert "4S" in [c.text for c in game.hands[0]] and len(game.hands[0]) == 15
    assert not any(c.text in ("3H", "3D") for h in game.hands for c in h)


def test_a_new_hand_passes_the_deal_and_sets_each_side_s_minimum_from_its_total() -> None:
    game = crafted({0: "4C"}, players=2, melds=[(0, KINGS), (0, EIGHTS)], dealer=1,
                   board={"totals": [2900, 5000], "hands": [], "eliminated": []})
    events = game.apply(0, "discard 4C")
    assert kinds(events)[-1] == "deal" and game.dealer == 0 and game.turn == 1
    assert game.minimums == [90, 120]


# --- Phase 1 ---------------------------------------------------------------------------

def test_draw_takes_two_or_the_last_one_and_refuses_an_empty_stock() -> None:
    game = crafted({0: OTHERS}, players=2, phase="acquire", stock="9C KD 5S")
    assert event(game.apply(0, "draw"), "draw").private.cards == ("9C", "KD")
    last = crafted({0: OTHERS}, players=2, phase="acquire", stock="9C", rest_to="pile")
    assert event(last.apply(0, "draw"), "draw").public.count == 1
    empty = crafted({0: "KC KD"}, players=2, phase="acquire", rest_to="pile")
    refused(empty, 0, parse_action("draw"), StockEmpty)


def test_a_drawn_red_three_left_alone_ends_the_hand_without_the_discard() -> None:
    game = crafted({0: "4C", 1: "5C 6C"}, players=2, phase="acquire", stock="3H",
                   rest_to="pile", melds=[(0, "KH KS KD")])
    events = game.apply(0, "draw")
    assert kinds(events)[:2] == ["draw", "hand_end"]
    assert game.last_result is not None and game.last_result.reason == "stuck"


def test_an_opening_is_refused_once_opened_after_drawing_or_on_an_empty_stock() -> None:
    game = crafted({0: "QH QS QD JK " + OTHERS}, players=2, phase="acquire",
                   melds=[(0, "KH KS KD")])
    refused(game, 0, parse_action("open QH,QS,QD,JK"), IllegalMove)
    unopened = crafted({0: "QH QS QD JK " + OTHERS}, players=2, phase="play")
    refused(unopened, 0, parse_action("open QH,QS,QD,JK"), WrongPhase)
    empty = crafted({0: "QH QS QD JK " + OTHERS}, players=2, phase="acquire", rest_to="pile")
    refused(empty, 0, parse_action("open QH,QS,QD,JK"), StockEmpty)


def test_an_opening_keeps_a_card_and_never_melds_black_threes() -> None:
    game = crafted({0: "QH QS QD JK 3S 3C 3S AH AD"}, players=2, phase="acquire")
    refused(game, 0, parse_action("open QH,QS,QD,JK AH,AD,2C"), CardNotInHand)
    refused(game, 0, parse_action("open QH,QS,QD,JK 3S,3C,3S"), CE.BlackThreeMeld)
    two = crafted({0: "QH QS QD JK 5C"}, players=2, phase="acquire")
    error = refused(two, 0, parse_action("open QH,QS,QD,JK"), CE.HandSize)
    assert error.params == {"left": 1}
    refused(two, 0, parse_action("open QH,QS,JK,5C"), InvalidMeld)


def test_two_melds_of_one_rank_in_an_opening_are_refused() -> None:
    game = crafted({0: "QH QS QD QC QH QS " + OTHERS}, players=2, phase="acquire")
    refused(game, 0, parse_action("open QH,QS,QD QC,QH,QS"), CE.RankMelded)


def test_the_pile_with_a_wild_on_top_and_the_side_s_twos_meld_still_needs_three_twos() -> None:
    game = crafted({0: "2S 2D " + OTHERS}, players=2, phase="acquire", pile="4H 2H",
                   melds=[(0, "2C 2C 2D")])
    refused(game, 0, parse_action("take 2S,2D"), CE.PileNeedsCards)


def test_an_empty_pile_cannot_be_taken() -> None:
    game = crafted({0: "9S 9C " + OTHERS}, players=2, phase="acquire", melds=[(0, KINGS)])
    game.pile.clear()  # a pile taken by the last player: nobody discarded since
    with pytest.raises(IllegalMove):
        game.verify(0, parse_action("take 9S,9C"))


def test_end_only_on_an_empty_stock() -> None:
    game = crafted({0: OTHERS}, players=2, phase="acquire")
    refused(game, 0, parse_action("end"), CE.EndNotAllowed)


# --- Phase 2 -----------------------------------------------------------------------------

def test_one_meld_per_rank_add_to_it_instead() -> None:
    game = crafted({0: "KC KC KD " + OTHERS}, players=2, melds=[(0, "KH KS KD")])
    error = refused(game, 0, parse_action("meld KC,KC,KD"), CE.RankMelded)
    assert error.params == {"rank": 13}
    game.apply(0, "add A KC,KC,KD")
    assert len(game.table.melds[0].cards) == 6


def test_partners_add_to_each_other_s_melds_but_not_to_the_other_side_s() -> None:
    game = crafted({0: "KC QC " + OTHERS}, melds=[(0, "KH KS KD"), (1, "QH QS QD")])
    game.apply(0, "add A KC")
    assert game.table.melds[0].entries[-1].by == 0 and game.table.melds[0].owner == 0
    refused(game, 0, parse_action("add B QC"), NoSuchMeld)
    refused(game, 0, parse_action("add Z QC"), NoSuchMeld)
    partner = crafted({2: "KC " + OTHERS}, melds=[(0, "KH KS KD")], turn=2)
    partner.apply(2, "add A KC")
    assert partner.table.melds[0].entries[-1].by == 2


def test_the_wild_limit_holds_at_every_moment_but_is_read_after_the_whole_action() -> None:
    game = crafted({0: "2C 2D JK KC " + OTHERS}, players=2, melds=[(0, "KH KS KD 2S JK")])
    refused(game, 0, parse_action("add A 2C"), InvalidMeld)
    dirty = crafted({0: "2C KC " + OTHERS}, players=2, melds=[(0, "KH KS JK")])
    dirty.apply(0, "add A 2C,KC")  # Decision 25: three naturals and two wilds after it
    assert len(dirty.table.melds[0].cards) == 5


def test_a_joker_meld_stops_at_seven_cards() -> None:
    game = crafted({0: "JK 2H " + OTHERS}, players=2,
                   melds=[(0, "JK JK JK JK JK 2D"), (0, KINGS)])
    refused(game, 0, parse_action("add A 2H"), InvalidMeld)
    game.apply(0, "add A JK")
    assert side_report(game, 0, None).canastas == 5000 + 500


def test_black_threes_meld_only_when_going_out() -> None:
    game = crafted({0: "3S 3C 3S 4C 5C"}, players=2, melds=[(0, KINGS), (0, EIGHTS)])
    refused(game, 0, parse_action("meld 3S,3C,3S"), CE.BlackThreeMeld)
    game.apply(0, "discard 5C")
    out = crafted({0: "3S 3C 3S 4C"}, players=2, melds=[(0, KINGS), (0, EIGHTS)])
    out.apply(0, "meld 3S,3C,3S")
    report = event(out.apply(0, "discard 4C"), "hand_end").public
    assert report.out == 0 and report.sides[0].melds == 70 + 120 + 15


def test_going_out_needs_a_clean_canasta_and_no_action_empties_the_hand() -> None:
    game = crafted({0: "KC 4C"}, players=2, melds=[(0, KINGS), (0, EIGHTS)])
    refused(game, 0, parse_action("add A KC,4C"), InvalidMeld)
    dirty = crafted({0: "4C"}, players=2, melds=[(0, "KH KS KD KC KH KS JK"), (0, EIGHTS)])
    refused(dirty, 0, parse_action("discard 4C"), CE.CannotGoOut)
    empty = crafted({0: "KC"}, players=2, melds=[(0, KINGS), (0, EIGHTS)])
    error = refused(empty, 0, parse_action("add A KC"), CE.HandSize)
    assert error.params == {"left": 0}


def test_the_discard_and_plays_wait_for_their_phase_and_the_seat_for_its_turn() -> None:
    game = crafted({0: OTHERS, 1: OTHERS}, players=2, phase="acquire", stock="9C 9D")
    refused(game, 0, parse_action("discard 4C"), WrongPhase)
    refused(game, 1, parse_action("draw"), NotYourTurn)
    refused(game, 0, parse_action("meld 4C,4D,JK"), WrongPhase)
    game.apply(0, "draw")
    refused(game, 0, parse_action("draw"), WrongPhase)
    refused(game, 0, parse_action("discard AS"), CardNotInHand)


def test_a_finished_game_refuses_everything() -> None:
    game = crafted({0: "4C"}, players=2, melds=[(0, KINGS), (0, EIGHTS)],
                   options=CanastaOptions(target_score=100))
    game.apply(0, "discard 4C")
    assert game.is_over and game.to_act() == [] and game.legal_actions(0) == []
    refused(game, 0, parse_action("draw"), GameOver)
    assert [s.won for s in game.standings()] == [True, False]


# --- options -------------------------------------------------------------------------------

def test_target_score_and_going_out_bonus() -> None:
    game = crafted({0: "4C"}, players=2, melds=[(0, KINGS), (0, EIGHTS)],
                   options=CanastaOptions(going_out_bonus=500, target_score=1000))
    report = event(game.apply(0, "discard 4C"), "hand_end").public
    assert report.sides[0].going_out == 500 and game.is_over
    on = crafted({0: "4C"}, players=2, melds=[(0, KINGS), (0, EIGHTS)])
    on.apply(0, "discard 4C")
    assert not on.is_over


@pytest.mark.parametrize(("opts", "penalty"), [(CanastaOptions(), 2 * 10),
                                               (preset("italian"), 2 * 0)])
def test_black_three_value(opts: CanastaOptions, penalty: int) -> None:
    game = crafted({0: "4C", 1: "3S 3C"}, players=2, melds=[(0, KINGS), (0, EIGHTS)],
                   options=opts)
    report = event(game.apply(0, "discard 4C"), "hand_end").public
    assert report.sides[1].penalty == penalty


def test_black_threes_never_meld_with_the_option_off() -> None:
    opts = CanastaOptions(black_three_meld_when_going_out=False)
    game = crafted({0: "3S 3C 3S 4C"}, players=2, melds=[(0, KINGS), (0, EIGHTS)],
                   options=opts)
    refused(game, 0, parse_action("meld 3S,3C,3S"), CE.BlackThreeMeld)


def test_melds_past_seven_off_closes_a_canasta_and_allows_a_second_meld() -> None:
    opts = CanastaOptions(melds_past_seven=False)
    game = crafted({0: "KC KC KD 4S " + OTHERS}, players=2, melds=[(0, KINGS)], options=opts)
    error = refused(game, 0, parse_action("add A KC"), CE.CanastaClosed)
    assert error.params == {"reason": "full"}
    game.apply(0, "meld KC,KC,KD")
    assert [m.rank for m in game.table] == [13, 13]
    on = crafted({0: "KC KC KD " + OTHERS}, players=2, melds=[(0, KINGS)])
    on.apply(0, "add A KC")
    assert len(on.table.melds[0].cards) == 8


def test_melds_past_seven_off_splits_a_forced_pile_meld() -> None:
    opts = CanastaOptions(melds_past_seven=False)
    game = crafted({0: "9S 9C 9D 9H " + OTHERS}, players=2, options=opts, phase="acquire",
                   melds=[(0, "9H 9C 9S 9D JK")], pile="4H 9D")
    game.apply(0, "take 9S,9C,9D,9H")
    assert [len(m.cards) for m in game.table] == [7, 3]
    short = crafted({0: "9S 9C " + OTHERS}, players=2, options=opts, phase="acquire",
                    melds=[(0, "9H 9C 9S 9D 9H JK")], pile="4H 9D")
    refused(short, 0, parse_action("take 9S,9C"), InvalidMeld)


@pytest.mark.parametrize("meld", [KINGS, "2S 2H 2D 2C 2S 2H 2D"])
def test_wild_on_clean_canasta(meld: str) -> None:
    opts = CanastaOptions(wild_on_clean_canasta=False)
    game = crafted({0: "JK KC 2C " + OTHERS}, players=2, melds=[(0, meld)], options=opts)
    error = refused(game, 0, parse_action("add A JK"), CE.CanastaClosed)
    assert error.params == {"reason": "clean"}
    allowed = crafted({0: "JK " + OTHERS}, players=2, melds=[(0, meld)])
    allowed.apply(0, "add A JK")
    assert side_report(allowed, 0, None).canastas in (300, 2000)


def test_every_listed_action_text_parses_back_to_itself() -> None:
    game = crafted({0: "KC KC KD JK 2C 3S 3C 3S " + OTHERS}, players=2,
                   melds=[(0, "KH KS KD")])
    for action in game.legal_actions(0):
        assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "draw 2", "take", "add A", "add 7 KC", "meld",
                                  "open", "discard", "discard KC KD", "add A KC,,KD",
                                  "fold"])
def test_bad_text_is_refused(text: str) -> None:
    with pytest.raises(IllegalMove):
        parse_action(text)


def test_an_opening_draw_follows_the_red_three_rule() -> None:
    game = crafted({0: "QH QS QD JK " + OTHERS}, players=2, phase="acquire", stock="3H 9C 5S")
    events = game.apply(0, "open QH,QS,QD,JK")
    assert event(events, "open").private.cards == ("9C",)
    assert [c.text for c in game.red_threes[0]] == ["3H"] and game.stock[0].text == "5S"


def test_one_action_stands_for_the_moves_that_differ_in_suits_only() -> None:
    game = crafted({0: "KC KC KD KS KH " + OTHERS}, players=2, melds=[(0, "QH QS QD")])
    offered = {str(a) for a in game.legal_actions(0)}
    kings = {a for a in offered if a.startswith("meld K")}
    assert kings == {"meld KC,KC,KD", "meld KC,KC,KD,KH", "meld KC,KC,KD,KH,KS"}
    game.apply(0, "meld KC,KC,KD,KS")  # four kings of other suits: the same move
    assert len(game.table.melds[1].cards) == 4


def test_a_tie_break_hand_that_leaves_nobody_at_the_target_plays_on() -> None:
    game = crafted({0: "KC KD", 1: "QS QD"}, players=2, phase="acquire", rest_to="pile",
                   board={"totals": [15010, 15010], "hands": [], "eliminated": []})
    report = event(game.apply(0, "end"), "hand_end").public
    assert game.totals == [14970, 14970] and report.tied == () and not game.is_over


def test_a_snapshot_whose_cards_or_melds_do_not_add_up_is_refused() -> None:
    game = crafted({0: OTHERS}, players=2, melds=[(0, "KH KS KD")])
    data = game.to_json()
    data["hands"][0].append("KC")
    with pytest.raises(BadState):
        CanastaGame.from_json(data)
    data = game.to_json()
    data["melds"][0]["cards"][0]["card"] = "QH"
    data["stock"][data["stock"].index("QH")] = "KH"
    with pytest.raises(BadState):
        CanastaGame.from_json(data)
