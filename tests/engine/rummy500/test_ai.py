"""The Rummy 500 computer player: scripted positions a player would notice, legality at scale."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.cards import Card, make_deck, parse_cards
from engine.game import Event
from engine.rummy500 import (
    ClaimRummy,
    Discard,
    DrawStock,
    LayOff,
    MeldCards,
    NameSpecial,
    Rummy500Game,
    Rummy500Options,
    TakeDiscards,
    preset,
)
from engine.rummy500.ai import choose_action, choose_claim, random_action
from engine.rummy500.scoring import meld_points
from engine.rummy500.table import shape_of

from .scripted import crafted, kinds


def position(hand: str, melds: tuple[tuple[int, str], ...] = (), pile: str = "",
             counts: tuple[int, ...] = (7, 7), **kw: Any) -> Rummy500Game:
    """Seat 0 holds `hand`; the opponents hold `counts` cards nobody names (hidden from it)."""
    named = parse_cards(hand) + parse_cards(pile) + parse_cards(kw.get("stock") or "")
    named += [c for _, text in melds for c in parse_cards(text)]
    spare = [c for c in make_deck() if c not in named]
    hands = {0: hand}
    for seat, count in enumerate(counts, start=1):
        hands[seat] = " ".join(c.text for c in spare[:count])
        spare = spare[count:]
    return crafted(hands, melds=melds, pile=pile, players=len(counts) + 1, **kw)


def cards(text: str) -> set[Card]:
    return set(parse_cards(text))


def act(game: Rummy500Game, seat: int) -> Any:
    """Ask the computer player for the seat's action and check it is one the engine offers."""
    view = game.private_view(seat)
    action = choose_action(view)
    assert str(action) in view.legal
    return action


def play_turn(game: Rummy500Game, seat: int) -> list[Event]:
    """Let the computer play the seat's turn to its discard (or the hand's end)."""
    events: list[Event] = []
    while game.turn == seat and game.phase in ("draw", "play"):
        events += game.apply(seat, act(game, seat))
        if {"discard", "hand_end"} & set(kinds(events)):
            break
    return events


# --- draw step ---------------------------------------------------------------------------


def test_takes_a_deep_pile_card_that_melds_a_big_set() -> None:
    g = position("KS KH 3C 6D 9S 2H 5C", pile="KD 4S 8H 10C 7C", phase="draw")
    action = act(g, 0)
    assert isinstance(action, TakeDiscards) and action.k == 1
    assert set(action.melds[0]) == cards("KS KH KD")


def test_draws_when_the_take_would_saddle_it_with_many_high_cards() -> None:
    # late in the hand: a small stock and opponents close to going out
    g = position("4C 4D 7S 9H 2C 6D 3S", pile="4S KH QD JC AS 10S 8H KC",
                 stock="5C 7C 9C 6S 7H 8S", phase="draw", counts=(3, 2), rest_to=1)
    assert isinstance(act(g, 0), DrawStock)


def test_takes_the_same_key_card_when_it_comes_alone() -> None:
    """The contrast of the previous test: the set alone is worth taking."""
    g = position("4C 4D 7S 9H 2C 6D 3S", pile="KH 4S", stock="5C 7C 9C 6S 7H 8S",
                 phase="draw", counts=(3, 2), rest_to=1)
    action = act(g, 0)
    assert isinstance(action, TakeDiscards) and action.k == 2


# --- play step -----------------------------------------------------------------------------


@pytest.mark.parametrize("table, hand, gift", [
    ("KS KH KD", "KC 2D 5S 7H 9C", "KC"),  # the fourth king: the dearest card, yet a gift
    ("5H 6H 7H", "8H 2D 5S JC 9C", "8H"),
])
def test_never_discards_a_card_that_fits_a_table_meld(table: str, hand: str, gift: str) -> None:
    g = position(hand, melds=((1, table),), pile="3D")
    action = act(g, 0)
    assert isinstance(action, Discard)
    assert action.card != Card.parse(gift)
    assert not g.fitting_melds(action.card)


def test_discards_its_dearest_deadwood_when_nothing_fits() -> None:
    g = position("7S 7H 7D 2C KD 5H", pile="3D")
    action = act(g, 0)
    # the three sevens meld first; then the king, the dearest card nothing wants, goes
    assert isinstance(action, MeldCards) and set(action.melds[0]) == cards("7S 7H 7D")
    g.apply(0, action)
    assert act(g, 0) == Discard(Card.parse("KD"))


def test_lays_off_a_card_that_scores() -> None:
    g = position("9H KD 5S 3D", melds=((0, "2C 3C 4C"), (1, "6H 7H 8H")), pile="QC")
    assert act(g, 0) == LayOff(Card.parse("9H"), "B")


def test_lays_off_a_high_ace_at_the_end_worth_15() -> None:
    g = position("AS 7D 4C", melds=((1, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"),),
                 pile="QC", opened=[0])
    assert act(g, 0) == LayOff(Card.parse("AS"), "A", "high")


def test_does_not_break_a_set_to_lay_off_one_of_its_cards() -> None:
    g = position("9H 9S 9D 5S KD", melds=((0, "2C 3C 4C"), (1, "6H 7H 8H")), pile="QC")
    action = act(g, 0)
    assert isinstance(action, MeldCards) and set(action.melds[0]) == cards("9H 9S 9D")


@pytest.mark.parametrize("hand", ["7H 8H 9H 10H KS", "6C 6D 6S 6H", "5C 5D 5S 9H"])
def test_melds_to_go_out(hand: str) -> None:
    g = position(hand, pile="QC")
    events = play_turn(g, 0)
    ends = [e for e in events if e.kind == "hand_end"]
    assert ends and ends[0].public.out == 0


def test_lays_off_a_chain_to_go_out() -> None:
    g = position("9H 10H 3C", melds=((1, "6H 7H 8H"),), pile="QC", opened=[0])
    events = play_turn(g, 0)
    assert kinds(events)[:3] == ["layoff", "layoff", "discard"]
    assert next(e for e in events if e.kind == "hand_end").public.out == 0


def test_under_min_first_meld_40_it_does_not_meld_30_and_keeps_the_melds() -> None:
    opts = Rummy500Options(min_first_meld=40)
    g = position("4C 5C 6C 9S 9H 9D KH", pile="QC", options=opts)
    action = act(g, 0)
    assert action == Discard(Card.parse("KH"))


def test_under_min_first_meld_40_it_opens_with_45() -> None:
    opts = Rummy500Options(min_first_meld=40)
    g = position("10H JH QH 9S 9D 9C 2S", pile="5C", options=opts)
    action = act(g, 0)
    assert isinstance(action, MeldCards)
    points = sum(meld_points(s.kind, s.cards, s.low, opts)
                 for s in (shape_of(m) for m in action.melds))
    assert points >= 40
    g.apply(0, action)
    assert g.opened[0]


# --- claims ------------------------------------------------------------------------------


def claim_position() -> Rummy500Game:
    """Seat 1 just discarded 8H on the run 5H 6H 7H; seat 2 is opened, seat 0 is not."""
    return crafted({0: "KS KD 2C", 1: "3D 5C", 2: "JC QD", 3: "2H 9S"},
                   melds=[(1, "5H 6H 7H"), (2, "AS AD AC"), (3, "2S 3S 4S")],
                   pile="10C 8H", turn=2, phase="draw", claim=("8H", 1))


def test_claims_a_discard_that_fits() -> None:
    g = claim_position()
    claim = choose_claim(g.private_view(2))
    assert claim == ClaimRummy(Card.parse("8H"), "A")
    g.apply(2, claim)
    assert g.hands[2] == parse_cards("JC QD")


def test_no_claim_when_it_has_none() -> None:
    g = claim_position()
    assert choose_claim(g.private_view(0)) is None  # not opened
    assert choose_claim(g.private_view(1)) is None  # the discarder


def test_claims_the_best_scoring_place() -> None:
    # AH fits the set of aces (15) and the low end of 2H 3H 4H (5)
    g = crafted({0: "KS KD 2C", 1: "3D 4S", 2: "JC QD", 3: "9S 9C"},
                melds=[(1, "2H 3H 4H"), (2, "AS AD AC"), (0, "5S 6S 7S")],
                pile="10C AH", turn=2, phase="draw", claim=("AH", 1))
    assert choose_claim(g.private_view(0)) == ClaimRummy(Card.parse("AH"), "B")


# --- legality at scale ---------------------------------------------------------------------


def run_game(game: Rummy500Game, computers: set[int], seed: int, cap: int = 40) -> int:
    """Play to the end (or `cap` hands): computers act and claim, the others play at random.

    Return how many decisions the computers took.
    """
    rng = random.Random(seed)
    decisions = 0
    while not game.is_over and game.hand_no <= cap:
        if game.claim_open:
            offer_claims(game, computers)
            if game.is_over:  # a claim can lead to the automatic decline that ends the game
                break
        seat = game.turn
        view = game.private_view(seat)
        if seat in computers:
            action = choose_action(view)
            decisions += 1
        else:
            action = random_action(view, rng)
        assert str(action) in view.legal, (action, view.legal)
        game.apply(seat, action)
    return decisions


def offer_claims(game: Rummy500Game, computers: set[int]) -> None:
    """Give every computer after the discarder, in play order, the chance to claim."""
    assert game.discarder is not None
    for step in range(1, game.players):
        seat = (game.discarder + step) % game.players
        view = game.private_view(seat)
        claim = choose_claim(view)
        # a claim is always one of the view's; with none to make, there is no claim
        assert claim is None or str(claim) in view.claims, (claim, view.claims)
        if seat in computers and claim is not None:
            game.apply(seat, claim)
            return


@pytest.mark.parametrize("seed", range(10))
def test_three_computers_always_play_legal_moves_to_the_end(seed: int) -> None:
    game = Rummy500Game(players=3, seed=seed)
    run_game(game, {0, 1, 2}, seed)
    assert game.is_over and game.winner is not None


@pytest.mark.parametrize("players", [2, 4, 5])
def test_every_table_size_plays_legal_moves(players: int) -> None:
    for seed in range(4):
        game = Rummy500Game(players=players, seed=100 + seed)
        run_game(game, set(range(players)), seed)
        assert game.is_over


@pytest.mark.parametrize("name, overrides", [
    ("italian", {}),
    ("scala40", {"special_card_per_hand": True}),
    ("standard", {"top_card_free": True, "go_out_without_discard": "immediate"}),
    ("standard", {"min_first_meld": 40, "reuse_discards": 2, "rummy_call": "announce"}),
    ("closings", {"last_discard_unplayable": True}),
])
def test_house_rules_against_random_players(name: str, overrides: dict[str, Any]) -> None:
    for seed in range(2):
        game = Rummy500Game(preset(name, **overrides), players=3 + seed, seed=7 + seed)
        run_game(game, {0}, seed)
        assert game.is_over or game.hand_no > 40


def test_the_dealer_names_no_special_card() -> None:
    game = Rummy500Game(preset("standard", special_card_per_hand=True), players=3, seed=4)
    assert game.phase == "special"
    assert act(game, game.turn) == NameSpecial(None)


def test_beats_random_players() -> None:
    wins = 0
    for seed in range(10):
        game = Rummy500Game(players=3, seed=500 + seed)
        run_game(game, {0}, seed, cap=60)
        wins += game.winner == 0
    assert wins >= 8


def test_two_computers_and_two_random_players_finish_a_game() -> None:
    # decision time is a benchmark figure: benchmarks/bench_rummy500.py prints its median
    game = Rummy500Game(players=4, seed=9)
    assert run_game(game, {0, 2}, 9) > 0
    assert game.is_over and game.winner is not None
