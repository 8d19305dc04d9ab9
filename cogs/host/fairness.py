"""Fair shuffles at the table: each deal's commitment when it is dealt, its seed at the
hand's end (docs/fair-shuffles.md). A live hand's seed is never told, nor logged."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from engine.game import DealSeed, Game


def with_commitment(lines: Sequence[str], game: Game, locale: str) -> list[str]:
    """Return the lines of a deal with the commitment added to the last (the deal's own: it
    is told last), so the move log keeps as many moves as before."""
    told = commitment_lines(game, locale)
    if not lines or not told:
        return [*lines, *told]
    return [*lines[:-1], f"{lines[-1]} {told[0]}"]


def commitment_lines(game: Game, locale: str) -> list[str]:
    """Return the line showing the commitment of each deck in play (none: nothing to show)."""
    hashes = game.commitments()
    if not hashes:
        return []
    return [t("fair.commitment", locale, count=len(hashes),
              hashes=", ".join(f"`{h}`" for h in hashes))]


def reveal_lines(game: Game, dealt_again: bool, locale: str) -> list[str]:
    """Return the line revealing the seeds of the hand just ended (none: nothing to show)."""
    seeds = game.revealed(dealt_again)
    if not seeds:
        return []
    return [t("fair.revealed", locale, count=len(seeds),
              seeds="; ".join(seed_words(s, locale) for s in seeds))]


def seed_words(seed: DealSeed, locale: str) -> str:
    """Write one deal's seed with its commitment."""
    return t("fair.seed", locale, seed=seed.seed, hash=seed.commitment)
