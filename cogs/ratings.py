"""What players read of ratings: the number with its "?", its change, the final table's line,
the /stats lines and the rating leaderboard's rows (bot/storage/ratings.py computes them)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from bot.storage import PlayerRating, RatingChange, Skill
from cogs.adapters import LEVELS

TOP = 10  # the leaderboard's established players shown
PROVISIONAL_SHOWN = 5  # and its provisional ones, listed apart under them


def rating_text(skill: Skill) -> str:
    """Return the number shown, with "?" while it is provisional ("1563?")."""
    return f"{skill.shown}{'?' if skill.provisional else ''}"


def final_line(changes: Sequence[RatingChange], names: Sequence[str], locale: str) -> str:
    """Return the final table's line of each player's new rating and its change ("" if the
    game was not rated)."""
    if not changes:
        return ""
    each = ", ".join(t("rating.change", locale, name=names[c.seat], rating=rating_text(c.after),
                       change=c.delta) for c in changes)
    return t("rating.final", locale, changes=each)


def stats_rating_line(rating: PlayerRating, title: str, locale: str) -> str:
    """Return a /stats line: a board's rating, and its change over his last rated games."""
    if rating.earlier is None or rating.recent == 0:
        return t("rating.stats", locale, game=title, rating=rating_text(rating.skill))
    return t("rating.stats_recent", locale, game=title, rating=rating_text(rating.skill),
             change=rating.skill.shown - rating.earlier.shown, count=rating.recent)


def who(rating: PlayerRating, locale: str) -> str:
    """Return a ladder row's name: a person's latest, or the computer of a level."""
    if rating.level is None:
        return rating.name
    level = t(f"level.{rating.level}", locale) if rating.level in LEVELS else rating.level
    return t("rating.computer", locale, level=level)


def ranked(ladder: Sequence[PlayerRating]) -> list[PlayerRating]:
    """Return a ladder best first: the higher number, then more games, then the name."""
    return sorted(ladder, key=lambda r: (-r.skill.shown, -r.skill.games, r.name, r.player))


def board_rows(ladder: Sequence[PlayerRating], caller: str, locale: str
               ) -> tuple[list[list[str]], int | None]:
    """Return the rating leaderboard's rows and the caller's row index: the top established
    players numbered, then the provisional ones apart under their own line, each list with
    the caller's own row after it if he is further down."""
    order = ranked(ladder)
    settled = [r for r in order if not r.skill.provisional]
    unsure = [r for r in order if r.skill.provisional]
    places = _places(settled)
    listed: list[tuple[str, PlayerRating | None]] = [
        (str(places[i]), r) for i, r in enumerate(settled) if i < TOP or r.player == caller]
    if unsure:
        listed.append(("", None))  # the provisional players' own line
        listed += [("", r) for i, r in enumerate(unsure)
                   if i < PROVISIONAL_SHOWN or r.player == caller]
    rows = [_row(place, r, locale) if r is not None
            else ["", t("rating.provisional", locale), "", "", ""] for place, r in listed]
    mine = next((i for i, (_, r) in enumerate(listed) if r is not None and r.player == caller),
                None)
    return rows, mine


def _row(place: str, rating: PlayerRating, locale: str) -> list[str]:
    """Return one leaderboard row: place, name, rating, games and win rate."""
    skill = rating.skill
    return [place, who(rating, locale), rating_text(skill), str(skill.games),
            f"{skill.wins / skill.games:.0%}"]


def _places(order: Sequence[PlayerRating]) -> list[int]:
    """Number ranked ratings 1, 2, …; equal numbers share a place."""
    shown = [r.skill.shown for r in order]
    return [shown.index(value) + 1 for value in shown]
