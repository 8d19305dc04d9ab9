"""Legal lists sound and complete: the half of every game's completeness test that is not its own.

A game's test walks reachable states by seeded random play (`walk`) and, at each, gives
`Tally.check` a seat and brute-force candidate texts built from the state by the test itself
(every card for a discard, every subset of the hand that could be a meld, every meld id and
end for a lay-off, every pile depth…), never from the engine's own listing. Then:

- sound: every listed action is accepted by `verify`;
- complete: every candidate `verify` accepts is listed, compared by what it does (`key`: a
  lay-off naming the only end it fits is the listed one naming none), or, for an action that
  puts several melds down at once, `split`s into shorter actions that, played one after the
  other, are each listed in turn and end in the same state ("covered"): the player can do
  it with the controls the listed actions make.

The tally counts states, listed actions checked, candidates tried and accepted, and keeps
every unlisted accepted candidate and every refused listed action with its state, so that a
failure names the move and the position.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations
from typing import Any

from engine.base import CardGame
from engine.cards import Card
from engine.errors import RulesError
from tests.engine.fuzz import legal_moves

Game = CardGame[Any, Any]
Key = Callable[[Any, int, Any], Hashable]  # (game, seat, action) -> what the action does
# an action putting several melds down -> the ways to play it as shorter steps ([]: none)
Split = Callable[[Any], list[list[Any]]]


def by_text(game: Any, seat: int, action: Any) -> Hashable:
    """Return the action's text: the key of games whose actions have one spelling each."""
    return str(action)


def melds_key(melds: Iterable[Iterable[Card]]) -> tuple[tuple[str, ...], ...]:
    """Return melds as players see them: each meld's sorted cards, the melds sorted."""
    return tuple(sorted(tuple(sorted(c.text for c in m)) for m in melds))


@dataclass
class Tally:
    """What a completeness walk saw: its figures and every discrepancy found."""

    game: str
    states: int = 0
    listed: int = 0
    candidates: int = 0
    accepted: int = 0
    covered: int = 0
    kinds: Counter[str] = field(default_factory=Counter)  # accepted candidates by verb
    unlisted: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    parsed: dict[str, Any] = field(default_factory=dict, repr=False)  # text -> action
    first_state: str = field(default="", repr=False)  # the snapshot of the first failure

    def check(self, game: Any, seat: int, texts: Iterable[str], listed: Sequence[Any] | None = None,
              key: Key = by_text, split: Split | None = None) -> None:
        """Check the seat's listed actions (`listed`, else legal_actions) against candidates."""
        if listed is None:
            listed = game.legal_actions(seat)
        keys: set[Hashable] = set()
        for action in listed:
            self.listed += 1
            if not game.can(seat, action):
                self.refused.append(self._where(game, seat, action, _why(game, seat, action)))
                continue
            k = key(game, seat, action)
            if k in keys:
                self.refused.append(self._where(game, seat, action, "listed twice"))
            keys.add(k)
        for text in texts:
            self._candidate(game, seat, text, keys, key, split)

    def _candidate(self, game: Any, seat: int, text: str, keys: set[Hashable], key: Key,
                   split: Split | None) -> None:
        action = self.parsed.get(text)
        if action is None:  # parsing is pure: each text once per walk
            try:
                action = self.parsed[text] = game.parse_action(text)
            except RulesError as error:
                raise AssertionError(f"the test built a text the parser refuses: {text}"
                                     ) from error
        self.candidates += 1
        if not game.can(seat, action):
            return
        self.accepted += 1
        self.kinds[text.split()[0]] += 1
        if key(game, seat, action) in keys:
            return
        ways = split(action) if split is not None else []
        if ways and covered(game, seat, action, ways, key):
            self.covered += 1
            return
        self.unlisted.append(self._where(game, seat, action, "accepted, not listed"))

    def _where(self, game: Any, seat: int, action: Any, what: str) -> str:
        if not self.unlisted and not self.refused:  # the first one's position in full
            self.first_state = json.dumps(game.to_json())
        return f"{self.game}: seat {seat}, '{action}': {what}"

    def line(self) -> str:
        """Return the figures as one line (printed by the tests: `pytest -s` shows them)."""
        return (f"{self.game}: {self.states} states, {self.listed} listed moves checked, "
                f"{self.candidates} candidates ({self.accepted} accepted, {self.covered} of them "
                f"several melds replayed as listed steps), {len(self.unlisted)} unlisted "
                f"accepted, {len(self.refused)} listed refused")

    def assert_clean(self, min_states: int, verbs: Iterable[str] = ()) -> None:
        """Fail on any discrepancy, on too short a walk, or on a verb never accepted."""
        print(self.line())
        for found in (self.unlisted, self.refused):
            assert not found, "\n".join([*found[:8], f"first at {self.first_state}"])
        assert self.states >= min_states, self.line()
        missing = [v for v in verbs if not self.kinds[v]]
        assert not missing, f"the walk never reached a legal {missing}: {self.line()}"


def _why(game: Any, seat: int, action: Any) -> str:
    try:
        game.verify(seat, action)
    except RulesError as error:
        return f"listed, refused: {error.code}: {error}"
    return "listed, refused"


def covered(game: Any, seat: int, action: Any, ways: list[list[Any]], key: Key) -> bool:
    """Whether one of the ways is a series of steps, each listed in turn, that ends where
    `action` does."""
    whole = _copy(game)
    whole.apply(seat, action)
    goal = _state(whole)
    for steps in ways:
        g = _copy(game)
        for step in steps:
            if key(g, seat, step) not in {key(g, seat, a) for a in g.legal_actions(seat)}:
                break
            g.apply(seat, step)
        else:
            if _state(g) == goal:
                return True
    return False


def _copy(game: Any) -> Any:
    return type(game).from_json(json.loads(json.dumps(game.to_json())))


def _state(game: Any) -> str:
    """Return the snapshot without its counters of accepted actions, and with the table's
    melds unnamed and in one order: their names (A, B …) follow the order they were put
    down, which is all two ways of putting down the same melds differ in."""
    data = game.to_json()
    for holder in [data, *data.get("boards", [])]:
        holder.pop("version", None)
        for field_ in ("melds", "table"):
            if isinstance(holder.get(field_), list):
                holder[field_] = sorted(json.dumps({k: v for k, v in m.items() if k != "id"},
                                                   sort_keys=True) for m in holder[field_])
    return json.dumps(data, sort_keys=True)


# --- candidates -----------------------------------------------------------------------------


def could_meld(cards: Sequence[Card]) -> bool:
    """Whether the cards might be a meld of some game: one rank, or one suit of distinct ranks
    that lie within as many consecutive ranks as there are cards (jokers filling the gaps).

    Deliberately looser than any game's rules (ranks may wrap round the ace, sets may repeat
    a suit, jokers go anywhere): it only prunes subsets no game accepts; verify judges the
    rest.
    """
    naturals = [c for c in cards if not c.is_joker]
    ranks = sorted({c.rank for c in naturals})
    if len(ranks) <= 1:
        return bool(ranks)
    if len({c.suit for c in naturals}) != 1 or len(ranks) != len(naturals):
        return False
    gaps = [(ranks[(i + 1) % len(ranks)] - r) % 13 for i, r in enumerate(ranks)]
    return 14 - max(gaps) <= len(cards)  # the shortest stretch of ranks holding them all


def meld_subsets(pool: Sequence[Card], need: Card | None = None, low: int = 3,
                 high: int = 13) -> Iterator[tuple[Card, ...]]:
    """Yield every subset of the pool of `low` to `high` cards that `could_meld` (holding
    `need`, if given), once per spelling: two copies of a card are one card to a player."""
    seen: set[tuple[str, ...]] = set()
    for group in _groups(sorted(pool), need):
        for size in range(low, min(high, len(group)) + 1):
            for combo in combinations(group, size):
                spelt = tuple(c.text for c in combo)
                if spelt not in seen and (need is None or need in combo) and could_meld(combo):
                    seen.add(spelt)
                    yield combo


def _groups(cards: Sequence[Card], need: Card | None) -> Iterator[list[Card]]:
    """Yield the cards sharing a rank, then those sharing a suit (jokers in each): a meld's
    naturals share one or the other, so no meld lies outside these groups."""
    jokers = [c for c in cards if c.is_joker]
    naturals = [c for c in cards if not c.is_joker]
    ranks = {c.rank for c in naturals} if need is None or need.is_joker else {need.rank}
    suits = {c.suit for c in naturals} if need is None or need.is_joker else {need.suit}
    for rank in sorted(ranks):
        yield [c for c in naturals if c.rank == rank] + jokers
    for suit in sorted(suits):
        yield [c for c in naturals if c.suit == suit] + jokers


def orders(steps: Sequence[Any]) -> list[list[Any]]:
    """Return every order of the steps: a split whose steps may come in any order."""
    return [list(p) for p in permutations(steps)]


def disjoint_pairs(melds: Sequence[tuple[Card, ...]]) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Yield every pair of melds that share no card."""
    for a, b in combinations(melds, 2):
        if not set(a) & set(b):
            yield a, b


def disjoint_triples(melds: Sequence[tuple[Card, ...]]
                     ) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Yield every three melds that share no card."""
    for a, b, c in combinations(melds, 3):
        if not (set(a) & set(b) or set(a) & set(c) or set(b) & set(c)):
            yield a, b, c


def joined(melds: Iterable[Iterable[Card]]) -> str:
    """Return melds as action text: cards joined by commas, melds by spaces."""
    return " ".join(",".join(c.text for c in m) for m in melds)


# --- the walk -------------------------------------------------------------------------------


Move = tuple[int, Any]
Choose = Callable[[Any, list[Move], random.Random], Move]


def walk(make: Callable[[int], Game], states: int, look: Callable[[Game], None],
         choose: Choose, per_game: int = 400) -> None:
    """Look (`look`) at `states` states of seeded random games: game n is `make(n)`, its
    moves chosen by `choose` with `random.Random(n)`, for at most `per_game` moves, the
    next game starting when one ends."""
    seen, n = 0, 0
    while seen < states:
        game, rng = make(n), random.Random(n)
        n += 1
        for _ in range(per_game):
            look(game)
            seen += 1
            moves = legal_moves(game)
            if not moves or seen >= states:
                break
            game.apply(*choose(game, moves, rng))
