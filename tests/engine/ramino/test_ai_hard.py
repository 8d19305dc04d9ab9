"""The hard Ramino player: blind to what its seat cannot see, dealt worlds its view could be in,
better than the normal player where a player would notice, and legal everywhere."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

from engine.cards import Card
from engine.ramino import RaminoGame, RaminoOptions, worlds
from engine.ramino.ai import choose_action
from engine.ramino.ai_hard import candidates, hard_action
from engine.ramino.penalty import penalty
from engine.ramino.state import build_deck
from engine.ramino.views import RaminoHand
from engine.ramino.worlds import deal, sample, unseen

from .scripted import scripted

SHOWN = 6  # discards the table shows (game.RECENT): the pile under them is hidden


def _rehide(game: RaminoGame, seat: int, rng: random.Random) -> RaminoGame:
    """Return the game with every card the seat cannot see dealt afresh among their places:
    the other hands (but the cards all saw them take), the stock (in a new order) and the
    pile under the discards shown."""
    data = game.to_json()
    others = [s for s in range(game.players) if s != seat]
    under = max(0, len(data["pile"]) - SHOWN)
    kept = {s: list(data["known"][s]) for s in others}
    pool = [*data["stock"], *data["pile"][:under]]
    for s in others:
        left = list(data["hands"][s])
        for text in kept[s]:
            left.remove(text)
        pool += left
    rng.shuffle(pool)
    for s in others:
        size = len(data["hands"][s]) - len(kept[s])
        data["hands"][s], pool = kept[s] + pool[:size], pool[size:]
    data["pile"][:under], data["stock"] = pool[:under], pool[under:]
    return RaminoGame.from_json(json.loads(json.dumps(data)))


def _searched_positions(players: int, seed: int, wanted: int) -> list[tuple[RaminoGame, int]]:
    """Return copies of positions of a seeded game where the hard player searches."""
    game = RaminoGame(RaminoOptions(), players=players, seed=seed, first_dealer=0)
    out: list[tuple[RaminoGame, int]] = []
    while len(out) < wanted and not game.is_over:
        seat = game.to_act()[0]
        view = game.private_view(seat)
        if len(candidates(view)) > 1 and view.table.stock % 3 == 0:  # spread over the hand
            out.append((RaminoGame.from_json(game.to_json()), seat))
        game.apply(seat, choose_action(view))
    return out


def test_the_same_view_gets_the_same_move_whatever_the_hidden_cards() -> None:
    rng = random.Random(29)
    positions = [*_searched_positions(2, 3, 3), *_searched_positions(4, 8, 3)]
    assert len(positions) == 6
    for game, seat in positions:
        twin = _rehide(game, seat, rng)
        view, other = game.private_view(seat), twin.private_view(seat)
        assert other == view and twin.hands != game.hands
        move = hard_action(view)
        worlds._DEALT.clear()  # deal the twin's worlds afresh, not from the memo
        assert hard_action(other) == move


def test_a_world_shows_the_seat_what_its_view_shows() -> None:
    for players, seed in ((2, 1), (5, 2)):
        game = RaminoGame(RaminoOptions(), players=players, seed=seed, first_dealer=0)
        for step in range(60):
            seat = game.to_act()[0]
            view = game.private_view(seat)
            world = sample(view, random.Random(step))
            assert world.private_view(seat) == view
            cards = [c for h in world.hands for c in h] + world.stock + world.pile
            assert Counter(c.face for c in cards) == Counter(c.face for c in build_deck(
                world.opts))
            assert [len(h) for h in world.hands] == [len(h) for h in game.hands]
            assert (len(world.stock), len(world.pile)) == (len(game.stock), len(game.pile))
            game.apply(seat, choose_action(view))


def test_worlds_deal_the_hidden_cards_differently() -> None:
    game = RaminoGame(RaminoOptions(), players=3, seed=4, first_dealer=0)
    seat = game.to_act()[0]
    view, other = game.private_view(seat), (seat + 1) % 3
    dealt = {tuple(sorted(c.face for c in sample(view, random.Random(i)).hands[other]))
             for i in range(5)}
    assert len(dealt) == 5
    seen = [*view.hand, *(t.card for t in view.table.discards)]
    every = Counter(c.face for c in unseen(view)) + Counter(Card.parse(c).face for c in seen)
    assert every == Counter(c.face for c in build_deck(game.opts))


def test_the_hard_player_always_plays_a_legal_move() -> None:
    for players, seed in ((2, 21), (4, 22)):
        game = RaminoGame(RaminoOptions(), players=players, seed=seed, first_dealer=0)
        for _ in range(30):
            seat = game.to_act()[0]
            view = game.private_view(seat)
            move = hard_action(view) if seat == 0 else choose_action(view)
            assert move in view.moves
            game.apply(seat, move)


def test_late_in_a_hand_the_worlds_other_hands_are_played_on() -> None:
    # Ten cards dealt at random leave about 50 points unmatched; a hand drawn and thrown for
    # six turns leaves far fewer, as a real opponent's does by then.
    game = RaminoGame(RaminoOptions(), players=2, seed=1, first_dealer=0)
    while len(game.stock) > 74:  # six turns each
        seat = game.to_act()[0]
        game.apply(seat, choose_action(game.private_view(seat)))
    assert game.hand_no == 1
    seat = game.to_act()[0]
    view, other = game.private_view(seat), 1 - seat
    rules = game.penalty_rules
    played_on = [penalty(deal(view, random.Random(i))[0][other], rules) for i in range(20)]
    fresh = []
    for i in range(20):
        cards = unseen(view)
        random.Random(i).shuffle(cards)
        fresh.append(penalty(cards[:10], rules))
    assert sum(played_on) < 0.7 * sum(fresh)


def _took_and_threw() -> RaminoGame:
    """Return a heads-up game where seat 0 took the upcard (8H) and threw the KH and the 7S."""
    game = scripted(("2C 3C 4C 7D 7H 7S 9S 10S KH KD", "5H 6H 8C 9C JD QD AS 2D 3D 4S"),
                    up="8H", stock="5C JH")
    for seat, move in ((0, "take"), (0, "discard KH"), (1, "draw"), (1, "discard AS"),
                       (0, "draw"), (0, "discard 7S")):
        game.apply(seat, move)
    return game


def test_a_world_deals_an_opponent_the_cards_all_saw_it_take() -> None:
    game = _took_and_threw()
    view = game.private_view(1)
    assert view.table.known == (("8H",), ())
    for i in range(10):
        world = sample(view, random.Random(i))
        assert "8H" in [c.text for c in world.hands[0]]
        assert world.private_view(1) == view


def test_worlds_deal_an_opponent_few_cards_that_fit_what_it_threw() -> None:
    game = _took_and_threw()
    view = game.private_view(1)
    blind = replace(view, table=replace(view.table, known=(), shunned=()))

    def fits(v: RaminoHand) -> int:
        hands = (deal(v, random.Random(i))[0][0] for i in range(40))
        return sum(c.rank in (13, 7) or c.text in ("QH", "AH", "6S", "8S")
                   for hand in hands for c in hand)

    assert fits(view) < 0.6 * fits(blind)
