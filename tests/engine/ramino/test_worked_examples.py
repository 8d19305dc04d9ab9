"""Every game-level worked example of ramino.md (7–9, 11–18), with exactly the figures it gives.

P1 … P4 (or A … D) of the text are seats 0 … 3. Scripted deals use seat 3 as dealer, so P1
plays first; crafted positions are loaded through from_json, the real snapshot path.
"""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine.errors import TakenCardDiscard, WrongPhase
from engine.ramino import RaminoGame, RaminoOptions, preset
from engine.ramino.errors import CannotClose
from engine.ramino.views import HandReport

from ..played import refused
from .scripted import crafted, event, kinds, scripted

# Example 7's deal: P2 draws KS and closes with 2C; nobody else holds a combination.
P1 = "2D 4S 6C 8H 10D QS AH 3C 5S 7D"  # takes 9H, throws AH: 64 left
P2 = "3H 4H 5H 6H 9S 9D 9C KC KD 2C"
P3 = "2S 4D 6S 8C 10H JD 3S 5D 7C QC"  # 65
P4 = "AS AD 2H 4C 6D 8S 10C JS QD KH"  # two aces at 11: 82


def example_7(options: RaminoOptions | None = None) -> RaminoGame:
    """Deal example 7 and play to P2's close with 2C."""
    g = scripted([P1, P2, P3, P4], up="9H", stock="KS", options=options)
    g.apply(0, "take")
    g.apply(0, "discard AH")
    g.apply(1, "draw")
    return g


def report(game: RaminoGame) -> HandReport:
    assert game.last_result is not None
    return game.last_result


def test_7_zero_close() -> None:
    g = example_7()
    events = g.apply(1, "close 2C")
    assert kinds(events)[:2] == ["close", "hand_end"]
    r = report(g)
    assert (r.reason, r.closer, r.discard, r.multiplier) == ("close", 1, "2C", 1)
    assert r.points == (64, 0, 65, 82) and g.totals == [64, 0, 65, 82]
    closer = r.seats[1]
    assert closer.arrangement.unmatched == () and sorted(closer.hand) == sorted(
        str(c) for c in parse_cards("3H 4H 5H 6H 9S 9D 9C KC KD KS"))
    assert [s.arrangement.penalty for s in r.seats] == [64, 0, 65, 82]
    assert g.hand_no == 2 and g.dealer == 0 and g.turn == 1  # the deal passes on


def test_8_wrap_around_is_no_run() -> None:
    g = crafted({1: "KS AS 2S 5D 6D 7D 9C 9H 9S 9D 3C"}, turn=1)
    refused(g, 1, "close 3C", CannotClose)
    g = crafted({1: "QS KS AS 5D 6D 7D 9C 9H 9S 9D 3C"}, turn=1)
    g.apply(1, "close 3C")
    assert report(g).closer == 1 and report(g).points[1] == 0


def test_9_points_close_limit_10() -> None:
    points = preset("points")
    g = crafted({1: "7C 8C 9C JD JH JS 4S 5S 6S 3H KC"}, turn=1, options=points)
    g.apply(1, "close KC")
    assert report(g).points[1] == 3 == g.totals[1]
    g = crafted({1: "7C 8C 9C JD JH JS 4S 5S 2H 9D KC"}, turn=1, options=points)
    error = refused(g, 1, "close KC", CannotClose)
    assert error.params == {"points": 20, "limit": 10}
    g = crafted({1: "7C 8C 9C JD JH JS 4S 5S 6S AS KC"}, turn=1,
                options=preset("points", close_points_limit=5))
    g.apply(1, "close KC")
    assert report(g).points[1] == 1 == g.totals[1]


@pytest.mark.parametrize("kept", ["2H 4H 5H 7H 9H 10H JH QH KH AH",
                                  "JK 4H 5H 7H 9H 10H JH QH KH AH"])
def test_11_colore_closes_at_zero(kept: str) -> None:
    g = crafted({1: kept + " 3C", 0: "2S 4D 6S 8C 10D JD 3S 5D 7C QC"}, turn=1)
    g.apply(1, "close 3C")
    r = report(g)
    assert r.seats[1].arrangement.shape == "colore" and r.points[1] == 0
    assert r.multiplier == 1 and r.points[0] == 65
    g = crafted({1: kept + " 3C", 0: "2S 4D 6S 8C 10D JD 3S 5D 7C QC"}, turn=1,
                options=RaminoOptions(colore_multiplier=2))
    g.apply(1, "close 3C")
    assert report(g).multiplier == 2 and report(g).points[0] == 130


def test_12_ramino_doubles_every_other_penalty() -> None:
    hands = {1: "3S 4S 5S 6S 7S 8S 9S 10S JS QS 3C", 0: "2C 4D 6H 8C 10D JD 3H 5D 7C QC"}
    g = crafted(hands, turn=1)
    g.apply(1, "close 3C")
    assert report(g).seats[1].arrangement.shape == "ramino" and report(g).points[0] == 65
    g = crafted(hands, turn=1, options=RaminoOptions(ramino_multiplier=2))
    g.apply(1, "close 3C")
    r = report(g)
    assert r.multiplier == 2 and r.points[0] == 130 and r.points[1] == 0
    assert r.seats[0].multiplier == 2 and r.seats[1].multiplier == 1


def test_13_immediate_close_before_the_upcard() -> None:
    first = "2D 3D 4D 7S 7H 7C JC QC KC AC"
    g = scripted([first, "2H 3H 4H 8S 8H 8C JD QD KD AD", P3, P4], up="9H")
    assert "close" in [str(a) for a in g.legal_actions(0)]
    events = g.apply(0, "close")
    assert event(events, "close").public.card is None
    r = report(g)
    assert r.closer == 0 and r.discard is None and r.points == (0, 0, 65, 82)
    # the second player, holding as good a hand, may not close without drawing
    g = scripted([P1, "2H 3H 4H 8S 8H 8C JD QD KD AD", P3, P4], up="9H")
    assert "close" not in [str(a) for a in g.legal_actions(0)]
    g.apply(0, "take")
    g.apply(0, "discard AH")
    refused(g, 1, "close", WrongPhase)
    assert "close" not in [str(a) for a in g.legal_actions(1)]


@pytest.mark.parametrize("held", ["", "9C"])
def test_14_the_taken_card_and_its_twin_stay(held: str) -> None:
    p3 = ("2S 4D 6S 8C 10H JD 3S 5D 7C " + (held or "QC")).split()
    g = scripted([P1, "3H 4H 5H 6H 9S 9D 9C KC KD 2C", " ".join(p3), P4], up="9H",
                 stock="QH")
    g.apply(0, "take")
    g.apply(0, "discard AH")
    g.apply(1, "draw")
    g.apply(1, "discard 9C")
    g.apply(2, "take")
    refused(g, 2, "discard 9C", TakenCardDiscard)
    refused(g, 2, "close 9C", TakenCardDiscard)
    assert not any(str(a).endswith(" 9C") for a in g.legal_actions(2))


def test_15_elimination_and_reentry_at_the_highest_total() -> None:
    g = example_15(reentry=True)
    events = g.apply(0, "close 5H")
    r = report(g)
    assert r.points == (0, 20, 5, 47) and g.totals == [90, 80, 105, 77]
    assert r.eliminated == (2,) and r.offered == (2,) and r.offer_total == 90
    assert kinds(events)[-1] == "reentry_offer" and g.to_act() == [2]
    events = g.apply(2, "reenter")
    assert event(events, "reenter").public.total == 90
    assert g.totals == [90, 80, 90, 77] and g.eliminated == set() and g.reentries[2] == 1
    assert g.phase == "first" and len(g.hands[2]) == 10  # dealt in again
    g = example_15(reentry=False)
    g.apply(0, "close 5H")
    assert g.eliminated == {2} and report(g).offered == () and g.hands[2] == []


def test_15_a_total_of_exactly_the_limit_stays_in() -> None:
    g = example_15(reentry=True, c_hand="3S 4S 5S 6S 7H 8H 9H 10H JH AD")
    g.apply(0, "close 5H")
    assert g.totals[2] == 101 and report(g).eliminated == () and g.phase == "first"


def example_15(reentry: bool, c_hand: str = "3S 4S 5S 6S 7H 8H 9H 10H 2D 3H") -> RaminoGame:
    """A 90, B 60, C 100, D 30; A holds a zero close throwing 5H; B 20, C 5, D 47."""
    return crafted({0: "AC 2C 3C 4C 8D 8C 8S JD QD KD 5H",
                    1: "2C 3C 4C 5C 5D 6D 7D 8D KH QS", 2: c_hand,
                    3: "2S 3S 4S 5C 6D 7H 8C 9D 2H 10H"},
                   totals=[90, 60, 100, 30], options=RaminoOptions(reentry=reentry))


def test_16_no_reentry_with_two_left() -> None:
    g = crafted({0: "AC 2C 3C 4C 8D 8C 8S JD QD KD 5H",
                 1: "2C 3C 4C 5C 5D 6D 7D 8D KH QS", 2: "2S 3S 4S 5C 6D 7H 8C 9D 2H 10H",
                 3: "3S 4S 5S 6S 7H 8H 9H 10H 2D QH"},
                totals=[10, 20, 95, 99], options=RaminoOptions(reentry=True))
    g.apply(0, "close 5H")
    r = report(g)
    assert g.totals == [10, 40, 142, 111] and r.eliminated == (2, 3) and r.offered == ()
    assert g.phase == "first" and g.active() == [0, 1] and g.winner is None
    assert [len(h) for h in g.hands] == [10, 10, 0, 0]


def test_17_everybody_over_the_limit_the_lowest_stays_and_wins() -> None:
    g = crafted({0: "AC 2C 3C 4D 4H 4S JD QD KD 8H 5C",
                 1: "2S 3S 4S 5S 6H 7H 8H 10D KC QH"},
                totals=[95, 99, 130, 140], eliminated=[2, 3], options=preset("points"))
    events = g.apply(0, "close 5C")
    assert report(g).points == (8, 30, 0, 0) and g.totals == [103, 129, 130, 140]
    assert report(g).eliminated == (1,) and g.eliminated == {1, 2, 3}
    assert g.is_over and g.winner == 0 and event(events, "game_end").public.winner == 0
    assert [s.rank for s in g.standings()] == [1, 2, 3, 4]


def test_18_chips() -> None:
    g = example_7(preset("chips"))
    g.apply(1, "close 2C")
    assert g.totals == [9, 13, 9, 9] and report(g).points == (-1, 3, -1, -1)
