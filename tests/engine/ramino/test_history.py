"""The hand's public history: the pile cards every player saw go into a hand and not come
out, and the cards a seat threw or left on the pile since its last take."""

from __future__ import annotations

from engine.ramino import RaminoGame
from engine.ramino.ai import choose_action

from .scripted import scripted

HANDS = ("2C 3C 4C 7D 7H 7S 9S 10S KH KD", "5H 6H 8C 9C JD QD AS 2D 3D 4S")


def taken() -> RaminoGame:
    """Return a heads-up game where seat 0 took the upcard (the 8H) and threw the KH."""
    game = scripted(HANDS, up="8H", stock="5C JH")
    game.apply(0, "take")
    game.apply(0, "discard KH")
    return game


def test_a_take_makes_the_card_known_and_a_throw_is_remembered() -> None:
    game = taken()
    assert game.known == [["8H"], []]
    assert game.shunned == [["KH"], []]
    assert game.public_view().known == (("8H",), ())
    assert game.public_view().shunned == (("KH",), ())


def test_a_draw_remembers_the_top_left_on_the_pile() -> None:
    game = taken()
    game.apply(1, "draw")
    assert game.shunned == [["KH"], ["KH"]]


def test_a_known_card_thrown_is_known_no_more_and_a_take_forgets_the_throws() -> None:
    game = taken()
    game.apply(1, "draw")
    game.apply(1, "discard AS")
    game.apply(0, "draw")
    game.apply(0, "discard 8H")
    assert game.known == [[], []]
    assert game.shunned == [["KH", "AS", "8H"], ["KH", "AS"]]
    game.apply(1, "take")
    assert game.known == [[], ["8H"]]
    assert game.shunned == [["KH", "AS", "8H"], []]


def test_the_history_goes_through_a_snapshot_and_an_old_one_loads_without_it() -> None:
    game = taken()
    again = RaminoGame.from_json(game.to_json())
    assert (again.known, again.shunned) == (game.known, game.shunned)
    old = game.to_json()
    del old["known"], old["shunned"]
    before = RaminoGame.from_json(old)
    assert (before.known, before.shunned) == ([[], []], [[], []])
    assert before.private_view(0).hand == game.private_view(0).hand


def test_a_new_hand_starts_without_history() -> None:
    game = RaminoGame(players=2, seed=5, first_dealer=0)
    while game.hand_no == 1:
        seat = game.to_act()[0]
        game.apply(seat, choose_action(game.private_view(seat)))
        if game.hand_no == 1:
            assert any(game.known) or any(game.shunned)
    assert (game.known, game.shunned) == ([[], []], [[], []])
