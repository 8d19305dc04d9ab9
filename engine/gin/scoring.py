"""Settling a gin hand: the knocker's arrangement, the defender's layoffs, the points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from ..cards import Card
from ..melds import Meld
from ..solver import Arrangement
from ..table import MeldView
from .deadwood import arrangements, min_deadwood
from .options import GinOptions
from .views import HandReport, MahjongTally, RevealReport, texts

Layoff = tuple[Card, int]  # (card, index of the knocker's meld it goes on)


@dataclass(frozen=True, slots=True)
class Reveal:
    """One seat's cards at the end of a hand."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    layoffs: tuple[Layoff, ...] = ()

    @property
    def cards_laid_off(self) -> tuple[Card, ...]:
        """The cards this seat laid off."""
        return tuple(c for c, _ in self.layoffs)

    def report(self, value: int) -> RevealReport:
        """Return what everybody sees of these cards once the hand is over."""
        return RevealReport(tuple(texts(m.cards) for m in self.melds), texts(self.deadwood),
                            tuple((c.text, i) for c, i in self.layoffs), value)


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended and who scored what."""

    kind: str  # gin, big_gin, knock, undercut, tie, dead
    ender: int | None  # the knocker or big-gin declarer
    winner: int | None
    points: int
    values: tuple[int, int] = (0, 0)  # final deadwood per seat (defender after layoffs)
    reveals: tuple[Reveal, ...] = ()
    doubled: bool = False
    defender_before_layoffs: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    tally: MahjongTally | None = None  # Mahjong gin: both seats score
    melds: tuple[MeldView, ...] = ()  # Mahjong gin: the table at the end

    def report(self) -> HandReport:
        """Return the public result (hands are revealed once the hand is over)."""
        return HandReport(self.kind, self.ender, self.winner, self.points, self.values,
                          self.doubled, self.defender_before_layoffs,
                          tuple(r.report(v) for r, v in zip(self.reveals, self.values)),
                          self.tally, self.melds)


def _value(opts: GinOptions, cards: Sequence[Card]) -> int:
    return min_deadwood(cards, opts.wrap, opts.unmelded_ace_value)


def _arrange(opts: GinOptions, cards: Sequence[Card]) -> list[Arrangement]:
    return arrangements(cards, opts.wrap, opts.unmelded_ace_value)


def layoff_options(meld: Meld, hand: Sequence[Card], opts: GinOptions) -> list[tuple[Card, ...]]:
    """Every group of the hand's cards that can be laid off on the meld together."""
    held = {c.face: c for c in hand}
    if meld.kind == "set":
        if len(meld) >= 4:
            return [()]
        suits = {c.suit for c in meld.cards}
        fourth = [held[f] for f in ((meld.cards[0].rank, s) for s in "SHDC" if s not in suits)
                  if f in held]
        return [()] + [(c,) for c in fourth]
    low = _chain(meld.low, -1, meld.suit, held, opts)
    high = _chain(meld.high, +1, meld.suit, held, opts)
    out: list[tuple[Card, ...]] = []
    for i in range(len(low) + 1):
        for j in range(len(high) + 1):
            group = tuple(low[:i]) + tuple(high[:j])
            if len(meld) + len(group) <= 13 and len(set(group)) == len(group):
                out.append(group)
    return out


def _chain(edge: int, step: int, suit: str, held: dict[tuple[int, str], Card],
           opts: GinOptions) -> list[Card]:
    """Consecutive held cards extending a run from one end."""
    out: list[Card] = []
    pos = edge + step
    while len(out) < 12:
        if opts.wrap:
            rank = (pos - 1) % 13 + 1
        elif 1 <= pos <= 13:
            rank = pos
        else:
            break
        card = held.get((rank, suit))
        if card is None:
            break
        out.append(card)
        pos += step
    return out


def defender_result(
    defender: Sequence[Card], melds: Sequence[Meld], opts: GinOptions
) -> tuple[int, tuple[Layoff, ...]]:
    """Least deadwood the defender reaches with layoffs and own melds chosen jointly."""
    per_meld = [layoff_options(m, defender, opts) for m in melds]
    best = _value(opts, defender)
    best_layoffs: tuple[Layoff, ...] = ()
    for combo in product(*per_meld):
        used = [c for group in combo for c in group]
        if not used or len(set(used)) != len(used):
            continue
        rest = [c for c in defender if c not in used]
        value = _value(opts, rest)
        if value < best:
            best = value
            best_layoffs = tuple((c, i) for i, group in enumerate(combo) for c in group)
    return best, best_layoffs


def settle_knock(
    knocker: int, kept: Sequence[Card], defender: Sequence[Card], opts: GinOptions, doubled: bool
) -> HandResult:
    """Score a knock (gin when the kept cards have no deadwood)."""
    k = _value(opts, kept)
    d0 = _value(opts, defender)
    if k == 0:
        arr = _arrange(opts, kept)[0]
        reveal_d = _reveal(opts, defender, ())
        pts = (opts.gin_bonus + d0) * (2 if doubled else 1)
        return _result("gin", knocker, knocker, pts, (0, d0), (arr, reveal_d), doubled, d0)
    # the knocker's arrangement that leaves the defender the highest final deadwood
    best: tuple[int, Arrangement, tuple[Layoff, ...]] | None = None
    for arr in _arrange(opts, kept):
        d, layoffs = defender_result(defender, arr.melds, opts)
        if best is None or d > best[0]:
            best = (d, arr, layoffs)
    assert best is not None
    d, arr, layoffs = best
    other = 1 - knocker
    reveal_d = _reveal(opts, defender, layoffs)
    if k < d:
        kind, winner, pts = "knock", knocker, d - k
    elif d == k and not opts.undercut_bonus_on_tie:
        kind, winner, pts = "tie", None, 0
    else:
        kind, winner, pts = "undercut", other, (k - d) + opts.undercut_bonus
    pts *= 2 if doubled else 1
    return _result(kind, knocker, winner, pts, (k, d), (arr, reveal_d), doubled, d0)


def settle_big_gin(
    declarer: int, cards: Sequence[Card], defender: Sequence[Card], opts: GinOptions, doubled: bool
) -> HandResult:
    """Score a big gin: all eleven cards melded, no layoffs."""
    arr = _arrange(opts, cards)[0]
    d0 = _value(opts, defender)
    pts = (opts.big_gin_bonus + d0) * (2 if doubled else 1)
    return _result("big_gin", declarer, declarer, pts, (0, d0), (arr, _reveal(opts, defender, ())),
                   doubled, d0)


def _reveal(opts: GinOptions, cards: Sequence[Card], layoffs: tuple[Layoff, ...]) -> Reveal:
    laid = {c for c, _ in layoffs}
    arr = _arrange(opts, [c for c in cards if c not in laid])[0]
    return Reveal(arr.melds, arr.deadwood, layoffs)


def _result(kind: str, ender: int, winner: int | None, pts: int, values: tuple[int, int],
            arrs: tuple[Arrangement | Reveal, Reveal], doubled: bool, d0: int) -> HandResult:
    """Order the values and reveals by seat (ender's first in the arguments)."""
    first = arrs[0] if isinstance(arrs[0], Reveal) else Reveal(arrs[0].melds, arrs[0].deadwood)
    reveals = (first, arrs[1]) if ender == 0 else (arrs[1], first)
    vals = values if ender == 0 else (values[1], values[0])
    return HandResult(kind, ender, winner, pts, vals, reveals, doubled, d0)
