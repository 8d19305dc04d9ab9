"""The hand's public history: the pile cards every player saw go into a hand and not come out,
and the cards a player threw or left on the pile since his last take."""

from __future__ import annotations

from engine.canasta import CanastaGame
from engine.canasta.ai import choose_action

from .scripted import crafted


def taken() -> CanastaGame:
    """Return a game where seat 0 has just taken a pile of four: one card nobody saw (from
    the deal), two seen, the top for its meld of nines."""
    game = crafted({0: "9S 9H KH 5H JD", 1: "4C 5D 6H 8S 10C"}, players=2,
                   melds=[(0, "QH QS QD")], pile="4D 5C KS 9D", phase="acquire",
                   unseen_under=1, shunned=[["7C"], []])
    game.apply(0, "take 9H,9S")
    return game


def test_a_take_makes_the_seen_pile_cards_known_and_forgets_what_the_seat_shunned() -> None:
    game = taken()
    assert game.known == [["5C", "KS"], []]
    assert game.public_view().known == (("5C", "KS"), ())
    assert game.shunned == [[], []]


def test_a_known_card_shown_leaving_the_hand_is_known_no_more() -> None:
    game = taken()
    game.apply(0, "discard KS")
    assert game.known == [["5C"], []]
    assert game.shunned == [["KS"], []]


def test_a_draw_remembers_the_top_left_on_the_pile() -> None:
    game = taken()
    game.apply(0, "discard KS")
    game.apply(1, "draw")
    assert game.shunned == [["KS"], ["KS"]]


def test_the_history_goes_through_a_snapshot_and_an_old_one_loads_without_it() -> None:
    game = taken()
    again = CanastaGame.from_json(game.to_json())
    assert (again.known, again.shunned) == (game.known, game.shunned)
    old = game.to_json()
    for key in ("known", "shunned", "unseen_under"):
        del old[key]
    before = CanastaGame.from_json(old)
    assert (before.known, before.shunned) == ([[], []], [[], []])
    assert before.private_view(0).hand == game.private_view(0).hand


def test_a_new_hand_starts_without_history() -> None:
    game = CanastaGame(players=2, seed=5, first_dealer=0)
    for _ in range(200):  # play on until some seat has taken a pile
        if any(game.known):
            break
        seat = game.to_act()[0]
        game.apply(seat, choose_action(game.private_view(seat)))
    assert any(game.known)
    while game.hand_no == 1:
        seat = game.to_act()[0]
        game.apply(seat, choose_action(game.private_view(seat)))
    assert (game.known, game.shunned) == ([[], []], [[], []])
