"""The hard Canasta player: it sees only its view, its worlds keep what it sees, it plays
legal moves, and it finds a move a player would notice where the normal one does not."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.canasta import CanastaGame
from engine.canasta.ai import choose_action
from engine.canasta.ai_hard import candidates, hard_action
from engine.canasta.melds import is_red_three
from engine.canasta.worlds import sample
from engine.cards import faces

from .scripted import crafted

STOCK = "4S 5S 6S 7S 8S 10S JS 4D 5D 6D 7D 8D 10D 4C 5C 6C 7C 8C 10C 7H"  # far from its end


def positions(players: int, seed: int, moves: int) -> Iterator[CanastaGame]:
    """Yield a seeded game after each normal move, up to `moves` moves."""
    game = CanastaGame(players=players, seed=seed, first_dealer=0)
    for _ in range(moves):
        yield game
        seat = game.to_act()[0]
        game.apply(seat, choose_action(game.private_view(seat)))


def searched(players: int, seed: int, count: int) -> list[CanastaGame]:
    """Return copies of the first `count` positions of a seeded game where the hard player
    compares moves (a pile it may take, a big pile to discard on)."""
    found = []
    for game in positions(players, seed, 600):
        seat = game.to_act()[0]
        if len(candidates(game.private_view(seat))) >= 2:
            found.append(CanastaGame.from_json(game.to_json()))
            if len(found) == count:
                break
    return found


def hidden_shuffled(game: CanastaGame, rng: random.Random) -> CanastaGame:
    """Return the game with the cards its seat to act cannot see dealt again: the other
    hands, the stock and the pile under its top swap cards (red threes keep their places)."""
    twin = CanastaGame.from_json(game.to_json())
    seat = twin.to_act()[0]
    places = [h for s, h in enumerate(twin.hands) if s != seat] + [twin.stock, twin.pile]
    spots = [(p, i) for p in places for i in range(len(p) - (p is twin.pile))
             if not is_red_three(p[i])]
    cards = [p[i] for p, i in spots]
    rng.shuffle(cards)
    for (place, i), card in zip(spots, cards):
        place[i] = card
    return twin


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 12)])
def test_decides_the_same_whatever_the_cards_it_cannot_see(players: int, seed: int) -> None:
    rng = random.Random(seed)
    for game in searched(players, seed, 2):
        seat = game.to_act()[0]
        twin = hidden_shuffled(game, rng)
        assert twin.hands[seat] == game.hands[seat]
        assert twin.hands != game.hands or twin.stock != game.stock
        assert hard_action(game.private_view(seat)) == hard_action(twin.private_view(seat))


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_a_world_shows_the_seat_what_it_sees_and_holds_every_card(players: int,
                                                                    seed: int) -> None:
    for k, game in enumerate(positions(players, seed, 100)):
        seat = game.to_act()[0]
        view = game.private_view(seat)
        world = sample(view, random.Random(k))
        seen = world.private_view(seat)
        assert (seen.hand, seen.table, seen.actions) == (view.hand, view.table, view.actions)
        assert faces(world.every_card()) == faces(game.every_card())
        assert not any(is_red_three(c) for h in world.hands for c in h)
        if view.table.stock >= 6:  # room for every red three: none under the pile
            assert not any(is_red_three(c) for c in world.pile)


def test_worlds_deal_the_unseen_cards_differently() -> None:
    game = searched(2, 31, 1)[0]
    view = game.private_view(game.to_act()[0])
    worlds = [sample(view, random.Random(k)) for k in range(3)]
    assert len({tuple(w.stock) for w in worlds}) == 3


@pytest.mark.parametrize(("players", "seed"), [(2, 41), (4, 42)])
def test_plays_a_legal_action_through_a_hand(players: int, seed: int) -> None:
    game = CanastaGame(players=players, seed=seed, first_dealer=0)
    for _ in range(80):
        seat = game.to_act()[0]
        view = game.private_view(seat)
        action = hard_action(view) if seat % 2 == 0 else choose_action(view)
        assert str(action) in view.actions
        game.apply(seat, action)


def test_searches_nothing_where_the_normal_move_stands() -> None:
    game = crafted({0: "KS KH 5H 9C JD", 1: "4C 5D 6H 8S 10C"}, players=2, pile="7D",
                   phase="play", opened=[0])
    view = game.private_view(0)
    assert candidates(view) == []
    assert hard_action(view) == choose_action(view)


def test_a_take_is_one_of_the_moves_compared() -> None:
    game = crafted({0: "9S 9C 5H KD JD", 1: "4C 5D 6H 8S 10C"}, players=2,
                   melds=[(0, "QH QS QD")], pile="9D", phase="acquire")
    moves = candidates(game.private_view(0))
    assert "draw" in moves and any(m.startswith("take ") for m in moves)
    assert str(hard_action(game.private_view(0))) in moves


def test_puts_a_two_on_its_twos_meld_where_the_normal_player_spends_it_on_kings() -> None:
    # five twos on the table: the sixth brings the 3,000 of a clean pinellata within a card;
    # the normal player spends it to close a dirty canasta of kings (300)
    game = crafted({0: "2S 5H 9C JD 8S 6D", 1: "4C 5D 6H 8S 10C 7D"}, players=2,
                   melds=[(0, "KH KD KC KS KH JK"), (0, "2H 2D 2C 2H 2D")], stock=STOCK,
                   pile="7C")
    view = game.private_view(0)
    ids = {m.rank: m.id for m in view.table.sides[0].melds}
    kings, twos = ids["K"], ids["2"]
    assert str(choose_action(view)).startswith(f"add {kings} ") and "2S" in str(
        choose_action(view))
    assert str(hard_action(view)) == f"add {twos} 2S"
