"""A brute force over Canasta moves, for the legal list's tests (test_legal.py).

Slow and plain on purpose: candidates are drawn from the hand by kind and count, the game's
own `verify` says which it accepts, and nothing here shares code with engine/canasta/legal.py.

Moves are compared up to suits (the engine's and this file's equivalence): no Canasta rule
reads the suit of a card in a hand, a red three never staying in one, so cards of one rank
(black threes among black threes, twos among twos, jokers among jokers) are interchangeable,
and a move is known by its `key`: the kinds and counts of the cards in each of its groups.

The candidates, and where they are bounded (each bound is named where it applies):
- a new meld, an opening's meld, a take's new meld: cards of one kind (any rank, black
  threes, twos, jokers) with up to three wild jokers and three wild twos (one more than any
  meld holds); groups `engine.melds.make_group` refuses are not tried (no move can hold one:
  the meld check is tested on its own in tests/engine/test_melds.py);
- an addition: cards of the meld's rank with up to three wild jokers and three wild twos;
- the cards shown to take the pile: cards of the top's rank with the same wild bound;
- a take's or an opening's new melds are tried only with a total worth the side's minimum by
  this file's own card values (the rules refuse less), and only from a forced meld the
  engine refuses as short of the minimum (another refusal stays whatever is added).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from engine.canasta import actions as A
from engine.canasta.game import CanastaGame
from engine.cards import Card
from engine.errors import FirstMeldTooLow, InvalidMeld, RulesError
from engine.melds import make_group

Key = tuple[tuple[int, int], ...]  # (kind, count) pairs, sorted
WILD_TRIES = 3  # wild cards of each kind tried in one group: one more than any meld holds
VALUES = {0: 50, 1: 20, 2: 20, 8: 10, 9: 10, 10: 10, 11: 10, 12: 10, 13: 10}  # canasta.md


def card_value(card: Card, black_three: int) -> int:
    """Return a card's value from canasta.md's table (this file's own)."""
    return black_three if card.rank == 3 else VALUES.get(card.rank, 5)


def key(cards: Sequence[Card]) -> Key:
    """Return the kinds and counts of cards (their class up to suits)."""
    return tuple(sorted(Counter(c.rank for c in cards).items()))


def move_key(action: A.CanastaAction) -> tuple[object, ...]:
    """Return an action's class up to suits."""
    if isinstance(action, A.Discard):
        return ("discard", action.card.rank)
    if isinstance(action, A.NewMeld):
        return ("meld", key(action.cards))
    if isinstance(action, A.AddToMeld):
        return ("add", action.meld_id, key(action.cards))
    if isinstance(action, A.OpenAndDraw):
        return ("open", tuple(sorted(key(m) for m in action.melds)))
    if isinstance(action, A.TakePile):
        return ("take", key(action.cards), tuple(sorted(key(m) for m in action.extra)))
    return (str(action),)


@dataclass
class Pool:
    """The hand's faces by kind; groups take copies from it in turn."""

    kinds: dict[int, list[Card]] = field(default_factory=dict)

    @classmethod
    def of(cls, hand: Sequence[Card]) -> Pool:
        """Return the hand's pool."""
        out = cls()
        for card in sorted(hand):
            out.kinds.setdefault(card.rank, []).append(Card(card.rank, card.suit))
        return out

    def count(self, kind: int) -> int:
        """Return how many cards of a kind are left."""
        return len(self.kinds.get(kind, []))

    def take(self, counts: Counter[int]) -> tuple[list[Card], Pool] | None:
        """Return the cards of these counts and the pool left, None if it is short."""
        if any(self.count(k) < n for k, n in counts.items()):
            return None
        left = {k: list(v) for k, v in self.kinds.items()}
        cards = [left[k].pop(0) for k, n in sorted(counts.items()) for _ in range(n)]
        return cards, Pool(left)


def is_group(cards: Sequence[Card]) -> bool:
    """Whether the rules' meld check reads the cards as a meld of some rank."""
    try:
        make_group(cards)
    except InvalidMeld:
        return False
    return True


def shapes(pool: Pool, kind: int, least: int = 1) -> Iterator[Counter[int]]:
    """Yield counts of `least` or more cards of a kind with up to WILD_TRIES wilds each."""
    jokers = 0 if kind == 0 else min(WILD_TRIES, pool.count(0))
    twos = 0 if kind == 2 else min(WILD_TRIES, pool.count(2))
    for n in range(least, pool.count(kind) + 1):
        for j in range(jokers + 1):
            for t in range(twos + 1):
                counts: Counter[int] = Counter()
                counts[kind] += n
                counts[0] += j
                counts[2] += t
                if +counts:
                    yield +counts


def groups(pool: Pool) -> list[tuple[list[Card], Pool]]:
    """Return every group the pool holds that the meld check accepts, with the pool left."""
    out = []
    for kind in sorted(set(pool.kinds) | {0, 2}):
        for counts in shapes(pool, kind):
            taken = pool.take(counts)
            if taken is not None and is_group(taken[0]):
                out.append(taken)
    return out


@dataclass
class Tally:
    """What a brute force did: states, candidates, verifications, disagreements."""

    states: int = 0
    candidates: int = 0
    checked: int = 0
    listed: int = 0
    unlisted: list[str] = field(default_factory=list)  # accepted, not listed up to suits
    refused: list[str] = field(default_factory=list)  # listed, refused

    def add(self, other: Tally) -> None:
        """Add another tally's figures."""
        self.states += other.states
        self.candidates += other.candidates
        self.checked += other.checked
        self.listed += other.listed
        self.unlisted += other.unlisted
        self.refused += other.refused


class Brute:
    """The brute force at one state, for the seat to act."""

    def __init__(self, game: CanastaGame) -> None:
        self.g = game
        self.seat = game.turn
        self.side = game.side(self.seat)
        self.pool = Pool.of(game.hands[self.seat])
        self.minimum = game.minimums[self.side]
        self.tally = Tally(states=1)

    def accepts(self, action: A.CanastaAction) -> bool:
        """Whether the game's verify accepts the action."""
        self.tally.checked += 1
        try:
            self.g.verify(self.seat, action)
        except RulesError:
            return False
        return True

    def refusal(self, action: A.CanastaAction) -> RulesError | None:
        """Return the game's refusal of the action (None when accepted)."""
        self.tally.checked += 1
        try:
            self.g.verify(self.seat, action)
        except RulesError as error:
            return error
        return None

    def worth(self, cards: Sequence[Card]) -> int:
        """Return the cards' value by this file's table."""
        return sum(card_value(c, self.g.opts.black_three_value) for c in cards)

    # --- candidates -----------------------------------------------------------------------

    def plays(self) -> Iterator[A.CanastaAction]:
        """Yield the new melds and additions to try."""
        for cards, _ in groups(self.pool):
            yield A.NewMeld(tuple(cards))
        for meld in self.g.table.owned_by(self.side):
            for counts in shapes(self.pool, meld.rank, 0):
                taken = self.pool.take(counts)
                if taken is not None and is_group(meld.cards + taken[0]):
                    yield A.AddToMeld(meld.id, tuple(taken[0]))

    def shown(self) -> Iterator[tuple[list[Card], Pool]]:
        """Yield the cards that may be shown to take the pile, with the pool left."""
        if not self.g.pile:
            return
        for counts in shapes(self.pool, self.g.pile[-1].rank, 0):
            taken = self.pool.take(counts)
            if taken is not None:
                yield taken

    def openings(self, most: int) -> Iterator[A.OpenAndDraw]:
        """Yield openings of one to `most` melds worth the minimum by this file's values."""
        for melds in self.meld_sets(self.pool, most, self.minimum):
            yield A.OpenAndDraw(tuple(tuple(m) for m in melds))

    def meld_sets(self, pool: Pool, most: int, need: int) -> Iterator[list[list[Card]]]:
        """Yield sets of 1 to `most` groups from the pool worth `need` together."""
        found = groups(pool)
        for size in range(1, most + 1):
            for chosen in combinations(range(len(found)), size):
                melds = [found[i][0] for i in chosen]
                if self.worth([c for m in melds for c in m]) < need:
                    continue
                together = pool.take(Counter(c.rank for m in melds for c in m))
                if together is not None:
                    yield [list(m) for m in self.split(together[0], melds)]

    @staticmethod
    def split(cards: list[Card], melds: list[list[Card]]) -> list[list[Card]]:
        """Return the melds with distinct copies of the pool's cards, kind by kind."""
        left = {k: [c for c in cards if c.rank == k] for k in {c.rank for c in cards}}
        return [[left[c.rank].pop(0) for c in m] for m in melds]

    def takes(self, most: int) -> Iterator[A.TakePile]:
        """Yield pile takes: without new melds; with 1 to `most` new melds from a forced
        meld refused only as short of the minimum, worth it by this file's values."""
        top = self.g.pile[-1] if self.g.pile else None
        for cards, left in self.shown():
            take = A.TakePile(tuple(cards))
            yield take
            if most == 0 or top is None or not isinstance(self.refusal(take), FirstMeldTooLow):
                continue
            need = self.minimum - self.worth([top, *cards])
            for melds in self.meld_sets(left, most, need):
                yield A.TakePile(tuple(cards), tuple(tuple(m) for m in melds))

    def minimal(self, action: A.OpenAndDraw | A.TakePile) -> bool:
        """Whether no card or new meld can leave the accepted move with it still accepted."""
        return not any(self.accepts(smaller) for smaller in trimmed(action))


def trimmed(action: A.OpenAndDraw | A.TakePile) -> Iterator[A.OpenAndDraw | A.TakePile]:
    """Yield the move with one card, or one new meld, left out."""
    if isinstance(action, A.OpenAndDraw):
        for i, meld in enumerate(action.melds):
            rest = action.melds[:i] + action.melds[i + 1:]
            if rest:
                yield A.OpenAndDraw(rest)
            for j in range(len(meld)):
                yield A.OpenAndDraw((*rest[:i], meld[:j] + meld[j + 1:], *rest[i:]))
        return
    for j in range(len(action.cards)):
        yield A.TakePile(action.cards[:j] + action.cards[j + 1:], action.extra)
    for i, meld in enumerate(action.extra):
        rest = action.extra[:i] + action.extra[i + 1:]
        yield A.TakePile(action.cards, rest)
        for j in range(len(meld)):
            yield A.TakePile(action.cards, (*rest[:i], meld[:j] + meld[j + 1:], *rest[i:]))
