"""Gin's legal lists are sound and complete, in plain, Mahjong and team gin.

Seeded random play walks every preset and the variants the presets leave out (deep pickups,
team play, Mahjong with wrapping aces, the odd house rules); at every state, for every seat,
tests/engine/completeness.py checks the listed actions against candidates built here from the
state alone:

- the bare actions: draw, take, take_upcard, pass, big_gin;
- a take of every depth of the pile, one past the bottom included;
- a discard and a knock of every card of the deck;
- deep pickups: every card of the pile (the top one too) with every subset of two or more
  hand cards that share its rank or its suit (a meld's cards share one or the other);
- Mahjong melds: every subset of three or more hand cards sharing a rank or a suit, and every
  two disjoint ones in one action (bound: actions of three or more melds are not tried; two
  already must split into listed steps, see completeness.py);
- lay-offs: every hand card on every meld id, one past the last included, naming no end,
  the low one or the high one.

A seat the game does not wait for gets only the bare actions and a discard and a knock of
each of its cards: the seat check refuses every action before its cards are looked at.

RUMMY_COMPLETENESS_STATES scales the walk (300 states per closed option set by default, three
times as many per Mahjong set and twice per team set: 5,700 states, about 12 seconds).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from engine.cards import make_deck
from engine.gin import LayOff, MeldCards, TakeDiscard, min_deadwood, preset
from engine.gin.game import GinGame
from engine.gin.mahjong import MahjongGin, ends_for, shape_of
from engine.gin.options import GinOptions
from engine.gin.teams import TeamGin
from engine.table import meld_id
from tests.engine.completeness import (
    Move,
    Tally,
    disjoint_pairs,
    joined,
    meld_subsets,
    melds_key,
    orders,
    walk,
)
from tests.engine.gin.scripted import scripted

# States walked per closed option set (Mahjong and team sets walk more: fewer sets);
# RUMMY_COMPLETENESS_STATES=20000 is a soak run.
STATES = int(os.environ.get("RUMMY_COMPLETENESS_STATES", "300"))
DECK = make_deck()

CLOSED: dict[str, GinOptions] = {
    **{name: preset(name, target_score=40) for name in (
        "standard", "straight", "oklahoma", "oklahoma_match", "hollywood", "german")},
    "deep": preset("oklahoma", deep_discard_pickup=True, target_score=40),
    "german_deep": preset("german", deep_discard_pickup=True, target_score=60),
    "odd_rules": preset("standard", knock_limit=3, no_discard_of_taken_card=False,
                        misdeal_if_dealt_knockable=True, target_score=40),
}
MAHJONG: dict[str, GinOptions] = {
    "mahjong": preset("mahjong", target_score=120),
    "mahjong_wrap": preset("mahjong", aces="high_low_wrap", target_score=120),
}
TEAMS: dict[str, GinOptions] = {
    "teams_of_2": preset("german", team_size=2, target_score=60),
    "teams_of_3_deep": preset("standard", team_size=3, deep_discard_pickup=True,
                              target_score=40),
}


def board_of(game: GinGame | TeamGin, seat: int) -> tuple[GinGame, int]:
    """Return the two-player game the seat plays in and his seat there."""
    if isinstance(game, TeamGin):
        return game.board_of(seat)
    return game, seat


def candidates(game: GinGame | TeamGin, seat: int) -> list[str]:
    """Return every candidate text for the seat, built from the state alone."""
    board, local = board_of(game, seat)
    hand = board.hands[local]
    out = ["draw", "take", "take_upcard", "pass", "big_gin"]
    out += [f"take {k}" for k in range(2, len(board.discard) + 2)]
    out += [f"discard {c}" for c in DECK] + [f"knock {c}" for c in DECK]
    for card in board.discard:
        out += [f"take {card} with " + " ".join(c.text for c in m if c != card)
                for m in meld_subsets([*hand, card], need=card)]
    melds = list(meld_subsets(hand))
    out += [f"meld {joined([m])}" for m in melds]
    out += [f"meld {joined(pair)}" for pair in disjoint_pairs(melds)]
    ids = [m.id for m in board.table] + [meld_id(len(board.table))]
    out += [f"layoff {c} {mid}{end}" for c in hand for mid in ids
            for end in ("", " low", " high")]
    return out


def idle(game: GinGame | TeamGin, seat: int) -> list[str]:
    """Return the candidates of a seat the game does not wait for: the seat check refuses
    every action before its cards are looked at, so one of each kind is enough."""
    board, local = board_of(game, seat)
    hand = board.hands[local]
    out = ["draw", "take", "take_upcard", "pass", "big_gin", "take 2"]
    return out + [f"{verb} {c}" for c in hand for verb in ("discard", "knock")]


def key(game: GinGame | TeamGin, seat: int, action: Any) -> object:
    """Return what the action does: a deep pickup's meld unordered, a lay-off's real end."""
    board, _ = board_of(game, seat)
    if isinstance(action, TakeDiscard) and action.card is not None:
        return "take", action.card.text, tuple(sorted(c.text for c in action.meld))
    if isinstance(action, MeldCards):
        return "meld", melds_key(action.melds)
    if isinstance(action, LayOff):
        meld = board.table.get(action.meld_id)
        ends = ends_for(action.card, shape_of(meld), board.opts.wrap)
        return "layoff", action.card.text, meld.id, action.end or ends[0]
    return str(action)


def split(action: Any) -> list[list[Any]]:
    """Return a several-meld action as one-meld steps, in every order."""
    if isinstance(action, MeldCards) and len(action.melds) > 1:
        return orders([MeldCards((m,)) for m in action.melds])
    return []


def choose(game: Any, moves: list[Move], rng: random.Random) -> Move:
    """Random moves mixed with greedy ones, so that hands end by knocks, gin and big gin,
    and open ones fill the table."""
    def some(kinds: tuple[str, ...], odds: float) -> list[Move]:
        found = [m for m in moves if str(m[1]).startswith(kinds)]
        return found if found and rng.random() < odds else []

    liked = (some(("knock", "big_gin"), 0.5) or some(("meld", "layoff"), 0.7)
             or [m for m in some(("take ",), 0.3) if str(m[1]) != "take"])
    if liked:
        return rng.choice(liked)
    discards = some(("discard",), 0.8)
    if discards:  # greedy: keep the cards with the least deadwood
        def left(move: Move) -> int:
            board, local = board_of(game, move[0])
            return min_deadwood([c for c in board.hands[local] if c != move[1].card])
        return min(discards, key=left)
    return rng.choice(moves)


def look(tally: Tally) -> Any:
    def at(game: Any) -> None:
        tally.states += 1
        acting = game.to_act()
        for seat in range(game.seats):
            texts = candidates(game, seat) if seat in acting else idle(game, seat)
            tally.check(game, seat, texts, key=key, split=split)
    return at


def run(name: str, make: Any, states: int = STATES) -> Tally:
    tally = Tally(name)
    walk(make, states, look(tally), choose=choose)
    return tally


def seed(name: str) -> int:
    """Return the option set's own first seed: no two sets replay the same deals."""
    return 1000 * [*CLOSED, *MAHJONG, *TEAMS].index(name)


@pytest.mark.parametrize("name", list(CLOSED))
def test_closed_gin_lists_exactly_the_accepted_moves(name: str) -> None:
    opts = CLOSED[name]
    tally = run(name, lambda n: GinGame(opts, seed=seed(name) + n))
    verbs = ["draw", "discard"] + (["take"] if opts.deep_discard_pickup else [])
    # random play seldom reaches gin, or the low limits of an Oklahoma knock card
    tally.assert_clean(min_states=STATES, verbs=verbs + (
        ["knock"] if opts.knock_rule == "fixed" else []))


@pytest.mark.parametrize("name", list(MAHJONG))
def test_mahjong_gin_lists_exactly_the_accepted_moves(name: str) -> None:
    tally = run(name, lambda n: MahjongGin(MAHJONG[name], seed=seed(name) + n), 3 * STATES)
    tally.assert_clean(min_states=3 * STATES, verbs=["take", "meld", "layoff", "discard"])


@pytest.mark.parametrize("name", list(TEAMS))
def test_team_gin_lists_exactly_the_accepted_moves(name: str) -> None:
    opts = TEAMS[name]
    tally = run(name, lambda n: TeamGin(opts, 2 * opts.team_size, seed=seed(name) + n),
                2 * STATES)
    tally.assert_clean(min_states=2 * STATES, verbs=["draw", "discard"])


def test_deep_pickups_of_any_size_and_of_the_top_card_are_listed() -> None:
    # The walk found them accepted but not listed: only melds of two or three hand cards,
    # and only below the top card, were offered.
    g = scripted("5H 6H 7H 8H 2C 3D 9S JC QD KS", "AS 2S 3S 4S 5S 6C 7C 8C 9C 10C",
                 upcard="4H", stock="KH 9H", options=preset("oklahoma", deep_discard_pickup=True))
    for seat, text in [(0, "pass"), (1, "pass"), (0, "draw"), (0, "discard KH"), (1, "draw"),
                       (1, "discard 9H")]:
        g.apply(seat, text)
    deep = {str(a) for a in g.legal_actions(0) if " with " in str(a)}
    assert deep == {"take 4H with 5H 6H", "take 4H with 5H 6H 7H", "take 4H with 5H 6H 7H 8H",
                    "take 9H with 7H 8H", "take 9H with 6H 7H 8H", "take 9H with 5H 6H 7H 8H"}
    g.apply(0, "take 9H with 5H 6H 7H 8H")
    assert g.public_view().shown_melds[0] == (("9H", "5H", "6H", "7H", "8H"),)
    assert [str(c) for c in g.discard] == ["4H", "KH"]
