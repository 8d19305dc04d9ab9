"""Every game-level worked example of ramino51.md, played through `apply` with its figures.

P1 … P4 are seats 0 … 3; each example's refused half is refused with its code and leaves the
state (JSON and version) as it was. The pure meld examples (6-8, 16, 17) are test_melds.py's.
"""

from __future__ import annotations

from engine.cards import Card
from engine.errors import DoesNotFit, FirstMeldTooLow, MustKeepCard, NotOpened, TakenCardDiscard
from engine.ramino51 import JokerUse, Ramino51Game, Ramino51Options, SwapJoker
from engine.ramino51.errors import CloseNotAllowed, ExchangeNotAllowed, JokerNotUsed

from .scripted import crafted, event, refused, scripted


def declared(game: Ramino51Game, mid: str) -> tuple[str, ...]:
    """Return a table meld's cards as actions write them (jokers with what they stand for)."""
    view = game.public_view()
    return next(m.declared for m in view.melds if m.id == mid)


def hand(game: Ramino51Game, seat: int) -> list[str]:
    """Return the seat's cards, sorted, as text."""
    return sorted(c.text for c in game.hands[seat])


def test_1_run_retrieval_uses_the_joker_in_a_new_meld() -> None:
    game = crafted({0: "9H QS KS 4C 8D"}, melds=[(1, "7H 8H JK=9H 10H")], opened=[0],
                   rest_to=2)
    bare = SwapJoker("A", (Card.parse("9H"),), JokerUse())
    refused(game, 0, bare, JokerNotUsed)
    swap = event(game.apply(0, "swap A 9H meld QS,KS,JK=AS"), "swap").public
    assert declared(game, "A") == ("7H", "8H", "9H", "10H")
    assert declared(game, "B") == ("QS", "KS", "JK=AS")
    assert swap.used.id == "B" and game.public_view().melds[1].owner == 0
    assert hand(game, 0) == ["4C", "8D"]


def test_2_set_retrieval_needs_both_missing_suits() -> None:
    game = crafted({2: "6S 6D 9C 9S 5C"}, melds=[(0, "6C JK 6H")], opened=[2], turn=2,
                   rest_to=1)
    refused(game, 2, "swap A 6S meld 9C,9S,JK", DoesNotFit)
    game.apply(2, "swap A 6S,6D meld 9C,9S,JK")
    assert sorted(declared(game, "A")) == ["6C", "6D", "6H", "6S"]
    assert sorted(declared(game, "B")) == ["9C", "9S", "JK"]
    assert hand(game, 2) == ["5C"]


def test_2_a_natural_laid_off_on_a_set_leaves_the_joker_standing_for_the_last_suit() -> None:
    game = crafted({2: "6S 6D 9C 9S 5C"}, melds=[(0, "6C JK 6H")], opened=[2], turn=2,
                   rest_to=1)
    game.apply(2, "layoff 6S A")
    assert declared(game, "A") == ("6C", "6H", "6S", "JK=6D")


def test_3_a_four_card_set_gives_its_joker_for_the_missing_suit() -> None:
    game = crafted({0: "9S 2C 3C"}, melds=[(1, "9C 9D 9H JK"), (1, "5D 6D 7D")], opened=[0],
                   rest_to=2)
    assert declared(game, "A") == ("9C", "9D", "9H", "JK=9S")
    game.apply(0, "swap A 9S layoff B 8D")
    assert declared(game, "A") == ("9C", "9D", "9H", "9S")
    assert declared(game, "B") == ("5D", "6D", "7D", "JK=8D")
    assert hand(game, 0) == ["2C", "3C"]


def test_4_an_opening_of_51_is_legal_and_50_is_not() -> None:
    game = crafted({1: "9H 10H JH QH 7S 7D 7C 2C"}, turn=1, rest_to=0)
    error = refused(game, 1, "meld 9H,10H,JH 7S,7D,7C", FirstMeldTooLow)
    assert error.params == {"minimum": 51, "points": 50}
    melded = event(game.apply(1, "meld 10H,JH,QH 7S,7D,7C"), "meld").public
    assert (melded.points, melded.opening) == (51, True)
    assert game.opened[1]


def test_5_opening_values_count_aces_11_and_jokers_as_their_card() -> None:
    game = crafted({1: "AH 2H 3H 5D JK 7D KS KH KC 6C 6H JK 4C"}, turn=1, rest_to=0)
    error = refused(game, 1, "meld 6C,JK,6H", FirstMeldTooLow)
    assert error.params == {"minimum": 51, "points": 18}
    melded = event(game.apply(1, "meld AH,2H,3H 5D,JK=6D,7D KS,KH,KC"), "meld").public
    assert melded.points == 16 + 18 + 30 == 64


def test_9_lay_offs_follow_the_opening_in_the_same_turn() -> None:
    game = crafted({1: "8D 10S 10H 10C JC QC KC 2S"}, melds=[(0, "5D 6D 7D")], turn=1,
                   rest_to=2)
    refused(game, 1, "layoff 8D A", NotOpened)
    assert event(game.apply(1, "meld 10S,10H,10C JC,QC,KC"), "meld").public.points == 60
    game.apply(1, "layoff 8D A")
    assert declared(game, "A") == ("5D", "6D", "7D", "8D")


TEN = "2C 3C 4C 5C 6C 2D 2H 2S 3D 4D 5D 3S 3C 3H 9S"
TEN_MELDS = "2C,3C,4C,5C,6C 2D,2H,2S 3D,4D,5D 3S,3C,3H"


def test_10_closing_in_hand_needs_no_minimum_and_doubles_the_charges() -> None:
    game = crafted({2: TEN, 0: "KS 7D JK", 1: "AS 2S 3S"}, turn=2, players=3,
                   rest_to="pile")
    error = refused(game, 2, f"meld {TEN_MELDS}", FirstMeldTooLow)
    assert error.params == {"minimum": 51, "points": 20 + 6 + 12 + 9}
    events = game.apply(2, f"close drawn; meld {TEN_MELDS}; discard 9S")
    report = event(events, "hand_end").public
    assert (report.reason, report.closer, report.multiplier) == ("in_hand", 2, 2)
    assert report.charges == (74, 32, 0)
    assert event(events, "close").public.discard == "9S"


def test_11_the_exchange_card_as_the_last_draw() -> None:
    game = crafted({3: "4H 5H 6H KC KD KS 2S 3S 4S 5S 9D 9C 9H QD"}, exchange="7H", turn=3,
                   phase="draw", rest_to=0)
    close = "meld 4H,5H,6H,7H KC,KD,KS 2S,3S,4S,5S 9D,9C,9H; discard QD"
    error = refused(game, 3, f"close drawn; {close}", CloseNotAllowed)
    assert error.params == {"reason": "no_draw"}
    report = event(game.apply(3, f"close exchange; {close}"), "hand_end").public
    assert (report.closer, report.reason, report.discard) == (3, "in_hand", "QD")
    assert game.hand_no == 2


def test_12_the_exchange_swap_once_on_the_first_turn() -> None:
    starter = "2C 2D 2H 4S 5S 6S 8C 9C 10C JD QD KD AH 7S 9H"
    second = "3C 3D 3H 5C 6D 7H 8S 9S 10S JC QC KC AS"
    game = scripted([starter, second + " 4D"], exchange="QD", stock="6H 7C 8D")
    game.apply(0, "discard 9H")
    swapped = event(game.apply(1, "exchange 3C"), "exchange").public
    assert (swapped.given, swapped.got, game.exchange.text) == ("3C", "QD", "3C")
    assert len(game.hands[1]) == 14 and "QD" in hand(game, 1)
    game.apply(1, "draw")
    assert len(game.hands[1]) == 15
    game.apply(1, "discard 6H")
    assert len(game.hands[1]) == 14
    game.apply(0, "draw")
    game.apply(0, "discard 7C")
    refused(game, 1, "exchange 3D", ExchangeNotAllowed)


def _outgoing(options: Ramino51Options | None = None, unopened: bool = False,
              others: tuple[int, ...] = (1, 2, 3)) -> Ramino51Game:
    """P1 about to discard his last card (or, unopened, to open and go out in one turn)."""
    p1 = "10S 10H 10C JC QC KC 9D" if unopened else "9D"
    return crafted({0: p1, 1: "KS 7D JK", 2: "AS 2S 3S", 3: "5C"}, options=options,
                   opened=others if unopened else (0, *others), rest_to="pile")


def test_13_going_out_charges_every_card_held() -> None:
    game = _outgoing()
    report = event(game.apply(0, "discard 9D"), "hand_end").public
    assert (report.reason, report.multiplier, report.charges) == ("out", 1, (0, 37, 16, 5))
    assert game.totals == [0, 37, 16, 5]


def test_13_opening_and_going_out_in_one_turn_is_closing_in_hand() -> None:
    game = _outgoing(unopened=True)
    game.apply(0, "meld 10S,10H,10C JC,QC,KC")
    report = event(game.apply(0, "discard 9D"), "hand_end").public
    assert (report.reason, report.charges) == ("in_hand", (0, 74, 32, 10))


def test_13_a_fixed_penalty_for_an_unopened_player() -> None:
    options = Ramino51Options(unopened_penalty=100)
    game = _outgoing(options, others=(2, 3))
    report = event(game.apply(0, "discard 9D"), "hand_end").public
    assert report.charges == (0, 100, 16, 5)
    game = _outgoing(options, unopened=True, others=(2, 3))
    game.apply(0, "meld 10S,10H,10C JC,QC,KC")
    report = event(game.apply(0, "discard 9D"), "hand_end").public
    assert report.charges == (0, 200, 32, 10)


def test_14_one_card_must_remain_for_the_discard() -> None:
    game = crafted({0: "4D 5D 6D"}, opened=[0], rest_to=1)
    refused(game, 0, "meld 4D,5D,6D", MustKeepCard)


def test_15_the_card_taken_from_the_pile_cannot_be_thrown_back() -> None:
    game = crafted({1: "9C 2D 5S"}, pile="3H 9C", turn=1, phase="draw", opened=[1], rest_to=0)
    game.apply(1, "take")
    refused(game, 1, "discard 9C", TakenCardDiscard)  # his own 9C too: the twin
    game.apply(1, "discard 2D")


def _seventh(totals: list[int], hands: dict[int, str], closer: int) -> Ramino51Game:
    six = [[0] * 4 for _ in range(5)] + [list(totals)]
    return crafted({closer: "9D", **hands}, opened=[0, 1, 2, 3], turn=closer, rest_to="pile",
                   totals=totals, hand_points=six, hand_no=7)


def test_18_a_tie_for_the_lowest_total_plays_an_eighth_hand() -> None:
    game = _seventh([100, 85, 70, 190], {0: "KS QS", 2: "10C 5C", 3: "10D"}, closer=1)
    events = game.apply(1, "discard 9D")
    report = event(events, "hand_end").public
    assert report.totals == (120, 85, 85, 200) and report.tied == (1, 2)
    assert event(events, "deal").public.hand_no == 8
    assert not game.is_over
    assert all(len(h) >= 14 for h in game.hands)


def test_18_the_eighth_hand_ends_the_game_with_one_lowest_total() -> None:
    rows = [[0] * 4 for _ in range(6)] + [[120, 85, 85, 200]]
    game = crafted({2: "9D", 0: "2C", 1: "3C", 3: "4C"}, opened=[0, 1, 2, 3], turn=2,
                   rest_to="pile", totals=[120, 85, 85, 200], hand_points=rows, hand_no=8)
    events = game.apply(2, "discard 9D")
    assert event(events, "game_end").public.winner == 2
    assert game.is_over and game.totals == [122, 88, 85, 204]
    assert [s.rank for s in game.standings()] == [3, 2, 1, 4]
