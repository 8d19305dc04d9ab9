"""Every worked example of rummy500.md, with exactly the figures it gives.

P1 … P4 of the text are seats 0 … 3. Scripted deals use seat 3 as dealer, so P1 plays first.
"""

from __future__ import annotations

from engine.cards import Card, parse_cards
from engine.errors import (
    AmbiguousEnd,
    CardNotInHand,
    FirstMeldTooLow,
    InvalidMeld,
    KeyCardUnused,
    MustKeepCard,
    NotOpened,
    TakenCardDiscard,
)
from engine.game import Event
from engine.rummy500 import DrawStock, Rummy500Game, Rummy500Options, TakeDiscards, preset
from engine.rummy500.errors import ClaimTooLate, DeadEnd
from engine.rummy500.events import DrawnCard
from engine.rummy500.scoring import card_value, hand_value
from engine.rummy500.views import Placed

from ..played import refused
from .scripted import crafted, event, kinds, scripted


def legal_texts(game: Rummy500Game, seat: int) -> list[str]:
    return [str(a) for a in game.legal_actions(seat)]


def test_1_ace_low_end_is_worth_5_and_fourth_ace_15() -> None:
    """Crafted position (from_json): P2's run 2H 3H 4H and P1 opened with kings."""
    g = crafted({0: "AH 9C 5S", 1: "8D 8S"}, melds=[(0, "KC KD KS"), (1, "2H 3H 4H")])
    e = event(g.apply(0, "layoff AH B"), "layoff")
    assert e.public.points == 5
    assert g.public_view().melds[1].cards == ("AH", "2H", "3H", "4H")
    g = crafted({0: "AH 9C 5S", 1: "8D 8S"}, melds=[(0, "KC KD KS"), (1, "AS AD AC")])
    assert event(g.apply(0, "layoff AH B"), "layoff").public.points == 15


def test_2_chain_of_layoffs() -> None:
    g = scripted(["4D 5D 6D 2C 7S QH 8C", "3D 9C 9H 9S 2S 7H KC", "2D 10C 10H 10S 3S 8H KD",
                  "AD JC JH JS 4S 9D KH"], up="5C", stock="QS QC QD KS")
    g.apply(0, "draw")
    g.apply(0, "meld 4D,5D,6D")
    g.apply(0, "discard 2C")
    points = []
    for seat, meld, card, out in ((1, "9C,9H,9S", "3D", "2S"), (2, "10C,10H,10S", "2D", "3S"),
                                  (3, "JC,JH,JS", "AD", "4S")):
        g.apply(seat, "draw")
        g.apply(seat, f"meld {meld}")
        points.append(event(g.apply(seat, f"layoff {card} A"), "layoff").public.points)
        g.apply(seat, f"discard {out}")
    assert points == [5, 5, 5]
    run = g.public_view().melds[0]
    assert run.cards == ("AD", "2D", "3D", "4D", "5D", "6D")
    assert [e.by for e in run.entries] == [3, 2, 1, 0, 0, 0]
    assert sum(e.value for e in run.entries if e.by == 0) == 15
    assert g.public_view().seats[0].hand_points == 15


def test_3_high_ace_run_and_no_wrap() -> None:
    g = scripted(["QC KC AC KS AS 2S 5H", "3D 9C 9H 7S 2H 7H 4C", "2D 10C 10H 6S 3S 8H KD",
                  "AD JC JH 8S 4S 9D KH"], up="5C")
    g.apply(0, "draw")
    e = event(g.apply(0, "meld QC,KC,AC"), "meld")
    assert e.public.melds[0].points == 10 + 10 + 15 == 35
    assert [e.value for e in g.public_view().melds[0].entries] == [10, 10, 15]
    refused(g, 0, "meld KS,AS,2S", InvalidMeld)


def test_4_ace_fitting_both_ends_must_name_the_end() -> None:
    """Crafted position (from_json): a 12-card spade run 2S … KS on the table."""
    def position() -> Rummy500Game:
        return crafted({0: "AS 9C 5D", 1: "8D 8H"},
                       melds=[(1, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")], opened=[0])
    g = position()
    assert {"layoff AS A low", "layoff AS A high"} <= set(legal_texts(g, 0))
    assert "layoff AS A" not in legal_texts(g, 0)
    refused(g, 0, "layoff AS A", AmbiguousEnd)
    assert event(g.apply(0, "layoff AS A high"), "layoff").public.points == 15
    assert event(position().apply(0, "layoff AS A low"), "layoff").public.points == 5


def test_5_taking_deep_in_the_pile() -> None:
    """Crafted position (from_json): the five-card pile of the example, P2 to draw."""
    g = crafted({1: "7D 7S QH 3C 5S 6H 8D", 0: "9H 9D"}, pile="7C 2H 9S KD 4C", turn=1,
                phase="draw")
    assert any(a.k == 1 and set(a.melds[0]) == set(parse_cards("7C 7D 7S"))
               for a in g.legal_actions(1) if isinstance(a, TakeDiscards))
    e = event(g.apply(1, "take 1 7C,7D,7S"), "take")
    assert e.public.cards == ("7C", "2H", "9S", "KD", "4C")
    assert sorted(g.hands[1]) == sorted(parse_cards("QH 3C 5S 6H 8D 2H 9S KD 4C"))
    assert len(g.hands[1]) == 9 and g.pile == []
    assert sorted(g.public_view().melds[0].entries) == sorted(
        Placed(c, 1, 5, "meld") for c in ("7C", "7D", "7S"))
    g.apply(1, "discard 2H")
    assert g.pile == [Card.parse("2H")]


def test_6_key_card_must_go_into_a_new_meld() -> None:
    """Crafted position (from_json): pile 5C 9S, P1's run 6S 7S 8S, P3 opened and to draw."""
    g = crafted({2: "KH KD 2D 4H JC", 0: "3C 3H"}, melds=[(0, "6S 7S 8S"), (2, "QC QD QH")],
                pile="5C 9S", turn=2, phase="draw")
    assert g.legal_actions(2) == [DrawStock()]
    refused(g, 2, "take 2", KeyCardUnused)
    refused(g, 2, "take 2 KH,KD,KC", CardNotInHand)
    refused(g, 2, "take 1", KeyCardUnused)
    refused(g, 2, "take 2 6S,7S,8S,9S", CardNotInHand)  # laying it off is not a new meld
    g.apply(2, "draw")


def test_7_top_card_free() -> None:
    hands = ["2C 9D JS KH 4S 8C QD", "3D 9C 9H 7S 2H 7H 4C", "2D 10C 10H 6S 3S 8H KD",
             "AD JC JH 8S 6D 9S KS"]
    g = scripted(hands, up="5H")
    assert not any(isinstance(a, TakeDiscards) for a in g.legal_actions(0))
    refused(g, 0, "take 1", KeyCardUnused)
    g = scripted(hands, up="5H", options=Rummy500Options(top_card_free=True))
    assert "take 1" in legal_texts(g, 0)
    g.apply(0, "take 1")
    assert Card.parse("5H") in g.hands[0] and g.private_view(0).free_card == "5H"
    assert "discard 5H" not in legal_texts(g, 0)
    refused(g, 0, "discard 5H", TakenCardDiscard)
    g.apply(0, "discard 2C")


def test_8_no_layoff_before_opening_but_same_turn_after() -> None:
    g = scripted(["5D 6D 7D 2C 7S QH 8C", "3D 2H 4H 10S 2S 7H KC", "2D 10C 10H JD 3S 8H KD",
                  "8D 9C 9H 9S 4S AC KH"], up="5C", stock="QS QC 6C KS")
    g.apply(0, "draw")
    g.apply(0, "meld 5D,6D,7D")
    g.apply(0, "discard 2C")
    for seat, out in ((1, "2S"), (2, "3S")):
        g.apply(seat, "draw")
        g.apply(seat, f"discard {out}")
    g.apply(3, "draw")
    refused(g, 3, "layoff 8D A", NotOpened)
    g.apply(3, "meld 9C,9H,9S")
    assert event(g.apply(3, "layoff 8D A"), "layoff").public.points == 5


def test_9_card_fitting_two_melds_names_one() -> None:
    """Crafted position (from_json): run 7D 8D 9D and set 10C 10H 10S, P2 opened."""
    def position() -> Rummy500Game:
        return crafted({1: "10D 4S 5C", 0: "KH 2C"}, melds=[(0, "7D 8D 9D"), (2, "10C 10H 10S")],
                       opened=[1], turn=1)
    g = position()
    assert {"layoff 10D A", "layoff 10D B"} <= set(legal_texts(g, 1))
    assert event(g.apply(1, "layoff 10D A"), "layoff").public.points == 10
    assert g.public_view().melds[1].cards == ("10S", "10H", "10C")
    assert event(position().apply(1, "layoff 10D B"), "layoff").public.points == 10


def test_10_scoring_a_hand() -> None:
    """Crafted position (from_json): the table of the example, P1 about to discard his last card.

    P4 owns the runs P2 and P1 laid off on (2S 3S 4S and 5H 6H 7H) and holds one card.
    """
    g = crafted({0: "2D", 1: "AC 9D QH", 2: "7C 8C", 3: "9C"},
                melds=[(0, "3C 3D 3H"), (0, "10S JS QS KS"), (1, "KC KH KD"),
                       (3, "AS 2S 3S 4S", {"AS": 1}), (3, "5H 6H 7H 8H", {"8H": 0})])
    end = event(g.apply(0, "discard 2D"), "hand_end").public
    assert (end.reason, end.out) == ("out", 0)
    by_seat = {s.seat: s for s in end.seats}
    assert (by_seat[0].melded, by_seat[0].laid_off, by_seat[0].hand_score) == (55, 5, 60)
    assert (by_seat[1].melded, by_seat[1].laid_off, by_seat[1].in_hand) == (30, 5, 30)
    assert by_seat[1].hand_score == 5
    assert (by_seat[2].melded, by_seat[2].in_hand, by_seat[2].hand_score) == (0, 10, -10)
    assert by_seat[1].hand == ("AC", "9D", "QH")
    assert end.totals[:3] == (60, 5, -10)


def _two_seat_finish(totals: list[int]) -> tuple[list[Event], Rummy500Game]:
    """P1 goes out with +30 (KC KH KD); P2 has +45 (melds 50, holds 9C)."""
    g = crafted({0: "2D", 1: "9C"}, melds=[(0, "KC KH KD"), (1, "JC JH JD"), (1, "8D 9D 10D")],
                players=2, totals=totals)
    return g.apply(0, "discard 2D"), g


def test_11_reaching_500_highest_total_wins() -> None:
    """Crafted positions (from_json): totals 480 / 470, then +30 / +45."""
    events, g = _two_seat_finish([480, 470])
    assert event(events, "hand_end").public.totals == (510, 515)
    assert event(events, "game_end").public.winner == 1 and g.winner == 1 and g.is_over
    events, g = _two_seat_finish([490, 475])
    assert event(events, "hand_end").public.totals == (520, 520)
    assert "game_end" not in kinds(events) and g.winner is None
    assert g.hand_no == 2 and g.phase == "draw" and "deal" in kinds(events)


def test_12_min_first_meld_40() -> None:
    opts = Rummy500Options(min_first_meld=40)
    g = scripted(["4C 5C 6C 9S 9H 9D 2C", "3D 6D 2H 7S 2S 7H 5D", "2D 10C 10H 6S 3S 8H KD",
                  "AD JC JH 8S 4S KC KH"], up="QS", options=opts)
    g.apply(0, "draw")
    err = refused(g, 0, "meld 4C,5C,6C 9S,9H,9D", FirstMeldTooLow)
    assert err.params == {"minimum": 40, "points": 30}
    refused(g, 0, "meld 9S,9H,9D", FirstMeldTooLow)
    assert not any(t.startswith("meld") for t in legal_texts(g, 0))

    g = scripted(["10H JH QH 9S 9C 9D 2C", "3D 6D 2H 7S 2S 7H 4C", "2D 10C 5H 6S 3S 8H KD",
                  "AD JC 4D 8S 4S KC KH"], up="QS", options=opts)
    g.apply(0, "draw")
    melds = [t for t in legal_texts(g, 0) if t.startswith("meld")]
    assert melds and all(len(t.split()) == 3 for t in melds)  # only pairs reach 40
    e = event(g.apply(0, "meld 10H,JH,QH 9S,9C,9D"), "meld")
    assert sum(m.points for m in e.public.melds) == 30 + 15 == 45

    g = scripted(["AH 2H 3H 9S 9C 9D KS", "3D 6D 10S 7S 2S 7H 4C", "2D 10C 10H 6S 3S 8H KD",
                  "AD JC JH 8S 4S KC KH"], up="QS", options=opts)
    g.apply(0, "draw")
    err = refused(g, 0, "meld AH,2H,3H 9S,9C,9D", FirstMeldTooLow)
    assert err.params["points"] == 15 + 15  # the ace of A-2-3 counts 5


def _rummy_position(p4_opened: bool) -> Rummy500Game:
    """Crafted position (from_json): run 5H 6H 7H on the table, P1 to discard 8H, P3 opened."""
    return crafted({0: "8H 2C 4S", 1: "KD QD", 2: "9C 3D", 3: "JS 4D"},
                   melds=[(0, "5H 6H 7H"), (2, "10C 10D 10S")],
                   opened=[3] if p4_opened else [])


def test_13_rummy_claim_first_valid_claim_wins() -> None:
    g = _rummy_position(p4_opened=True)
    e = event(g.apply(0, "discard 8H"), "discard")
    assert e.public.claim_window and g.claim_open and g.claim_card == Card.parse("8H")
    assert g.to_act() == [1]
    hand_p3 = list(g.hands[2])
    events = g.apply(2, "claim 8H A")
    claim = event(events, "claim").public
    assert (claim.claimer, claim.card, claim.meld, claim.points) == (2, "8H", "A", 5)
    assert g.hands[2] == hand_p3 and not g.claim_open and Card.parse("8H") not in g.pile
    assert g.public_view().melds[0].entries[-1] == Placed("8H", 2, 5, "claim")
    refused(g, 3, "claim 8H A", ClaimTooLate)
    assert g.to_act() == [1] and g.phase == "draw"
    g.apply(1, "draw")

    g = _rummy_position(p4_opened=False)
    g.apply(0, "discard 8H")
    refused(g, 3, "claim 8H A", NotOpened)
    assert g.claim_open
    assert event(g.apply(2, "claim 8H A"), "claim").seat == 2


def test_14_window_closes_when_the_next_player_draws() -> None:
    g = _rummy_position(p4_opened=True)
    g.apply(0, "discard 8H")
    events = g.apply(1, "draw")
    assert kinds(events)[0] == "claims_closed" and not g.claim_open
    refused(g, 2, "claim 8H A", ClaimTooLate)
    assert g.pile[-1] == Card.parse("8H")


def _exhausted(reuse: int) -> Rummy500Game:
    """Crafted position (from_json): empty stock, P2 discards QS, pile then 9C 4D QS."""
    return crafted({0: "2C", 1: "QS 5D", 2: "KD 2H", 3: "JS 4H"},
                   melds=[(0, "5H 6H 7H"), (2, "10C 10D 10S")], pile="9C 4D", stock="",
                   rest_to=0, turn=1, options=Rummy500Options(reuse_discards=reuse))


def test_15_stock_exhaustion_decline_and_reuse() -> None:
    g = _exhausted(0)
    g.apply(1, "discard QS")
    assert g.to_act() == [2] and g.legal_actions(2)[0] == Rummy500Game.parse_action(g, "decline")
    before = [s.total for s in g.public_view().seats]
    events = g.apply(2, "decline")
    end = event(events, "hand_end").public
    assert (end.reason, end.out) == ("stock", None)
    for s in end.seats:
        seat = s.seat
        assert s.hand_score == s.melded + s.laid_off - s.in_hand
        assert end.totals[seat] == before[seat] + s.hand_score
    assert end.seats[1].in_hand == 5 and end.seats[2].melded == 30

    g = _exhausted(1)
    g.apply(1, "discard QS")
    events = g.apply(2, "decline")
    assert kinds(events) == ["claims_closed", "decline", "reuse", "draw"]
    assert event(events, "draw").private == DrawnCard("9C")
    assert g.stock == parse_cards("4D QS") and g.pile == [] and Card.parse("9C") in g.hands[2]


def _dead_end(spade_run: bool) -> Rummy500Game:
    """Crafted position (from_json): run 6D 7D 8D, P2 opened holding 9D 4S after drawing."""
    melds = [(0, "6D 7D 8D"), (1, "KC KH KD")] + ([(3, "5S 6S 7S")] if spade_run else [])
    return crafted({1: "9D 4S", 0: "2C 3H"}, melds=melds, turn=1,
                   options=Rummy500Options(last_discard_unplayable=True))


def test_16_last_discard_unplayable() -> None:
    g = _dead_end(False)
    assert "discard 4S" in legal_texts(g, 1)
    g.apply(1, "discard 4S")
    assert g.hands[1] == [Card.parse("9D")]
    g = _dead_end(False)
    g.apply(1, "layoff 9D A")
    end = event(g.apply(1, "discard 4S"), "hand_end").public
    assert end.out == 1

    g = _dead_end(True)
    refused(g, 1, "layoff 4S C", DeadEnd)
    refused(g, 1, "layoff 9D A", DeadEnd)
    assert not any(t.startswith("layoff") for t in legal_texts(g, 1))
    assert {"discard 4S", "discard 9D"} <= set(legal_texts(g, 1))
    g.apply(1, "discard 9D")
    assert g.hands[1] == [Card.parse("4S")]


def test_17_no_empty_hand_by_default() -> None:
    """Crafted position (from_json): P1 holds 4H 4S 4D after drawing."""
    def position(mode: str) -> Rummy500Game:
        return crafted({0: "4H 4S 4D", 1: "KD 2H"},
                       options=Rummy500Options(go_out_without_discard=mode))
    g = position("never")
    refused(g, 0, "meld 4H,4S,4D", MustKeepCard)
    assert not any(t.startswith("meld") for t in legal_texts(g, 0))
    events = position("immediate").apply(0, "meld 4H,4S,4D")
    assert event(events, "hand_end").public.out == 0
    g = position("seed_redraw")
    events = g.apply(0, "meld 4H,4S,4D")
    assert "hand_end" not in kinds(events) and g.hands[0] == []
    assert g.to_act() == [1] and g.phase == "draw"


def test_18_special_card_and_scala40_values() -> None:
    opts = preset("scala40")
    assert (opts.special_card, opts.scala40_values) == ("QS", True)
    g = scripted(["QS QH QD 7C 8C 9C 2D", "3D 6D 10S 7S 2S 7H 4C", "2H 10C 10H 6S 3S 8H KD",
                  "AD JC JH 8S 4S KC KH"], up="5H", options=opts)
    g.apply(0, "draw")
    assert event(g.apply(0, "meld QS,QH,QD"), "meld").public.melds[0].points == 60
    assert event(g.apply(0, "meld 7C,8C,9C"), "meld").public.melds[0].points == 24
    assert card_value(Card.parse("QS"), opts, "hand") == 40
    assert hand_value(parse_cards("QS"), opts) == 40
    g = crafted({0: "2D", 1: "QS"}, melds=[(0, "KC KH KD")], players=2, options=opts)
    end = event(g.apply(0, "discard 2D"), "hand_end").public
    assert end.seats[1].hand_score == -40
