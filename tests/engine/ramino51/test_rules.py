"""Ramino 51's rules one by one, every option's effect, and every refusal by its code.

Each refusal goes through `refused` (tests/engine/played.py): the error's code, and the state's
JSON and version left as they were.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine.errors import (
    AmbiguousEnd,
    BadCard,
    BadOption,
    BadState,
    CardNotInHand,
    DoesNotFit,
    GameOver,
    IllegalMove,
    InvalidMeld,
    MustKeepCard,
    NoSuchMeld,
    NotYourTurn,
    TakenCardDiscard,
    WrongPhase,
)
from engine.ramino51 import Ramino51Game, Ramino51Options, preset
from engine.ramino51.errors import (
    CloseIncomplete,
    CloseNotAllowed,
    ExchangeNotAllowed,
    JokerNotUsed,
)
from engine.ramino51.state import HAND_SIZE

from .scripted import crafted, deck_order, event, kinds, refused, scripted

STARTER = "2C 2D 2H 4S 5S 6S 8C 9C 10C JD QD KD AH 7S 9H"
SECOND = "3C 3D 3H 5C 6D 7H 8S 9S 10S JC QC KC AS 4D"
THIRD = "AC AD 2S 3S 4H 5H 6H 7D 8D 9D 10D JS QS KS"


def three() -> Ramino51Game:
    """A scripted 3-player deal: seat 2 deals, seat 0 starts; exchange QH, stock 6C 7C 8H …"""
    return scripted([STARTER, SECOND, THIRD], exchange="QH", stock="6C 7C 8H 4C")


# --- the deal ----------------------------------------------------------------------------


@pytest.mark.parametrize(("jokers", "cards"), [(2, 106), (4, 108)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal_gives_15_to_the_starter_14_to_the_others(jokers: int, cards: int,
                                                           players: int) -> None:
    game = Ramino51Game(Ramino51Options(jokers=jokers), players=players, seed=9)
    sizes = [len(h) for h in game.hands]
    assert sizes[game.starter] == HAND_SIZE + 1
    assert sorted(sizes) == [HAND_SIZE] * (players - 1) + [HAND_SIZE + 1]
    assert game.exchange is not None and not game.pile
    assert len(list(game.every_card())) == cards
    assert sum(c.is_joker for c in game.every_card()) == jokers
    assert game.starter == game.next_seat(game.dealer) == game.turn


def test_the_deal_follows_the_deck_order_from_the_starter() -> None:
    game = three()
    assert sorted(c.text for c in game.hands[0]) == sorted(STARTER.split())
    assert sorted(c.text for c in game.hands[1]) == sorted(SECOND.split())
    assert game.exchange.text == "QH" and [c.text for c in game.stock[:4]] == [
        "6C", "7C", "8H", "4C"]


def test_reverse_deals_and_plays_backwards() -> None:
    opts = Ramino51Options(direction="reverse")
    order = deck_order([STARTER, SECOND, THIRD], "QH", dealer=1, opts=opts)
    game = Ramino51Game(opts, players=3, seed=1, decks=[order], first_dealer=1)
    assert game.starter == 0 and len(game.hands[0]) == 15
    game.apply(0, "discard 9H")
    assert game.turn == 2  # backwards along the seating list
    forward = Ramino51Game(players=3, seed=1, first_dealer=1)
    assert forward.starter == 2


def test_the_deal_passes_to_the_next_player() -> None:
    game = crafted({0: "9D"}, opened=[0], rest_to=1)
    dealer = game.dealer
    game.apply(0, "discard 9D")
    assert game.dealer == game.next_seat(dealer) and game.starter == game.next_seat(game.dealer)
    assert game.hand_no == 2 and game.turn == game.starter and game.step() == "first"


# --- the turn ----------------------------------------------------------------------------


def test_the_starter_has_no_draw_on_his_first_turn() -> None:
    game = three()
    assert game.step() == "first"
    refused(game, 0, "draw", WrongPhase)
    refused(game, 0, "take", WrongPhase)
    game.apply(0, "discard 9H")
    assert game.turn == 1 and game.phase == "draw"
    refused(game, 1, "discard 4D", WrongPhase)
    refused(game, 1, "meld 3C,3D,3H", WrongPhase)
    event(game.apply(1, "take"), "take")
    assert game.taken is not None and game.taken.text == "9H"


def test_drawing_from_the_stock_tells_the_card_to_the_drawer_only() -> None:
    game = three()
    game.apply(0, "discard 9H")
    draw = event(game.apply(1, "draw"), "draw")
    assert draw.public.stock == len(game.stock) and draw.private.card == "6C"


def test_only_the_seat_to_act_may_act() -> None:
    game = three()
    refused(game, 1, "discard 4D", NotYourTurn)
    refused(game, 7, "discard 4D", NotYourTurn)


def test_cards_not_held_are_refused() -> None:
    game = three()
    refused(game, 0, "discard 3C", CardNotInHand)
    refused(game, 0, "exchange 3C", CardNotInHand)


def test_an_empty_pile_cannot_be_taken() -> None:
    game = crafted({1: "2C 3C"}, turn=1, phase="draw", pile="", exchange="4C", rest_to=0)
    refused(game, 1, "take", IllegalMove)


@pytest.mark.parametrize("before_draw", [True, False])
def test_the_exchange_swap_comes_before_or_after_the_draw(before_draw: bool) -> None:
    game = three()
    game.apply(0, "discard 9H")
    if not before_draw:
        game.apply(1, "draw")
    game.apply(1, "exchange 4D")
    assert game.exchange.text == "4D" and game.swapped[1]
    refused(game, 1, "exchange 3C", ExchangeNotAllowed)


def test_the_starter_may_swap_on_his_first_turn() -> None:
    game = three()
    game.apply(0, "exchange 9H")
    assert game.exchange.text == "9H" and len(game.hands[0]) == 15


def test_no_exchange_swap_after_a_play_in_that_turn() -> None:
    game = crafted({0: "3C 3D 3H 2S"}, opened=[0], had_turn=[False] * 4, rest_to=1)
    game.apply(0, "meld 3C,3D,3H")
    error = refused(game, 0, "exchange 2S", ExchangeNotAllowed)
    assert error.params == {"reason": "played"}


def test_no_exchange_swap_after_the_first_turn() -> None:
    game = crafted({0: "3C 3D 3H 2S"}, rest_to=1)
    assert refused(game, 0, "exchange 2S", ExchangeNotAllowed).params == {
        "reason": "first_turn"}


def test_the_taken_card_may_be_thrown_back_with_the_option() -> None:
    opts = Ramino51Options(discard_taken_card=True)
    game = crafted({1: "9C 2D 5S"}, pile="3H 9C", turn=1, phase="draw", rest_to=0,
                   options=opts)
    game.apply(1, "take")
    assert event(game.apply(1, "discard 9C"), "discard").public.card == "9C"


def test_a_take_that_would_leave_nothing_to_discard_is_refused() -> None:
    game = crafted({1: "4S"}, pile="3H 4S", turn=1, phase="draw", opened=[1], rest_to=0)
    refused(game, 1, "take", TakenCardDiscard)
    game.apply(1, "draw")


def test_a_play_must_keep_a_card_other_than_the_taken_one() -> None:
    game = crafted({1: "5S 9H"}, melds=[(0, "6S 7S 8S"), (0, "7H 8H JK=9H 10H")],
                   pile="3H 4S", turn=1, phase="draw", opened=[1], rest_to=0)
    game.apply(1, "take")
    game.apply(1, "layoff 5S A")
    refused(game, 1, "swap B 9H layoff B JH", MustKeepCard)  # 4S alone: not to be thrown


def test_a_taken_joker_makes_every_joker_its_twin() -> None:
    game = crafted({1: "JK 2D 5S"}, pile="3H JK", turn=1, phase="draw", rest_to=0)
    game.apply(1, "take")
    refused(game, 1, "discard JK", TakenCardDiscard)


# --- melds, lay-offs, joker swaps --------------------------------------------------------


def test_an_opened_player_melds_with_no_minimum() -> None:
    game = crafted({0: "2C 3C 4C 9D"}, opened=[0], rest_to=1)
    melded = event(game.apply(0, "meld 2C,3C,4C"), "meld").public
    assert (melded.points, melded.opening) == (9, False)


def test_the_opening_minimum_option() -> None:
    game = crafted({1: "9H 10H JH 7S 7D 7C 2C"}, turn=1, rest_to=0,
                   options=Ramino51Options(opening_minimum=50))
    game.apply(1, "meld 9H,10H,JH 7S,7D,7C")
    assert game.opened[1]


def test_an_invalid_meld_is_refused() -> None:
    game = crafted({0: "8C 8H 8C 2D"}, opened=[0], rest_to=1)
    refused(game, 0, "meld 8C,8H,8C", InvalidMeld)


def test_lay_offs_name_an_existing_meld_and_fit_it() -> None:
    game = crafted({0: "8D 9S AS 2C"}, melds=[(1, "5D 6D 7D"), (1, "2S 3S 4S 5S 6S 7S 8S 9S "
                                                                 "10S JS QS KS")],
                   opened=[0], rest_to=2)
    refused(game, 0, "layoff 8D C", NoSuchMeld)
    refused(game, 0, "layoff 9S A", DoesNotFit)
    refused(game, 0, "layoff AS B", AmbiguousEnd)
    refused(game, 0, "layoff AS B middle", IllegalMove)
    game.apply(0, "layoff AS B high")
    assert game.public_view().melds[1].declared[-1] == "AS"


def test_a_joker_laid_off_on_a_run_declares_its_card() -> None:
    game = crafted({0: "JK 2C"}, melds=[(1, "5H JK=6H 7H")], opened=[0], rest_to=2)
    refused(game, 0, "layoff JK A", InvalidMeld)
    laid = event(game.apply(0, "layoff JK=8H A"), "layoff").public
    assert laid.result.declared == ("5H", "JK=6H", "7H", "JK=8H")


def test_a_swap_from_a_meld_without_a_joker_is_refused() -> None:
    game = crafted({0: "9H 2C 3C"}, melds=[(1, "7H 8H 9H")], opened=[0], rest_to=2)
    refused(game, 0, "swap A 9H layoff A", DoesNotFit)


def test_a_retrieved_joker_must_land_or_the_swap_is_refused_whole() -> None:
    game = crafted({0: "9H 2C 5D"}, melds=[(1, "7H 8H JK=9H 10H"), (1, "KS KH KD")],
                   opened=[0], rest_to=2)
    refused(game, 0, "swap A 9H meld 2C,5D,JK", InvalidMeld)
    refused(game, 0, "swap A 9H layoff B KS", DoesNotFit)
    refused(game, 0, "swap A 9H meld 2C,5D,8D", CardNotInHand)
    game.apply(0, "swap A 9H layoff B")
    assert sorted(game.public_view().melds[1].cards) == ["JK", "KD", "KH", "KS"]


def test_a_use_without_the_joker_leaves_it_unused() -> None:
    game = crafted({0: "9H 2C 3C 4C 5D"}, melds=[(1, "7H 8H JK=9H 10H")], opened=[0],
                   rest_to=2)
    refused(game, 0, "swap A 9H meld 2C,3C,4C", JokerNotUsed)


def test_the_own_joker_in_hand_does_not_stand_in_for_the_retrieved_one() -> None:
    game = crafted({0: "9H JK QS KS 4C"}, melds=[(1, "7H 8H JK=9H 10H")], opened=[0],
                   rest_to=2)
    game.apply(0, "swap A 9H meld QS,KS,JK=AS")
    assert sorted(c.text for c in game.hands[0]) == ["4C", "JK"]
    assert sum(c.is_joker for c in game.every_card()) == 2


# --- close in hand -----------------------------------------------------------------------

TEN = "2C 3C 4C 5C 6C 2D 2H 2S 3D 4D 5D 3S 3C 3H 9S"
TEN_MELDS = "2C,3C,4C,5C,6C 2D,2H,2S 3D,4D,5D 3S,3C,3H"


def test_close_in_hand_is_refused_to_an_opened_player() -> None:
    game = crafted({2: TEN}, turn=2, players=3, opened=[2], rest_to="pile")
    assert refused(game, 2, f"close drawn; meld {TEN_MELDS}; discard 9S",
                   CloseNotAllowed).params == {"reason": "opened"}


def test_close_in_hand_is_refused_after_a_play_in_the_turn() -> None:
    game = crafted({2: TEN + " 7H 8H 9H"}, melds=[(0, "10H JH QH")], turn=2, players=3,
                   rest_to="pile", opened=[], acted=True)
    assert refused(game, 2, f"close drawn; meld {TEN_MELDS} 7H,8H,9H; discard 9S",
                   CloseNotAllowed).params == {"reason": "played"}


def test_close_with_the_exchange_card_after_the_draw_is_refused() -> None:
    game = crafted({2: TEN}, turn=2, players=3, rest_to="pile")
    assert refused(game, 2, f"close exchange; meld {TEN_MELDS}; discard 9S",
                   CloseNotAllowed).params == {"reason": "drawn"}


def test_the_starter_cannot_close_with_the_exchange_card_on_his_first_turn() -> None:
    second = "7C 8C 9C 10C JC 6D 7H 8H 9H 10H JH QH KH KD"
    game = scripted([TEN, second, THIRD], exchange="QH")
    assert refused(game, 0, f"close exchange; meld {TEN_MELDS}; discard 9S",
                   CloseNotAllowed).params == {"reason": "starter_first"}
    report = event(game.apply(0, f"close drawn; meld {TEN_MELDS}; discard 9S"),
                   "hand_end").public
    assert report.closer == 0 and report.reason == "in_hand"


def test_a_close_with_no_exchange_card_to_take_is_refused() -> None:
    game = crafted({2: TEN}, turn=2, players=3, phase="draw", exchange=None, rest_to="pile")
    assert refused(game, 2, f"close exchange; meld {TEN_MELDS}; discard 9S",
                   CloseNotAllowed).params == {"reason": "no_exchange"}
    refused(game, 2, "exchange 9S", ExchangeNotAllowed)


def test_bad_card_text_is_refused() -> None:
    refused(three(), 0, "discard 11X", BadCard)


def test_a_close_leaving_cards_besides_the_discard_is_refused() -> None:
    game = crafted({2: TEN + " KD"}, turn=2, players=3, rest_to="pile")
    assert refused(game, 2, f"close drawn; meld {TEN_MELDS}; discard 9S",
                   CloseIncomplete).params == {"left": 1}


def test_a_close_that_empties_the_hand_before_its_discard_is_refused() -> None:
    game = crafted({2: "2C 3C 4C"}, turn=2, players=3, rest_to="pile")
    refused(game, 2, "close drawn; meld 2C,3C,4C; discard 9S", MustKeepCard)


def test_a_close_cannot_throw_the_taken_card() -> None:
    game = crafted({2: TEN.replace("9S", "")}, pile="8S 9S", turn=2, phase="draw", players=3,
                   rest_to=0)
    game.apply(2, "take")
    refused(game, 2, f"close drawn; meld {TEN_MELDS}; discard 9S", TakenCardDiscard)


def test_a_close_applies_melds_then_swaps_then_lay_offs() -> None:
    # the swap takes the joker of A and lays it on the run the close itself put down (B);
    # the lay-off then goes on the same new run: each part legal at its point (Decision 21)
    game = crafted({1: "9H 2C 3C 4C 6C KS"}, melds=[(0, "7H 8H JK=9H 10H")], turn=1,
                   players=3, rest_to="pile")
    events = game.apply(1, "close drawn; meld 2C,3C,4C; swap A 9H layoff B 5C; "
                           "layoff 6C B; discard KS")
    views = {m.id: m.declared for m in game.last_result.melds}
    assert views["A"] == ("7H", "8H", "9H", "10H")
    assert views["B"] == ("2C", "3C", "4C", "JK=5C", "6C")
    assert kinds(events)[:2] == ["close", "hand_end"]


def test_a_close_whose_later_part_fails_changes_nothing() -> None:
    game = crafted({1: "9H 2C 3C 4C 6C KS"}, melds=[(0, "7H 8H JK=9H 10H")], turn=1,
                   players=3, rest_to="pile")
    refused(game, 1, "close drawn; meld 2C,3C,4C; swap A 9H layoff B 5C; layoff 6C A; "
                     "discard KS", DoesNotFit)


def test_the_close_in_hand_multiplier_option() -> None:
    game = crafted({2: TEN, 0: "KS 7D JK", 1: "AS 2S 3S"}, turn=2, players=3,
                   rest_to="pile", options=Ramino51Options(close_in_hand_multiplier=1))
    report = event(game.apply(2, f"close drawn; meld {TEN_MELDS}; discard 9S"),
                   "hand_end").public
    assert report.charges == (37, 16, 0) and report.multiplier == 1


# --- the stock -------------------------------------------------------------------------


def test_an_empty_stock_is_rebuilt_from_the_pile_but_its_top() -> None:
    game = crafted({1: "2C 3C"}, pile="4H 5H 6H", stock="", turn=1, phase="draw",
                   rest_to=0)
    events = game.apply(1, "draw")
    assert kinds(events) == ["rebuild", "draw"]
    assert [c.text for c in game.pile] == ["6H"] and len(game.stock) == 1
    assert game.rebuilds == 1


def test_rebuilds_replay_exactly_from_the_seed() -> None:
    def rebuilt() -> list[str]:
        game = crafted({1: "2C 3C"}, pile="4H 5H 6H 7S 8S 9S", stock="", turn=1,
                       phase="draw", rest_to=0)
        game.apply(1, "draw")
        return [c.text for c in game.hands[1]] + [c.text for c in game.stock]
    assert rebuilt() == rebuilt()


@pytest.mark.parametrize(("rebuilds", "limit"), [(0, 0), (1, 1), (3, 2)])
def test_no_rebuild_left_voids_the_hand(rebuilds: int, limit: int) -> None:
    game = crafted({1: "2C 3C", 0: "KS"}, pile="4H 5H 6H", stock="", turn=1, phase="draw",
                   rest_to=2, rebuilds=rebuilds, options=Ramino51Options(stock_rebuilds=limit))
    events = game.apply(1, "draw")
    report = event(events, "hand_end").public
    assert report.void and report.closer is None and report.charges == (0, 0, 0, 0)
    assert game.board.played == 1 and game.hand_no == 2


def test_a_pile_of_one_card_voids_the_hand_even_with_rebuilds_left() -> None:
    game = crafted({1: "2C 3C"}, pile="4H", stock="", turn=1, phase="draw", rest_to=0)
    assert event(game.apply(1, "draw"), "hand_end").public.void


def test_a_hand_where_nobody_puts_a_card_down_through_two_rebuilt_stocks_ends_void() -> None:
    # Every meld on the table full and 2-card hands: nobody can ever play; rebuilds would loop.
    stalled = crafted({1: "2C 3C", 0: "KS 9D"}, melds=[(0, "8C 8D 8H 8S")], pile="4H 5H 6H",
                      stock="", turn=1, phase="draw", rest_to=2, idle_rebuilds=2)
    assert stalled.public_view().draw_voids
    report = event(stalled.apply(1, "draw"), "hand_end").public
    assert report.void and report.charges == (0, 0, 0, 0)
    once = crafted({1: "2C 3C"}, pile="4H 5H 6H", stock="", turn=1, phase="draw", rest_to=0,
                   idle_rebuilds=1)
    assert not once.public_view().draw_voids
    assert kinds(once.apply(1, "draw")) == ["rebuild", "draw"] and once.idle_rebuilds == 2
    assert Ramino51Game.from_json(once.to_json()).idle_rebuilds == 2


def test_a_card_put_down_starts_the_count_of_idle_rebuilds_again() -> None:
    game = crafted({1: "5S 6S 7S 2C 3C"}, pile="4H 5H 6H", stock="", turn=1, phase="play",
                   opened=[1], rest_to=0, idle_rebuilds=2)
    game.apply(1, "meld 5S,6S,7S")
    assert game.idle_rebuilds == 0
    game.apply(1, "discard 2C")
    assert not game.public_view().draw_voids


def test_the_pile_may_be_taken_instead_of_voiding() -> None:
    game = crafted({1: "2C 3C"}, pile="4H", stock="", turn=1, phase="draw", rest_to=0,
                   options=Ramino51Options(stock_rebuilds=0))
    game.apply(1, "take")
    assert game.hand_no == 1


# --- the end of the game -----------------------------------------------------------------


def test_the_game_ends_after_hands_per_game_hands() -> None:
    opts = Ramino51Options(hands_per_game=1)
    game = crafted({0: "9D", 1: "KS", 3: "2C"}, opened=[0], rest_to=2, options=opts)
    events = game.apply(0, "discard 9D")
    assert kinds(events)[-1] == "game_end" and game.is_over and game.winner == 0
    refused(game, 0, "draw", GameOver)
    assert game.legal_actions(0) == [] and game.to_act() == []


def test_the_limit_mode_ends_once_a_total_reaches_the_limit() -> None:
    opts = preset("limit_500", score_limit=30)
    game = crafted({0: "9D", 1: "KS QS JS", 3: "2C"}, opened=[0], rest_to=2,
                   options=opts)
    events = game.apply(0, "discard 9D")
    assert event(events, "game_end").public.totals[1] == 30


def test_the_limit_mode_plays_on_below_the_limit() -> None:
    opts = preset("limit_500", score_limit=31)
    game = crafted({0: "9D", 1: "KS QS JS", 2: "3D", 3: "2C"}, opened=[0], rest_to="pile",
                   options=opts)
    game.apply(0, "discard 9D")
    assert not game.is_over and game.hand_no == 2


# --- options and snapshots -------------------------------------------------------------


def test_presets_and_option_words() -> None:
    assert preset("four_jokers").jokers == 4
    assert (preset("limit_500").end_mode, preset("limit_500").score_limit) == ("limit", 500)
    opts = Ramino51Options()
    assert opts.with_text("unopened_penalty", "100").unopened_penalty == 100
    assert opts.with_text("unopened_penalty", "carte").unopened_penalty is None
    assert opts.with_text("stock_rebuilds", "unlimited").stock_rebuilds is None
    for key, text in [("jokers", "3"), ("unopened_penalty", "0"), ("hands_per_game", "0"),
                      ("close_in_hand_multiplier", "3"), ("opening_minimum", "0")]:
        with pytest.raises(BadOption):
            opts.with_text(key, text)


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players: int) -> None:
    with pytest.raises(BadOption):
        Ramino51Game(players=players)


def test_snapshots_round_trip_mid_hand() -> None:
    game = three()
    game.apply(0, "discard 9H")
    game.apply(1, "take")
    data = json.loads(json.dumps(game.to_json()))
    again = Ramino51Game.from_json(data)
    assert again.to_json() == data
    again.apply(1, "discard 4D")
    game.apply(1, "discard 4D")
    assert again.to_json() == game.to_json()


def test_a_snapshot_with_a_card_too_many_or_a_bad_meld_is_refused() -> None:
    data = json.loads(json.dumps(three().to_json()))
    data["hands"][0].append("9H")
    with pytest.raises(BadState):
        Ramino51Game.from_json(data)
    game = crafted({0: "9D"}, melds=[(1, "7H 8H 9H")], opened=[0], rest_to=2)
    data = game.to_json()
    data["melds"][0]["cards"][2]["card"] = "9S"
    data["hands"][2] = [c if c != "9S" else "9H" for c in data["hands"][2]]
    assert Counter(c for h in data["hands"] for c in h)["9H"] >= 1
    with pytest.raises(BadState):
        Ramino51Game.from_json(data)


def test_a_game_replays_exactly_from_its_seed_and_from_a_snapshot() -> None:
    opts = Ramino51Options(hands_per_game=2, stock_rebuilds=3)
    first = Ramino51Game(opts, players=3, seed=77)
    rng, played, middle, rebuilt = random.Random(77), [], None, 0
    while not first.is_over:
        seat = first.to_act()[0]
        action = rng.choice(first.legal_actions(seat))
        played.append((seat, str(action)))
        rebuilt += kinds(first.apply(seat, action)).count("rebuild")
        if len(played) == 300:
            middle = json.loads(json.dumps(first.to_json()))
    again = Ramino51Game(opts, players=3, seed=77)
    for seat, text in played:
        again.apply(seat, text)
    assert again.to_json() == first.to_json() and rebuilt > 0
    assert middle is not None
    resumed = Ramino51Game.from_json(middle)
    for seat, text in played[300:]:
        resumed.apply(seat, text)
    assert resumed.to_json() == first.to_json()
