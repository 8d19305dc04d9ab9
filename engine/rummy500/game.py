"""The Rummy 500 state machine: deal, turns, the open pile, lay-offs, Rummy! claims, scoring."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..cards import Card, make_deck, parse_cards
from ..errors import (
    AmbiguousEnd,
    BadCard,
    BadOption,
    BadState,
    CardNotInHand,
    ClaimTooLate,
    DeadEnd,
    DoesNotFit,
    FirstMeldTooLow,
    GameOver,
    IllegalMove,
    InvalidMeld,
    KeyCardUnused,
    LastCardPlayable,
    MustDrawStock,
    MustKeepCard,
    NoSuchMeld,
    NoSuchPosition,
    NotOpened,
    NotYourTurn,
    OwnDiscard,
    RulesError,
    StockEmpty,
    StockNotEmpty,
    TakenCardDiscard,
    WrongPhase,
)
from ..game import SCHEMA_VERSION, Event
from . import actions as A
from .legal import LegalMoves
from .options import Rummy500Options
from .scoring import SeatScore, card_value, hand_value, meld_points, run_position
from .table import Entry, Shape, Summary, TableMeld, ends_of, extended, fits_any, meld_id, shape_of

HAND_SIZE = 7


class Rummy500Game:
    """A Rummy 500 game for 2 to 5 seats (0 … players-1, in play order)."""

    name = "rummy500"

    def __init__(self, options: Rummy500Options | None = None, players: int = 3,
                 seed: int | None = None, decks: Sequence[Sequence[Card | str]] = (),
                 first_dealer: int | None = None) -> None:
        self.opts = options or Rummy500Options()
        self.opts.validate()
        if not isinstance(players, int) or not 2 <= players <= 5:
            raise BadOption("Rummy 500 is for 2 to 5 players", key="players", value=players)
        self.players = players
        self.seed = seed if seed is not None else secrets.randbits(63)
        self.scripted = [[str(c) for c in parse_cards(d)] for d in decks]
        self.deals = 0
        self.version = 0
        rng = random.Random(self.seed)
        self.dealer = first_dealer if first_dealer is not None else rng.randrange(players)
        if not 0 <= self.dealer < players:
            raise BadOption("first_dealer must be a seat", key="first_dealer", value=first_dealer)
        self.totals = [0] * players
        self.closings = [0] * players
        self.eliminated: set[int] = set()
        self.winner: int | None = None
        self.hand_no = 0
        self.last_result: dict[str, Any] | None = None
        self._reset_hand()
        self.special: Card | None = self.opts.special
        self._set_values()
        if self.opts.special_card_per_hand:
            self.phase, self.turn = "special", self.dealer
        else:
            self._deal()

    def _reset_hand(self) -> None:
        n = self.players
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []
        self.pile: list[Card] = []
        self.melds: list[TableMeld] = []
        self.opened = [False] * n
        self.reuses = 0
        self.free_card: Card | None = None
        self.redraw = False  # this turn began with an empty hand (seed_redraw)
        self.claim_open = False
        self.claim_card: Card | None = None
        self.discarder: int | None = None
        self.phase = "draw"
        self.turn = 0

    def _set_values(self) -> None:
        """Cache the options the values follow: the hand's special card may differ."""
        text = self.special.text if self.special else None
        self.values = replace(self.opts, special_card=text)

    # --- seats ---------------------------------------------------------------------------

    def active(self) -> list[int]:
        """Return the seats still in the game, in play order."""
        return [s for s in range(self.players) if s not in self.eliminated]

    def next_seat(self, seat: int) -> int:
        """Return the next seat in play order, skipping eliminated players."""
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if nxt not in self.eliminated:
                return nxt
        return seat

    # --- dealing -------------------------------------------------------------------------

    def _next_deck(self) -> list[Card]:
        self.deals += 1
        if self.scripted:
            return parse_cards(self.scripted.pop(0))
        deck = make_deck()
        random.Random(f"{self.seed}:{self.deals}").shuffle(deck)
        return deck

    def _deal(self) -> list[Event]:
        deck = self._next_deck()
        if len(deck) != 52 or len(set(deck)) != 52 or any(c.is_joker for c in deck):
            raise BadState("a Rummy 500 deck must hold the 52 different cards")
        self._reset_hand()
        order, seat = [], self.dealer
        for _ in self.active():
            seat = self.next_seat(seat)
            order.append(seat)
        n = len(order)
        for i in range(HAND_SIZE * n):
            self.hands[order[i % n]].append(deck[i])
        self.pile = [deck[HAND_SIZE * n]]
        self.stock = deck[HAND_SIZE * n + 1:]
        self.hand_no += 1
        self.phase, self.turn = "draw", order[0]
        return [Event("deal", None, {
            "dealer": self.dealer, "hand_no": self.hand_no, "players": order,
            "pile": [c.text for c in self.pile], "stock": len(self.stock),
            "special_card": self.special.text if self.special else None,
        })]

    # --- small queries -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == "over"

    def to_act(self) -> list[int]:
        """Return the seat whose step it is (during a Rummy window: the next player)."""
        return [] if self.is_over else [self.turn]

    def parse_action(self, text: str) -> A.Rummy500Action:
        """Parse an action's text form."""
        return A.parse_action(text)

    def summaries(self) -> list[Summary]:
        """Return the fitting summaries of the table melds."""
        return [m.summary() for m in self.melds]

    def meld_by_id(self, mid: str) -> TableMeld:
        """Return the table meld with that id, or raise NoSuchMeld."""
        for m in self.melds:
            if m.id == mid.upper():
                return m
        raise NoSuchMeld(f"there is no meld {mid} on the table", meld=mid)

    def fitting_melds(self, card: Card) -> list[str]:
        """Return the ids of the table melds the card fits."""
        return [m.id for m in self.melds if ends_of(card, m.summary())]

    @property
    def claimable(self) -> bool:
        """Whether the open window's card fits a table meld (public only under announce)."""
        return self.claim_open and self.claim_card is not None and bool(
            self.fitting_melds(self.claim_card))

    def shape_points(self, shape: Shape) -> int:
        """Return what a new meld is worth at table values."""
        return meld_points(shape.kind, shape.cards, shape.low, self.values)

    def _held(self, seat: int, card: Card) -> Card:
        if card not in self.hands[seat]:
            raise CardNotInHand(f"you do not hold {card}", card=card.text)
        return card

    # --- legal actions -------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[A.Rummy500Action]:
        """List every single-step action the seat may take now (claims: claim_targets)."""
        if self.is_over or seat != self.turn:
            return []
        return LegalMoves(self, seat).all()

    def system_timer(self) -> tuple[float, A.EndClaims] | None:
        """Return the window's length and the action that closes it, while one is open."""
        if not self.claim_open or self.is_over:
            return None
        if self.opts.rummy_call == "announce" and not self.claimable:
            # Announce mode says aloud which discards are playable: no need to wait on others.
            return 0.0, A.EndClaims()
        return float(self.opts.rummy_window_seconds), A.EndClaims()

    def reactors(self) -> list[int]:
        """Return the seats that may claim the open window's card (opened, not the discarder)."""
        if not self.claim_open:
            return []
        return [s for s in self.active() if s != self.discarder and self.opened[s]]

    def claim_targets(self, seat: int) -> list[A.ClaimRummy]:
        """List the valid claims of the open window's card for the seat."""
        card = self.claim_card
        if (not self.claim_open or card is None or seat == self.discarder
                or not 0 <= seat < self.players or not self.opened[seat]):
            return []
        out = []
        for m in self.melds:
            ends = ends_of(card, m.summary())
            if len(ends) == 2:
                out += [A.ClaimRummy(card, m.id, e) for e in ends]
            elif ends:
                out.append(A.ClaimRummy(card, m.id))
        return out

    # --- verify --------------------------------------------------------------------------

    def verify(self, seat: int, action: A.Rummy500Action) -> None:
        """Raise the RulesError that explains why the action is refused, if it is."""
        if self.is_over:
            raise GameOver("the game is over")
        if isinstance(action, A.EndClaims):
            if not self.claim_open:
                raise ClaimTooLate("no Rummy! window is open")
            return
        if not isinstance(seat, int) or not 0 <= seat < self.players or seat in self.eliminated:
            raise NotYourTurn("you are not playing in this game")
        if isinstance(action, A.ClaimRummy):
            self._check_claim(seat, action)
            return
        if seat != self.turn:
            raise NotYourTurn("it is not your turn")
        check = self._checks().get(type(action))
        if check is None:
            raise IllegalMove(f"'{action}' is not a Rummy 500 action")
        check(seat, action)

    def _checks(self) -> dict[type, Callable[[int, Any], None]]:
        return {
            A.DrawStock: self._check_draw, A.TakeDiscards: self._check_take,
            A.DeclineDiscards: self._check_decline, A.MeldCards: self._check_meld,
            A.LayOff: self._check_layoff, A.Discard: self._check_discard,
            A.NameSpecial: self._check_special,
        }

    def _need_phase(self, phase: str, doing: str) -> None:
        if self.phase != phase:
            hint = {"draw": "draw or take from the pile first", "play": "you have already drawn",
                    "special": "the dealer names the special card first"}[self.phase]
            raise WrongPhase(f"you cannot {doing} now: {hint}", phase=self.phase)

    def _check_special(self, seat: int, action: A.NameSpecial) -> None:
        self._need_phase("special", "name the special card")
        if action.card is not None and action.card.is_joker:
            raise BadCard("there are no jokers in Rummy 500", text=action.card.text)

    def _check_draw(self, seat: int, action: A.DrawStock) -> None:
        self._need_phase("draw", "draw")
        if not self.stock:
            raise StockEmpty("the stock is empty: take from the pile or decline")

    def _check_decline(self, seat: int, action: A.DeclineDiscards) -> None:
        self._need_phase("draw", "decline the pile")
        if self.stock:
            raise StockNotEmpty("you may decline the pile only when the stock is empty")

    def _check_take(self, seat: int, action: A.TakeDiscards) -> None:
        self.take_result(seat, action)

    def take_result(self, seat: int, action: A.TakeDiscards) -> tuple[list[Shape], list[Card]]:
        """Validate a take as a whole; return its new melds and the hand after it."""
        self._need_phase("draw", "take from the pile")
        if self.redraw_pending(seat):
            raise MustDrawStock("with an empty hand you must draw from the stock",
                                reason="empty_hand")
        if self.opts.draw_stock_until_opened and not self.opened[seat]:
            raise MustDrawStock("you must draw from the stock until you have opened",
                                reason="not_opened")
        n, k = len(self.pile), action.k
        if not 1 <= k <= n:
            raise NoSuchPosition(f"the pile has no card p{k}", k=k, size=n)
        taken = self.pile[k - 1:]
        key = taken[0]
        if not action.melds:
            if self.opts.top_card_free and k == n:
                return [], self.hands[seat] + taken
            raise KeyCardUnused(f"{key} must go into a new meld in the same action", card=key.text)
        pool = self.hands[seat] + taken
        used = [c for m in action.melds for c in m]
        for c in used:
            if c not in pool:
                raise CardNotInHand(f"{c} is neither in your hand nor among the cards taken",
                                    card=c.text)
        if len(set(used)) != len(used):
            raise InvalidMeld("the same card is named twice")
        shapes = [shape_of(m) for m in action.melds]
        if key not in used:
            raise KeyCardUnused(f"{key} must go into a new meld in the same action", card=key.text)
        self._check_opening(seat, shapes)
        left = [c for c in pool if c not in set(used)]
        self._check_leftover(left, self.summaries() + [s.summary() for s in shapes])
        return shapes, left

    def _check_opening(self, seat: int, shapes: Sequence[Shape]) -> None:
        minimum = self.opts.min_first_meld
        if self.opened[seat] or minimum <= 0:
            return
        points = sum(self.shape_points(s) for s in shapes)
        if points < minimum:
            raise FirstMeldTooLow(f"your first melds must total at least {minimum}; "
                                  f"these make {points}", minimum=minimum, points=points)

    def _check_leftover(self, left: Sequence[Card], table: Sequence[Summary]) -> None:
        """Refuse a draw or play step that empties the hand or leaves a dead end."""
        never = self.opts.go_out_without_discard == "never"
        if never and not left:
            raise MustKeepCard("you must keep a card to discard")
        if len(left) != 1:
            return
        card = left[0]
        # the free card cannot be discarded this turn: alone, it must at least be playable
        stuck_free = card == self.free_card and (never or not fits_any(card, table))
        stuck_last = never and self.opts.last_discard_unplayable and fits_any(card, table)
        if stuck_free or stuck_last:
            raise DeadEnd(f"that would leave you only {card}, which you could neither "
                          "discard nor play", card=card.text)

    def _check_meld(self, seat: int, action: A.MeldCards) -> None:
        self.meld_result(seat, action)

    def meld_result(self, seat: int, action: A.MeldCards) -> list[Shape]:
        """Validate a meld action; return its shapes."""
        self._need_phase("play", "meld")
        used = [c for m in action.melds for c in m]
        if not used:
            raise InvalidMeld("name the cards of the meld")
        for c in used:
            self._held(seat, c)
        if len(set(used)) != len(used):
            raise InvalidMeld("the same card is named twice")
        shapes = [shape_of(m) for m in action.melds]
        self._check_opening(seat, shapes)
        gone = set(used)
        left = [c for c in self.hands[seat] if c not in gone]
        self._check_leftover(left, self.summaries() + [s.summary() for s in shapes])
        return shapes

    def _check_layoff(self, seat: int, action: A.LayOff) -> None:
        self.layoff_end(seat, action)

    def layoff_end(self, seat: int, action: A.LayOff | A.ClaimRummy) -> str:
        """Validate where a card goes on the named meld; return the end (or 'set')."""
        if isinstance(action, A.LayOff):
            self._need_phase("play", "lay off")
            if not self.opened[seat]:
                raise NotOpened("you must own a meld on the table before laying off")
            self._held(seat, action.card)
        meld = self.meld_by_id(action.meld_id)
        ends = ends_of(action.card, meld.summary())
        if not ends or (action.end is not None and action.end not in ends):
            where = f" at the {action.end} end" if action.end else ""
            raise DoesNotFit(f"{action.card} does not fit meld {meld.id}{where}",
                             card=action.card.text, meld=meld.id, end=action.end)
        if action.end is None and len(ends) == 2:
            raise AmbiguousEnd(f"{action.card} fits both ends of meld {meld.id}: say low or high",
                               card=action.card.text, meld=meld.id)
        end = action.end or ends[0]
        if isinstance(action, A.LayOff):
            left = [c for c in self.hands[seat] if c != action.card]
            table = [m.summary() if m is not meld else extended(m.summary(), end)
                     for m in self.melds]
            self._check_leftover(left, table)
        return end

    def _check_discard(self, seat: int, action: A.Discard) -> None:
        self._need_phase("play", "discard")
        card = self._held(seat, action.card)
        if card == self.free_card:
            raise TakenCardDiscard(f"you cannot discard {card}: you took it free this turn",
                                   card=card.text)
        last = len(self.hands[seat]) == 1
        if last and (self.opts.last_discard_unplayable or self.redraw) and self.fitting_melds(
                card):
            raise LastCardPlayable(f"{card} fits a meld on the table: you must play it",
                                   card=card.text, melds=self.fitting_melds(card))

    def _check_claim(self, seat: int, action: A.ClaimRummy) -> None:
        if not self.claim_open or action.card != self.claim_card:
            raise ClaimTooLate("too late: that discard can no longer be claimed",
                               card=action.card.text)
        if seat == self.discarder:
            raise OwnDiscard("you cannot claim your own discard", card=action.card.text)
        if not self.opened[seat]:
            raise NotOpened("you must own a meld on the table to claim")
        self.layoff_end(seat, action)

    def redraw_pending(self, seat: int) -> bool:
        """Whether the seat starts his draw step with an empty hand (seed_redraw)."""
        return self.phase == "draw" and not self.hands[seat]

    # --- apply ---------------------------------------------------------------------------

    def apply(self, seat: int, action: A.Rummy500Action | str) -> list[Event]:
        """Verify the action, perform it, and return the events."""
        if isinstance(action, str):
            action = A.parse_action(action)
        self.verify(seat, action)
        handlers: dict[type, Callable[[int, Any], list[Event]]] = {
            A.DrawStock: self._do_draw, A.TakeDiscards: self._do_take,
            A.DeclineDiscards: self._do_decline, A.MeldCards: self._do_meld,
            A.LayOff: self._do_layoff, A.Discard: self._do_discard,
            A.ClaimRummy: self._do_claim, A.EndClaims: self._do_end_claims,
            A.NameSpecial: self._do_special,
        }
        events = handlers[type(action)](seat, action)
        self.version += 1
        return events

    def _close_window(self, how: str) -> list[Event]:
        if not self.claim_open:
            return []
        card = self.claim_card
        self.claim_open, self.claim_card, self.discarder = False, None, None
        return [Event("claims_closed", None, {"card": card.text if card else None, "by": how})]

    def _do_special(self, seat: int, action: A.NameSpecial) -> list[Event]:
        self.special = action.card
        self._set_values()
        card = action.card.text if action.card else None
        return [Event("special", seat, {"card": card})] + self._deal()

    def _do_draw(self, seat: int, action: A.DrawStock) -> list[Event]:
        events = self._close_window("draw")
        return events + self._draw(seat)

    def _draw(self, seat: int) -> list[Event]:
        self.redraw = not self.hands[seat]
        card = self.stock.pop(0)
        self.hands[seat].append(card)
        self.phase = "play"
        return [Event("draw", seat, {"stock": len(self.stock)}, {"card": card.text})]

    def _new_meld(self, seat: int, shape: Shape) -> TableMeld:
        meld = TableMeld(meld_id(len(self.melds)), seat, shape.kind, shape.suit, shape.rank,
                         shape.low)
        for i, c in enumerate(shape.cards):
            pos = "set" if shape.kind == "set" else run_position(c, shape.low + i)
            meld.entries.append(Entry(c, seat, card_value(c, self.values, pos), "meld"))
        self.melds.append(meld)
        self.opened[seat] = True
        return meld

    def _melds_public(self, melds: Sequence[TableMeld]) -> list[dict[str, Any]]:
        return [{"id": m.id, "kind": m.kind, "cards": [c.text for c in m.cards],
                 "points": sum(e.value for e in m.entries)} for m in melds]

    def _do_take(self, seat: int, action: A.TakeDiscards) -> list[Event]:
        shapes, left = self.take_result(seat, action)
        events = self._close_window("take")
        taken = self.pile[action.k - 1:]
        del self.pile[action.k - 1:]
        new = [self._new_meld(seat, s) for s in shapes]
        self.hands[seat] = left
        self.free_card = taken[-1] if not shapes else None
        self.phase = "play"
        events.append(Event("take", seat, {
            "k": action.k, "cards": [c.text for c in taken], "melds": self._melds_public(new),
            "free": not shapes}))
        return events + self._after_play(seat)

    def _do_meld(self, seat: int, action: A.MeldCards) -> list[Event]:
        shapes = self.meld_result(seat, action)
        gone = {c for m in action.melds for c in m}
        self.hands[seat] = [c for c in self.hands[seat] if c not in gone]
        new = [self._new_meld(seat, s) for s in shapes]
        events = [Event("meld", seat, {"melds": self._melds_public(new)})]
        return events + self._after_play(seat)

    def _place(self, seat: int, action: A.LayOff | A.ClaimRummy, how: str) -> Entry:
        end = self.layoff_end(seat, action)
        meld = self.meld_by_id(action.meld_id)
        card = action.card
        if meld.kind == "set":
            pos = "set"
        else:
            pos = run_position(card, meld.low - 1 if end == "low" else meld.high + 1)
        entry = Entry(card, seat, card_value(card, self.values, pos), how)
        meld.place(entry, end)
        return entry

    def _do_layoff(self, seat: int, action: A.LayOff) -> list[Event]:
        entry = self._place(seat, action, "layoff")
        self.hands[seat].remove(action.card)
        meld = self.meld_by_id(action.meld_id)
        events = [Event("layoff", seat, {"card": action.card.text, "meld": meld.id,
                                         "end": action.end, "points": entry.value})]
        return events + self._after_play(seat)

    def _after_play(self, seat: int) -> list[Event]:
        """End the hand or the turn when a play step emptied the hand."""
        if self.hands[seat]:
            return []
        if self.opts.go_out_without_discard == "immediate":
            return self._end_hand("out", seat)
        # seed_redraw: the turn ends with an empty hand and no discard
        events = [Event("empty_hand", seat, {})]
        return events + self._next_turn(seat)

    def _next_turn(self, seat: int) -> list[Event]:
        self.turn, self.phase = self.next_seat(seat), "draw"
        self.free_card, self.redraw = None, False
        return self._draw_step()

    def _draw_step(self) -> list[Event]:
        """Apply the automatic decline when the stock is empty and no take is legal."""
        if self.phase != "draw" or self.claim_open or self.stock:
            return []
        if LegalMoves(self, self.turn).any_take():
            return []
        return [Event("decline", self.turn, {"auto": True})] + self._decline(self.turn)

    def _do_discard(self, seat: int, action: A.Discard) -> list[Event]:
        card = action.card
        self.hands[seat].remove(card)
        self.pile.append(card)
        if not self.hands[seat]:
            return [Event("discard", seat, {"card": card.text, "claim_window": False})] + \
                self._end_hand("out", seat)
        events = [Event("discard", seat, {"card": card.text,
                                          "claim_window": self.opts.rummy_rule})]
        if self.opts.rummy_rule:
            self.claim_open, self.claim_card, self.discarder = True, card, seat
            fits = self.fitting_melds(card)
            if self.opts.rummy_call == "announce" and fits:
                events.append(Event("rummy_announce", None, {"card": card.text, "fits": fits}))
        return events + self._next_turn(seat)

    def _do_decline(self, seat: int, action: A.DeclineDiscards) -> list[Event]:
        events = self._close_window("decline")
        return events + [Event("decline", seat, {"auto": False})] + self._decline(seat)

    def _decline(self, seat: int) -> list[Event]:
        if self.reuses < self.opts.reuse_discards and self.pile:
            self.stock, self.pile = self.pile, []  # face down unshuffled: p1 becomes the top
            self.reuses += 1
            events = [Event("reuse", seat, {"stock": len(self.stock), "reuses": self.reuses})]
            return events + self._draw(seat)
        return self._end_hand("stock", None)

    def _do_claim(self, seat: int, action: A.ClaimRummy) -> list[Event]:
        entry = self._place(seat, action, "claim")
        self.pile.pop()
        events = [Event("claim", seat, {"claimer": seat, "card": action.card.text,
                                        "meld": action.meld_id.upper(), "end": action.end,
                                        "points": entry.value, "discarder": self.discarder})]
        events += self._close_window("claim")
        return events + self._draw_step()

    def _do_end_claims(self, seat: int, action: A.EndClaims) -> list[Event]:
        return self._close_window("timeout") + self._draw_step()

    # --- end of a hand and of the game -----------------------------------------------------

    def seat_scores(self) -> list[SeatScore]:
        """Return the running score of every seat in the hand, as if it ended now."""
        out = []
        for seat in self.active():
            melded = laid = 0
            for m in self.melds:
                for e in m.entries:
                    if e.by == seat:
                        if e.how == "meld":
                            melded += e.value
                        else:
                            laid += e.value
            hand = self.hands[seat]
            out.append(SeatScore(seat, melded, laid, hand_value(hand, self.values), tuple(hand)))
        return out

    def _end_hand(self, reason: str, out: int | None) -> list[Event]:
        self._close_window("hand_end")
        scores = self.seat_scores()
        for s in scores:
            self.totals[s.seat] += s.hand_score
        if out is not None:
            self.closings[out] += 1
        gone = self._eliminate()
        self.winner = self._find_winner(out)
        self.last_result = {
            "hand_no": self.hand_no, "reason": reason, "out": out,
            "seats": [s.to_dict() for s in scores], "totals": list(self.totals),
            "eliminated": sorted(gone), "closings": list(self.closings),
            "melds": self._melds_with_credits(),
        }
        events = [Event("hand_end", out, dict(self.last_result))]
        self.claim_open, self.free_card, self.redraw = False, None, False
        if self.winner is not None:
            self.phase = "over"
            return events + [Event("game_end", self.winner, {
                "winner": self.winner, "totals": list(self.totals),
                "closings": list(self.closings)})]
        self.dealer = self.next_seat(self.dealer)
        if self.opts.special_card_per_hand:
            self._reset_hand()
            self.phase, self.turn = "special", self.dealer
            return events
        return events + self._deal()

    def _melds_with_credits(self) -> list[dict[str, Any]]:
        """Return the table melds with who placed each card and how (for the hand's reveal)."""
        return [{"id": m.id, "owner": m.owner, "kind": m.kind,
                 "cards": [{"card": e.card.text, "by": e.by, "value": e.value, "how": e.how}
                           for e in m.entries]} for m in self.melds]

    def _eliminate(self) -> set[int]:
        limit = self.opts.elimination_score
        if limit is None:
            return set()
        gone = {s for s in self.active() if self.totals[s] <= limit}
        if gone == set(self.active()):
            return set()  # never everybody at once
        self.eliminated |= gone
        return gone

    def _find_winner(self, out: int | None) -> int | None:
        left = self.active()
        if len(left) == 1:
            return left[0]
        if self.opts.game_mode == "closings":
            if out is not None and self.closings[out] >= self.opts.closings_to_win:
                return out
            return None
        target = self.opts.target_score
        if self.opts.win_by_closing_only:
            return out if out is not None and self.totals[out] >= target else None
        best = max(self.totals[s] for s in left)
        leaders = [s for s in left if self.totals[s] == best]
        return leaders[0] if best >= target and len(leaders) == 1 else None

    # --- views ---------------------------------------------------------------------------

    def public_view(self) -> dict[str, Any]:
        """Return everything every player may see."""
        scores = {s.seat: s for s in self.seat_scores()}
        seats = []
        for seat in range(self.players):
            sc = scores.get(seat)
            seats.append({
                "seat": seat, "cards": len(self.hands[seat]), "opened": self.opened[seat],
                "total": self.totals[seat],
                "hand_points": sc.melded + sc.laid_off if sc else 0,
                "eliminated": seat in self.eliminated, "closings": self.closings[seat]})
        claim: dict[str, Any] = {
            "open": self.claim_open, "card": self.claim_card.text if self.claim_card else None,
            "discarder": self.discarder}
        if self.opts.rummy_call == "announce":
            claim["fits"] = self.fitting_melds(self.claim_card) if self.claim_card else []
        return {
            "game": self.name, "version": self.version, "players": self.players,
            "hand_no": self.hand_no, "dealer": self.dealer,
            "turn": None if self.is_over else self.turn, "phase": self.phase,
            "stock": len(self.stock), "pile": [c.text for c in self.pile],
            "melds": [{"id": m.id, "owner": m.owner, "kind": m.kind,
                       "cards": [{"card": e.card.text, "by": e.by, "value": e.value}
                                 for e in m.entries]} for m in self.melds],
            "seats": seats, "claim": claim, "options": self.opts.to_dict(),
            "special_card": self.special.text if self.special else None,
            "reuses": self.reuses, "winner": self.winner, "totals": list(self.totals),
            "eliminated": sorted(self.eliminated), "last_result": self.last_result,
        }

    def private_view(self, seat: int) -> dict[str, Any]:
        """Return the public view plus the seat's hand, free card, legal moves and claims."""
        view = self.public_view()
        view.update({
            "seat": seat, "hand": [c.text for c in self.hands[seat]],
            "free_card": self.free_card.text if self.free_card and seat == self.turn else None,
            "legal": [str(a) for a in self.legal_actions(seat)],
            "claims": [str(a) for a in self.claim_targets(seat)]})
        return view

    # --- persistence ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Serialize the whole state."""
        return {
            "schema": SCHEMA_VERSION, "game": self.name, "options": self.opts.to_dict(),
            "players": self.players, "seed": self.seed, "scripted": self.scripted,
            "deals": self.deals, "version": self.version, "dealer": self.dealer,
            "hand_no": self.hand_no, "phase": self.phase, "turn": self.turn,
            "hands": [_texts(h) for h in self.hands], "stock": _texts(self.stock),
            "pile": _texts(self.pile), "melds": [m.to_dict() for m in self.melds],
            "opened": list(self.opened), "totals": list(self.totals),
            "closings": list(self.closings), "eliminated": sorted(self.eliminated),
            "reuses": self.reuses, "free_card": _text(self.free_card), "redraw": self.redraw,
            "claim": {"open": self.claim_open, "card": _text(self.claim_card),
                      "discarder": self.discarder},
            "special": _text(self.special), "winner": self.winner,
            "last_result": self.last_result,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rummy500Game:
        """Rebuild a game from to_json(); raise BadState for a snapshot that cannot be."""
        if not isinstance(data, dict) or data.get("schema") != SCHEMA_VERSION or data.get(
                "game") != cls.name:
            raise BadState("this saved game has an unknown format")
        try:
            game = cls._load(data)
        except BadState:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, RulesError) as error:
            raise BadState(f"this saved game cannot be loaded ({error})") from error
        return game

    @classmethod
    def _load(cls, data: dict[str, Any]) -> Rummy500Game:
        game = cls.__new__(cls)
        game.opts = Rummy500Options.from_dict(data["options"])
        game.players = int(data["players"])
        if not 2 <= game.players <= 5:
            raise BadState("a Rummy 500 game has 2 to 5 players")
        for key in ("seed", "deals", "version", "dealer", "hand_no", "turn", "reuses"):
            setattr(game, key, int(data[key]))
        game.scripted = [list(map(str, d)) for d in data["scripted"]]
        game.phase = str(data["phase"])
        if game.phase not in ("special", "draw", "play", "over"):
            raise BadState(f"unknown phase {game.phase}")
        game.hands = [parse_cards(h) for h in data["hands"]]
        game.stock, game.pile = parse_cards(data["stock"]), parse_cards(data["pile"])
        game.melds = [TableMeld.from_dict(m) for m in data["melds"]]
        game.opened = [bool(x) for x in data["opened"]]
        game.totals = [int(x) for x in data["totals"]]
        game.closings = [int(x) for x in data["closings"]]
        game.eliminated = {int(x) for x in data["eliminated"]}
        game.free_card = _card(data["free_card"])
        game.redraw = bool(data["redraw"])
        claim = data["claim"]
        game.claim_open, game.claim_card = bool(claim["open"]), _card(claim["card"])
        game.discarder = None if claim["discarder"] is None else int(claim["discarder"])
        game.special = _card(data["special"])
        game.winner = None if data["winner"] is None else int(data["winner"])
        game.last_result = data["last_result"]
        game._set_values()
        game._check_loaded()
        return game

    def _check_loaded(self) -> None:
        n = self.players
        if not (len(self.hands) == len(self.opened) == len(self.totals) == len(self.closings)
                == n) or not 0 <= self.turn < n or not 0 <= self.dealer < n:
            raise BadState("the seats of this saved game do not add up")
        cards = [c for h in self.hands for c in h] + self.stock + self.pile + [
            c for m in self.melds for c in m.cards]
        dealt = self.phase in ("draw", "play")
        if len(set(cards)) != len(cards) or (dealt and len(cards) != 52):
            raise BadState("the cards of this saved game do not add up")
        if self.claim_open and (not self.pile or self.claim_card != self.pile[-1]):
            raise BadState("the claim window's card is not the top of the pile")


def _texts(cards: Sequence[Card]) -> list[str]:
    return [c.text for c in cards]


def _text(card: Card | None) -> str | None:
    return card.text if card else None


def _card(text: object) -> Card | None:
    return Card.parse(str(text)) if text else None
