"""The hard Ramino 51 player: it searches when to open, its worlds keep what the seat sees,
and it never reads the rest."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.cards import faces
from engine.match import Scoreboard
from engine.ramino51 import Ramino51Game, Ramino51Options
from engine.ramino51.ai import choose_action
from engine.ramino51.ai_hard import SEARCHES, candidates, choose_action_hard, mark, value
from engine.ramino51.state import deck_faces
from engine.ramino51.views import R51Hand
from engine.ramino51.worlds import sample


def positions(players: int, seed: int, every: int, most: int) -> list[tuple[Ramino51Game, int]]:
    """Return positions of a seeded game played by the normal player, one each `every` actions
    (a copy of the game at each, and the seat to act)."""
    game = Ramino51Game(players=players, seed=seed, first_dealer=0)
    out = []
    for step in range(most):
        seat = game.turn
        if step % every == every - 1:
            out.append((Ramino51Game.from_json(game.to_json()), seat))
        game.apply(seat, choose_action(game.private_view(seat)))
    return out


def searched(players: int, seed: int) -> list[tuple[Ramino51Game, int]]:
    """Return the positions of a seeded game where the hard player compares moves."""
    return [(g, s) for g, s in positions(players, seed, 1, 120)
            if len(candidates(g.private_view(s))) > 1]


def shown(view: R51Hand) -> tuple[object, ...]:
    """Return what a seat sees that a world must keep (its moves as a set: the engine lists
    them in the order the hand's cards came, which the seat's sorted hand does not say)."""
    t = view.table
    return (view.hand, sorted(view.legal), view.taken, view.may_swap, view.close, t.melds,
            t.seats, t.stock, t.pile, t.pile_top, t.pile_cards, t.exchange, t.turn, t.step,
            t.totals)


def hide_again(game: Ramino51Game, seat: int, rng: random.Random) -> Ramino51Game:
    """Return the game with every card the seat cannot see dealt again: the other hands and
    the stock shuffled together, each place keeping its count (the pile was thrown face up)."""
    other = Ramino51Game.from_json(game.to_json())
    seats = [s for s in range(other.players) if s != seat]
    hidden = [c for s in seats for c in other.hands[s]] + other.stock
    rng.shuffle(hidden)
    for s in seats:
        size = len(other.hands[s])
        other.hands[s], hidden = hidden[:size], hidden[size:]
    other.stock = hidden
    return other


def test_the_same_view_gets_the_same_move_whatever_is_hidden() -> None:
    checked = 0
    for players, seed in ((2, 5), (4, 8)):
        for game, seat in searched(players, seed)[:2]:
            other = hide_again(game, seat, random.Random(seed))
            assert other.hands != game.hands or other.stock != game.stock
            assert other.private_view(seat) == game.private_view(seat)
            mine = choose_action_hard(game.private_view(seat))
            assert choose_action_hard(other.private_view(seat)) == mine
            checked += 1
    assert checked >= 4


def test_a_world_shows_the_seat_what_it_sees_and_holds_every_card_once() -> None:
    for players, seed in ((2, 3), (3, 4), (4, 6)):
        for game, seat in positions(players, seed, 5, 150):
            view = game.private_view(seat)
            world = sample(view, random.Random(seed))
            assert shown(world.private_view(seat)) == shown(view)
            assert faces(world.every_card()) == deck_faces(world.opts.jokers)
            assert [len(h) for h in world.hands] == [len(h) for h in game.hands]
            assert len(world.stock) == len(game.stock) and len(world.pile) == len(game.pile)


def test_a_world_keeps_the_pile_as_it_was_thrown() -> None:
    game, seat = next((g, s) for g, s in positions(4, 6, 5, 150) if len(g.pile) >= 6)
    view = game.private_view(seat)
    assert view.table.pile_cards == tuple(c.text for c in game.pile)
    for k in range(4):
        world = sample(view, random.Random(k))
        assert [c.text for c in world.pile] == [c.text for c in game.pile]
        assert hidden(world, seat) == hidden(game, seat)  # the same cards, dealt anew
    assert len({tuple(sample(view, random.Random(k)).stock) for k in range(4)}) == 4


def hidden(game: Ramino51Game, seat: int) -> Counter[str]:
    """Return the faces of the other hands and the stock together."""
    held = [c for s in range(game.players) if s != seat for c in game.hands[s]]
    return Counter(c.text for c in (*held, *game.stock))


def test_worlds_deal_the_hidden_cards_differently() -> None:
    game, seat = positions(2, 9, 10, 20)[0]
    view = game.private_view(seat)
    first, second = (sample(view, random.Random(k)) for k in (1, 2))
    assert Counter(c.text for c in first.hands[1 - seat]) != Counter(
        c.text for c in second.hands[1 - seat])


def test_keeps_its_hand_closed_on_the_first_turn_where_the_normal_player_opens() -> None:
    # Seed 4, seat 0's first turn: it may open 10S JK QS + 7C 8C 9C (the joker in it), and
    # the normal player does. Nobody is down yet and the other hand holds 14 cards: keeping
    # the joker and the melds in hand aims at a close in hand, which charges double.
    game = Ramino51Game(Ramino51Options(hands_per_game=1), players=2, seed=4, first_dealer=1)
    game.apply(0, choose_action(game.private_view(0)))  # the exchange card first
    view = game.private_view(0)
    assert view.table.phase == "play" and not view.table.seats[0].opened
    assert str(choose_action(view)).startswith("meld ")
    assert str(choose_action_hard(view)) == "discard 8H"


def test_always_plays_a_legal_action() -> None:
    game = Ramino51Game(players=2, seed=21, first_dealer=0)
    for _ in range(150):
        seat = game.turn
        view = game.private_view(seat)
        action = choose_action_hard(view) if seat == 0 else choose_action(view)
        assert str(action) in view.legal
        game.apply(seat, action)


def test_searches_only_whether_to_open() -> None:
    seen = 0
    for game, seat in positions(2, 5, 1, 80) + positions(4, 8, 1, 80):
        view = game.private_view(seat)
        moves = candidates(view)
        if moves:
            assert not view.table.seats[seat].opened and len(moves) == 2
            assert moves[0] == str(choose_action(view)) and set(moves) <= set(view.legal)
            assert {m.split()[0] for m in moves} == {"meld", "discard"}
        seen += len(moves) > 1
    assert seen >= 2
    assert all(s.budget.worlds * s.budget.candidates <= 16 for s in SEARCHES.values())


def rated(totals: list[int], played: int, hands: int = 7) -> float:
    """Return how the hard player rates a world whose game stands at these totals."""
    game = Ramino51Game(Ramino51Options(hands_per_game=hands), players=len(totals), seed=1)
    game.board = Scoreboard(list(totals), [[0] * len(totals)] * played)
    return value(mark(game), game, 0)


def test_after_the_last_hand_only_the_order_counts() -> None:
    assert rated([40, 41, 90], played=7) > 97.0  # a point ahead of one, far ahead of the other
    assert rated([40, 42, 90], played=7) == pytest.approx(100.0, abs=0.01)
    assert rated([40, 38, 90], played=7) == pytest.approx(50.0, abs=0.01)  # ahead of one of two
    assert rated([40, 40, 40], played=7) == 50.0  # a tie counts half
    assert rated([140, 38, 90], played=7) == pytest.approx(0.0, abs=0.01)


def test_a_lead_counts_for_more_the_fewer_hands_are_left() -> None:
    early, late = rated([40, 60], played=1), rated([40, 60], played=6)
    assert 50.0 < early < late < 100.0
    assert rated([40, 80], played=1) > early  # a wider lead is safer
    assert rated([60, 40], played=1) == 100.0 - early  # the same gap behind mirrors it
