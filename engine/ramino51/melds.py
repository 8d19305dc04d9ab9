"""Ramino 51's meld rules: new melds as actions name them, values, lay-offs, joker swaps.

Runs: one suit, the ace low (A-2-3) or high (Q-K-A) but once, never wrapping, at most 2
jokers and at least one natural card. Sets: 3 or 4 cards of one rank, no two naturals of
one suit (two packs), at most 1 joker. A run's joker stands for a declared card for good;
a set's joker stands for a missing suit (named on the table once the set has 4 cards).

Every function is pure: table melds come in and new ones go out, never changed in place.
Refusals raise the shared errors (`InvalidMeld`, `DoesNotFit`, `AmbiguousEnd`) with reasons
written for players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from itertools import product

from ..cards import SUITS, Card, rank_text
from ..errors import AmbiguousEnd, DoesNotFit, InvalidMeld
from ..melds import Meld, MeldRules, extend, make_meld
from ..table import Entry, TableMeld
from .actions import Group, LayOff, Placed

RULES = MeldRules(aces="low_high", wild_jokers=True, max_wilds_set=1, max_wilds_run=2,
                  min_naturals=1)
HIGH_ACE = 14
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def rank_value(rank: int) -> int:
    """Return what a natural rank counts: 2-10 face, J/Q/K 10, an ace 11 (low or high)."""
    return 11 if rank in (1, HIGH_ACE) else min(rank, 10)


def card_penalty(card: Card) -> int:
    """Return what a card left in hand costs: 2-10 face, J/Q/K 10, A 11, joker 20."""
    return 20 if card.is_joker else rank_value(card.rank)


def meld_value(meld: Meld) -> int:
    """Return the meld's opening value, each joker at the card it stands for."""
    return sum(rank_value(r) for r in meld.ranks)


def positions(rank: int) -> tuple[int, ...]:
    """Return the run positions a rank can take: an ace is 1 or 14."""
    return (1, HIGH_ACE) if rank == 1 else (rank,)


@cache
def face_at(position: int, suit: str) -> Card:
    """Return the natural card at a run position (14 is the ace); made once (cards are
    frozen, and a meld's jokers ask for theirs again and again)."""
    return Card(1 if position == HIGH_ACE else position, suit)


# --- new melds -------------------------------------------------------------------------


def read_meld(group: Group) -> Meld:
    """Validate a new meld as an action names it; a run's jokers end where they stand."""
    for p in group:
        if p.as_ is not None and not p.card.is_joker:
            raise InvalidMeld(f"only a joker stands for another card: {p}")
    meld = make_meld([p.card for p in group], RULES)
    declared = [p for p in group if p.as_ is not None]
    if meld.kind == "set":
        return _read_set(meld, declared)
    ranks = {c.rank for c in meld.cards if not c.is_joker}
    if declared and len(ranks) == 1 and all(p.as_ is not None and p.as_.rank in ranks
                                            for p in declared):
        raise InvalidMeld("a set holds at most one joker")
    return _read_run(group, meld.suit)


def _read_set(meld: Meld, declared: Sequence[Placed]) -> Meld:
    naturals = [c for c in meld.cards if not c.is_joker]
    jokers = [c for c in meld.cards if c.is_joker]
    held = {c.suit for c in naturals}
    for p in declared:
        stands = p.as_
        assert stands is not None
        if stands.rank != naturals[0].rank or stands.suit in held:
            raise InvalidMeld(f"in {_text(meld.cards)} the joker stands for a missing "
                              f"{rank_text(naturals[0].rank)}, not {stands}")
    return Meld("set", tuple(naturals + jokers), meld.ranks)


def _read_run(group: Group, suit: str) -> Meld:
    for p in group:
        if p.as_ is not None and p.as_.suit != suit:
            raise InvalidMeld(f"{p}: a joker in a run of {SUIT_NAMES[suit]} stands for a "
                              f"card of {SUIT_NAMES[suit]}")
    fixed = [positions((p.as_ or p.card).rank) for p in group
             if not p.card.is_joker or p.as_ is not None]
    windows = _windows(len(group), fixed)
    if not windows:
        raise InvalidMeld(f"{_group_text(group)}: the jokers do not stand where the run "
                          "needs them")
    in_order = [lo for lo in windows if _reads_in_order(group, lo)]
    if not in_order and len(windows) > 1:
        example = _group_text(_declare(group, windows[0], suit))
        raise InvalidMeld(f"{_group_text(group)} reads more than one way: say what each joker "
                          f"stands for (e.g. {example})")
    lo = (in_order or windows)[0]
    placed = _place(group, lo)
    return Meld("run", tuple(placed), tuple(range(lo, lo + len(group))), suit)


def _windows(size: int, fixed: Sequence[tuple[int, ...]]) -> list[int]:
    """Every first position where each fixed card takes exactly one free position."""
    out = []
    for lo in range(1, HIGH_ACE - size + 2):
        taken: set[int] = set()
        for options in fixed:
            inside = [p for p in options if lo <= p < lo + size]
            if len(inside) != 1 or inside[0] in taken:
                break
            taken.add(inside[0])
        else:
            out.append(lo)
    return out


def _reads_in_order(group: Group, lo: int) -> bool:
    return all((p.card.is_joker and p.as_ is None)
               or lo + i in positions((p.as_ or p.card).rank) for i, p in enumerate(group))


def _slots(group: Group, lo: int) -> list[int]:
    """Each card's position: fixed cards where they must be, free jokers in the gaps in order."""
    size = len(group)
    out = [next((q for q in positions((p.as_ or p.card).rank) if lo <= q < lo + size), 0)
           if not p.card.is_joker or p.as_ is not None else 0 for p in group]
    gaps = iter(sorted(set(range(lo, lo + size)) - set(out)))
    return [q or next(gaps) for q in out]


def _place(group: Group, lo: int) -> list[Card]:
    slots = _slots(group, lo)
    return [p.card for _, p in sorted(zip(slots, group), key=lambda sp: sp[0])]


def _declare(group: Group, lo: int, suit: str) -> Group:
    """Return the group in run order with every joker declared (for a refusal's example)."""
    slots = _slots(group, lo)
    ordered = sorted(zip(slots, group), key=lambda sp: sp[0])
    return tuple(Placed(p.card, face_at(q, suit)) if p.card.is_joker else p for q, p in ordered)


def _group_text(group: Group) -> str:
    return ",".join(str(p) for p in group)


def _text(cards: Sequence[Card]) -> str:
    return " ".join(c.text for c in cards)


def to_group(meld: Meld) -> Group:
    """Return the meld as an action names it: a run's jokers declared, e.g. 5D,JK=6D,7D."""
    if meld.kind != "run":
        return tuple(Placed(c) for c in meld.cards)
    return tuple(Placed(c, face_at(r, meld.suit)) if c.is_joker else Placed(c)
                 for c, r in zip(meld.cards, meld.ranks))


# --- the table -------------------------------------------------------------------------


def to_table(meld: Meld, owner: int, mid: str, by: int) -> TableMeld:
    """Return the meld as the table keeps it, every card credited to `by`."""
    if meld.kind == "run":
        entries = [Entry(c, by, 0, "meld", face_at(r, meld.suit) if c.is_joker else None)
                   for c, r in zip(meld.cards, meld.ranks)]
        return TableMeld(mid, owner, "run", meld.suit, 0, meld.low, entries)
    entries = [Entry(c, by, 0, "meld") for c in meld.cards]
    return _set_meld(TableMeld(mid, owner, "set", "", meld.ranks[0], 0, []), entries)


def _set_meld(base: TableMeld, entries: list[Entry]) -> TableMeld:
    """Return a set with naturals first and its joker last, named once one suit is missing."""
    naturals = [e for e in entries if not e.card.is_joker]
    jokers = [e for e in entries if e.card.is_joker]
    missing = [s for s in SUITS if s not in {e.card.suit for e in naturals}]
    named = Card(base.rank, missing[0]) if len(entries) == 4 and len(missing) == 1 else None
    jokers = [Entry(e.card, e.by, e.value, e.how, named) for e in jokers]
    return _with(base, base.low, [_copy(e) for e in naturals] + jokers)


def _copy(e: Entry) -> Entry:
    # the new meld gets its own entries: changing one never changes the meld it came from
    return Entry(e.card, e.by, e.value, e.how, e.stands_for)


def _with(meld: TableMeld, low: int, entries: list[Entry]) -> TableMeld:
    """Return a new meld like `meld` with another first position and other entries."""
    return TableMeld(meld.id, meld.owner, meld.kind, meld.suit, meld.rank, low, entries)


def as_meld(meld: TableMeld) -> Meld:
    """Return a table meld as a Meld (positions for a run, its rank for a set)."""
    cards = tuple(meld.cards)
    if meld.kind == "run":
        return Meld("run", cards, tuple(range(meld.low, meld.high + 1)), meld.suit)
    return Meld("set", cards, (meld.rank,) * len(cards))


def lay_off(meld: TableMeld, cards: Group, end: str | None, by: int) -> TableMeld:
    """Return the meld with the cards added (at one or both ends of a run, or to a set)."""
    if len({p.card for p in cards}) != len(cards) or not cards:
        raise InvalidMeld("name each card once")
    for p in cards:
        if p.as_ is not None and not p.card.is_joker:
            raise InvalidMeld(f"only a joker stands for another card: {p}")
    if meld.kind == "set":
        return _set_lay_off(meld, cards, by)
    return _run_lay_off(meld, cards, end, by)


def _set_lay_off(meld: TableMeld, cards: Group, by: int) -> TableMeld:
    name = f"the set {meld.declared()}"
    if len(meld.entries) + len(cards) > 4:
        raise DoesNotFit(f"a set holds at most 4 cards: {_group_text(cards)} does not fit "
                         f"{name}")
    suits = [e.card.suit for e in meld.entries if not e.card.is_joker]
    for p in cards:
        if p.card.is_joker:
            if any(e.card.is_joker for e in meld.entries) or sum(
                    q.card.is_joker for q in cards) > 1:
                raise DoesNotFit(f"{name} already holds its one joker")
            stands = p.as_
            if stands is not None and (stands.rank != meld.rank or stands.suit in suits):
                raise DoesNotFit(f"a joker on {name} stands for a missing "
                                 f"{rank_text(meld.rank)}, not {stands}")
        elif p.card.rank != meld.rank:
            raise DoesNotFit(f"{p.card} does not fit {name}: a set holds one rank")
        elif p.card.suit in suits:
            raise DoesNotFit(f"{name} already holds {p.card}: a set holds each suit once")
        else:
            suits.append(p.card.suit)
    make_meld(meld.cards + [p.card for p in cards], RULES)  # the shared rule agrees
    added = [Entry(p.card, by, 0, "layoff") for p in cards]
    return _set_meld(meld, list(meld.entries) + added)


def _run_lay_off(meld: TableMeld, cards: Group, end: str | None, by: int) -> TableMeld:
    name = f"the run {meld.declared()}"
    options = [_run_options(p, meld, name) for p in cards]
    good = [pick for pick in product(*options) if _extends(meld, pick)]
    if end is not None:
        good = [pick for pick in good if _at_end(meld, cards, pick, end)]
    if not good:
        where = f" at the {end} end" if end else ""
        raise DoesNotFit(f"{_group_text(cards)} does not fit {name}{where}")
    # Each place is built before asking which end: a place the run's limits refuse (a third
    # joker, a 14th card) is no choice, and its refusal is the reason when none is left.
    built: list[TableMeld] = []
    refusal: DoesNotFit | None = None
    for pick in good:
        try:
            built.append(_extended(meld, cards, pick, by))
        except DoesNotFit as error:
            refusal = error
    if not built and refusal is not None:
        raise refusal
    if len(built) > 1:
        raise AmbiguousEnd(f"{_group_text(cards)} fits both ends of {name}: say low or high")
    return built[0]


def _run_options(p: Placed, meld: TableMeld, name: str) -> tuple[int, ...]:
    """Return the positions the card may take on the run."""
    if p.card.is_joker and p.as_ is None:
        example = face_at(meld.high + 1 if meld.high < HIGH_ACE else meld.low - 1, meld.suit)
        raise InvalidMeld(f"say what the joker stands for on {name} (e.g. JK={example})")
    face = p.as_ or p.card
    if face.suit != meld.suit:
        raise DoesNotFit(f"{p} is not of {SUIT_NAMES[meld.suit]}: it does not fit {name}")
    held = [q for q in positions(face.rank) if meld.low <= q <= meld.high]
    if held:
        joker_there = meld.entries[held[0] - meld.low].card.is_joker
        hint = " (a joker stands for it: retrieve the joker with a swap)" if joker_there else ""
        raise DoesNotFit(f"{face} is already in {name}{hint}")
    return positions(face.rank)


def _extends(meld: TableMeld, pick: Sequence[int]) -> bool:
    """Whether the positions extend the run without a gap, the ace once, at most 14."""
    every = sorted([*pick, *range(meld.low, meld.high + 1)])
    return (len(set(every)) == len(every) and every[-1] - every[0] == len(every) - 1
            and len(every) <= 13)


def _at_end(meld: TableMeld, cards: Group, pick: Sequence[int], end: str) -> bool:
    """Whether `end` agrees: it places an ace; without one every card lies at that end."""
    aces = [q for p, q in zip(cards, pick) if (p.as_ or p.card).rank == 1]
    checked = aces or list(pick)
    return all((q < meld.low) == (end == "low") for q in checked)


def _extended(meld: TableMeld, cards: Group, pick: Sequence[int], by: int) -> TableMeld:
    """Add the cards one by one through the shared `extend`, nearest the run first."""
    current = as_meld(meld)
    low_side = sorted((q, p) for q, p in zip(pick, cards) if q < meld.low)
    high_side = sorted((q, p) for q, p in zip(pick, cards) if q > meld.high)
    steps = [(p, "low") for _, p in reversed(low_side)] + [(p, "high") for _, p in high_side]
    for p, side in steps:
        try:
            current = extend(current, p.card, side, RULES)
        except InvalidMeld as refusal:
            raise DoesNotFit(f"{p} does not fit the run {meld.declared()}: "
                             f"{_limit_reason(refusal)}") from None
    entries = {q: Entry(p.card, by, 0, "layoff", p.as_) for q, p in zip(pick, cards)}
    old = [_copy(e) for e in meld.entries]
    return _with(meld, current.low, [
        entries[q] if q in entries else old[q - meld.low] for q in current.ranks])


def _limit_reason(refusal: InvalidMeld) -> str:
    text = refusal.message
    return "a run holds at most 2 jokers" if "wild" in text else text


# --- joker swaps -----------------------------------------------------------------------


def swap_joker(meld: TableMeld, naturals: Sequence[Card], by: int) -> tuple[TableMeld, Card]:
    """Return the meld after a joker's retrieval by the natural card(s) it stands for, and
    the freed joker."""
    jokers = [e for e in meld.entries if e.card.is_joker]
    if not jokers:
        raise DoesNotFit(f"there is no joker in {meld.declared()}")
    if any(c.is_joker for c in naturals) or len(set(naturals)) != len(naturals):
        raise DoesNotFit("a joker is retrieved with natural cards, each named once")
    if meld.kind == "run":
        return _swap_from_run(meld, naturals, by)
    return _swap_from_set(meld, jokers[0].card, naturals, by)


def _swap_from_run(meld: TableMeld, naturals: Sequence[Card],
                   by: int) -> tuple[TableMeld, Card]:
    name = meld.declared()
    if len(naturals) != 1:
        raise DoesNotFit(f"give the one card the joker stands for in {name}")
    card = naturals[0]
    index = next((i for i, e in enumerate(meld.entries)
                  if e.stands_for is not None and e.stands_for.face == card.face), -1)
    if index < 0:
        raise DoesNotFit(f"no joker stands for {card} in {name}")
    entries = [_copy(e) for e in meld.entries]
    freed = entries[index].card
    entries[index] = Entry(card, by, 0, "swap")
    return _with(meld, meld.low, entries), freed


def _swap_from_set(meld: TableMeld, joker: Card, naturals: Sequence[Card],
                   by: int) -> tuple[TableMeld, Card]:
    held = {e.card.suit for e in meld.entries if not e.card.is_joker}
    missing = [Card(meld.rank, s) for s in SUITS if s not in held]
    given = sorted(c.face for c in naturals)
    if given != sorted(c.face for c in missing):
        need = " and ".join(c.text for c in missing)
        raise DoesNotFit(f"the joker of {meld.declared()} is retrieved with {need}, "
                         f"not {_text(naturals) or 'nothing'}")
    kept = [_copy(e) for e in meld.entries if not e.card.is_joker]
    entries = kept + [Entry(c, by, 0, "swap") for c in naturals]
    return _with(meld, meld.low, entries), joker


# --- where a card goes -----------------------------------------------------------------


def fits(card: Card, meld: TableMeld) -> list[LayOff]:
    """Return every one-card lay-off of the card on the meld that `lay_off` accepts."""
    return [lay for lay, _ in placements(card, meld)]


def placements(card: Card, meld: TableMeld) -> list[tuple[LayOff, TableMeld]]:
    """Return every one-card lay-off of the card on the meld, with the meld after it (the
    card credited to nobody, -1: the searches try lay-offs, the game makes them)."""
    if meld.kind == "run" and card.is_joker:
        faces = {face_at(q, meld.suit) for q in (meld.low - 1, meld.high + 1)
                 if 1 <= q <= HIGH_ACE}  # an ace can be both: asked once
        tries = [LayOff((Placed(card, face),), meld.id) for face in sorted(faces)]
    elif card.is_joker or card.rank == meld.rank or (card.suit == meld.suit and any(
            q in (meld.low - 1, meld.high + 1) for q in positions(card.rank))):
        tries = [LayOff((Placed(card),), meld.id)]
    else:
        return []  # not next to the run nor of the set's rank: nothing to ask lay_off
    out: list[tuple[LayOff, TableMeld]] = []
    for lay in tries:
        try:
            out.append((lay, lay_off(meld, lay.cards, None, -1)))
        except AmbiguousEnd:
            out += [(replace(lay, end=end), lay_off(meld, lay.cards, end, -1))
                    for end in ("low", "high")]
        except (DoesNotFit, InvalidMeld):
            continue
    return out
