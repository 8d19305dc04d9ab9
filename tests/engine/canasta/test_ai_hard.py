"""The hard Canasta player: it sees only its view (and the history the table shows), it plays
legal moves, and it finds a move a player would notice where the normal one does not; the
worlds a search would deal keep what the seat sees."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from engine.canasta import CanastaGame
from engine.canasta.ai import choose_action
from engine.canasta.ai_hard import HistoryReading, hard_action
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


def discarding(players: int, seed: int, count: int) -> list[CanastaGame]:
    """Return copies of the first `count` discards of a seeded game once some seat holds
    pile cards everyone saw (the history the hard player reads)."""
    found = []
    for game in positions(players, seed, 900):
        if game.phase == "play" and any(game.known) and game.pile:
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
    for game in discarding(players, seed, 6):
        seat = game.to_act()[0]
        twin = hidden_shuffled(game, rng)
        assert twin.hands[seat] == game.hands[seat]
        assert twin.hands != game.hands or twin.stock != game.stock
        assert hard_action(game.private_view(seat)) == hard_action(twin.private_view(seat))


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_a_world_shows_the_seat_what_it_sees_and_holds_every_card(players: int,
                                                                    seed: int) -> None:
    for k, game in enumerate(positions(players, seed, 300)):
        seat = game.to_act()[0]
        view = game.private_view(seat)
        world = sample(view, random.Random(k))
        seen = world.private_view(seat)
        assert (seen.hand, seen.table, seen.actions) == (view.hand, view.table, view.actions)
        assert faces(world.every_card()) == faces(game.every_card())
        assert not any(is_red_three(c) for h in world.hands for c in h)
        for other, known in enumerate(view.table.known):
            held = Counter(c.text for c in world.hands[other])
            assert other == seat or not Counter(known) - held
        if view.table.stock >= 12:  # room for every red three: none under the pile
            assert not any(is_red_three(c) for c in world.pile[:-1])  # the top: seen


def test_worlds_deal_the_unseen_cards_differently() -> None:
    game = discarding(2, 31, 1)[0]
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


def test_keeps_the_card_whose_pair_the_next_player_took_with_the_pile() -> None:
    # seat 1 took 9C 9D with a pile: the normal player, guessing, throws its lone nine and
    # gives him the eight cards of the pile; the hard one throws a four from its pair
    game = crafted({0: "9S KH KD 4C 4H JD JH", 1: "9C 9D 6H 8S 10C 7D KC"}, players=2,
                   melds=[(0, "AH AS AD")], pile="4D 5C 6S 8D 10H JS QC 7S", phase="play",
                   opened=[1], known=[[], ["9C", "9D"]])
    view = game.private_view(0)
    assert str(choose_action(view)) == "discard 9S"
    assert str(hard_action(view)) == "discard 4C"
    game.apply(0, "discard 9S")
    assert any(a.startswith("take ") for a in game.private_view(1).actions)


def test_reads_a_rank_the_next_player_threw_as_safer() -> None:
    game = crafted({0: "9S KH KD 4C 4H JD JH", 1: "5C 9D 6H 8S 10C 7D KC"}, players=2,
                   melds=[(0, "AH AS AD")], pile="4D 5C 6S 8D 10H JS QC 7S", phase="play")
    quiet = HistoryReading(game.private_view(0)).danger(8)
    game = crafted({0: "9S KH KD 4C 4H JD JH", 1: "5C 9D 6H 8S 10C 7D KC"}, players=2,
                   melds=[(0, "AH AS AD")], pile="4D 5C 6S 8D 10H JS QC 7S", phase="play",
                   known=[[], ["5C"]], shunned=[[], ["8D"]])
    reading = HistoryReading(game.private_view(0))
    assert 0 < reading.danger(8) < quiet / 2
    assert reading.danger(5) > quiet


def test_reads_a_rank_shunned_long_ago_as_less_safe_than_one_shunned_now() -> None:
    # each card he shunned after the eight is about a card he drew since: a pair may be back
    def danger(shunned: str) -> float:
        game = crafted({0: "9S KH KD 4C 4H JD JH", 1: "5C 9D 6H 8S 10C 7D KC"}, players=2,
                       melds=[(0, "AH AS AD")], pile="4D 5C 6S 8D 10H JS QC 7S",
                       phase="play", known=[[], ["5C"]], shunned=[[], shunned.split()])
        return HistoryReading(game.private_view(0)).danger(8)

    now, long_ago = danger("QS JC 8D"), danger("8D QS JC 10D 9H KS AC 6D")
    assert now < long_ago < danger("QS JC")


def test_freezes_a_big_pile_with_a_two_when_every_other_card_feeds_the_next_player() -> None:
    # seat 1 took pairs of nines, kings and jacks: the normal player, keeping its two, throws
    # one of them and gives him the pile; the hard one throws the two: taking needs three
    game = crafted({0: "2C 9S KH JD", 1: "9C 9D KC KS JC JS 6H"}, players=2,
                   melds=[(0, "AH AS AD")], pile="4D 5C 6S 8D 10H JH QC 7S", phase="play",
                   opened=[1], known=[[], ["9C", "9D", "KC", "KS", "JC", "JS"]])
    view = game.private_view(0)
    assert str(choose_action(view)) != "discard 2C"
    assert str(hard_action(view)) == "discard 2C"
    game.apply(0, "discard 2C")
    assert not any(a.startswith("take ") for a in game.private_view(1).actions)


def test_keeps_its_two_when_a_card_is_safe() -> None:
    game = crafted({0: "2C 9S KH JD", 1: "9C 9D KC KS JC 6H 5H"}, players=2,
                   melds=[(0, "AH AS AD")], pile="4D 5C 6S 8D 10H JH QC 7S", phase="play",
                   opened=[1], known=[[], ["9C", "9D", "KC", "KS"]], shunned=[[], ["JH"]])
    assert str(hard_action(game.private_view(0))) == "discard JD"


def test_throws_a_rank_the_opponents_melded_when_the_others_feed_the_next_player() -> None:
    # his side laid its nines down: he seldom holds two more; the normal player throws their
    # melded rank last and gives him the pile with a five, the hard one throws the nine
    game = crafted({0: "9S KH JD 5C", 1: "KC KS JC JS 5H 5D 7H"}, players=2,
                   melds=[(0, "AH AS AD"), (1, "9C 9D 9H")], pile="4D 5S 6S 8D 10H JH QC 7S",
                   phase="play", opened=[1], known=[[], ["KC", "KS", "JC", "JS", "5H", "5D"]])
    view = game.private_view(0)
    assert str(choose_action(view)) != "discard 9S"
    assert str(hard_action(view)) == "discard 9S"
    game.apply(0, "discard 9S")
    assert not any(a.startswith("take ") for a in game.private_view(1).actions)
