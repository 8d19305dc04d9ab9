"""An exact search for new melds that reach a side's opening minimum (legal.py's last resort).

An unopened side opens, or takes the pile, with new melds of different ranks worth its
minimum while the hand keeps a card to discard (two, or one with two canastas, one clean).
Whether any such melds exist is a small knapsack over the ranks the hand can meld: the
wild cards each meld takes are shared, the values add up, the cards used must leave room.
First the richest choice is tried (enough when it leaves room); else a table of the fewest
cards reaching the minimum, kept per wild cards used and canastas made, decides. The rules
are not read again here: the options are melds the rules' own checks accepted, values and
canasta kinds are theirs, and whatever is found is checked as a whole by the caller.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .melds import CLEAN, can_go_out
from .shapes import Shape

Picks = tuple["Option", ...]


@dataclass(frozen=True, slots=True)
class Option:
    """A meld the search may pick: its shape, its value and its canasta kind ("" if none)."""

    shape: Shape
    value: int
    kind: str


@dataclass(frozen=True, slots=True)
class Goal:
    """What the melds must do: reach `need` points with the hand's `jokers` and `twos`, and
    leave a card: the hand holds `spare` cards if they take none; `kinds` are the canastas
    the move makes besides them (for the last-card rule)."""

    need: int
    jokers: int
    twos: int
    spare: int
    kinds: tuple[str, ...] = ()


def reach(ranks: Sequence[Sequence[Option]], goal: Goal) -> list[Picks]:
    """Return choices of at most one option per rank that meet the goal, best first (empty
    when none does)."""
    richest = _richest(ranks, goal)
    if richest is None or sum(o.value for o in richest) < goal.need:
        return []
    if goal.spare - _size(richest) >= 2:
        return [richest]
    return _fewest(ranks, goal)


def _size(picks: Picks) -> int:
    return sum(o.shape.size for o in picks)


def _fits(option: Option, jokers: int, twos: int, goal: Goal) -> tuple[int, int] | None:
    """Return the wild cards used with this option, or None past the hand's."""
    j, t = option.shape.used
    if jokers + j > goal.jokers or twos + t > goal.twos:
        return None
    return jokers + j, twos + t


def _richest(ranks: Sequence[Sequence[Option]], goal: Goal) -> Picks | None:
    """Return the most valuable choice (the fewest cards among equals)."""
    table: dict[tuple[int, int], Picks] = {(0, 0): ()}
    for options in ranks:
        grown = dict(table)
        for (j, t), picks in table.items():
            for option in options:
                key = _fits(option, j, t, goal)
                if key is not None and _better(picks + (option,), grown.get(key)):
                    grown[key] = picks + (option,)
        table = grown
    return max(table.values(), key=lambda p: (sum(o.value for o in p), -_size(p)))


def _better(picks: Picks, than: Picks | None) -> bool:
    if than is None:
        return True
    return (sum(o.value for o in picks), -_size(picks)) > (sum(o.value for o in than),
                                                             -_size(than))


# per (jokers, twos, points reached capped at the need, canastas made capped at 2, a clean
# one among them): the choice with the fewest cards
Key = tuple[int, int, int, int, bool]


def _fewest(ranks: Sequence[Sequence[Option]], goal: Goal) -> list[Picks]:
    """Return the choices reaching the need that leave two cards, or one with the going-out
    condition, from a table of the fewest cards per state."""
    table: dict[Key, Picks] = {(0, 0, 0, 0, False): ()}
    for options in ranks:
        grown = dict(table)
        for (j, t, points, made, clean), picks in table.items():
            for option in options:
                wild = _fits(option, j, t, goal)
                if wild is None:
                    continue
                key = (*wild, min(goal.need, points + option.value),
                       min(2, made + bool(option.kind)), clean or option.kind in CLEAN)
                old = grown.get(key)
                if old is None or _size(picks) + option.shape.size < _size(old):
                    grown[key] = picks + (option,)
        table = grown
    found = [p for key, p in table.items() if key[2] >= goal.need and _leaves_card(p, goal)]
    return sorted(found, key=_size)


def _leaves_card(picks: Picks, goal: Goal) -> bool:
    left = goal.spare - _size(picks)
    return left >= 2 or (left == 1 and can_go_out([*goal.kinds, *(o.kind for o in picks)]))
