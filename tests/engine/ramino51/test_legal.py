"""legal_actions is sound and complete: every listed move is accepted, and every move the
game accepts, among brute-force candidates (tests/engine/ramino51/candidates.py), is listed
or has the same effect as listed moves played one after another (engine/ramino51/legal.py
names the equivalences).

The states: seeded random games of 2 to 4 players for every preset and two other option
sets, plays preferred, every EVERY-th position checked up to STATES per game
(RUMMY_PROPERTY_MATCHES games per set; 1 by default, a few seconds). The candidates at
each state, and how each is compared:

- every draw, take, exchange swap and discard of the deck: listed exactly;
- every meld the hand holds the cards for: once opened, listed (as the same meld); before,
  an opening alone, listed. Every two of them worth the minimum together before opening
  (any two once opened, at most PAIRS of them), and at most TRIPLES three: listed, or
  holding a listed opening and the rest listed one by one after it (before opening), or
  each listed alone (opened); for at most SEQUENCES of them per state the moves are played
  one by one on a copy and must end in the same state (ids of melds, copies of twins, the
  order of a set's cards and how a table card got there aside);
- every one-card lay-off of a card held (a joker as every card) on every meld at every end:
  the meld it makes is one a listed lay-off makes; two cards on one meld (at most PAIRS):
  one then the other, each listed, same state (SEQUENCES of them);
- every joker swap paid with one or two held cards, its joker laid off on any meld (as any
  card) or in a new meld with two or three cards of the hand: the same hand and table as a
  listed swap, or (three hand cards) a listed swap with a meld of three then a listed
  lay-off;
- the closes in hand made of new melds and at most two one-card lay-offs (CLOSES of them
  per state): if one is accepted, a close is listed, and both end in the same state (the
  hand's report aside).
Crafted hands that close cover the closes, which random play rarely reaches.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations
from typing import TypeVar

import pytest

from engine.cards import Card, joker
from engine.errors import RulesError
from engine.ramino51 import (
    PRESETS,
    CloseInHand,
    JokerUse,
    LayOff,
    MeldCards,
    Placed,
    Ramino51Action,
    Ramino51Game,
    Ramino51Options,
    SwapJoker,
    parse_action,
    preset,
)
from engine.ramino51.draft import Draft
from engine.table import TableMeld

from .candidates import (
    SUITS,
    Cand,
    at,
    canon,
    close_candidates,
    combos,
    copy,
    every_layoff,
    held_faces,
    layoff_pairs,
    meld_candidates,
    payments,
    single_steps,
    state_key,
)
from .scripted import crafted

GAMES = int(os.environ.get("RUMMY_PROPERTY_MATCHES", "1"))
EVERY, STATES = 3, 200  # positions between two checked; the most checked per game
PAIRS, TRIPLES, SEQUENCES, CLOSES = 40, 20, 2, 6
SETS = {**PRESETS, "opening_30": Ramino51Options(opening_minimum=30, stock_rebuilds=0),
        "loose": preset("four_jokers", discard_taken_card=True, direction="reverse")}
PLAYS = (MeldCards, LayOff, SwapJoker, CloseInHand)
T = TypeVar("T")
FIGURES: dict[str, Counter[str]] = {}


@dataclass
class Tally:
    """What a run checked, and what it found wrong."""

    counts: Counter[str] = field(default_factory=Counter)
    unlisted: list[str] = field(default_factory=list)  # accepted, not listed nor equivalent
    refused: list[str] = field(default_factory=list)  # listed, refused


def positions(opts: Ramino51Options, seed: int) -> Iterator[tuple[Ramino51Game, int]]:
    """Yield every EVERY-th position of a random game (plays seven times in ten)."""
    rng = random.Random(seed)
    g = Ramino51Game(opts, players=2 + seed % 3, seed=seed)
    for n in range(EVERY * STATES):
        if g.is_over:
            return
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        if n % EVERY == 0:
            yield g, seat
        plays = [a for a in legal if isinstance(a, PLAYS)]
        g.apply(seat, rng.choice(plays if plays and rng.random() < 0.7 else legal))


class Check:
    """Every check of one state."""

    def __init__(self, g: Ramino51Game, seat: int, tally: Tally, rng: random.Random) -> None:
        self.g, self.seat, self.tally, self.rng = g, seat, tally, rng
        self.listed = g.legal_actions(seat)
        self.texts = {str(a) for a in self.listed}
        self.hand = list(g.hands[seat])
        self.held = held_faces(self.hand)
        self.sequences = SEQUENCES

    def accepted(self, action: Ramino51Action) -> bool:
        """Whether the game accepts the candidate (counted)."""
        self.tally.counts["candidates"] += 1
        return self.g.can(self.seat, action)

    def unlisted(self, action: Ramino51Action, why: str = "") -> None:
        self.tally.unlisted.append(f"{action} {why}".strip())

    def run(self) -> None:
        self.tally.counts["states"] += 1
        for action in self.listed:
            self.tally.counts["moves"] += 1
            if not self.g.can(self.seat, action):
                self.tally.refused.append(str(action))
            # listed as typed, its text parses back to it: no copy of a twin shows
            assert parse_action(str(action)) == action, action
        for action in single_steps():
            if self.accepted(action) and str(action) not in self.texts:
                self.unlisted(action)
        if self.g.phase == "play":
            cands = meld_candidates(self.hand)
            if self.g.opened[self.seat]:
                self.opened_melds(cands)
                self.layoffs()
                self.swaps()
            else:
                self.openings(cands)
        self.closes()

    # --- melds ---------------------------------------------------------------------------

    def listed_melds(self) -> set[tuple[str, ...]]:
        """Return each listed meld action as its melds' canon texts, sorted."""
        return {tuple(sorted(canon(m) for m in a.melds)) for a in self.listed
                if isinstance(a, MeldCards)}

    def opened_melds(self, cands: Sequence[Cand]) -> None:
        """Each meld is listed alone; two at once are each listed (and played one by one)."""
        singles = {m[0] for m in self.listed_melds()}
        for c in cands:
            if self.accepted(MeldCards((c.group,))) and canon(c.group) not in singles:
                self.unlisted(MeldCards((c.group,)))
        for pair in self.sample(combos(cands, self.held, 2, 0), PAIRS):
            action = MeldCards(tuple(c.group for c in pair))
            if self.accepted(action):
                if any(canon(c.group) not in singles for c in pair):
                    self.unlisted(action)
                else:
                    self.in_turn(action, [MeldCards((c.group,)) for c in pair])

    def openings(self, cands: Sequence[Cand]) -> None:
        """Each opening is listed, or holds a listed one (and the rest follows, listed)."""
        listed = self.listed_melds()
        minimum = self.g.opts.opening_minimum
        found = [(c,) for c in cands]
        found += list(combos(cands, self.held, 2, minimum))
        found += self.sample(combos(cands, self.held, 3, minimum), TRIPLES)
        for combo in found:
            action = MeldCards(tuple(c.group for c in combo))
            if not self.accepted(action):
                continue
            texts = Counter(canon(c.group) for c in combo)
            if tuple(sorted(texts.elements())) in listed:
                continue
            inside = [o for o in listed if not Counter(o) - texts]
            if not inside:
                self.unlisted(action, "(no listed opening inside)")
                continue
            first = next(a for a in self.listed if isinstance(a, MeldCards)
                         and tuple(sorted(canon(m) for m in a.melds)) == inside[0])
            rest = texts - Counter(inside[0])
            later = []
            for c in combo:
                if rest[canon(c.group)] > 0:
                    rest[canon(c.group)] -= 1
                    later.append(MeldCards((c.group,)))
            self.in_turn(action, [first, *later])

    def in_turn(self, action: Ramino51Action, steps: Sequence[Ramino51Action]) -> None:
        """Check (SEQUENCES times per state) that the steps, each listed at its point, end
        where the action does."""
        if self.sequences <= 0:
            return
        self.sequences -= 1
        self.tally.counts["sequences"] += 1
        whole, stepped = copy(self.g), copy(self.g)
        whole.apply(self.seat, action)
        for step in steps:
            if str(step) not in {str(a) for a in stepped.legal_actions(self.seat)}:
                self.unlisted(action, f"(step {step} not listed)")
                return
            stepped.apply(self.seat, step)
        if state_key(whole) != state_key(stepped):
            self.unlisted(action, "(the steps end elsewhere)")

    def sample(self, found: Iterable[T], most: int) -> list[T]:
        """Return at most `most` of the candidates, a seeded sample."""
        every = list(found)
        self.rng.shuffle(every)
        return every[:most]

    # --- lay-offs and joker swaps --------------------------------------------------------

    def layoffs(self) -> None:
        """One card: the meld it makes is a listed one's; two: one then the other."""
        listed = {self.layoff_effect(a) for a in self.listed if isinstance(a, LayOff)}
        table = self.g.table.melds
        held = {c.face for c in self.hand}
        for action in every_layoff(table):
            card = action.cards[0].card
            if card.face in held and self.accepted(action) and (
                    self.layoff_effect(action) not in listed):
                self.unlisted(action)
        for pair in self.sample(layoff_pairs(self.hand, table), PAIRS):
            if self.accepted(pair) and self.sequences > 0:
                self.two_cards(pair)

    def layoff_effect(self, action: LayOff) -> str:
        draft = self.g.layoff_draft(self.seat, action)
        meld = draft.melds[draft.index(action.meld_id)]
        return " ".join(f"{e.card}={e.stands_for}" for e in meld.entries)

    def two_cards(self, action: LayOff) -> None:
        """Two cards laid off at once: one order of single lay-offs ends in the same state."""
        whole = copy(self.g)
        whole.apply(self.seat, action)
        goal = state_key(whole)
        for order in permutations(action.cards):
            stepped = copy(self.g)
            for p in order:
                step = next((a for a in stepped.legal_actions(self.seat) if isinstance(a, LayOff)
                             and a.meld_id == action.meld_id and texts(a.cards) == [str(p)]
                             and a.end in (None, action.end)), None)
                if step is None:
                    break
                stepped.apply(self.seat, step)
            else:
                if state_key(stepped) == goal:
                    self.tally.counts["sequences"] += 1
                    self.sequences -= 1
                    return
        self.unlisted(action, "(no listed lay-offs one by one)")

    def swaps(self) -> None:
        """Every swap with every use: the same hand and table as a listed swap."""
        listed = {self.swap_effect(a) for a in self.listed if isinstance(a, SwapJoker)}
        for meld in self.g.table:
            if not any(e.card.is_joker for e in meld.entries):
                continue
            for naturals in payments(self.hand, meld):
                for use in self.uses(naturals):
                    action = SwapJoker(meld.id, naturals, use)
                    if self.accepted(action) and self.swap_effect(action) not in listed:
                        if len(use.meld) > 3:
                            self.bigger_use(action)
                        else:
                            self.unlisted(action)

    def swap_effect(self, action: SwapJoker) -> str:
        return draft_key(self.g.swap_draft(self.seat, action))

    def uses(self, naturals: Sequence[Card]) -> Iterator[JokerUse]:
        """Every lay-off of the joker (as any card of the meld's suit, or undeclared), and
        every new meld of the joker with two or three cards of the hand left."""
        for meld in self.g.table:
            yield JokerUse(meld_id=meld.id)
            if meld.kind == "run":
                for p in range(1, 15):
                    yield JokerUse(meld_id=meld.id, as_=at(p, meld.suit))
        rest = Counter(c.face for c in self.hand) - Counter(c.face for c in naturals)
        faces = sorted(rest)
        for size in (2, 3):
            for chosen in combinations(faces, size):
                yield from (JokerUse(meld=g) for g in readings(chosen))

    def bigger_use(self, action: SwapJoker) -> None:
        """A new meld of the joker and three hand cards: a listed swap with three of them,
        then the fourth laid off (listed), end where it does."""
        whole = copy(self.g)
        whole.apply(self.seat, action)
        goal = state_key(whole)
        for a in self.listed:
            if not (isinstance(a, SwapJoker) and a.meld_id == action.meld_id
                    and texts(a.naturals) == texts(action.naturals) and a.use.meld):
                continue
            left = Counter(texts(p.card for p in action.use.meld)) - Counter(
                texts(p.card for p in a.use.meld))
            if left.total() != 1:
                continue
            stepped = copy(self.g)
            stepped.apply(self.seat, a)
            made = stepped.table.melds[-1].id
            for lay in stepped.legal_actions(self.seat):
                if (isinstance(lay, LayOff) and lay.meld_id == made
                        and Counter(texts(p.card for p in lay.cards)) == left):
                    after = copy(stepped)
                    after.apply(self.seat, lay)
                    if state_key(after) == goal:
                        self.tally.counts["sequences"] += 1
                        return
        self.unlisted(action, "(no listed swap and lay-off)")

    # --- the close in hand ---------------------------------------------------------------

    def closes(self) -> None:
        """If a candidate close is accepted, a close is listed and ends the same way."""
        g = self.g
        listed = [a for a in self.listed if isinstance(a, CloseInHand)]
        if g.opened[self.seat] or g.acted:
            return
        take = g.phase == "draw"
        if take and g.exchange is None:
            return
        hand = self.hand + ([g.exchange] if take and g.exchange is not None else [])
        for close in close_candidates(hand, g.table.melds, take, meld_candidates(hand),
                                      CLOSES, self.rng):
            if not self.accepted(close):
                continue
            self.tally.counts["closes"] += 1
            if not listed:
                self.unlisted(close, "(no close listed)")
                return
            ours, theirs = copy(g), copy(g)
            ours.apply(self.seat, listed[0])
            theirs.apply(self.seat, close)
            if outcome(ours) != outcome(theirs):
                self.unlisted(close, "(ends elsewhere than the listed close)")
            return


def readings(faces: Sequence[tuple[int, str]]) -> list[tuple[Placed, ...]]:
    """Every meld of these cards and a retrieved joker: a set (jokers undeclared), and a run
    in each window its natural cards fit, the jokers in the gaps."""
    cards = [joker() if f == (0, "") else Card(*f) for f in faces]
    naturals = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals) + 1
    out: list[tuple[Placed, ...]] = [(*(Placed(c) for c in naturals), *[Placed(joker())] * jokers)]
    suits = {c.suit for c in naturals}
    if len(suits) != 1:
        return out
    suit, size = suits.pop(), len(cards) + 1
    for low in range(1, 16 - size):
        span = range(low, low + size)
        places = [[p for p in ((1, 14) if c.rank == 1 else (c.rank,)) if p in span]
                  for c in naturals]
        taken = {p[0] for p in places if len(p) == 1}
        if any(len(p) != 1 for p in places) or len(taken) != len(naturals):
            continue
        out.append((*(Placed(c) for c in naturals),
                    *(Placed(joker(), at(q, suit)) for q in span if q not in taken)))
    return out


def texts(cards: Iterable[object]) -> list[str]:
    """Return the cards' texts (copies of twins alike)."""
    return [str(c) for c in cards]


def outcome(game: Ramino51Game) -> str:
    """Return how a close in hand left the game: the totals, and the next hand as dealt (the
    last hand's table and report aside, once the game is over)."""
    if game.is_over:
        return json.dumps([game.totals, game.board.hands])
    return state_key(game, report=False)


def draft_key(draft: Draft) -> str:
    """Return a play's hand and table, ids of melds and copies of twins aside."""
    melds = sorted(meld_text(m) for m in draft.melds)
    return json.dumps([sorted(c.text for c in draft.hand), melds])


def meld_text(meld: TableMeld) -> str:
    """Return a table meld as the equivalences read it (a set's cards in any order)."""
    cards = [f"{e.card}={e.stands_for}:{e.by}" for e in meld.entries]
    return f"{meld.owner} " + " ".join(sorted(cards) if meld.kind == "set" else cards)


def check_set(name: str, opts: Ramino51Options, first_seed: int) -> Tally:
    """Check every EVERY-th position of GAMES games under the options."""
    tally = Tally()
    rng = random.Random(first_seed)
    for game_no in range(GAMES):
        for g, seat in positions(opts, first_seed + game_no):
            Check(g, seat, tally, rng).run()
    FIGURES[name] = tally.counts
    return tally


@pytest.mark.parametrize("name", sorted(SETS))
def test_listed_moves_are_accepted_and_accepted_moves_listed(name: str) -> None:
    tally = check_set(name, SETS[name], 100 * sorted(SETS).index(name))
    print(f"\n{name}: {dict(tally.counts)}")
    assert not tally.refused, tally.refused[:5]
    assert not tally.unlisted, tally.unlisted[:5]
    assert tally.counts["states"] >= 100


# --- crafted positions ---------------------------------------------------------------------


def test_an_ace_fitting_both_ends_is_listed_with_each_end() -> None:
    g = crafted({0: "AS 4C"}, melds=[(1, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")], opened=[0],
                rest_to=2)
    lays = {str(a) for a in g.legal_actions(0) if isinstance(a, LayOff)}
    assert lays == {"layoff AS A low", "layoff AS A high"}


def test_joker_swaps_are_listed_with_their_uses() -> None:
    g = crafted({0: "9H QS KS 4C 8D"}, melds=[(1, "7H 8H JK=9H 10H"), (1, "5D 6D 7D")],
                opened=[0], rest_to=2)
    swaps = {str(a) for a in g.legal_actions(0) if isinstance(a, SwapJoker)}
    assert {"swap A 9H meld QS,KS,JK=AS", "swap A 9H meld QS,KS,JK=JS",
            "swap A 9H layoff B 4D", "swap A 9H layoff B 8D",
            "swap A 9H layoff A 6H", "swap A 9H layoff A JH"} <= swaps
    assert all(g.can(0, g.parse_action(t)) for t in swaps)


def test_a_swapped_joker_may_meld_with_a_hand_joker() -> None:
    g = crafted({0: "9H 4C JK 8D"}, melds=[(1, "7H 8H JK=9H 10H")], opened=[0], rest_to=2)
    swaps = {str(a) for a in g.legal_actions(0) if isinstance(a, SwapJoker)}
    assert {"swap A 9H meld 4C,JK=5C,JK=6C", "swap A 9H meld 8D,JK=9D,JK=10D"} <= swaps


def test_a_joker_in_hand_is_listed_with_each_declaration_that_fits() -> None:
    g = crafted({0: "JK 4C"}, melds=[(1, "5H 6H 7H"), (1, "8C 8H 8S")], opened=[0], rest_to=2)
    lays = {str(a) for a in g.legal_actions(0) if isinstance(a, LayOff)}
    assert lays == {"layoff JK=4H A", "layoff JK=8H A", "layoff JK B"}


def test_a_joker_for_a_held_card_is_a_listed_meld() -> None:
    g = crafted({0: "5H 6H 7H JK 2C"}, opened=[0], rest_to=2)
    melds = {str(a) for a in g.legal_actions(0) if isinstance(a, MeldCards)}
    assert {"meld 5H,6H,7H", "meld 5H,JK=6H,7H", "meld JK=4H,5H,6H,7H"} <= melds


def test_every_minimal_opening_is_listed_and_no_larger_one() -> None:
    # 30 + 30 + 21: any two of the three reach 51; all three are not minimal
    g = crafted({0: "KS KH KD QS QH QD 7S 7H 7D 2C 3D 4H 5S 9C 9D"}, turn=0, players=2,
                rest_to=1)
    openings = {frozenset(canon(m) for m in a.melds) for a in g.legal_actions(0)
                if isinstance(a, MeldCards)}
    kings, queens, sevens = "KD KH KS", "QD QH QS", "7D 7H 7S"
    assert openings == {frozenset({kings, queens}), frozenset({kings, sevens}),
                        frozenset({queens, sevens})}
    assert g.can(0, g.parse_action("meld KS,KH,KD QS,QH,QD 7S,7H,7D"))  # legal, not listed


def test_the_exchange_card_is_never_swapped_for_its_twin() -> None:
    g = crafted({0: "10C 4D 5D 9S KH"}, exchange="10C", turn=0, rest_to=2,
                had_turn=[False, True, True, True])
    swaps = {str(a) for a in g.legal_actions(0) if str(a).startswith("exchange")}
    assert swaps == {"exchange 4D", "exchange 5D", "exchange 9S", "exchange KH"}
    with pytest.raises(RulesError, match="changes nothing"):
        g.verify(0, g.parse_action("exchange 10C"))


def test_nothing_is_listed_for_a_seat_not_to_act() -> None:
    g = crafted({0: "JK 4C"}, opened=[0], rest_to=2)
    assert g.legal_actions(1) == [] and g.legal_actions(0)


def closing_table(rng: random.Random) -> tuple[str, list[tuple[int, str]]]:
    """Return a hand that closes (melds of the deck, two cards to lay off, one to discard)
    and the table's melds it lays off on."""
    suit = rng.choice(SUITS)
    low = rng.randint(2, 8)
    run = [at(p, suit) for p in range(low, low + 3)]
    table = [(1, ",".join(c.text for c in run))]
    ends = [at(low - 1, suit), at(low + 3, suit)]
    rank = rng.choice([r for r in range(2, 14) if r not in range(low - 1, low + 4)])
    sets = [Card(rank, s) for s in SUITS]
    hand = sets[:3] + ends
    others = [s for s in SUITS if s != suit]
    for s in rng.sample(others, 2):
        start = rng.randint(1, 11)
        hand += [at(p, s) for p in range(start, start + 3)]
    hand += [Card(rng.choice([r for r in range(2, 14) if r != rank]), suit)]
    if rng.random() < 0.5:
        hand[rng.randrange(len(hand) - 1)] = joker()
    return " ".join(c.text for c in hand), table


@pytest.mark.parametrize("hands, melds, opened", [
    ({0: "KS KH KD QS QH QD 7S 7H 7D 2C 3D 4H 5S 9C 9D"}, [], []),  # 3 sets: 2 open
    ({0: "5H 6H 7H 9C 9D 9S 3S 4S 2D"}, [(1, "5S 6S 7S")], [0]),  # 2 melds, 2 lay-offs
    ({0: "9H 4C 5C 6C 2D KS"}, [(1, "7H 8H JK=9H 10H")], [0]),  # a joker in a meld of 4
])
def test_moves_of_several_parts_are_listed_parts_one_by_one(
        hands: dict[int, str], melds: list[tuple[int, str]], opened: list[int]) -> None:
    tally = Tally()
    g = crafted(hands, melds=melds, opened=opened, players=2, turn=0)
    Check(g, 0, tally, random.Random(1)).run()
    assert not tally.unlisted and not tally.refused
    assert tally.counts["sequences"] >= 1


def test_crafted_closes_are_listed() -> None:
    rng = random.Random(51)
    tally = Tally()
    for _ in range(40):
        cards, table = closing_table(rng)
        named = Counter(cards.split()) + Counter(table[0][1].split(","))
        if max(named.values()) > 2:
            continue  # three copies of a face: the two packs hold two
        g = crafted({0: cards}, melds=table, players=2, turn=0, exchange=None)
        Check(g, 0, tally, rng).closes()
    print(f"\ncrafted closes: {dict(tally.counts)}")
    assert not tally.unlisted, tally.unlisted[:5]
    assert tally.counts["closes"] >= 10
