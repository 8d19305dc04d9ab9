"""The relaxation: least cost over all arrangements, the joker-needed rule left out.

Hands are four suit vectors (4 bits per rank, ace in the lowest nibble) and a joker
count. Every combination of two or more naturals of one rank is a set; every other one,
a lone natural with jokers included, is a run of one suit (as a multiset a lone natural
with jokers is both, and the run reading allows every joker count the set reading does).
So a hand is a choice of sets per rank, then runs only, suit by suit (_suits), and the
jokers shared out among the sets, the suits and the unmatched cards.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from ._combos import INF, MAX_RUN, ONES, SCALE, card_cost
from ._splits import vector_cost
from ._suits import add_rows, suit_costs

Suits = tuple[int, int, int, int]
Shape = tuple[int, ...]  # copies of one rank a set takes, per suit
Choice = tuple[tuple[int, tuple[Shape, ...]], ...]  # per rank: (rank0, its sets)


def joker_cost(joker_penalty: int) -> int:
    """Return the composite cost of one unmatched joker."""
    return joker_penalty * SCALE + 1


def relax_cost(suits: Suits, jokers: int, same: bool, jk: int) -> int:
    """Return the least cost when any combination may hold any joker."""
    return relax_choice(suits, jokers, same, jk)[0]


@lru_cache(maxsize=1 << 12)
def relax_choice(suits: Suits, jokers: int, same: bool,
                 jk: int) -> tuple[int, Choice, Suits, int, int]:
    """Return the least cost, its choice of sets, the suits left and the sets' joker range."""
    ranks = _set_ranks(suits, jokers, same)
    if not ranks:
        return _spread(suits, 0, 0, jokers, jk), (), suits, 0, 0
    s0, s1, s2, s3 = suits
    per_rank = [_rank_moves((s0 >> 4 * r & 15, s1 >> 4 * r & 15, s2 >> 4 * r & 15,
                             s3 >> 4 * r & 15), r, jokers, same) for r in ranks]
    best: tuple[int, tuple[Move, ...], Suits, int, int] | None = None
    for picked in product(*per_rank):
        r0, r1, r2, r3, need, cap = s0, s1, s2, s3, 0, 0
        for d0, d1, d2, d3, n, c, _ in picked:
            r0, r1, r2, r3, need, cap = r0 - d0, r1 - d1, r2 - d2, r3 - d3, need + n, cap + c
        if need > jokers:
            continue
        acc = None  # what _spread does, written out: this loop is the hot spot
        for vec in (r0, r1, r2, r3):
            if vec:
                row = suit_costs(vec, jokers)
                acc = row if acc is None else add_rows(acc, row)
        if acc is None:
            cost = (jokers - min(cap, jokers)) * jk
        else:
            cost = min([a + w for a, w in zip(acc, _tail(need, cap, jokers, jk))])
        if best is None or cost < best[0]:
            best = (cost, picked, (r0, r1, r2, r3), need, cap)
    assert best is not None  # no set at all is one of the choices
    cost, picked, rest, need, cap = best
    return cost, tuple((r, move[6]) for r, move in zip(ranks, picked)), rest, need, cap


Row = tuple[int, ...]  # least cost per number of jokers


def _finish(acc: Row | None, need: int, cap: int, jokers: int, jk: int) -> int:
    """Return the least cost once the sets take their jokers and the rest go unmatched."""
    if acc is None:
        return (jokers - min(cap, jokers)) * jk
    return min([a + w for a, w in zip(acc, _tail(need, cap, jokers, jk))])


@lru_cache(maxsize=1024)
def _tail(need: int, cap: int, jokers: int, jk: int) -> Row:
    """Return, per number j of jokers in runs, the least cost of the others.

    The sets take as many as they can (between need and cap), the rest go unmatched.
    """
    return tuple((jokers - j - min(cap, jokers - j)) * jk if j + need <= jokers else INF
                 for j in range(jokers + 1))


Move = tuple[int, int, int, int, int, int, tuple[Shape, ...]]
# per suit what a choice of sets removes, the jokers they need and take, the sets


@lru_cache(maxsize=1 << 12)
def _rank_moves(held: tuple[int, ...], rank0: int, jokers: int, same: bool) -> tuple[Move, ...]:
    """Return each choice of sets at one rank as what it removes from each suit vector."""
    out = []
    for sets in _set_choices(held, jokers, same):
        removed = [0, 0, 0, 0]
        for used in sets:
            for suit, copies in enumerate(used):
                removed[suit] += copies << (4 * rank0)
        need = sum(max(0, 3 - sum(u)) for u in sets)
        cap = sum(4 - sum(u) for u in sets)
        out.append((removed[0], removed[1], removed[2], removed[3], need, cap, sets))
    return tuple(out)


def rule_is_idle(suits: Suits, jokers: int, same: bool, jk: int, lone: int = -1) -> bool:
    """Whether the joker-needed rule cannot refuse the relaxation's least-cost answer.

    In a least-cost relaxed arrangement a joker that an unmatched x could replace sits
    in a full combination (else x could join it, for less): a 4-card one whose naturals
    share x's rank, or a 13-card run of x's suit. The 4-card one is a chosen set (so x
    is a natural of that rank left outside the sets) or a lone natural y with three
    jokers (so y's suit takes three jokers or more, and x and y could make a set outside
    the sets). In that last case no other combination has room (else {x, y, JK, JK} and
    the third joker there would cost less), so with no 13-card run possible every natural
    outside the sets but y is unmatched. `lone` is a face unmatched besides these cards
    (the lone ace), which the caller knows could not join any combination for free
    either; a full 4-card one of its rank needs a natural it could make a set with.
    """
    if not jokers:
        return True
    if _count(suits[0] + suits[1] + suits[2] + suits[3]) >= 14 - jokers and any(
            _count(v) >= 14 - jokers for v in suits):
        return False
    if lone >= 0 and any(suits[t] >> (4 * (lone % 13)) & 15 for t in range(4)
                         if same or t != lone // 13):
        return False
    if not _set_ranks(suits, 1, same):
        return True
    cost, choice, rest, need, cap = relax_choice(suits, jokers, same, jk)
    if any(v >> (4 * rank0) & 15 for rank0, sets in choice if sets for v in rest):
        return False
    ranks = _set_ranks(rest, 1, same) if jokers >= 3 else ()
    if not ranks:
        return True
    if _count(suits[0] + suits[1] + suits[2] + suits[3]) < MAX_RUN - jokers and (
            cost + card_cost(1) < sum(vector_cost(v) for v in rest)):
        return True  # more than one natural outside the sets is matched
    per_suit = split_jokers(rest, need, cap, jokers, jk)[1]
    return not any(rest[s] >> (4 * r) & 15 for s in range(4) if per_suit[s] >= 3 for r in ranks)


def _count(vec: int) -> int:
    """Return how many cards a vector holds (the nibbles' sum)."""
    return ((vec & ONES).bit_count() + 2 * (vec & ONES << 1).bit_count()
            + 4 * (vec & ONES << 2).bit_count() + 8 * (vec & ONES << 3).bit_count())


def _set_ranks(suits: Suits, jokers: int, same: bool) -> tuple[int, ...]:
    """Return the ranks (0-based) where a set of two naturals or more could be made."""
    return _ranks_holding(suits, 2 if jokers else 3, same)


@lru_cache(maxsize=1 << 12)
def _ranks_holding(suits: Suits, least: int, same: bool) -> tuple[int, ...]:
    """Return the ranks holding `least` naturals or more that a set could hold together."""
    s0, s1, s2, s3 = suits
    if same:
        total = s0 + s1 + s2 + s3
    else:  # one natural per suit: count the suits holding the rank
        total = (((s0 | s0 >> 1 | s0 >> 2 | s0 >> 3) & ONES)
                 + ((s1 | s1 >> 1 | s1 >> 2 | s1 >> 3) & ONES)
                 + ((s2 | s2 >> 1 | s2 >> 2 | s2 >> 3) & ONES)
                 + ((s3 | s3 >> 1 | s3 >> 2 | s3 >> 3) & ONES))
    if least == 2:
        wide = (total >> 1 | total >> 2 | total >> 3) & ONES  # nibbles of 2 or more
    else:
        wide = (total >> 2 | total >> 3 | (total >> 1 & total)) & ONES  # 3 or more
    ranks = []
    while wide:
        low = wide & -wide
        ranks.append((low.bit_length() - 1) >> 2)
        wide -= low
    return tuple(ranks)


@lru_cache(maxsize=4096)
def _set_choices(held: tuple[int, ...], jokers: int, same: bool) -> tuple[tuple[Shape, ...], ...]:
    """Return every collection of disjoint sets (two naturals or more) of one rank."""
    shapes = [
        u for u in product(*(range(min(h, 4 if same else 1) + 1) for h in held))
        if 2 <= sum(u) <= 4 and 3 - sum(u) <= jokers
    ]
    out: list[tuple[Shape, ...]] = []

    def grow(left: tuple[int, ...], start: int, chosen: list[Shape], need: int) -> None:
        out.append(tuple(chosen))
        for i in range(start, len(shapes)):
            u = shapes[i]
            more = max(0, 3 - sum(u))
            if need + more <= jokers and all(a <= b for a, b in zip(u, left)):
                grow(tuple(b - a for a, b in zip(u, left)), i, [*chosen, u], need + more)

    grow(held, 0, [], 0)
    return tuple(out)


def _spread(suits: Suits, need: int, cap: int, jokers: int, jk: int) -> int:
    """Return the least cost once the jokers are shared among sets, suits and U.

    The sets take between `need` and `cap` jokers; each suit's runs take what its
    table allows.
    """
    if jokers == 0:
        return (suit_costs(suits[0], 0)[0] + suit_costs(suits[1], 0)[0]
                + suit_costs(suits[2], 0)[0] + suit_costs(suits[3], 0)[0])
    acc = None
    for vec in suits:
        if vec:
            row = suit_costs(vec, jokers)
            acc = row if acc is None else add_rows(acc, row)
    return _finish(acc, need, cap, jokers, jk)


@lru_cache(maxsize=256)
def _sets_row(need: int, cap: int, jokers: int) -> tuple[int, ...]:
    """Return the sets' cost per joker count: 0 between need and cap, else impossible."""
    return tuple(0 if need <= j <= cap else INF for j in range(jokers + 1))


@lru_cache(maxsize=64)
def _unplaced(jokers: int, jk: int) -> tuple[int, ...]:
    """Return the cost of the jokers left unmatched when j of them are placed."""
    return tuple((jokers - j) * jk for j in range(jokers + 1))


def split_jokers(rest: Suits, need: int, cap: int, jokers: int, jk: int) -> tuple[int, list[int]]:
    """Return how many jokers the sets and each suit take in a least-cost sharing."""
    if jokers == 0:
        return 0, [0, 0, 0, 0]
    rows = [suit_costs(v, jokers) for v in rest]
    stages = [_sets_row(need, cap, jokers)]
    for row in rows:
        stages.append(add_rows(stages[-1], row))
    last, unplaced = stages[4], _unplaced(jokers, jk)
    j = 0
    for i in range(1, jokers + 1):
        if last[i] + unplaced[i] < last[j] + unplaced[j]:
            j = i
    per_suit = [0, 0, 0, 0]
    for s in (3, 2, 1, 0):  # walk back: which k gave each stage its least
        before, row, total = stages[s], rows[s], stages[s + 1][j]
        k = 0
        while before[j - k] + row[k] != total:
            k += 1
        per_suit[s] = k
        j -= k
    return j, per_suit
