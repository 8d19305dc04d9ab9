"""Mahjong gin (gin.md "Mahjong gin turn"): pile takes by depth, open melds and lay-offs.

`MahjongGin` is the open game, a `GinGame` whose turn adds the pile takes, melds and lay-offs
and whose hand ends when a seat empties its hand (no knock, no big gin). The table is a shared
`engine.table.Table`; each card on it is credited to the seat that put it down, with its
Mahjong value, so a lay-off on the opponent's meld scores for the one who laid it. A take of
depth k ≥ 2 owes its deepest card: it must be melded or laid off before the discard, and no
other meld or lay-off may leave it without a use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..base import ActionTable
from ..cards import Card, find_card
from ..errors import (
    AmbiguousEnd,
    BadState,
    CardNotInHand,
    DoesNotFit,
    IllegalMove,
    InvalidMeld,
    WrongPhase,
)
from ..game import Event
from ..melds import Meld, make_meld
from ..table import Entry, TableMeld, melds_of
from . import actions as A
from .errors import PileCardOwed
from .events import Knocked, LaidOff, Melded, Took
from .game import GinGame
from .meld_search import melds_in as melds_in
from .options import GinOptions, preset
from .scoring import HandResult, Reveal
from .views import MahjongTally


def mahjong_value(card: Card) -> int:
    """Return a card's Mahjong value: ace 15, two to nine 5, ten to king 10."""
    if card.rank == 1:
        return 15
    return 5 if card.rank <= 9 else 10


def hand_value(cards: Sequence[Card]) -> int:
    """Return the Mahjong value of cards."""
    return sum(mahjong_value(c) for c in cards)


# What fitting a card needs to know of a meld: kind, suit, rank (sets), low position, size
Shape = tuple[str, str, int, int, int]


def shape_of(meld: TableMeld | Meld) -> Shape:
    """Return what fitting needs to know of a table meld or a new one."""
    if isinstance(meld, TableMeld):
        return (meld.kind, meld.suit, meld.rank, meld.low, len(meld.entries))
    rank = meld.cards[0].rank if meld.kind == "set" else 0
    return (meld.kind, meld.suit, rank, meld.ranks[0], len(meld.cards))


def ends_for(card: Card, shape: Shape, wrap: bool) -> list[str]:
    """Return where the card fits the meld: ['set'], 'low' and/or 'high', or []."""
    kind, suit, rank, low, size = shape
    if kind == "set":
        return ["set"] if card.rank == rank and size < 4 else []
    if card.suit != suit or size >= 13:
        return []
    ends = []
    for end, pos in (("low", low - 1), ("high", low + size)):
        if card.rank == ((pos - 1) % 13 + 1 if wrap else pos):
            ends.append(end)
    return ends


def grown(shape: Shape, end: str) -> Shape:
    """Return the shape after a card is laid off at `end`."""
    kind, suit, rank, low, size = shape
    return (kind, suit, rank, low - 1 if end == "low" else low, size + 1)


class MahjongGin(GinGame):
    """Mahjong gin: the open two-seat game, chosen when the options play it open."""

    @classmethod
    def default_options(cls) -> GinOptions:
        """Return the Mahjong preset: a game made without options plays it."""
        return preset("mahjong")

    @classmethod
    def check_variant(cls, opts: GinOptions) -> None:
        """Refuse options of closed gin (engine.gin.variants chooses the class)."""
        if not opts.mahjong:
            raise BadState("closed gin is played by GinGame")

    def usable(self, card: Card, pool: Sequence[Card], table: Sequence[Shape]) -> bool:
        """Whether the card can go into a meld with the pool or onto one of the melds."""
        if any(ends_for(card, m, self.opts.wrap) for m in table):
            return True
        return bool(melds_in(pool, self.rules, card))

    def _table_melds(self) -> list[Shape]:
        return [shape_of(m) for m in self.table]

    # --- checks --------------------------------------------------------------------------

    def _check_take_pile(self, seat: int, action: A.GinAction) -> None:
        assert isinstance(action, A.TakePile)
        if self.phase == "upcard_draw":
            raise WrongPhase("both players passed the upcard: you must draw from the stock")
        if self.phase != "draw":
            raise WrongPhase("you cannot take from the pile now")
        if not 2 <= action.depth <= len(self.discard):
            raise IllegalMove(f"the discard pile holds {len(self.discard)} cards",
                              depth=action.depth)
        taken = self.discard[-action.depth:]
        if not self.usable(taken[0], self.hands[seat] + taken, self._table_melds()):
            raise PileCardOwed(f"nothing can use {taken[0]}: the deepest card taken must be"
                                " melded or laid off this turn", card=taken[0].text)

    def _check_play_phase(self) -> None:
        if self.phase != "discard":
            raise WrongPhase("draw a card first")

    def _held_all(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        out = []
        for card in cards:
            held = find_card(self.hands[seat], card)
            if held is None:
                raise CardNotInHand(f"you do not hold {card}", card=str(card))
            out.append(held)
        if len(set(out)) != len(out):
            raise InvalidMeld("the same card is named twice")
        return out

    def _check_meld(self, seat: int, action: A.GinAction) -> None:
        assert isinstance(action, A.MeldCards)
        self._check_play_phase()
        if not action.melds:
            raise InvalidMeld("name the cards of the meld")
        used = self._held_all(seat, [c for m in action.melds for c in m])
        new = [shape_of(make_meld(m, self.rules)) for m in action.melds]
        self._keep_owed_usable(seat, used, self._table_melds() + new)

    def _fit(self, action: A.LayOff) -> tuple[TableMeld, str]:
        meld = self.table.get(action.meld_id)
        ends = ends_for(action.card, shape_of(meld), self.opts.wrap)
        if action.end is not None:
            if action.end not in ends:
                raise DoesNotFit(f"{action.card} does not fit the {action.end} end of"
                                 f" {meld.id}", card=action.card.text, meld=meld.id)
            return meld, action.end
        if not ends:
            raise DoesNotFit(f"{action.card} does not fit meld {meld.id}",
                             card=action.card.text, meld=meld.id)
        if len(ends) > 1:
            raise AmbiguousEnd(f"{action.card} fits both ends of {meld.id}: say low or high",
                               card=action.card.text, meld=meld.id)
        return meld, ends[0]

    def _check_layoff(self, seat: int, action: A.GinAction) -> None:
        assert isinstance(action, A.LayOff)
        self._check_play_phase()
        card = self._held_all(seat, [action.card])[0]
        meld, end = self._fit(action)
        after = [shape_of(m) for m in self.table if m is not meld]
        after.append(grown(shape_of(meld), end))
        self._keep_owed_usable(seat, [card], after)

    def _keep_owed_usable(self, seat: int, used: Sequence[Card], table: Sequence[Shape]
                          ) -> None:
        """Refuse a move that would leave the owed card with no meld and no lay-off."""
        owed = self.owed
        if owed is None or owed in used:
            return
        rest = [c for c in self.hands[seat] if c not in used]
        if not self.usable(owed, rest, table):
            raise PileCardOwed(f"meld or lay off {owed} first: this would leave it no use",
                                card=owed.text)

    def _check_throw(self, card: Card) -> None:
        """Refuse a discard while a pile card is owed, then a card taken from the pile."""
        if self.owed is not None:
            raise PileCardOwed(f"meld or lay off {self.owed} before you discard",
                                card=self.owed.text)
        super()._check_throw(card)

    def _check_knock(self, seat: int, action: A.GinAction) -> None:
        raise IllegalMove("there is no knocking in Mahjong gin: go gin by emptying your hand")

    def _check_big_gin(self, seat: int, action: A.GinAction) -> None:
        self._check_finish_phase()
        raise IllegalMove("big gin is not played in this game")

    def _blocked(self, card: Card) -> bool:
        """Whether a card taken from the pile this turn may not be discarded yet."""
        if card not in self.pile_taken:
            return False
        # the rule allows it as the last card; a hand of taken cards only must still discard
        return any(c not in self.pile_taken for c in self.hands[self.turn])

    # --- moves ---------------------------------------------------------------------------

    def _do_take_pile(self, seat: int, action: A.GinAction) -> list[Event]:
        assert isinstance(action, A.TakePile)
        taken = self.discard[-action.depth:]
        del self.discard[-action.depth:]
        self.hands[seat].extend(taken)
        self.phase, self.taken = "discard", taken[0]
        self.pile_taken, self.owed = list(taken), taken[0]
        self.log["pickups"][seat].extend(c.text for c in taken)
        return [Event("take_pile", seat, Took(tuple(c.text for c in taken)))]

    def _do_meld(self, seat: int, action: A.GinAction) -> list[Event]:
        assert isinstance(action, A.MeldCards)
        new = [self._put_down(seat, make_meld(m, self.rules)) for m in action.melds]
        return [Event("meld", seat, Melded(melds_of(new)))] + self._after_play(seat)

    def _put_down(self, seat: int, meld: Meld) -> TableMeld:
        rank = meld.cards[0].rank if meld.kind == "set" else 0
        low = meld.low if meld.kind == "run" else 0
        placed = self.table.add(seat, meld.kind, meld.suit, rank, low)
        for card in meld.cards:
            self._take_from_hand(seat, card)
            placed.place(Entry(card, seat, mahjong_value(card), "meld"), "high")
        return placed

    def _do_layoff(self, seat: int, action: A.GinAction) -> list[Event]:
        assert isinstance(action, A.LayOff)
        meld, end = self._fit(action)
        card = self._take_from_hand(seat, action.card)
        meld.place(Entry(card, seat, mahjong_value(card), "layoff"), end)
        laid = LaidOff((card.text,), meld.id, action.end, mahjong_value(card))
        return [Event("layoff", seat, laid)] + self._after_play(seat)

    def _take_from_hand(self, seat: int, card: Card) -> Card:
        held = find_card(self.hands[seat], card)
        assert held is not None
        self.hands[seat].remove(held)
        if held == self.owed:
            self.owed = None
        return held

    def _after_discard(self, seat: int) -> list[Event]:
        """Go gin by discarding the last card, else as closed gin."""
        return self.mahjong_gin(seat) if not self.hands[seat] else super()._after_discard(seat)

    def _after_play(self, seat: int) -> list[Event]:
        """End the hand if the seat's hand is empty (gin by a meld or lay-off)."""
        return self.mahjong_gin(seat) if not self.hands[seat] else []

    def mahjong_gin(self, seat: int) -> list[Event]:
        """Score the hand the seat ended by emptying his hand."""
        tally = self.tally(seat)
        reveals = tuple(Reveal((), tuple(h)) for h in self.hands)
        held = (tally.held[0], tally.held[1])
        result = HandResult("gin", seat, seat, tally.totals[seat], held, reveals,
                            tally=tally, melds=melds_of(self.table))
        return [Event("gin", seat, Knocked(0))] + self._end_hand(result)

    def tally(self, goer: int | None) -> MahjongTally:
        """Return both seats' scores: put down − held (+ the bonus for going gin)."""
        held = tuple(hand_value(self.hands[s]) for s in (0, 1))
        bonus = tuple(self.opts.mahjong_gin_bonus if s == goer else 0 for s in (0, 1))
        return MahjongTally(self.put_down(), held, bonus)

    # --- legal listing -------------------------------------------------------------------

    def _draw_actions(self, seat: int) -> list[A.GinAction]:
        return super()._draw_actions(seat) + self.mahjong_takes(seat)

    def _finish_actions(self, seat: int) -> list[A.GinAction]:
        discards: list[A.GinAction] = [A.Discard(c) for c in self.hands[seat]
                                       if not self._blocked(c)]
        return self.mahjong_plays(seat) + (discards if self.owed is None else [])

    def mahjong_takes(self, seat: int) -> list[A.GinAction]:
        """List the legal pile takes of depth 2 or more."""
        takes = (A.TakePile(k) for k in range(2, len(self.discard) + 1))
        return [a for a in takes if self._ok(self._check_take_pile, seat, a)]

    def mahjong_plays(self, seat: int) -> list[A.GinAction]:
        """List every single meld and lay-off (the end named only where both fit)."""
        hand = self.hands[seat]
        out: list[A.GinAction] = [A.MeldCards((m,)) for m in melds_in(hand, self.rules)]
        for meld in self.table:
            shape = shape_of(meld)
            for card in hand:
                ends = ends_for(card, shape, self.opts.wrap)
                named = ends if len(ends) == 2 else [None] if ends else []
                out += [A.LayOff(card, meld.id, e) for e in named]
        return [a for a in out if self._ok(
            self._check_meld if isinstance(a, A.MeldCards) else self._check_layoff, seat, a)]

    # Mahjong gin's own checks and moves: the closed game's refuse or lack them
    ACTIONS: ClassVar[ActionTable[MahjongGin, MahjongGin]] = {
        **GinGame.ACTIONS,
        A.TakePile: (_check_take_pile, _do_take_pile),
        A.MeldCards: (_check_meld, _do_meld),
        A.LayOff: (_check_layoff, _do_layoff),
        A.Knock: (_check_knock, GinGame._do_knock),
        A.BigGin: (_check_big_gin, GinGame._do_big_gin),
    }
