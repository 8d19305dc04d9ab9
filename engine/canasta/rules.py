"""Canasta's checks, one per action: every rule of a move is written here, once.

The game's `verify` (engine/base.py) refuses a finished game and a seat whose turn it is not,
then runs the action's check named in the game's ACTIONS table. A check of a play works it
out on a `Draft` and returns it; the move commits that same draft.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..errors import (
    BadState,
    FirstMeldTooLow,
    IllegalMove,
    InvalidMeld,
    NoSuchMeld,
    NotOpened,
    StockEmpty,
    WrongPhase,
)
from ..melds import BLACK_THREES, JOKER_MELD, TWOS_MELD
from ..table import TableMeld
from . import actions as A
from .draft import Draft, held_at
from .errors import (
    BlackThreeMeld,
    CanastaClosed,
    CannotGoOut,
    EndNotAllowed,
    HandSize,
    PileFrozen,
    PileNeedsCards,
    RankMelded,
)
from .melds import (
    CANASTA,
    CLEAN,
    can_go_out,
    canasta_kind,
    cards_value,
    check_meld,
    check_size,
    is_red_three,
    is_wild,
    meld_rank,
)
from .state import CanastaState

_HINTS = {"acquire": "draw, open or take the pile first", "play": "you have already drawn"}


class CanastaRules(CanastaState):
    """The state with a check per action."""

    def need_phase(self, phase: str, doing: str) -> None:
        """Refuse an action outside its phase of the turn."""
        if self.phase != phase:
            raise WrongPhase(f"you cannot {doing} now: {_HINTS[self.phase]}", phase=self.phase)

    def check_table(self) -> None:
        """Refuse a loaded table whose melds are not valid."""
        for meld in self.table:
            try:
                check_meld(meld.cards, meld.rank, self.opts)
            except InvalidMeld as error:
                raise BadState(f"meld {meld.id} of this saved game is not valid",
                               meld=meld.id) from error

    def draft(self, seat: int) -> Draft:
        """Return a draft of the seat's hand."""
        return Draft.of(self.hands[seat], seat, self.side(seat))

    def going_out_ok(self, side: int) -> bool:
        """Whether the side meets the going-out condition now."""
        return can_go_out(canasta_kind(m.rank, m.cards) for m in self.table.owned_by(side))

    def keep_size(self, draft: Draft) -> None:
        """The hand-size rule: no empty hand, one card only with the going-out condition."""
        left = len(draft.hand)
        if left == 0 or (left == 1 and not can_go_out(draft.kinds(self.table))):
            why = "no card" if left == 0 else "one card without two canastas, one clean,"
            raise HandSize(f"that would leave you {why} before your discard", left=left)

    # --- Phase 1 --------------------------------------------------------------------------

    def check_draw(self, seat: int, action: A.DrawTwo) -> None:
        """Check a draw from the stock (always legal on a non-empty stock, Decision 24)."""
        self.need_phase("acquire", "draw")
        if not self.stock:
            raise StockEmpty("the stock is empty: take the pile or end the hand")

    def check_open(self, seat: int, action: A.OpenAndDraw) -> Draft:
        """Check an opening before the draw: new melds worth the side's minimum."""
        self.need_phase("acquire", "open")
        side = self.side(seat)
        if self.opened[side]:
            raise IllegalMove("your side has already opened: draw or take the pile")
        if not self.stock:
            raise StockEmpty("the stock is empty: you cannot open and draw")
        draft = self.draft(seat)
        for group in action.melds:
            self.new_meld(draft, group, opening=True)
        self.reach_minimum(side, sum(cards_value(c, self.opts) for _, c in draft.new))
        self.keep_size(draft)
        return draft

    def reach_minimum(self, side: int, value: int) -> None:
        """Refuse an opening below the side's minimum (Decision 7)."""
        minimum = self.minimums[side]
        if value < minimum:
            raise FirstMeldTooLow(f"your side's opening must be worth at least {minimum}; "
                                  f"these cards make {value}", minimum=minimum, points=value)

    def check_take(self, seat: int, action: A.TakePile) -> Draft:
        """Check a take of the pile: the shown cards, the forced meld, the opening, the size."""
        self.need_phase("acquire", "take the pile")
        top = self.takeable_top()
        side = self.side(seat)
        draft = self.draft(seat)
        shown = draft.pull(action.cards)
        self.shows_enough(top, shown)
        forced = [top, *shown]
        self.place_forced(draft, top.rank, forced)
        placed = len(draft.new)
        for group in action.extra:
            self.new_meld(draft, group, opening=True)
        if not self.opened[side]:
            extra = sum(cards_value(c, self.opts) for _, c in draft.new[placed:])
            self.reach_minimum(side, cards_value(forced, self.opts) + extra)
        draft.hand += [c for c in self.pile[:-1] if not is_red_three(c)]
        self.keep_size(draft)
        return draft

    def takeable_top(self) -> Card:
        """Return the pile's top card if the pile may be taken (Decisions 4, 10)."""
        if not self.pile:
            raise IllegalMove("the pile is empty")
        top = self.pile[-1]
        if top.rank == 3:
            raise PileFrozen(f"the pile cannot be taken while {top} is on top", card=top.text)
        return top

    def shows_enough(self, top: Card, shown: Sequence[Card]) -> None:
        """Refuse a take without two naturals of the top's rank (three twos, three jokers)."""
        need = 3 if top.rank in (JOKER_MELD, TWOS_MELD) else 2
        if sum(c.rank == top.rank for c in shown) < need:
            what = {JOKER_MELD: "three jokers", TWOS_MELD: "three twos"}.get(
                top.rank, f"two natural cards of {top.text}'s rank")
            raise PileNeedsCards(f"to take the pile you must show {what}", card=top.text,
                                 need=need)

    def place_forced(self, draft: Draft, rank: int, forced: list[Card]) -> None:
        """Put the forced cards on the side's meld of that rank, or in a new meld (Decision 28:
        with seven as a cap, they fill the unfinished meld and the rest makes a new one)."""
        meld = self.open_meld(draft.side, rank)
        if meld is None:
            self.check_group(forced, rank)
            draft.new.append((rank, forced))
            return
        room = len(forced) if self.opts.melds_past_seven else CANASTA - len(meld.cards)
        ordered = sorted(forced, key=lambda c: is_wild(c, rank))  # naturals fill first
        self.grow(draft, meld, ordered[:room])
        if ordered[room:]:
            self.check_group(ordered[room:], rank)
            draft.new.append((rank, ordered[room:]))

    def open_meld(self, side: int, rank: int) -> TableMeld | None:
        """Return the side's meld of that rank that still takes cards, if any."""
        return next((m for m in self.table.owned_by(side) if m.rank == rank and (
            self.opts.melds_past_seven or len(m.cards) < CANASTA)), None)

    def check_end(self, seat: int, action: A.EndHand) -> None:
        """Check ending the hand: only on an empty stock, at the start of the turn."""
        self.need_phase("acquire", "end the hand")
        if self.stock:
            raise EndNotAllowed("the hand ends only when the stock is empty")

    # --- Phase 2 --------------------------------------------------------------------------

    def check_meld(self, seat: int, action: A.NewMeld) -> Draft:
        """Check a new meld of an opened side."""
        draft = self.opened_draft(seat, "meld")
        rank = self.new_meld(draft, action.cards, opening=False)
        if rank == BLACK_THREES:
            self.going_out_with_threes(draft)
        self.keep_size(draft)
        return draft

    def opened_draft(self, seat: int, doing: str) -> Draft:
        """Return a draft for a Phase 2 play, refused before the side has opened."""
        self.need_phase("play", doing)
        if not self.opened[self.side(seat)]:
            raise NotOpened(f"your side must open before you {doing} (open before drawing, "
                            "or by taking the pile)")
        return self.draft(seat)

    def new_meld(self, draft: Draft, named: Sequence[Card], opening: bool) -> int:
        """Pull a new meld's cards into the draft; return its rank."""
        cards = draft.pull(named)
        rank = meld_rank(cards)  # a valid meld of that rank, or InvalidMeld
        if rank == BLACK_THREES and (opening or not self.opts.black_three_meld_when_going_out):
            raise BlackThreeMeld("black threes are melded only when going out" if
                                 self.opts.black_three_meld_when_going_out else
                                 "black threes are never melded in this game")
        if self.rank_taken(draft, rank):
            raise RankMelded("your side already has a meld of that rank: add to it", rank=rank)
        check_size(cards, self.opts)
        draft.new.append((rank, cards))
        return rank

    def rank_taken(self, draft: Draft, rank: int) -> bool:
        """Whether the side may not start a meld of this rank (one per rank; with seven as a
        cap, another only once every meld of the rank is full)."""
        sizes = [len(draft.grown(m)) for m in self.table.owned_by(draft.side) if m.rank == rank]
        sizes += [len(cards) for r, cards in draft.new if r == rank]
        return bool(sizes) and (self.opts.melds_past_seven or min(sizes) < CANASTA)

    def check_group(self, cards: Sequence[Card], rank: int) -> None:
        """Refuse cards that are no valid meld of the rank."""
        check_meld(cards, rank, self.opts)

    def going_out_with_threes(self, draft: Draft) -> None:
        """Refuse black threes that do not leave one card with the going-out condition."""
        if len(draft.hand) != 1 or not can_go_out(draft.kinds(self.table)):
            raise BlackThreeMeld("black threes are melded only when going out: one card left "
                                 "to discard, two canastas, one clean")

    def check_add(self, seat: int, action: A.AddToMeld) -> Draft:
        """Check cards added to a meld of the seat's side."""
        draft = self.opened_draft(seat, "add to a meld")
        meld = self.table.get(action.meld_id)
        if meld.owner != draft.side:
            raise NoSuchMeld(f"meld {meld.id} is not your side's", meld=meld.id)
        cards = draft.pull(action.cards)
        self.grow(draft, meld, cards)
        if meld.rank == BLACK_THREES:
            self.going_out_with_threes(draft)
        self.keep_size(draft)
        return draft

    def grow(self, draft: Draft, meld: TableMeld, cards: list[Card]) -> None:
        """Add cards to a meld in the draft, refusing a closed canasta or a broken meld."""
        if not cards:
            return
        before = draft.grown(meld)
        if not self.opts.melds_past_seven and len(before) >= CANASTA:
            raise CanastaClosed(f"meld {meld.id} is full at 7 cards", reason="full")
        if (not self.opts.wild_on_clean_canasta and canasta_kind(meld.rank, before) in CLEAN
                and any(is_wild(c, meld.rank) for c in cards)):
            raise CanastaClosed(f"a wild card may not spoil the clean canasta {meld.id}",
                                reason="clean")
        self.check_group(before + cards, meld.rank)
        draft.adds.setdefault(meld.id, []).extend(cards)

    # --- Phase 3 --------------------------------------------------------------------------

    def check_discard(self, seat: int, action: A.Discard) -> Card:
        """Check a discard; the last card only with the going-out condition (Decision 23)."""
        self.need_phase("play", "discard")
        hand = self.hands[seat]
        card = hand[held_at(hand, action.card)]
        if len(hand) == 1 and not self.going_out_ok(self.side(seat)):
            raise CannotGoOut("you may discard your last card only when your side has two "
                              "canastas, one of them clean")
        return card
