"""Random legal gin matches for every preset, with the invariants checked after every action."""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from functools import cache

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine.cards import Card, parse_cards
from engine.gin import PRESETS, Discard, GinGame, load_game, min_deadwood, preset, two_seat_class
from engine.gin.mahjong import hand_value
from engine.gin.options import GinOptions
from engine.melds import make_meld

# Standard-length matches per preset: 60 in `make test` (about 480 hands per preset, 3,800 in
# all, every action checked); RUMMY_PROPERTY_MATCHES=1000 is the soak run for an issue note.
PER_PRESET = int(os.environ.get("RUMMY_PROPERTY_MATCHES", "60"))
# Hands a random match of each preset lasts, on average (standard: 8). Each preset plays as
# many hands as PER_PRESET standard matches do: a tournament (best of 5 games to 250) is ten
# standard matches long, so it plays a tenth as many matches, not ten times the hands.
HANDS_PER_MATCH = {"standard": 8, "straight": 28, "oklahoma": 10, "oklahoma_match": 9,
                   "hollywood": 12, "tournament": 80, "multi_game": 18, "german": 26,
                   # Mahjong: 4 to 5 hands a match, each costing about five standard hands' checks
                   "mahjong": 24}


def matches_for(name: str) -> int:
    """Return how many matches the preset plays: as many hands as the standard ones."""
    return max(5, PER_PRESET * HANDS_PER_MATCH["standard"] // HANDS_PER_MATCH[name])


def _policy(game: GinGame, seat: int, rng: random.Random) -> object:
    """Random legal moves mixed with greedy ones, so that hands also end by knock and gin."""
    legal = game.legal_actions(seat)
    plays = [a for a in legal if str(a).startswith(("meld", "layoff"))]
    if plays and rng.random() < 0.7:  # Mahjong: put cards down, so hands end by gin
        return rng.choice(plays)
    enders = [a for a in legal if str(a).startswith(("knock", "big_gin"))]
    if enders and rng.random() < 0.5:
        return rng.choice(enders)
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards and rng.random() < 0.7:  # greedy: keep the cards with the least deadwood
        hand = game.hands[seat]
        return min(discards, key=lambda a: min_deadwood([c for c in hand if c != a.card]))
    return rng.choice(legal)


def _check_cards(game: GinGame) -> None:
    on_table = [c for m in game.table for c in m.cards]
    every = game.hands[0] + game.hands[1] + game.stock + game.discard + on_table
    assert len(every) == 52 and len(set(every)) == 52
    if game.opts.mahjong:
        for meld in game.table:
            _check_meld(tuple(meld.cards))
        assert all(game.hands) and (game.owed is None or game.owed in game.hands[game.turn])
        return
    sizes = sorted(len(h) for h in game.hands)
    assert sizes == ([10, 11] if game.phase == "discard" else [10, 10])
    assert len(game.hands[game.turn]) == (11 if game.phase == "discard" else 10)


@cache
def _check_meld(cards: tuple[Card, ...]) -> None:
    """Check a table meld is valid, its cards in table order (once per meld seen)."""
    assert make_meld(cards).cards == cards


def _check_mahjong_hand(result) -> None:  # type: ignore[no-untyped-def]
    """Each seat scores put down − held, + the bonus for the one who went gin."""
    tally = result.mahjong
    credited = [sum(e.value for m in result.melds for e in m.entries if e.by == s) for s in (0, 1)]
    held = [hand_value(parse_cards(r.deadwood)) for r in result.reveals]
    assert list(tally.put_down) == credited and list(tally.held) == held
    assert tally.held[result.winner] == 0
    bonus = [25 if s == result.winner else 0 for s in (0, 1)]
    assert list(tally.totals) == [credited[s] - held[s] + bonus[s] for s in (0, 1)]
    assert result.points == tally.totals[result.winner]


def _check_scores(game: GinGame, won: list[list[int]]) -> None:
    m, opts = game.match, game.opts
    if opts.mahjong:
        col = m.current()
        assert [col.total(s) for s in (0, 1)] == [sum(h[s] for h in m.board.hands) for s in (0, 1)]
        assert m.wins == [len(won[0]), len(won[1])]
        if m.over:
            assert max(col.total(0), col.total(1)) >= opts.target_score
            assert col.total(m.winner) > col.total(1 - m.winner)
        return
    assert m.wins == [len(won[0]), len(won[1])]
    if opts.match_format == "hollywood":
        for n, col in enumerate(m.columns):
            for seat in (0, 1):
                entries = col.entries[seat]
                assert entries == won[seat][n:n + len(entries)]
    else:
        for seat in (0, 1):
            assert sum(sum(c.entries[seat]) for c in m.columns) == sum(won[seat])
    for col in m.columns:
        if col.finished and opts.match_format != "multi_game":
            _check_finals(col, opts)


def _check_finals(col, opts: GinOptions) -> None:  # type: ignore[no-untyped-def]
    w, lo = col.winner, 1 - col.winner
    shutout = opts.shutout_double and col.boxes(lo) == 0
    assert col.finals[w] == col.total(w) * (2 if shutout else 1) + opts.game_bonus + \
        opts.line_bonus * col.boxes(w)
    assert col.finals[lo] == col.total(lo) + opts.line_bonus * col.boxes(lo)


def play_checked(options: GinOptions, seed: int) -> GinGame:
    """Play one whole match at random, checking every invariant after every action."""
    rng = random.Random(seed)
    game = two_seat_class(options)(options, seed=seed)
    won: list[list[int]] = [[], []]
    for _ in range(20000):
        if game.is_over:
            break
        seat = game.to_act()[0]
        assert game.legal_actions(seat), "a legal action exists until the game ends"
        assert game.legal_actions(1 - seat) == []
        for event in game.apply(seat, _policy(game, seat, rng)):
            result = event.public.result if event.kind == "hand_end" else None
            if result is not None and result.mahjong is not None:
                _check_mahjong_hand(result)
            if result is not None and result.winner is not None:
                won[result.winner].append(result.points)
        if not game.is_over:
            _check_cards(game)
        _check_scores(game, won)
        assert load_game(json.loads(json.dumps(game.to_json()))).to_json() == game.to_json()
    assert game.is_over, f"match with seed {seed} did not end"
    assert game.is_over and game.to_act() == []
    return game




def _preset_test(name: str):  # type: ignore[no-untyped-def]
    # no shrinking: a failing match is reported by its seed, which replays it exactly
    @settings(max_examples=matches_for(name), deadline=None, derandomize=True, database=None,
              phases=[Phase.generate], suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**32))
    def test(seed: int) -> None:
        play_checked(preset(name), seed)
    test.__name__ = f"test_random_matches_{name}"
    return test


for _name in PRESETS:
    globals()[f"test_random_matches_{_name}"] = _preset_test(_name)


def test_random_matches_with_every_boolean_option_flipped() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(12):
        opts = GinOptions(deep_discard_pickup=True, misdeal_if_dealt_knockable=True,
                          undercut_bonus_on_tie=False, exact_50_lead_loses=True,
                          no_discard_of_taken_card=seed % 2 == 0, big_gin=seed % 3 != 0,
                          shutout_double=False)
        game = play_checked(opts, seed)
        kinds[game.match.winner is not None] += 1
    assert kinds[True] == 12
