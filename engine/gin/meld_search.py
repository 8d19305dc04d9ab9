"""Every meld a pool of cards holds: Mahjong gin's melds and lay-offs, closed gin's deep pickups."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from ..cards import Card
from ..melds import MeldRules


def melds_in(pool: Sequence[Card], rules: MeldRules, need: Card | None = None
             ) -> list[tuple[Card, ...]]:
    """List every valid meld of the pool (holding `need` if given), cards in table order."""
    return list(_sets_in(pool, need)) + list(_runs_in(pool, rules, need))


def _sets_in(pool: Sequence[Card], need: Card | None) -> Iterator[tuple[Card, ...]]:
    ranks = sorted({c.rank for c in pool}) if need is None else [need.rank]
    for rank in ranks:
        same = sorted((c for c in pool if c.rank == rank), key=lambda c: "SHDC".index(c.suit))
        for size in (3, 4):
            yield from (g for g in combinations(same, size) if need is None or need in g)


def _runs_in(pool: Sequence[Card], rules: MeldRules, need: Card | None
             ) -> Iterator[tuple[Card, ...]]:
    wrap = rules.aces == "wrap"
    suits = sorted({c.suit for c in pool}) if need is None else [need.suit]
    for suit in suits:
        at = {c.rank: c for c in pool if c.suit == suit}
        seen: set[frozenset[Card]] = set()
        for start in sorted(at):
            run = [at[start]]
            for step in range(1, 13):
                rank = (start + step - 1) % 13 + 1 if wrap else start + step
                if rank not in at or rank == start:
                    break
                run.append(at[rank])
                key = frozenset(run)
                if len(run) >= 3 and key not in seen and (need is None or need in run):
                    seen.add(key)
                    yield tuple(run)
