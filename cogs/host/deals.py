"""Where new games get their cards: shuffled, or scripted by tests and benchmarks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from cogs.adapters import Deal


class DealSource(Protocol):
    """Decides how the next game of a kind is dealt."""

    def next_deal(self, game: str) -> Deal:
        """Return the deal of the next new game of this kind."""
        ...


class RandomDeals:
    """Every game shuffled by its engine (the real bot)."""

    def next_deal(self, game: str) -> Deal:
        """Return an empty deal: the engine shuffles a fresh deck."""
        return Deal()


class ScriptedDeals:
    """Deals queued per game kind, then shuffled ones once the queue is empty."""

    def __init__(self) -> None:
        self._queued: dict[str, list[Deal]] = {}

    def queue(self, game: str, *decks: Sequence[str], first_dealer: int | None = None,
              seed: int | None = None) -> None:
        """Deal the next game of this kind from these decks (one per hand), dealer, or seed."""
        deal = Deal(tuple(tuple(d) for d in decks), first_dealer, seed)
        self._queued.setdefault(game, []).append(deal)

    def next_deal(self, game: str) -> Deal:
        """Return the oldest queued deal of this kind, or a shuffled one."""
        queued = self._queued.get(game)
        return queued.pop(0) if queued else Deal()
