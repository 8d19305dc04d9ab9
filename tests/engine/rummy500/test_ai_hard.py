"""The hard Rummy 500 player: it never uses what its seat cannot see, its worlds show the seat
what it sees, it makes a move a player would notice where the normal one does not, and it
always plays a legal move."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.cards import make_deck
from engine.rummy500 import DrawStock, Rummy500Game, TakeDiscards
from engine.rummy500.ai import choose_action
from engine.rummy500.ai_hard import candidates, choose_action_hard, value
from engine.rummy500.views import R500Hand
from engine.rummy500.worlds import sample

from .scripted import crafted


def positions(seed: int, players: int, every: int, most: int) -> list[Rummy500Game]:
    """Return copies of a seeded normal game at every `every`-th action of its first hand."""
    game = Rummy500Game(players=players, seed=seed, first_dealer=seed % players)
    out: list[Rummy500Game] = []
    for step in range(400):
        if game.is_over or game.hand_no > 1 or len(out) == most:
            break
        seat = game.to_act()[0]
        if step % every == every - 1:
            out.append(Rummy500Game.from_json(game.to_json()))
        game.apply(seat, choose_action(game.private_view(seat)))
    return out


def twin(game: Rummy500Game, rng: random.Random) -> Rummy500Game:
    """Return the game with the cards its player to act cannot see dealt again: the other
    hands and the stock hold the same numbers of cards, in another order and mix."""
    seat = game.to_act()[0]
    data: dict[str, Any] = game.to_json()
    others = [s for s in range(game.players) if s != seat]
    hidden = [c for s in others for c in data["hands"][s]] + data["stock"]
    rng.shuffle(hidden)
    for s in others:
        count = len(data["hands"][s])
        data["hands"][s], hidden = hidden[:count], hidden[count:]
    data["stock"] = hidden
    return Rummy500Game.from_json(data)


def view_to_act(game: Rummy500Game) -> R500Hand:
    return game.private_view(game.to_act()[0])


def searched_positions() -> list[Rummy500Game]:
    """Positions across first hands at two and three seats, those the search weighs."""
    found = [g for seed, players in ((3, 2), (21, 3))
             for g in positions(seed, players, every=3, most=25)]
    return [g for g in found if len(candidates(view_to_act(g))) >= 2][:6]


def test_cards_hidden_from_the_seat_change_none_of_its_decisions() -> None:
    games = searched_positions()
    assert len(games) == 6  # the test weighs searched decisions, not the normal player's
    rng = random.Random(5)
    for game in games:
        other = twin(game, rng)
        seat = game.to_act()[0]
        assert other.hands[seat] == game.hands[seat]
        assert (other.hands, other.stock) != (game.hands, game.stock)
        assert choose_action_hard(view_to_act(other)) == choose_action_hard(view_to_act(game))


def test_a_world_shows_the_seat_exactly_what_its_view_shows() -> None:
    games = positions(4, 3, every=5, most=12) + positions(9, 2, every=4, most=12)
    for game in games:
        view = view_to_act(game)
        for world_seed in range(3):
            world = sample(view, random.Random(world_seed))
            assert world.private_view(view.seat) == view
            assert [len(h) for h in world.hands] == [len(h) for h in game.hands]
            assert len(world.stock) == len(game.stock)
            held = [c for h in world.hands for c in h] + world.stock + world.pile + [
                c for m in world.table for c in m.cards]
            assert Counter(held) == Counter(make_deck())


def test_worlds_deal_the_hidden_cards_differently() -> None:
    view = view_to_act(positions(4, 3, every=5, most=1)[0])
    deals = {tuple(map(tuple, sample(view, random.Random(s)).hands)) for s in range(5)}
    assert len(deals) == 5


def test_with_the_opponent_on_his_last_card_it_takes_the_pile_to_bank_a_set() -> None:
    # The opponent holds one card and goes out as soon as his draw fits the crowded table.
    # The normal player keeps its pair of nines and draws, hoping to build; the hard player
    # takes the pile down to the 9S, puts the nines down (+15) and keeps only 10H and AC,
    # one of which it throws: whatever happens next, it is caught with far less in hand.
    melds = ((0, "7S 7D 7C 7H"), (0, "JS JD JC"), (1, "6S 6H 6C"), (1, "5H 5D 5C 5S"),
             (0, "4S 4D 4C"), (0, "QD KD AD"), (0, "3S 3D 3C"), (0, "QH KH AH"))
    game = crafted({0: "9D 9H", 1: "8C"}, melds=melds, pile="AS QS 10S 8D KC 2H 9S 10H AC",
                   phase="draw", players=2)
    view = game.private_view(0)
    assert choose_action(view) == DrawStock()
    taken = choose_action_hard(view)
    assert isinstance(taken, TakeDiscards) and taken.k == 7
    assert set(taken.melds[0]) == {c for c in game.pile if c.rank == 9} | set(game.hands[0])


def test_a_world_is_rated_by_the_points_each_seat_put_down_and_holds() -> None:
    melds = ((0, "7S 7D 7C"), (1, "5H 5D 5C"))
    game = crafted({0: "KS", 1: "QC QD QH 2S"}, melds=melds, players=2)
    # 15 down for each; seat 0 is caught with a king, seat 1 holds a set of queens it will
    # most likely put down and a small loose card
    assert value(game.hand_no, game, 0) < 0 < value(game.hand_no, game, 1)


def test_every_move_of_a_hard_seat_is_legal_through_a_hand() -> None:
    game = Rummy500Game(players=2, seed=12, first_dealer=1)
    while not game.is_over and game.hand_no == 1:
        seat = game.to_act()[0]
        view = game.private_view(seat)
        move = choose_action_hard(view) if seat == 0 else choose_action(view)
        assert move in view.moves
        game.apply(seat, move)
    assert game.hand_no == 2 or game.is_over
