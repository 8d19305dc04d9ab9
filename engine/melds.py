"""Melds (sets and runs) and the per-game rules that say which are valid."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from .cards import Card, cards_text, parse_cards, rank_text
from .errors import InvalidMeld

AceMode = Literal["low", "low_high", "wrap"]
MeldKind = Literal["set", "run", "group"]  # group: a Canasta meld of one declared rank


@dataclass(frozen=True, slots=True)
class MeldRules:
    """Which sets and runs a game accepts."""

    aces: AceMode = "low"  # low: A-2-3 only; low_high: also Q-K-A; wrap: also K-A-2
    set_min: int = 3
    set_max: int = 4
    run_min: int = 3
    distinct_suits: bool = True  # sets: no two naturals of one suit
    wild_jokers: bool = False
    max_wilds_set: int = 0
    max_wilds_run: int = 0
    min_naturals: int = 1

    @property
    def positions(self) -> int:
        """How many rank positions a run can use (A low=1 … K=13, A high=14)."""
        return 13 if self.aces in ("low", "wrap") else 14

    def is_wild(self, card: Card) -> bool:
        """Whether the card is wild under these rules."""
        return self.wild_jokers and card.is_joker


GIN_RULES = MeldRules()
GERMAN_GIN_RULES = MeldRules(aces="wrap")


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld: its cards in table order and the rank each card stands for."""

    kind: MeldKind
    cards: tuple[Card, ...]
    ranks: tuple[int, ...]  # per card; a run's high ace is 14; a wild takes its declared rank
    suit: str = ""  # a run's suit

    def __str__(self) -> str:
        return cards_text(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def declared(self) -> str:
        """Print the meld with each wild's declared card, e.g. 5H JK(6H) 7H."""
        out = []
        for card, rank in zip(self.cards, self.ranks):
            if card.is_joker:
                stands = rank_text((rank - 1) % 13 + 1) + (self.suit or "?")  # 14 = high ace
                out.append(f"JK({stands})")
            else:
                out.append(str(card))
        return " ".join(out)

    @property
    def low(self) -> int:
        """The run's lowest position."""
        return self.ranks[0]

    @property
    def high(self) -> int:
        """The run's highest position (a high ace is 14)."""
        return self.ranks[-1]


def make_meld(cards: Iterable[Card | str] | str, rules: MeldRules = GIN_RULES) -> Meld:
    """Validate cards as one meld and return it; raise InvalidMeld with the reason."""
    cs = parse_cards(cards)
    if len(set(cs)) != len(cs):
        raise InvalidMeld("the same card is named twice")
    naturals = [c for c in cs if not rules.is_wild(c)]
    if any(c.is_joker for c in naturals):
        raise InvalidMeld("jokers are not wild in this game")
    if len(naturals) < rules.min_naturals:
        raise InvalidMeld("a meld needs natural cards, not only wild cards")
    try:
        return _as_set(cs, naturals, rules)
    except InvalidMeld as set_error:
        try:
            return _as_run(cs, naturals, rules)
        except InvalidMeld as run_error:
            same_rank = len({c.rank for c in naturals}) == 1 and len(naturals) > 1
            raise set_error if same_rank else run_error from None


def _as_set(cs: Sequence[Card], naturals: Sequence[Card], rules: MeldRules) -> Meld:
    if len({c.rank for c in naturals}) != 1:
        raise InvalidMeld(f"{cards_text(cs)} is not a set: the ranks differ")
    if not rules.set_min <= len(cs) <= rules.set_max:
        raise InvalidMeld(f"a set has {rules.set_min} to {rules.set_max} cards")
    if rules.distinct_suits and len({c.suit for c in naturals}) != len(naturals):
        raise InvalidMeld("a set may not hold two cards of the same suit")
    if len(cs) - len(naturals) > rules.max_wilds_set:
        raise InvalidMeld("too many wild cards in this set")
    rank = naturals[0].rank
    return Meld("set", tuple(cs), (rank,) * len(cs))


def _as_run(cs: Sequence[Card], naturals: Sequence[Card], rules: MeldRules) -> Meld:
    if len({c.suit for c in naturals}) != 1:
        raise InvalidMeld(f"{cards_text(cs)} is neither a set nor a run")
    if len(cs) < rules.run_min:
        raise InvalidMeld(f"a run has at least {rules.run_min} cards")
    if len(cs) - len(naturals) > rules.max_wilds_run:
        raise InvalidMeld("too many wild cards in this run")
    if len(cs) > 13:
        raise InvalidMeld("a run has at most 13 cards")
    windows = _run_windows(len(cs), naturals, rules)
    if not windows:
        raise InvalidMeld(f"{cards_text(cs)} is not a run of consecutive ranks" + _ace_hint(rules))
    chosen = next((w for w in windows if _reads_in_order(cs, w, rules)), windows[0])
    return _place(cs, chosen, rules, naturals[0].suit)


def _ace_hint(rules: MeldRules) -> str:
    return {"low": " (aces are low only)", "low_high": " (runs never wrap)", "wrap": ""}[rules.aces]


def _window_ranks(lo: int, n: int, rules: MeldRules) -> list[int]:
    """Ranks of the n positions from lo: wrap folds 14 back to 1."""
    if rules.aces == "wrap":
        return [(lo - 1 + i) % 13 + 1 for i in range(n)]
    return [lo + i for i in range(n)]


def _card_at(card: Card, pos_rank: int) -> bool:
    return card.rank == pos_rank or (card.rank == 1 and pos_rank == 14)


def _run_windows(n: int, naturals: Sequence[Card], rules: MeldRules) -> list[tuple[int, int]]:
    """Every (lo, n) window whose positions hold each natural exactly once."""
    last_lo = 13 if rules.aces == "wrap" else rules.positions - n + 1
    out = []
    for lo in range(1, last_lo + 1):
        ranks = _window_ranks(lo, n, rules)
        if all(sum(_card_at(c, r) for r in ranks) == 1 for c in naturals) and len(
            {next(r for r in ranks if _card_at(c, r)) for c in naturals}
        ) == len(naturals):
            out.append((lo, n))
    return out


def _reads_in_order(cs: Sequence[Card], window: tuple[int, int], rules: MeldRules) -> bool:
    ranks = _window_ranks(window[0], window[1], rules)
    return all(rules.is_wild(c) or _card_at(c, r) for c, r in zip(cs, ranks))


def _place(cs: Sequence[Card], window: tuple[int, int], rules: MeldRules, suit: str) -> Meld:
    """Order the cards along the window, wilds filling the gaps in the order given."""
    lo, n = window
    ranks = _window_ranks(lo, n, rules)
    seq_ranks = [lo + i for i in range(n)]  # positions, with 14 for a high ace
    wilds = [c for c in cs if rules.is_wild(c)]
    placed: list[Card] = []
    for r in ranks:
        nat = next((c for c in cs if not rules.is_wild(c) and _card_at(c, r)), None)
        placed.append(nat if nat is not None else wilds.pop(0))
    return Meld("run", tuple(placed), tuple(seq_ranks), suit)


def fit_ends(card: Card, meld: Meld, rules: MeldRules) -> list[str]:
    """Return where the card could be laid off on the meld: [], ['set'], 'low', 'high'."""
    if meld.kind == "set":
        try:
            make_meld(list(meld.cards) + [card], rules)
        except InvalidMeld:
            return []
        return ["set"]
    ends = []
    for end in ("low", "high"):
        try:
            extend(meld, card, end, rules)
        except InvalidMeld:
            continue
        ends.append(end)
    return ends


def extend(meld: Meld, card: Card, end: str, rules: MeldRules) -> Meld:
    """Return the meld with the card added at an end ('low', 'high' or 'set')."""
    if meld.kind == "set":
        if end != "set":
            raise InvalidMeld("a set has no ends")
        return make_meld(list(meld.cards) + [card], rules)
    if end not in ("low", "high"):
        raise InvalidMeld("say which end of the run: low or high")
    if len(meld) >= 13:
        raise InvalidMeld("a run has at most 13 cards")
    wild = rules.is_wild(card)
    if not wild and card.suit != meld.suit:
        raise InvalidMeld(f"{card} is not of the run's suit")
    pos = meld.low - 1 if end == "low" else meld.high + 1
    face_rank = (pos - 1) % 13 + 1 if rules.aces == "wrap" else pos
    if rules.aces != "wrap" and not 1 <= pos <= rules.positions:
        raise InvalidMeld(f"{card} does not fit the {end} end of {meld}")
    if not wild and not _card_at(card, face_rank):
        raise InvalidMeld(f"{card} does not fit the {end} end of {meld}")
    if len(meld) + 1 - sum(rules.is_wild(c) for c in meld.cards) - wild < rules.min_naturals:
        raise InvalidMeld("a meld needs natural cards")
    if sum(rules.is_wild(c) for c in meld.cards) + wild > rules.max_wilds_run:
        raise InvalidMeld("too many wild cards in this run")
    if end == "low":
        return Meld("run", (card,) + meld.cards, (pos,) + meld.ranks, meld.suit)
    return Meld("run", meld.cards + (card,), meld.ranks + (pos,), meld.suit)


# --- Canasta groups: one declared rank, jokers and twos wild ----------------------

JOKER_MELD, TWOS_MELD, BLACK_THREES = 0, 2, 3


def make_group(cards: Iterable[Card | str] | str, rank: int | None = None) -> Meld:
    """Validate a Canasta meld of one rank (0 = jokers, 2 = twos); infer the rank if None."""
    cs = parse_cards(cards)
    if any(c.rank == 3 and c.suit in "HD" for c in cs):
        raise InvalidMeld("red threes never go into a meld")
    if rank is not None:
        return _group(cs, rank)
    plain = {c.rank for c in cs if c.rank not in (0, 2)}
    if len(plain) > 1:
        raise InvalidMeld(f"{cards_text(cs)} mixes ranks: a meld holds one rank")
    if plain:
        return _group(cs, plain.pop())
    try:
        return _group(cs, TWOS_MELD)
    except InvalidMeld:
        return _group(cs, JOKER_MELD)


def _group(cs: Sequence[Card], rank: int) -> Meld:
    if len(cs) < 3:
        raise InvalidMeld("a meld has at least 3 cards")
    if rank == BLACK_THREES:
        if any(c.face not in ((3, "S"), (3, "C")) for c in cs):
            raise InvalidMeld("a meld of black threes holds only 3S and 3C, no wild cards")
        return Meld("group", tuple(cs), (rank,) * len(cs))
    naturals = [c for c in cs if c.rank == rank]
    wilds = [c for c in cs if c.rank != rank]
    if rank == JOKER_MELD:
        _check_joker_meld(naturals, wilds)
    else:
        allowed = (0,) if rank == TWOS_MELD else (0, 2)
        if any(c.rank not in allowed for c in wilds):
            raise InvalidMeld(f"{cards_text(cs)} mixes ranks: a meld holds one rank")
        if len(naturals) < 2:
            raise InvalidMeld("a meld needs at least 2 natural cards")
        limit = 1 if len(naturals) == 2 else 2
        if len(wilds) > limit:
            raise InvalidMeld(f"{len(naturals)} natural cards allow at most {limit} wild card"
                              + ("s" if limit > 1 else ""))
    return Meld("group", tuple(naturals + wilds), (rank,) * len(cs))


def _check_joker_meld(jokers: Sequence[Card], others: Sequence[Card]) -> None:
    if any(c.rank != 2 for c in others) or len(others) > 1:
        raise InvalidMeld("a joker meld holds jokers and at most one 2")
    if len(jokers) < 2:
        raise InvalidMeld("a joker meld needs at least 2 jokers")
    if len(jokers) + len(others) > 7:
        raise InvalidMeld("a joker meld has at most 7 cards")
