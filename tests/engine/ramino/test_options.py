"""Ramino's options: the table of ramino.md, the cross-option checks, presets, and each key
changing something a player can see."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.cards import Card
from engine.errors import BadOption, TakenCardDiscard
from engine.ramino import PRESETS, RaminoGame, RaminoOptions, preset
from engine.ramino.errors import CannotClose
from engine.ramino.state import build_deck

from .scripted import crafted, event, scripted
from .test_worked_examples import P1, P2, P3, P4, example_7, refused, report


def test_defaults_match_the_options_table() -> None:
    assert RaminoOptions().to_dict() == {
        "deck": "double", "hand_size": 10, "direction": "forward", "same_suit_sets": False,
        "close_mode": "zero", "close_points_limit": 10, "joker_penalty": 25,
        "discard_taken_card": False, "colore_multiplier": 1, "ramino_multiplier": 1,
        "stock_rebuilds": None, "scoring": "elimination", "elimination_limit": 101,
        "reentry": False, "max_reentries": 1, "chips_hands": 10, "chips_start": 10,
        "stake_per_point": 0}
    assert RaminoOptions.from_dict(RaminoOptions().to_dict()) == RaminoOptions()


@pytest.mark.parametrize("key,value", [
    ("deck", "triple"), ("hand_size", 8), ("hand_size", "10"), ("direction", "left"),
    ("same_suit_sets", "yes"), ("close_mode", "half"), ("close_points_limit", 7),
    ("joker_penalty", 30), ("discard_taken_card", 1), ("colore_multiplier", 3),
    ("ramino_multiplier", 0), ("stock_rebuilds", -1), ("stock_rebuilds", True),
    ("scoring", "money"), ("elimination_limit", 0), ("reentry", None), ("max_reentries", 0),
    ("chips_hands", 0), ("chips_start", -1), ("stake_per_point", -1),
    ("stake_per_point", 0.5),
])
def test_values_outside_the_table_are_refused(key: str, value: Any) -> None:
    with pytest.raises(BadOption) as info:
        RaminoOptions.from_dict({key: value})
    assert info.value.params["key"] == key


def test_the_chips_game_closes_at_zero_only() -> None:
    with pytest.raises(BadOption) as info:
        RaminoOptions(scoring="chips", close_mode="points")
    assert info.value.params["key"] == "close_mode"
    assert RaminoOptions(scoring="chips").close_limit == 0


def test_the_points_limit_matters_only_in_points_mode() -> None:
    assert RaminoOptions(close_points_limit=5).close_limit == 0
    assert RaminoOptions(close_mode="points", close_points_limit=5).close_limit == 5


@pytest.mark.parametrize("players,options", [
    (1, RaminoOptions()), (8, RaminoOptions()), (5, RaminoOptions(deck="single")),
    (7, preset("short")), (True, RaminoOptions()),
])
def test_seats_the_options_cannot_hold_are_refused(players: Any, options: RaminoOptions) -> None:
    with pytest.raises(BadOption):
        RaminoGame(options, players=players, seed=1)


def test_presets_name_their_rules() -> None:
    assert list(PRESETS) == ["classic", "points", "chips", "short"]
    assert PRESETS["classic"] == RaminoOptions()
    assert PRESETS["points"].close_limit == 10 and PRESETS["points"].close_mode == "points"
    assert PRESETS["chips"].chips and PRESETS["chips"].close_mode == "zero"
    assert (PRESETS["short"].hand_size, PRESETS["short"].deck) == (7, "single")
    assert preset("short", hand_size=9).hand_size == 9
    with pytest.raises(BadOption):
        preset("nine")


def test_stock_rebuilds_reads_off_as_unlimited_and_a_count_as_itself() -> None:
    o = RaminoOptions(stock_rebuilds=3)
    assert o.with_text("stock_rebuilds", "off").stock_rebuilds is None
    assert o.with_text("stock_rebuilds", "0").stock_rebuilds == 0
    assert RaminoOptions().with_text("stake_per_point", "5").stake_per_point == 5


# --- each option changes the game --------------------------------------------------------


@pytest.mark.parametrize("deck,players,cards,jokers", [("double", 7, 108, 4),
                                                      ("single", 4, 54, 2)])
def test_deck(deck: str, players: int, cards: int, jokers: int) -> None:
    g = RaminoGame(RaminoOptions(deck=deck), players=players, seed=5)
    every = [c for h in g.hands for c in h] + g.stock + g.pile
    assert len(every) == cards == len(build_deck(g.opts))
    assert sum(c.is_joker for c in every) == jokers
    assert max(Counter(c.face for c in every if not c.is_joker).values()) == cards // 54


@pytest.mark.parametrize("size", [7, 9, 10])
def test_hand_size(size: int) -> None:
    g = RaminoGame(RaminoOptions(hand_size=size), players=5, seed=2)
    assert [len(h) for h in g.hands] == [size] * 5
    assert len(g.stock) == 108 - 5 * size - 1


def test_direction_reverse_runs_the_seating_list_backwards() -> None:
    forward = RaminoGame(RaminoOptions(), players=4, seed=3, first_dealer=1)
    reverse = RaminoGame(RaminoOptions(direction="reverse"), players=4, seed=3, first_dealer=1)
    assert (forward.turn, reverse.turn) == (2, 0)
    # the same deck: the first player of each gets cards 0, 4, 8 …
    assert forward.hands[2] == reverse.hands[0]
    assert forward.hands[3] == reverse.hands[3] and forward.hands[0] == reverse.hands[2]
    for g in (forward, reverse):
        seat = g.turn
        g.apply(seat, "take")
        g.apply(seat, f"discard {next(c for c in g.hands[seat] if c != g.taken)}")
    assert (forward.turn, reverse.turn) == (3, 3)
    assert reverse.public_view().direction == "reverse"


@pytest.mark.parametrize("same_suit", [False, True])
def test_same_suit_sets(same_suit: bool) -> None:
    g = crafted({1: "8H 8H 8S 2C 3C 4C 5D 6D 7D 8D KC"}, turn=1,
                options=RaminoOptions(same_suit_sets=same_suit))
    if same_suit:
        g.apply(1, "close KC")
        assert report(g).closer == 1
    else:
        refused(g, 1, "close KC", CannotClose)


def test_close_mode_zero_refuses_a_small_remainder() -> None:
    hand = {1: "7C 8C 9C JD JH JS 4S 5S 6S 3H KC"}
    refused(crafted(hand, turn=1), 1, "close KC", CannotClose)
    g = crafted(hand, turn=1, options=RaminoOptions(close_mode="points"))
    assert "close KC" in [str(a) for a in g.legal_actions(1)]


def test_close_points_limit_5_refuses_a_remainder_of_7() -> None:
    hand = {1: "7C 8C 9C JD JH JS 4S 5S 6S 7H KC"}
    g = crafted(hand, turn=1, options=preset("points", close_points_limit=5))
    assert refused(g, 1, "close KC", CannotClose).params == {"points": 7, "limit": 5}
    g = crafted(hand, turn=1, options=preset("points"))
    g.apply(1, "close KC")
    assert g.totals[1] == 7


@pytest.mark.parametrize("joker,charged", [(25, 25 + 2), (20, 20 + 2)])
def test_joker_penalty(joker: int, charged: int) -> None:
    """Example 1 held by a non-closer: Sempronio is charged 27 (22 with jokers at 20)."""
    g = crafted({1: "QS KS AS 5D 6D 7D 9C 9H 9S 9D 3C",
                 0: "5C 5D 5H 5S KC KD KH KS 2H JK"}, turn=1,
                options=RaminoOptions(joker_penalty=joker))
    g.apply(1, "close 3C")
    assert report(g).points[0] == charged


@pytest.mark.parametrize("allowed", [False, True])
def test_discard_taken_card(allowed: bool) -> None:
    g = crafted({1: "2S 4D 6S 8C 10H JD 3S 5D 7C 9C"}, pile="5S 9C", turn=1, phase="draw",
                options=RaminoOptions(discard_taken_card=allowed))
    g.apply(1, "take")
    if allowed:
        g.apply(1, "discard 9C")
        assert g.pile[-1].text == "9C" and g.turn == 2
    else:
        refused(g, 1, "discard 9C", TakenCardDiscard)


def test_stake_per_point_is_what_each_loser_owes() -> None:
    g = crafted({0: "AC 2C 3C 8D 8C 8S JD QD KD 8H 5C",
                 1: "2S 3S 4S 5S 6H 7H 8H 10D KC QH"},
                totals=[95, 99, 130, 140], eliminated=[2, 3],
                options=preset("points", stake_per_point=5))
    events = g.apply(0, "close 5C")
    assert event(events, "game_end").public.owed == (0, 5 * 129, 5 * 130, 5 * 140)
    assert g.public_view().owed == (0, 645, 650, 700)


def test_elimination_limit() -> None:
    g = example_7(RaminoOptions(elimination_limit=64))
    g.apply(1, "close 2C")
    assert g.totals == [64, 0, 65, 82] and report(g).eliminated == (2, 3)
    assert g.active() == [0, 1] and g.public_view().seats[0].to_limit == 0


def test_chips_start_and_hands() -> None:
    g = example_7(preset("chips", chips_start=0, chips_hands=1))
    events = g.apply(1, "close 2C")
    assert g.totals == [-1, 3, -1, -1] and g.is_over and g.winner == 1
    assert event(events, "game_end").public.owed == ()
    assert [s.rank for s in g.standings()] == [2, 1, 2, 2]


def test_seven_players_with_a_double_deck() -> None:
    g = RaminoGame(RaminoOptions(), players=7, seed=9)
    assert sorted(len(h) for h in g.hands) == [10] * 7 and len(g.stock) == 108 - 71
    assert all(isinstance(c, Card) for c in g.stock)


def test_scripted_deals_follow_the_given_hands() -> None:
    g = scripted([P1, P2, P3, P4], up="9H")
    assert [sorted(c.text for c in h) for h in g.hands] == [
        sorted(h.split()) for h in (P1, P2, P3, P4)]
