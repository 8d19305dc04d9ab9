"""Random legal Canasta games for every preset and a set of flipped options, 2 to 4 players,
with the invariants checked after every action.

Players pick melds, additions, openings and pile takes more often than draws and discards,
so sides open, build canastas and go out; stock exhaustion ends the other hands. Each hand's
score is worked out again here (M + C + R + G − P) from the report's melds, red threes and
hands, with this file's own card values.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from typing import Any

import pytest

from engine.canasta import PRESETS, CanastaGame, CanastaOptions
from engine.canasta import actions as A
from engine.canasta.state import build_deck
from engine.canasta.views import HandReport, MeldView

# games per option set and player count; RUMMY_PROPERTY_MATCHES=1000 is the soak run, and
# RUMMY_PROPERTY_FIRST=1000 starts a further soak run where that one stopped
GAMES = int(os.environ.get("RUMMY_PROPERTY_MATCHES", "3"))
FIRST = int(os.environ.get("RUMMY_PROPERTY_FIRST", "0"))
HANDS = 3  # hands played per game at most (the game may end before)
ROUND_TRIP_EVERY = 5
FLIPPED = CanastaOptions(target_score=2000, going_out_bonus=100, black_three_value=0,
                         black_three_meld_when_going_out=False, melds_past_seven=False,
                         wild_on_clean_canasta=False, turned_joker_cards=3)
SETS = {**{k: CanastaOptions.from_dict({**v.to_dict(), "target_score": 2500})
           for k, v in PRESETS.items()}, "flipped": FLIPPED}
VALUES = {"JK": 50, "2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10}
SCALE = (0, 100, 200, 300, 800, 1000, 1200)
PLAYS = (A.OpenAndDraw, A.TakePile, A.NewMeld, A.AddToMeld)


def value(card: str, opts: CanastaOptions) -> int:
    """Return a card's value read from its text (canasta.md's table)."""
    if card in ("3S", "3C"):
        return opts.black_three_value
    return VALUES.get(card if card == "JK" else card[:-1], 5)


def bonus(meld: MeldView) -> int:
    """Return a meld's canasta bonus from its cards, classified here."""
    if len(meld.cards) < 7:
        return 0
    wild = [c for c in meld.cards if c == "JK" or (c[:-1] == "2" and meld.rank != "2")]
    if meld.rank == "JK":
        return 5000
    if meld.rank == "2":
        return 2000 if wild else 3000
    return 300 if wild else 500


def check_report(r: HandReport, g: CanastaGame, before: list[int]) -> None:
    """Recompute every side's M + C + R + G − P and the totals."""
    for side in r.sides:
        melds = [m for m in r.melds if m.side == side.side]
        m = sum(value(c, g.opts) for meld in melds for c in meld.cards)
        c = sum(bonus(meld) for meld in melds)
        red = SCALE[min(r.red_threes[side.side], 6)] * (1 if melds else -1)
        out = r.out is not None and g.sides.side_of(r.out) == side.side
        p = sum(value(card, g.opts) for hand in side.hands for card in hand) * (1 if c else 2)
        gone = g.opts.going_out_bonus if out else 0
        assert (side.melds, side.canastas, side.red_threes, side.going_out, side.penalty) == (
            m, c, red, gone, p)
        assert side.score == m + c + red + gone - p
        assert r.totals[side.side] == before[side.side] + side.score


def check_state(g: CanastaGame) -> None:
    """Cards conserved, every meld valid, hand sizes, a move for the seat to act."""
    assert Counter(c.face for c in g.every_card()) == Counter(c.face for c in build_deck())
    for meld in g.table:
        wild = sum(c.rank in (0, 2) and c.rank != meld.rank for c in meld.cards)
        assert wild <= 2 and len(meld.cards) >= 3
        assert all(c.rank in (meld.rank, 0, 2) for c in meld.cards)
        if meld.rank == 0 or not g.opts.melds_past_seven:
            assert len(meld.cards) <= 7
    assert not any(c.rank == 3 and c.suit in "HD" for h in g.hands for c in h)
    if not g.is_over:
        acts = g.legal_actions(g.turn)
        assert all(g.hands) and acts
        assert len({str(a) for a in acts}) == len(acts)  # each move once
        if len(g.hands[g.turn]) == 1 and g.phase == "play":
            assert g.going_out_ok(g.side(g.turn))


def pick(g: CanastaGame, rng: random.Random) -> A.CanastaAction:
    """Pick a listed action, plays first most of the time."""
    acts = g.legal_actions(g.turn)
    plays = [a for a in acts if isinstance(a, PLAYS)]
    if plays and rng.random() < 0.85:
        return rng.choice(plays)
    rest = [a for a in acts if not isinstance(a, PLAYS)]
    return rng.choice(rest or acts)


def play(opts: CanastaOptions, players: int, seed: int) -> Counter[str]:
    """Play one game to its end or HANDS hands; return how the hands ended."""
    g = CanastaGame(opts, players, seed=seed)
    rng, ends, actions = random.Random(seed), Counter[str](), 0
    while not g.is_over and g.hand_no <= HANDS and actions < 5000:
        before = list(g.totals)
        events: list[Any] = g.apply(g.turn, pick(g, rng))
        actions += 1
        for e in events:
            if e.kind == "hand_end":
                ends[e.public.reason] += 1
                check_report(e.public, g, before)
        check_state(g)
        if actions % ROUND_TRIP_EVERY == 0:
            again = CanastaGame.from_json(json.loads(json.dumps(g.to_json())))
            assert again.to_json() == g.to_json()
            g = again
    return ends


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", sorted(SETS))
def test_random_games_keep_every_invariant(name: str, players: int) -> None:
    ends: Counter[str] = Counter()
    for k in range(FIRST, FIRST + GAMES):
        ends += play(SETS[name], players, seed=1000 * players + k)
    assert sum(ends.values()) >= GAMES  # every game finished at least one hand
    print(f"{name}, {players} players: {GAMES} games, {sum(ends.values())} hands {dict(ends)}")


def test_random_play_goes_out_as_well_as_exhausting_the_stock() -> None:
    ends: Counter[str] = Counter()
    for seed in range(4):
        ends += play(SETS["standard"], 2 + seed % 3, seed)
    assert ends["out"] > 0


def test_a_hand_of_forty_cards_is_reached_and_listed() -> None:
    # hoarders: they take the pile whenever they can and meld nothing else
    g = CanastaGame(CanastaOptions(), 2, seed=7)  # a deal where hoarding never gets stuck
    rng, biggest = random.Random(7), 0
    while biggest < 40 and g.hand_no <= 20:
        acts = g.legal_actions(g.turn)
        takes = [a for a in acts if isinstance(a, A.TakePile)]
        calm = [a for a in acts if isinstance(a, (A.DrawTwo, A.Discard, A.EndHand))]
        g.apply(g.turn, rng.choice(takes or calm))
        biggest = max(biggest, len(g.hands[g.turn]))
    assert biggest >= 40 and g.legal_actions(g.turn)
    check_state(g)
