"""Events several games share, declared once (a game's own events live in its package)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """The pile but its top card was shuffled into a new stock."""

    stock: int
    rebuilds: int  # times this hand
