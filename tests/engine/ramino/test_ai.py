"""The Ramino computer player: legal at scale, sensible where a player would notice, blind to
hidden cards; the greedy and random baselines it is measured against."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from engine.cards import parse_cards
from engine.ramino import PRESETS, RaminoAction, RaminoGame, RaminoOptions, preset
from engine.ramino.ai import choose_action, greedy_action, random_action
from engine.ramino.ai_know import Know, danger, face, know, takers
from engine.ramino.views import RaminoHand

from .players import keen_move
from .scripted import crafted, rest_of, scripted
from .test_rules import two_offers

Policy = Callable[[RaminoHand], RaminoAction]
# positions checked for legality; RUMMY_AI_POSITIONS=20000 is the soak run
POSITIONS = int(os.environ.get("RUMMY_AI_POSITIONS", "2000"))
OPTION_SETS = (
    *PRESETS.values(),
    RaminoOptions(elimination_limit=40, reentry=True, max_reentries=2, direction="reverse"),
    RaminoOptions(hand_size=9, same_suit_sets=True, discard_taken_card=True, stock_rebuilds=0,
                  close_mode="points", close_points_limit=5, joker_penalty=20,
                  colore_multiplier=2, ramino_multiplier=2, elimination_limit=30,
                  reentry=True, stake_per_point=2),
    RaminoOptions(hand_size=7, deck="single", stock_rebuilds=1, elimination_limit=25),
)


def position(hand: str, pile: str = "", players: int = 4, **kw: Any) -> RaminoGame:
    """Seat 0 holds `hand`; the other seats hold ten cards nobody names (hidden from it)."""
    opts = kw.pop("options", None) or RaminoOptions()
    size = opts.hand_size
    named = parse_cards(hand) + parse_cards(pile) + parse_cards(kw.get("stock") or "")
    spare = rest_of(named, opts)
    hands = {0: hand}
    for seat in range(1, players):
        hands[seat] = " ".join(c.text for c in spare[:size])
        spare = spare[size:]
    return crafted(hands, pile=pile, players=players, options=opts, **kw)


def act(game: RaminoGame, seat: int = 0, policy: Policy = choose_action) -> str:
    """Return the policy's action for the seat, checked to be one the engine offers."""
    view = game.private_view(seat)
    action = str(policy(view))
    assert action in view.legal, (action, view.legal)
    return action


# --- legal everywhere ------------------------------------------------------------------------


def _players(opts: RaminoOptions, i: int) -> int:
    return 2 + i % (3 if opts.deck == "single" else 6)


def _play_and_check(opts: RaminoOptions, players: int, seed: int, budget: int,
                    phases: set[str]) -> int:
    """Play a game with the players mixed, checking every policy's answer; return positions."""
    game = RaminoGame(opts, players=players, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not game.is_over and checked < budget:
        seat = rng.choice(game.to_act())
        view = game.private_view(seat)
        phases.add(view.table.phase)
        ours, greedy = str(choose_action(view)), str(greedy_action(view, rng))
        assert ours in view.legal and greedy in view.legal, (ours, greedy, view.legal)
        assert str(random_action(view, rng)) in view.legal
        checked += 1
        pick = (seat + seed) % 3
        keen = keen_move(game, seat, game.legal_actions(seat), rng) if pick == 2 else None
        move = ours if pick == 0 else greedy if pick == 1 else keen
        game.apply(seat, move)
    return checked


def test_always_legal_over_random_positions_of_every_preset_and_player_count() -> None:
    phases: set[str] = set()
    counts: set[int] = set()
    checked = i = 0
    while checked < POSITIONS:
        opts = OPTION_SETS[i % len(OPTION_SETS)]
        counts.add(_players(opts, i))
        checked += _play_and_check(opts, _players(opts, i), i, 120, phases)
        i += 1
    assert {"first", "draw", "discard", "reentry"} <= phases
    assert counts == {2, 3, 4, 5, 6, 7}


def test_no_legal_action_is_an_error() -> None:
    game = two_offers()
    game.apply(0, "close 5H")  # seats 2 and 3 owe an answer, seat 0 has nothing to do
    view = game.private_view(0)
    assert view.legal == ()
    for policy in (choose_action, greedy_action):
        with pytest.raises(ValueError):
            policy(view)


# --- closing -----------------------------------------------------------------------------------


def test_closes_at_zero_when_it_can() -> None:
    game = position("3H 4H 5H 6H 9C 9D 9S KC KD KS 2C", pile="4S")
    assert act(game) == "close 2C"
    assert act(game, policy=greedy_action) == "close 2C"


def test_closes_in_points_mode_keeping_the_least() -> None:
    game = position("7C 8C 9C JD JH JS 4S 5S 6S 3H 2H", pile="4D", options=preset("points"))
    assert act(game) == "close 3H"  # keeps 2H: charged 2, not 3
    # 9 unmatched points are within the limit of 10: a close beats any discard
    game = position("7C 8C 9C JD JH JS 4S 5S 6S 4H 5D", pile="4D", options=preset("points"))
    assert act(game) == "close 5D"


def test_close_keeps_a_ramino_when_it_doubles_the_charges() -> None:
    opts = RaminoOptions(ramino_multiplier=2)
    game = position("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", pile="4S", options=opts)
    assert "close 7H" in game.private_view(0).legal  # a colore, not one run
    assert act(game) in ("close 3H", "close KH")


def test_first_turn_closes_at_once_or_takes_the_upcard() -> None:
    closing = scripted(["2D 3D 4D 7S 7H 7C JC QC KC AC", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS"],
                       up="5H")
    assert act(closing) == "close"
    not_closing = scripted(["2D 3D 4D 7S 7H 7C JC QC KC 5C", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS"],
                           up="KH")
    assert act(not_closing) == "take"


# --- drawing -----------------------------------------------------------------------------------

HAND = "3H 4H 5H 9C 9D JS QS KD 2C 7S"


def test_takes_a_discard_that_completes_a_combination() -> None:
    assert act(position(HAND, pile="9S", phase="draw")) == "take"  # 9C 9D 9S
    assert act(position(HAND, pile="6H", phase="draw")) == "take"  # 3H … 6H


def test_draws_rather_than_take_a_card_that_joins_nothing() -> None:
    assert act(position(HAND, pile="KH", phase="draw")) == "draw"
    assert act(position(HAND, pile="8D", phase="draw")) == "draw"


def test_takes_a_joker() -> None:
    assert act(position(HAND, pile="JK", phase="draw")) == "take"


def test_with_no_stock_left_it_takes_only_to_close_and_else_voids_the_hand() -> None:
    opts = RaminoOptions(stock_rebuilds=0)
    ready = "3H 4H 5H 9C 9D 9S JS QS KS KD"  # KD alone: a 6H or a 10S closes
    game = position(ready, pile="6H", phase="draw", options=opts, rest_to=1, stock="")
    assert game.public_view().stock == 0 and act(game) == "take"
    game = position(ready, pile="2D", phase="draw", options=opts, rest_to=1, stock="")
    assert act(game) == "draw"  # the hand ends void rather than go on


# --- discarding --------------------------------------------------------------------------------


def test_never_discards_a_joker_when_another_card_will_do() -> None:
    lonely = "AS 3H 5D 7C 9S JH KD 2C 6H 10D JK"  # nothing pairs: the joker is unmatched
    game = position(lonely, pile="4S")
    assert game.private_view(0).arrangement.unmatched[-1] == "JK"
    assert act(game) != "discard JK"
    assert act(game, policy=greedy_action) == "discard JK"  # 25 points: the greedy sheds it


def test_never_discards_a_joker_over_random_positions() -> None:
    seen = 0
    for seed in range(16):
        game = RaminoGame(RaminoOptions(), players=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(50):
            if game.is_over:
                break
            seat = game.to_act()[0]
            view = game.private_view(seat)
            action = choose_action(view)
            if view.table.phase == "discard" and "JK" in view.hand:
                seen += 1
                others = [a for a in view.legal if a.startswith("discard ") and "JK" not in a]
                assert not (others and str(action) == "discard JK"), view.hand
            if rng.random() >= 0.7:
                action = keen_move(game, seat, game.legal_actions(seat), rng)
            game.apply(seat, action)
    assert seen >= 10


def test_discards_the_high_unmatched_card() -> None:
    game = position("3H 4H 5H 9C 9D 9S JS QS KS KD 2C", pile="4S")  # KD and 2C are unmatched
    assert act(game) == "discard KD"


def test_keeps_a_pair_rather_than_an_alone_card_of_the_same_value() -> None:
    game = position("3H 4H 5H 9C 9D 9S KD KC 7S 2D QH", pile="4S")
    assert act(game) == "discard QH"
    assert act(game, policy=greedy_action).startswith("discard K")  # it sees only 10 = 10


def test_throws_what_the_next_player_does_not_collect() -> None:
    # KD and QC are both alone and worth 10; the next player (seat 1) has thrown QH and QS
    shown = {"pile": "QH 5S QS", "throwers": [1, 2, 1]}
    game = position("3H 4H 5H 9C 9D 9S 2S 3S 4S KD QC", **shown)
    k = know(game.private_view(0))
    assert k.shed == frozenset({13 * 1 + 11, 11})  # QH, QS
    assert act(game) == "discard QC"
    # the same cards thrown by another seat say nothing of what the next player collects
    other = know(position("3H 4H 5H 9C 9D 9S 2S 3S 4S KD QC", pile="QH 5S QS",
                          throwers=[2, 3, 2]).private_view(0))
    queen_of_clubs = 3 * 13 + 11
    assert other.shed == frozenset() and danger(k, queen_of_clubs) < danger(other, queen_of_clubs)


def test_another_reading_of_the_next_player_steers_the_discard() -> None:
    # KD and QC are both alone and worth 10: which goes is the reading of the next player's
    hand = "3H 4H 5H 9C 9D 9S 2S 3S 4S KD QC"
    view = position(hand, pile="4S").private_view(0)
    for sure in ("KD", "QC"):
        used = face(sure)
        read = partial(_read_with, feed=lambda f, used=used: 1.0 if f == used else 0.0)
        move = str(choose_action(view, read))
        assert move.startswith("discard") and sure not in move
    assert str(choose_action(view, know)) == str(choose_action(view))


def _read_with(view: RaminoHand, feed: Callable[[int], float]) -> Know:
    return replace(know(view), feed=feed)


def test_takers_are_read_from_the_cards_missing_from_the_pile() -> None:
    # seat 1 threw 4D, seat 2 took it and threw 6C; seat 3 threw 8S, seat 0 is to draw
    game = position(HAND, pile="2S 6C 8S", phase="draw", throwers=[0, 2, 3])
    assert takers(game.public_view(), 0) == {2}
    game = position(HAND, pile="2S 4D 6C 8S", phase="draw", throwers=[0, 1, 2, 3])
    assert takers(game.public_view(), 0) == set()


# --- re-entry ----------------------------------------------------------------------------------


def test_reenters_with_room_under_the_limit() -> None:
    game = two_offers()
    game.apply(0, "close 5H")  # seats 2 and 3 may come back at 90, 11 under the limit
    assert act(game, 2) == "reenter" and act(game, 2, greedy_action) == "reenter"


def test_declines_with_no_room_left() -> None:
    game = two_offers()
    data = game.to_json()
    data["totals"] = [90, 81, 100, 60, 30]  # seat 1 ends the hand at 101: no room
    game = RaminoGame.from_json(json.loads(json.dumps(data)))
    game.apply(0, "close 5H")
    assert game.public_view().reentry is not None
    assert game.public_view().reentry.total == 101  # type: ignore[union-attr]
    assert act(game, 2) == "decline"


def test_with_a_stake_it_wants_a_hand_s_worth_of_room() -> None:
    for total, answer in ((90, "decline"), (60, "reenter")):
        game = two_offers()
        data = game.to_json()
        data["totals"] = [total, 60, 100, 60, 30]
        data["options"] = {**data["options"], "stake_per_point": 1}
        game = RaminoGame.from_json(json.loads(json.dumps(data)))
        game.apply(0, "close 5H")
        assert act(game, 2) == answer


# --- the view alone ----------------------------------------------------------------------------


def _hide_differently(game: RaminoGame, seat: int, rng: random.Random) -> RaminoGame:
    """Return the game with the other seats' cards and the stock dealt among them afresh."""
    data = game.to_json()
    others = [s for s in range(game.players) if s != seat]
    pool = [c for s in others for c in data["hands"][s]] + data["stock"]
    rng.shuffle(pool)
    for s in others:
        size = len(data["hands"][s])
        data["hands"][s], pool = pool[:size], pool[size:]
    data["stock"] = pool
    return RaminoGame.from_json(json.loads(json.dumps(data)))


def test_same_visible_information_same_answer_whatever_the_hidden_cards() -> None:
    rng = random.Random(5)
    compared = 0
    for seed in range(12):
        game = RaminoGame(RaminoOptions(), players=2 + seed % 4, seed=seed)
        for _ in range(40):
            if game.is_over:
                break
            seat = game.to_act()[0]
            view = game.private_view(seat)
            twin = _hide_differently(game, seat, rng).private_view(seat)
            assert twin == view
            assert choose_action(twin) == choose_action(view)
            compared += 1
            game.apply(seat, choose_action(view))
    assert compared > 300


# --- strength ----------------------------------------------------------------------------------


def _winner(names: Sequence[str], seed: int) -> str | None:
    game = RaminoGame(RaminoOptions(), players=len(names), seed=seed, first_dealer=0)
    rng = random.Random(seed)
    policies = {"ai": lambda v: choose_action(v), "random": lambda v: random_action(v, rng)}
    while not game.is_over and game.hand_no < 40:
        seat = game.to_act()[0]
        game.apply(seat, policies[names[seat]](game.private_view(seat)))
    return None if game.winner is None else names[game.winner]


def test_beats_random_players_in_most_games() -> None:
    names = ["random"] * 3
    won = sum(_winner(names[:i % 4] + ["ai"] + names[i % 4:], 300 + i) == "ai"
              for i in range(8))
    assert won >= 7


def test_the_greedy_takes_any_card_that_lowers_its_penalty() -> None:
    game = position(HAND, pile="2S", phase="draw")  # 2S for KD: 8 points fewer, no combination
    assert act(game, policy=greedy_action) == "take"
    assert act(game) == "draw"
    view = game.private_view(0)
    assert {str(random_action(view, random.Random(i))) for i in range(20)} == {"take", "draw"}
