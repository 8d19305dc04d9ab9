"""Candidate Ramino 51 moves for the legal-list property test, built by brute force from the
deck and the rules file, sharing nothing with engine/ramino51/search.py or legal.py.

The candidates are actions only: whether one is legal is the game's `verify` to say. What is
enumerated (and where it is bounded) is said by each function; test_legal.py says how each
family is compared with the listed moves.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from engine.cards import Card, joker, make_deck
from engine.ramino51 import (
    CloseInHand,
    Discard,
    DrawStock,
    LayOff,
    Placed,
    Ramino51Action,
    Ramino51Game,
    SwapExchange,
    TakeDiscard,
)
from engine.table import TableMeld

FACES = make_deck()  # the 52 natural faces, pack 0
SUITS = "SHDC"
ACE_HIGH = 14
VALUES = {1: 11, 11: 10, 12: 10, 13: 10, 14: 11}  # what a card counts in a meld (the rest: face)
Face = tuple[int, str]


def at(position: int, suit: str) -> Card:
    """Return the natural card at a run position, 1 to 14 (14 the high ace)."""
    return Card(1 if position == ACE_HIGH else position, suit)


def value(position: int) -> int:
    """Return what a card at this rank position counts for the opening (rules file)."""
    return VALUES.get(position, position)


@dataclass(frozen=True)
class Cand:
    """A candidate meld: its cards as an action names them, the faces it takes (jokers as
    (0, "")) and its opening value by the rules file's table."""

    group: tuple[Placed, ...]
    faces: Counter[Face]
    value: int


def held_faces(hand: Sequence[Card]) -> Counter[Face]:
    """Return how many of each face the hand holds (a joker is (0, ""))."""
    return Counter(c.face for c in hand)


def meld_candidates(hand: Sequence[Card]) -> list[Cand]:
    """Every run and set the hand holds the cards for, jokers declared (runs) or not (sets).

    Runs: every suit, every window of 3 to 13 positions of 1 … 14, every choice of at most
    two of its positions (as many as the hand's jokers) for jokers, at least one natural card.
    Sets: every rank, 3 or 4 suits held, or 2 or 3 suits and a joker.
    """
    held = held_faces(hand)
    jokers = min(held[(0, "")], 2)
    out = [*_sets(held, jokers)]
    for suit in SUITS:
        for low in range(1, ACE_HIGH - 1):
            for high in range(low + 2, min(low + 12, ACE_HIGH) + 1):
                out += _runs(held, jokers, suit, range(low, high + 1))
    return out


def _sets(held: Counter[Face], jokers: int) -> Iterator[Cand]:
    for rank in range(1, 14):
        suits = [s for s in SUITS if held[(rank, s)]]
        for size, wild in ((3, 0), (4, 0), (2, 1), (3, 1)):
            if wild > jokers:
                continue
            for chosen in combinations(suits, size):
                group = [Placed(Card(rank, s)) for s in chosen] + [Placed(joker())] * wild
                faces = Counter((rank, s) for s in chosen) + Counter({(0, ""): wild})
                yield Cand(tuple(group), faces, value(rank) * (size + wild))


def _runs(held: Counter[Face], jokers: int, suit: str, span: range) -> Iterator[Cand]:
    missing = [p for p in span if not held[at(p, suit).face]]
    if len(missing) > jokers:
        return
    present = [p for p in span if p not in missing]
    for extra in range(jokers - len(missing) + 1):
        for subs in combinations(present, extra):
            wild = set(missing) | set(subs)
            if len(wild) == len(span):
                continue
            group = tuple(Placed(joker(), at(p, suit)) if p in wild else Placed(at(p, suit))
                          for p in span)
            faces = Counter(at(p, suit).face for p in span if p not in wild)
            yield Cand(group, faces + Counter({(0, ""): len(wild)}),
                       sum(value(p) for p in span))


def canon(group: Sequence[Placed]) -> str:
    """Return a meld's cards as an action names them, sorted (a set's joker undeclared)."""
    return " ".join(sorted(str(p) for p in group))


def fits_hand(cands: Sequence[Cand], held: Counter[Face]) -> bool:
    """Whether the hand holds the cards of all these melds at once."""
    need: Counter[Face] = Counter()
    for c in cands:
        need += c.faces
    return not need - held


def combos(cands: Sequence[Cand], held: Counter[Face], size: int,
           minimum: int) -> Iterator[tuple[Cand, ...]]:
    """Every `size` disjoint candidates (twins allowed) worth `minimum` or more together."""
    for chosen in combinations(range(len(cands)), size):
        picked = tuple(cands[i] for i in chosen)
        if sum(c.value for c in picked) >= minimum and fits_hand(picked, held):
            yield picked


def single_steps() -> list[Ramino51Action]:
    """Every draw, take, exchange swap and discard there is."""
    return [DrawStock(), TakeDiscard(), *map(SwapExchange, FACES), SwapExchange(joker()),
            *map(Discard, FACES), Discard(joker())]


def every_layoff(table: Sequence[TableMeld]) -> Iterator[LayOff]:
    """Every one-card lay-off: each card on each meld at each end, a joker as every card."""
    for meld in table:
        for end in (None, "low", "high"):
            for card in FACES:
                yield LayOff((Placed(card),), meld.id, end)
                yield LayOff((Placed(joker(), card),), meld.id, end)
            yield LayOff((Placed(joker()),), meld.id, end)


def layoff_pairs(hand: Sequence[Card], table: Sequence[TableMeld]) -> Iterator[LayOff]:
    """Two natural cards of the hand on one meld (both of its suit or rank), each end."""
    faces = sorted({c.face for c in hand if not c.is_joker})
    for meld in table:
        near = [Card(r, s) for r, s in faces if (s == meld.suit if meld.kind == "run"
                                                 else r == meld.rank)]
        for a, b in combinations(near, 2):
            for end in (None, "low", "high"):
                yield LayOff((Placed(a), Placed(b)), meld.id, end)


def payments(hand: Sequence[Card], meld: TableMeld) -> list[tuple[Card, ...]]:
    """Every one or two natural faces of the hand a joker of the meld could be paid with."""
    naturals = [Card(r, s) for r, s in sorted({c.face for c in hand if not c.is_joker})]
    if meld.kind == "run":
        return [(c,) for c in naturals if c.suit == meld.suit]
    mine = [c for c in naturals if c.rank == meld.rank]
    return [(c,) for c in mine] + list(combinations(mine, 2))


def state_key(game: Ramino51Game, report: bool = True) -> str:
    """Return the state as the equivalences read it: melds without their ids and how their
    cards got there, in a fixed order (a set's cards too); the version left out (and the
    last hand's report, unless `report`)."""
    data: dict[str, Any] = game.to_json()
    data.pop("version")
    if not report:
        data.pop("last_result")
    melds = []
    for m in data.pop("melds"):
        cards = [(e["card"], e.get("as"), e["by"]) for e in m["cards"]]
        if m["kind"] == "set":
            cards.sort(key=json.dumps)  # a set's order is the order its cards came in
        melds.append((m["owner"], m["kind"], m["suit"], m["rank"], m["low"], cards))
    data["melds"] = sorted(melds, key=json.dumps)
    data["hands"] = [sorted(h) for h in data["hands"]]
    return json.dumps(data, sort_keys=True)


def copy(game: Ramino51Game) -> Ramino51Game:
    """Return a copy of the game (through its snapshot)."""
    return Ramino51Game.from_json(game.to_json())


def close_candidates(hand: Sequence[Card], table: Sequence[TableMeld], take_exchange: bool,
                     cands: Sequence[Cand], most: int, rng: random.Random) -> list[CloseInHand]:
    """Closes in hand whose parts are new melds of `cands` covering the hand but one to three
    cards: the discard, and one-card lay-offs of the others (natural cards) on the table's
    melds as they lie; at most `most` of them, a seeded sample when there are more."""
    found: dict[str, CloseInHand] = {}
    for chosen, rest in _covers(cands, held_faces(hand)):
        for discard in sorted(set(rest)):
            left = list(rest)
            left.remove(discard)
            layoffs = _independent_layoffs(left, table)
            if layoffs is not None:
                close = CloseInHand(take_exchange, tuple(c.group for c in chosen), (),
                                    layoffs, _card(discard))
                found.setdefault(str(close), close)
    closes = list(found.values())
    rng.shuffle(closes)
    return closes[:most]


def _card(face: Face) -> Card:
    return joker() if face == (0, "") else Card(*face)


def _independent_layoffs(left: Sequence[Face], table: Sequence[TableMeld]
                         ) -> tuple[LayOff, ...] | None:
    """Return a lay-off on the table for each natural card, or None if one has no meld
    nearby (or is a joker)."""
    out = []
    for face in left:
        card = _card(face)
        target = next((m for m in table if _near(card, m)), None)
        if target is None or card.is_joker:
            return None
        out.append(LayOff((Placed(card),), target.id))
    return tuple(out)


def _near(card: Card, meld: TableMeld) -> bool:
    """Whether the card could extend the meld (the game decides): its rank, or next to a
    run's end in its suit."""
    if meld.kind != "run":
        return card.rank == meld.rank
    positions = (1, ACE_HIGH) if card.rank == 1 else (card.rank,)
    return card.suit == meld.suit and any(p in (meld.low - 1, meld.high + 1) for p in positions)


def _covers(cands: Sequence[Cand], held: Counter[Face]) -> Iterator[tuple[list[Cand],
                                                                          list[Face]]]:
    """Yield each way to put the hand's cards in disjoint candidates but one to three of
    them (the first card left goes in one of its melds, or is set aside)."""
    by_face: dict[Face, list[Cand]] = {}
    for c in cands:
        for f in c.faces:
            by_face.setdefault(f, []).append(c)

    def grow(left: Counter[Face], chosen: list[Cand], aside: list[Face]) -> Iterator[
            tuple[list[Cand], list[Face]]]:
        if not left:
            if aside:
                yield chosen, aside
            return
        face = min(left)
        for c in by_face.get(face, []):
            if not c.faces - left:
                yield from grow(left - c.faces, [*chosen, c], aside)
        if len(aside) < 3:
            yield from grow(left - Counter({face: 1}), chosen, [*aside, face])

    yield from grow(+held, [], [])
