"""Rummy 500's legal lists (legal_actions and claim_targets) are sound and complete.

Seeded random play walks every preset and option sets that flip the house rules (openings
by a minimum, by a take, free top cards, going out without a discard, reuses, the special
card named each hand), with 2 to 5 players. At every state, for every seat,
tests/engine/completeness.py checks the listed actions against candidates built here from the
state alone:

- the special card: none, and every card of the deck;
- draw and decline;
- takes: every depth, one past the bottom included, with no meld; at every depth, every
  subset of the hand and the cards taken that holds the key card and could be a meld (one
  rank, or one suit in a stretch of ranks); at the three shallowest depths also every such
  key meld with one more meld of those cards, and, for a seat that must still reach the
  opening minimum, with two more (bound: deeper takes are tried with their key meld alone,
  and no take is tried with more melds than that);
- melds: every subset of the hand that could be a meld, every two disjoint ones, and every
  three for a seat that must still reach the opening minimum (bound: no more melds per
  action than that);
- lay-offs: every hand card on every meld id, one past the last included, naming no end, the
  low one or the high one; Rummy! claims the same with the window's card, from every seat;
- a discard of every card of the deck.

An action putting several melds down at once that is not listed must split into shorter
listed actions ending in the same state: a first take or meld holding some of its melds
(the key meld among them), then the others one by one.

Closing the Rummy! window (`end_claims`) is the session's move, not a player's: it is left out
of the candidates (who may send it is decided in `check_seat`, outside this test).

The automatic decline (the stock empty and no take listed) is checked too: whenever the engine
is about to decline for a seat, no candidate take may be accepted.

RUMMY_COMPLETENESS_STATES scales the walk (500 states per option set by default: 5,500 states,
about 17 seconds).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest

from engine.cards import Card, make_deck
from engine.rummy500 import (
    ClaimRummy,
    LayOff,
    MeldCards,
    Rummy500Game,
    Rummy500Options,
    TakeDiscards,
    preset,
)
from engine.rummy500.moves import Rummy500Moves
from engine.table import meld_id
from tests.engine.completeness import (
    Move,
    Tally,
    disjoint_pairs,
    disjoint_triples,
    joined,
    meld_subsets,
    melds_key,
    walk,
)

STATES = int(os.environ.get("RUMMY_COMPLETENESS_STATES", "500"))
DECK = make_deck()
SHALLOW = 3  # depths at which takes are also tried with further melds

SETS: dict[str, tuple[Rummy500Options, int]] = {
    **{name: (preset(name, target_score=150), players) for name, players in (
        ("standard", 3), ("italian", 4), ("closings", 2), ("announce", 5), ("scala40", 3))},
    "open_by_take": (preset("standard", min_first_meld=40, go_out_without_discard="immediate",
                            target_score=150), 3),
    "scala40_minimum": (preset("scala40", min_first_meld=40, top_card_free=True,
                               target_score=150), 2),
    "flipped_a": (Rummy500Options(
        top_card_free=True, draw_stock_until_opened=True, min_first_meld=30,
        go_out_without_discard="immediate", last_discard_unplayable=True, reuse_discards=2,
        rummy_call="announce", elimination_score=-150, win_by_closing_only=True,
        special_card="7H", special_card_value=25, special_card_per_hand=True,
        scala40_values=True, target_score=150), 4),
    "flipped_b": (Rummy500Options(
        rummy_rule=False, game_mode="closings", closings_to_win=3, last_discard_unplayable=True,
        go_out_without_discard="seed_redraw", reuse_discards=1, top_card_free=True), 3),
    # walked by `lazy`: deep piles, openings of several melds from 20 cards and more
    "deep_piles": (preset("standard", min_first_meld=40, target_score=150), 2),
    "deep_piles_scala40": (preset("scala40", min_first_meld=60, reuse_discards=1,
                                  target_score=150), 2),
}


def needs_opening(game: Rummy500Game, seat: int) -> bool:
    """Whether the seat's first melds must still reach a minimum."""
    return game.opts.min_first_meld > 0 and not game.opened[seat]


def take_texts(game: Rummy500Game, seat: int) -> Iterator[str]:
    """Yield every candidate take of the seat (see the module's bounds)."""
    pile, hand = game.pile, game.hands[seat]
    n = len(pile)
    yield from (f"take {k}" for k in range(1, n + 2))
    extra = 2 if needs_opening(game, seat) else 1
    for k in range(1, n + 1):
        pool = hand + pile[k - 1:]
        keyed = [s for m in meld_subsets(pool, need=pile[k - 1]) for s in spellings(m)]
        yield from (f"take {k} {joined([m])}" for m in keyed)
        if k <= n - SHALLOW:
            continue
        others = [s for m in meld_subsets(pool) for s in spellings(m)]
        for m in keyed:
            rest = [o for o in others if not set(o) & set(m)]
            for size in range(1, extra + 1):
                for more in combinations(rest, size):
                    if _disjoint(more):
                        yield f"take {k} {joined([m, *more])}"


def _disjoint(melds: tuple[tuple[Card, ...], ...]) -> bool:
    cards = [c for m in melds for c in m]
    return len(set(cards)) == len(cards)


def place_texts(game: Rummy500Game, verb: str, cards: list[Card]) -> list[str]:
    """Return the card on every meld id (one past the last too), at every end or none."""
    ids = [m.id for m in game.melds] + [meld_id(len(game.melds))]
    return [f"{verb} {c} {mid}{end}" for c in cards for mid in ids
            for end in ("", " low", " high")]


def claim_texts(game: Rummy500Game) -> list[str]:
    """Return the claims of the window's card, or of the pile's top card when none is open."""
    card = game.claim_card or (game.pile[-1] if game.pile else None)
    return place_texts(game, "claim", [card]) if card else []


def candidates(game: Rummy500Game, seat: int) -> list[str]:
    """Return every candidate text of the seat whose turn it is."""
    hand = game.hands[seat]
    out = ["draw", "decline", "special none"] + [f"special {c}" for c in DECK]
    out += take_texts(game, seat)
    melds = [s for m in meld_subsets(hand) for s in spellings(m)]
    out += [f"meld {joined([m])}" for m in melds]
    out += [f"meld {joined(pair)}" for pair in disjoint_pairs(melds)]
    if needs_opening(game, seat):
        out += [f"meld {joined(three)}" for three in disjoint_triples(melds)]
    out += place_texts(game, "layoff", hand)
    out += [f"discard {c}" for c in DECK]
    return out + claim_texts(game)


def idle(game: Rummy500Game, seat: int) -> list[str]:
    """Return the candidates of a seat whose turn it is not: claims may come out of turn, and
    the seat check refuses the rest before their cards are looked at."""
    out = ["draw", "decline", "special none", "take 1", "meld 2C,3C,4C", "layoff 2C A"]
    return out + [f"discard {c}" for c in game.hands[seat]] + claim_texts(game)


def key(game: Rummy500Game, seat: int, action: Any) -> object:
    """Return what the action does: melds unordered, a placement's real end."""
    if isinstance(action, (LayOff, ClaimRummy)):
        return type(action).__name__, action.card.text, action.meld_id.upper(), \
            game.layoff_end(seat, action)
    if isinstance(action, TakeDiscards):
        return "take", action.k, melds_key(action.melds), aces_high(action.melds)
    if isinstance(action, MeldCards):
        return "meld", melds_key(action.melds), aces_high(action.melds)
    return str(action)


def aces_high(melds: tuple[tuple[Card, ...], ...]) -> tuple[str, ...]:
    """Return the 13-card runs whose ace is written last: they put it high (worth 15, not 5)."""
    return tuple(sorted(joined([m]) for m in melds if len(m) == 13 and m[-1].rank == 1))


def spellings(meld: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Return the ways to write a meld that differ in effect: a 13-card run's ace first or
    last (low or high)."""
    aces = [c for c in meld if c.rank == 1]
    if len(meld) != 13 or len(aces) != 1 or len({c.suit for c in meld}) != 1:
        return [meld]
    rest = tuple(c for c in meld if c.rank != 1)
    return [(aces[0], *rest), (*rest, aces[0])]


def split(action: Any) -> list[list[Any]]:
    """Return the ways to play several melds as a first take or meld, then single melds."""
    if isinstance(action, TakeDiscards) and len(action.melds) > 1:
        key_meld, others = action.melds[0], action.melds[1:]
        return [[TakeDiscards(action.k, (key_meld, *first)), *singles(others, first)]
                for first in _subsets(others) if len(first) < len(others)]
    if isinstance(action, MeldCards) and len(action.melds) > 1:
        return [[MeldCards(first), *singles(action.melds, first)]
                for first in _subsets(action.melds) if 0 < len(first) < len(action.melds)]
    return []


def _subsets(melds: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    return [c for size in range(len(melds) + 1) for c in combinations(melds, size)]


def singles(melds: tuple[Any, ...], first: tuple[Any, ...]) -> list[MeldCards]:
    return [MeldCards((m,)) for m in melds if m not in first]


def look(tally: Tally) -> Any:
    def at(game: Any) -> None:
        tally.states += 1
        for seat in range(game.players):
            mine = seat == game.turn and not game.is_over
            texts = candidates(game, seat) if mine else idle(game, seat)
            listed = game.legal_actions(seat) + game.claim_targets(seat)
            tally.check(game, seat, texts, listed=listed, key=key, split=split)
    return at


def choose(game: Any, moves: list[Move], rng: random.Random) -> Move:
    """Random moves leaning towards putting cards down, so that the table fills."""
    plays = [m for m in moves if isinstance(m[1], (MeldCards, LayOff, ClaimRummy))
             or (isinstance(m[1], TakeDiscards) and m[1].melds)]
    return rng.choice(plays if plays and rng.random() < 0.7 else moves)


def lazy(game: Any, moves: list[Move], rng: random.Random) -> Move:
    """Random moves that mostly leave the pile alone until it is deep: big pools to open from."""
    calm = [m for m in moves if not isinstance(m[1], (TakeDiscards, MeldCards))]
    if calm and (len(game.pile) < 15 or rng.random() < 0.5):
        return rng.choice(calm)
    return choose(game, moves, rng)


@pytest.fixture
def declines(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Check every automatic decline against the candidate takes; list the seats declined."""
    seen: list[int] = []
    draw_step = Rummy500Moves._draw_step

    def checked(game: Rummy500Moves) -> list[Any]:
        seat = game.turn
        if game.phase == "draw" and not game.claim_open and not game.stock:
            takes = [t for t in take_texts(game, seat) if game.can(seat, game.parse_action(t))]
            events = draw_step(game)
            declined = any(e.kind == "decline" for e in events)
            assert not (declined and takes), f"declined for seat {seat}: {takes[:3]} is legal"
            seen.extend([seat] if declined else [])
            return events
        return draw_step(game)

    monkeypatch.setattr(Rummy500Moves, "_draw_step", checked)
    return seen


@pytest.mark.parametrize("name", list(SETS))
def test_rummy500_lists_exactly_the_accepted_moves(name: str, declines: list[int]) -> None:
    opts, players = SETS[name]
    first = 1000 * list(SETS).index(name)
    tally = Tally(name)
    walk(lambda n: Rummy500Game(opts, players=players, seed=first + n), STATES, look(tally),
         choose=lazy if name.startswith("deep_piles") else choose)
    print(f"{name}: {len(declines)} automatic declines checked")
    tally.assert_clean(min_states=STATES, verbs=["draw", "take", "meld", "layoff", "discard"])
