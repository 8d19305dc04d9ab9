"""Every worked example of gin.md, with exactly the figures it gives."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine.errors import TakenCardDiscard, WrongPhase
from engine.gin import GinOptions, min_deadwood, preset
from engine.gin.errors import KnockTooHigh
from engine.gin.match import Match
from engine.gin.scoring import settle_knock

from .scripted import scripted

STD = GinOptions()


def knock(kept: str, defender: str, opts: GinOptions = STD, doubled: bool = False):  # type: ignore[no-untyped-def]
    return settle_knock(0, parse_cards(kept), parse_cards(defender), opts, doubled)


def test_1_card_in_one_meld_only() -> None:
    assert min_deadwood(["7C", "7H", "7D", "8D", "9D"]) == 14


def test_2_knock_8_against_10_after_layoffs() -> None:
    r = knock("3C 4C 5C 9H 9S 9D JS QS KS 8D", "AH AS AD 5H 6H 7H 2C 6C 4D 6D")
    assert r.values == (8, 10) and r.defender_before_layoffs == 18
    assert sorted(str(c) for c in r.reveals[1].cards_laid_off) == ["2C", "6C"]
    assert (r.kind, r.winner, r.points) == ("knock", 0, 2)


def test_2_through_a_scripted_hand() -> None:
    # non-dealer (seat 0) holds the knocker's ten plus takes the upcard, then knocks it away
    g = scripted("3C 4C 5C 9H 9S 9D JS QS KS 8D", "AH AS AD 5H 6H 7H 2C 6C 4D 6D", upcard="KH")
    g.apply(0, "take_upcard")
    with pytest.raises(TakenCardDiscard):
        g.apply(0, "knock KH")
    g2 = scripted("3C 4C 5C 9H 9S 9D JS QS KS 8D", "AH AS AD 5H 6H 7H 2C 6C 4D 6D", upcard="KH",
                  stock="KD")
    g2.apply(0, "pass")
    g2.apply(1, "pass")
    g2.apply(0, "draw")
    events = g2.apply(0, "knock KD")
    end = next(e for e in events if e.kind == "hand_end").public.result
    assert (end.kind, end.winner, end.points) == ("knock", 0, 2)
    assert g2.scores().columns[0].running == (2, 0)


def test_3_undercut_on_a_tie() -> None:
    kept, dfd = "AC 2C 3C 4H 4S 4D 8S 9S 10S 5D", "6H 7H 8H JC JH JD KC KH KD 5C"
    r = knock(kept, dfd)
    assert r.values == (5, 5) and not r.reveals[1].layoffs
    assert (r.kind, r.winner, r.points) == ("undercut", 1, 25)
    assert knock(kept, dfd, GinOptions(undercut_bonus=10)).points == 10
    tie = knock(kept, dfd, GinOptions(undercut_bonus_on_tie=False))
    assert (tie.kind, tie.winner, tie.points) == ("tie", None, 0)


def test_4_layoffs_turn_a_knock_into_an_undercut() -> None:
    r = knock("5S 6S 7S QH QS QC 2D 3D 4D 7C", "AH AS AC 8H 9H 10H 8S QD 2H 4C")
    assert r.defender_before_layoffs == 24 and r.values == (7, 6)
    assert sorted(str(c) for c in r.reveals[1].cards_laid_off) == ["8S", "QD"]
    assert (r.kind, r.winner, r.points) == ("undercut", 1, 26)


def test_5_gin_has_no_layoffs() -> None:
    r = knock("2H 3H 4H 5H 9C 9D 9S JD QD KD", "AS AH AD 4C 5C 6C 6H KS 8D 7D")
    assert r.values == (0, 31) and not r.reveals[1].layoffs
    assert (r.kind, r.winner, r.points) == ("gin", 0, 56)


@pytest.mark.parametrize("bonus,points", [(31, 41), (50, 60)])
def test_6_big_gin(bonus: int, points: int) -> None:
    g = scripted("AH 2H 3H 5C 5D 5S 10S JS QS KS", "2C 3C 4C 7H 7C 7D 8H 9H 10H KC", upcard="4D",
                 stock="9S", options=GinOptions(big_gin_bonus=bonus))
    g.apply(0, "pass")
    g.apply(1, "pass")
    g.apply(0, "draw")
    assert "big_gin" in [str(a) for a in g.legal_actions(0)]
    events = g.apply(0, "big_gin")
    end = next(e for e in events if e.kind == "hand_end").public.result
    assert (end.kind, end.winner, end.points, end.values) == ("big_gin", 0, points, (0, 10))


def test_7_knock_limit() -> None:
    g = scripted("4C 5C 6C 7C JD JS JH JC 5H 6S", "2D 3D 8D 9D 10D QD KD AH 2H 3H", upcard="KS",
                 stock="4D")
    g.apply(0, "pass")
    g.apply(1, "pass")
    g.apply(0, "draw")
    legal = {str(a) for a in g.legal_actions(0)}
    assert "knock 4D" not in legal and {"knock 5H", "knock 6S"} <= legal
    with pytest.raises(KnockTooHigh) as err:
        g.verify(0, g.parse_action("knock 4D"))
    assert err.value.params == {"limit": 10, "deadwood": 11}
    g.verify(0, g.parse_action("knock 5H"))
    assert min_deadwood(["4C", "5C", "6C", "7C", "JD", "JS", "JH", "JC", "5H", "4D"]) == 9


def test_8_knocker_tie_break_takes_the_arrangement_worst_for_the_defender() -> None:
    r = knock("2S 3S 4S 3H 3D 10C JC QC KC AD", "6H 7H 8H KH KS KD 5S 3C 9D 7C")
    assert r.defender_before_layoffs == 24
    assert [str(m) for m in r.reveals[0].melds if m.kind == "set"] == ["3S 3H 3D"] or any(
        sorted(map(str, m.cards)) == ["3D", "3H", "3S"] for m in r.reveals[0].melds)
    assert [str(c) for c in r.reveals[1].cards_laid_off] == ["3C"]
    assert r.values == (7, 21) and (r.kind, r.points) == ("knock", 14)


def _down_to_three() -> object:
    # 52 - 21 = 31 stock cards; burn 28 with passes and draws until 3 remain
    g = scripted("2C 3C 4C 5D 6D 7D 8H 9H 10H KS", "AS 2S 3S 4H 5H 6H 7C 8C 9C KD", upcard="QD")
    return g


def test_9_stock_down_to_two_is_a_dead_hand() -> None:
    g = _down_to_three()
    g.apply(0, "pass")
    g.apply(1, "pass")
    seat = 0
    while len(g.stock) > 3:
        g.apply(seat, "draw")
        drawn = g.hands[seat][-1]
        g.apply(seat, f"discard {drawn}")
        seat = 1 - seat
    dealer = g.dealer
    snapshot = g.to_json()
    g.apply(seat, "draw")
    events = g.apply(seat, f"discard {g.hands[seat][-1]}")
    end = next(e for e in events if e.kind == "hand_end").public.result
    assert (end.kind, end.winner, end.points) == ("dead", None, 0)
    assert g.dealer == 1 - dealer and g.hand_no == 2
    assert g.scores().columns[0].running == (0, 0)
    # had he taken the discard instead, the stock stays at 3 and play goes on
    from engine.gin import GinGame
    g2 = GinGame.from_json(snapshot)
    g2.apply(seat, "take")
    g2.apply(seat, f"discard {g2.hands[seat][0]}")
    assert len(g2.stock) == 3 and g2.hand_no == 1


def test_9_knock_is_still_allowed_on_the_draw_that_leaves_two() -> None:
    g = _down_to_three()
    g.apply(0, "pass")
    g.apply(1, "pass")
    seat = 0
    while len(g.stock) > 3:
        g.apply(seat, "draw")
        g.apply(seat, f"discard {g.hands[seat][-1]}")
        seat = 1 - seat
    g.apply(seat, "draw")
    knocks = [a for a in g.legal_actions(seat) if str(a).startswith("knock")]
    assert knocks, "a player holding 9 deadwood or less may knock on the last draw"
    events = g.apply(seat, knocks[0])
    assert next(e for e in events if e.kind == "hand_end").public.result.kind != "dead"


def test_10_upcard_protocol() -> None:
    g = scripted("2C 3C 4C 5D 6D 7D 8H 9H 10H KS", "AS 2S 3S 4H 5H 6H 7C 8C 9C KD", upcard="7H")
    assert [str(a) for a in g.legal_actions(0)] == ["take_upcard", "pass"]
    assert g.legal_actions(1) == []
    g.apply(0, "pass")
    g.apply(1, "pass")
    assert [str(a) for a in g.legal_actions(0)] == ["draw"]
    for bad in ("take_upcard", "take"):
        with pytest.raises(WrongPhase):
            g.apply(0, bad)
    g2 = scripted("2C 3C 4C 5D 6D 7D 8H 9H 10H KS", "AS 2S 3S 4H 5H 6H 7C 8C 9C KD", upcard="7H")
    g2.apply(0, "take_upcard")
    with pytest.raises(TakenCardDiscard):
        g2.apply(0, "discard 7H")
    assert "discard 7H" not in [str(a) for a in g2.legal_actions(0)]


def test_11_oklahoma_spade_knock_card() -> None:
    r = knock("4C 5C 6C 8H 8S 8D 10D JD QD 3H", "KH KC KS 5H 6H 7H 9C 2S 3S 6S", doubled=True)
    assert r.values == (3, 20) and r.points == 34
    g = scripted("4C 5C 6C 8H 8S 8D 10D JD QD 3H", "KH KC KS 5H 6H 7H 9C 2S 3S 6S", upcard="4S",
                 stock="2H", options=preset("oklahoma"))
    assert (g.knock_limit, g.doubled) == (4, True)
    g.apply(0, "pass")
    g.apply(1, "pass")
    g.apply(0, "draw")  # 2H: keeping 3H is K = 3 (legal); keeping 2H+3H = 5 is not
    legal = {str(a) for a in g.legal_actions(0)}
    assert "knock 2H" in legal and "knock 3H" in legal
    end = next(e for e in g.apply(0, "knock 2H") if e.kind == "hand_end").public.result
    assert (end.points, end.doubled) == (34, True)


@pytest.mark.parametrize("card,limit,doubled", [("AH", 0, False), ("KD", 10, False),
                                                 ("4S", 4, True), ("7C", 7, False)])
def test_11_knock_card_sets_limit(card: str, limit: int, doubled: bool) -> None:
    g = scripted("4C 5C 6C 8H 8S 8D 10D JD QD 3H", "KH KC KS 5H 6H 7H 9C 2S 3S 6S", upcard=card,
                 options=preset("oklahoma"))
    assert (g.knock_limit, g.doubled) == (limit, doubled)


def test_12_end_of_game_bonuses_and_shutout() -> None:
    m = Match(STD)
    for pts in (30, 25, 20, 30):
        m.record(0, pts)
    assert m.over and m.winner == 0 and m.columns[0].finals == [410, 0]
    m2 = Match(STD)
    for seat, pts in ((1, 20), (0, 30), (1, 20), (0, 25), (0, 20), (0, 30)):
        m2.record(seat, pts)
    assert m2.columns[0].finals == [305, 90]


def test_13_exact_50_lead_loses() -> None:
    m = Match(GinOptions(exact_50_lead_loses=True))
    for seat, pts in ((0, 40), (1, 35), (0, 40), (1, 35), (0, 40)):
        m.record(seat, pts)
    assert m.over and m.winner == 1 and m.columns[0].finals == [195, 220]


def test_14_hollywood_columns() -> None:
    m = Match(preset("hollywood"))
    for seat, pts in ((0, 20), (1, 15), (0, 30), (0, 25), (1, 40)):
        m.record(seat, pts)
    assert [[c.total(0), c.total(1)] for c in m.columns] == [[75, 55], [55, 40], [25, 0]]
    done = m.record(0, 30)
    assert [d.game for d in done] == [1] and m.columns[0].finals == [305, 105]
    assert [[c.total(0), c.total(1)] for c in m.columns[1:]] == [[85, 40], [55, 0]]
    assert not m.over


def test_15_multi_game_match_points() -> None:
    m = Match(preset("multi_game"))
    for seat, pts in ((0, 30), (1, 20), (0, 30), (1, 20), (0, 25), (0, 25)):
        m.record(seat, pts)
    assert m.columns[0].finished and m.match_scores == [310, 90]
    m2 = Match(preset("multi_game"))
    for pts in (40, 40, 30):
        m2.record(0, pts)
    assert m2.match_scores == [385, 0]


def test_16_straight_gin_allows_only_gin() -> None:
    g = scripted("2C 3C 4C 5D 5H 5S 8S 9S 10S AH", "2D 3D 4D 6H 7H 8H JC QC KC 9D", upcard="QS",
                 stock="KD", options=preset("straight"))
    g.apply(0, "pass")
    g.apply(1, "pass")
    g.apply(0, "draw")
    assert not [a for a in g.legal_actions(0) if str(a).startswith("knock")]
    with pytest.raises(KnockTooHigh, match="only gin"):
        g.apply(0, "knock KD")


def test_18_german_gin_wraps_and_counts_aces_15() -> None:
    kept = ["KH", "AH", "2H", "5C", "6C", "7C", "9D", "9S", "9H", "AS"]
    assert min_deadwood(kept, wrap=True, ace_value=15) == 15
    assert min_deadwood(kept) == 14
    g = scripted("KH AH 2H 5C 6C 7C 9D 9S 9H AS", "2D 3D 4D 6H 7H 8H JC QC KC 3C", upcard="10C",
                 stock="QD", options=preset("german"))
    assert g.knock_limit == 10
    g.apply(0, "pass")
    g.apply(1, "pass")
    g.apply(0, "draw")
    with pytest.raises(KnockTooHigh):
        g.apply(0, "knock QD")
