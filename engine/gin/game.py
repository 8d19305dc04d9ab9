"""The gin state machine: deal, upcard protocol, turns, knocks, hands and the match.

`GinGame` is closed gin for two; its variants are subclasses chosen when a game is created
from its options (`engine.gin.variants`): `MahjongGin` (engine.gin.mahjong) plays open melds,
and team gin's boards (engine.gin.teams) wait for each other at a hand's end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Self

from ..base import ActionTable, CardGame, DeckSource
from ..cards import Card, card_texts, find_card, make_deck, parse_cards
from ..errors import (
    BadState,
    CardNotInHand,
    IllegalMove,
    InvalidMeld,
    NotYourTurn,
    RulesError,
    TakenCardDiscard,
    WrongPhase,
)
from ..game import Event
from ..match import Standing, standings
from ..melds import MeldRules, make_meld
from ..sides import Sides
from ..table import Table, melds_of
from . import actions as A
from .deadwood import fast_solver, meld_rules, min_deadwood
from .errors import GinOnly, KnockTooHigh
from .events import (
    Dealt,
    Discarded,
    DrawnCard,
    Drew,
    HandEnded,
    Knocked,
    MatchEnded,
    Passed,
    Taken,
)
from .match import Match
from .meld_search import melds_in
from .options import GinOptions
from .scoring import HandResult, settle_big_gin, settle_knock
from .views import GinHand, GinTable, HandReport, ScoreSheet, per_seat, texts

_LOG_KEYS = ("pickups", "discards", "refused")


class GinGame(CardGame[GinOptions, A.GinAction]):
    """A two-seat closed gin match; seats are 0 and 1."""

    name = "gin"
    options_type = GinOptions
    min_players = max_players = 2

    table: Table  # Mahjong gin's open melds (closed gin's stays empty)
    owed: Card | None  # Mahjong gin: the deepest card of a pile take, still to be put down
    pile_taken: list[Card]  # the cards taken from the pile this turn
    scripted_knock: Sequence[str] = ()  # the knock cards of the next deals, if a test names them

    def __init__(self, options: GinOptions | None = None, seed: int | None = None,
                 decks: Sequence[Sequence[Card | str]] = (), knock_cards: Sequence[str] = (),
                 first_dealer: int | None = None) -> None:
        """Deal a new two-seat game (create's arguments, and the knock cards a test names)."""
        self.scripted_knock = [str(c) for c in knock_cards]
        self.start(options or self.default_options(), 2, seed, decks, first_dealer)

    def setup(self) -> None:
        """Start the match: no hand played yet, no card dealt."""
        self.match = Match(self.opts)
        self.hands: list[list[Card]] = [[], []]
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.phase = "draw"
        self.turn = 0
        self.taken: Card | None = None
        self.knock_card: Card | None = None
        self.shown: list[list[list[Card]]] = [[], []]
        self.last_winner: int | None = None
        self.hand_no = 0
        self.last_result: HandReport | None = None  # the last hand, public once over

    @classmethod
    def check_options(cls, opts: GinOptions) -> None:
        """Refuse options this class does not play, as well as invalid ones."""
        super().check_options(opts)
        cls.check_variant(opts)

    @classmethod
    def default_options(cls) -> GinOptions:
        """Return the options a game made without any plays with."""
        return GinOptions()

    @classmethod
    def check_variant(cls, opts: GinOptions) -> None:
        """Refuse options another variant plays (engine.gin.variants chooses the class)."""
        if opts.mahjong:
            raise BadState("Mahjong gin is played by MahjongGin")

    # --- dealing -----------------------------------------------------------------

    def _next_knock_card(self) -> Card:
        if self.scripted_knock:
            card, self.scripted_knock = self.scripted_knock[0], self.scripted_knock[1:]
            return Card.parse(card)
        return self.deck.side_deck("knock", make_deck)[-1]  # the bottom card of the second deck

    def deal(self) -> list[Event]:
        """Deal the next hand (dealing again while a misdeal rule finds a hand knockable)."""
        again = False
        while True:
            deck = self.deck.next(make_deck, again)  # a misdeal's deal belongs to the hand
            again = True
            if len(deck) != 52 or len(set(deck)) != 52:
                raise BadState("a gin deck must hold the 52 different cards")
            other = 1 - self.dealer
            self.hands = [[], []]
            self.hands[other] = deck[0:20:2]
            self.hands[self.dealer] = deck[1:20:2]
            self._set_knock_card(deck)
            if not self._misdeal():
                break
        self.hand_no += 1
        self.taken, self.shown = None, [[], []]
        self.table, self.owed, self.pile_taken = Table(), None, []
        self.log: dict[str, list[list[str]]] = {k: [[], []] for k in _LOG_KEYS}
        upcard = self.discard[-1].text if self.discard else None
        return [Event("deal", None, Dealt(self.hand_no, self.dealer, upcard, self._knock_text))]

    def _set_knock_card(self, deck: list[Card]) -> None:
        if self.opts.knock_card_source == "second_deck":
            self.discard, self.stock = [], deck[20:]
            oklahoma = self.opts.knock_rule == "oklahoma"
            self.knock_card = self._next_knock_card() if oklahoma else None
            opener = self.last_winner if self.last_winner is not None else 1 - self.dealer
            self.phase, self.turn = "draw", opener
            return
        self.discard, self.stock = [deck[20]], deck[21:]
        self.knock_card = deck[20] if self.opts.knock_rule == "oklahoma" else None
        self.phase, self.turn = "upcard_first", 1 - self.dealer

    def _misdeal(self) -> bool:
        if not self.opts.misdeal_if_dealt_knockable:
            return False
        limit = self.knock_limit
        return any(self._deadwood(h) <= limit for h in self.hands)

    # --- rules helpers -------------------------------------------------------------

    @property
    def knock_limit(self) -> int:
        """Return the highest deadwood a knock may leave in this hand."""
        if self.opts.knock_rule == "none":
            return 0
        if self.opts.knock_rule == "oklahoma" and self.knock_card is not None:
            return 0 if self.knock_card.rank == 1 else min(self.knock_card.rank, 10)
        return self.opts.knock_limit

    @property
    def doubled(self) -> bool:
        """Whether this hand's points are doubled (Oklahoma spade knock card)."""
        kc = self.knock_card
        return self.opts.knock_rule == "oklahoma" and self.opts.spade_double and (
            kc is not None and kc.suit == "S")

    @property
    def rules(self) -> MeldRules:
        """Return the meld rules of this game."""
        return meld_rules(self.opts.wrap)

    def _ok(self, check: Callable[[int, A.GinAction], None], seat: int, action: A.GinAction
            ) -> bool:
        try:
            check(seat, action)
        except RulesError:
            return False
        return True

    def _deadwood(self, cards: Sequence[Card]) -> int:
        return min_deadwood(cards, self.opts.wrap, self.opts.unmelded_ace_value)

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.match.over

    def to_act(self) -> list[int]:
        """Return the seat whose move the game waits for."""
        return [] if self.is_over else [self.turn]

    def parse_action(self, text: str) -> A.GinAction:
        """Parse an action's text form."""
        return A.parse_action(text)

    # --- legal actions -----------------------------------------------------------

    def legal_actions(self, seat: int) -> list[A.GinAction]:
        """List every action the seat may take now."""
        if self.is_over or seat != self.turn:
            return []
        if self.phase in ("upcard_first", "upcard_second"):
            return [A.TakeUpcard(), A.PassUpcard()]
        if self.phase in ("upcard_draw",):
            return [A.DrawStock()]
        if self.phase == "draw":
            return self._draw_actions(seat)
        return self._finish_actions(seat)

    def _draw_actions(self, seat: int) -> list[A.GinAction]:
        out: list[A.GinAction] = [A.DrawStock()]
        if self.discard:
            out.append(A.TakeDiscard())
        if self.opts.deep_discard_pickup:
            out += self._deep_pickups(seat)
        return out

    def _deep_pickups(self, seat: int) -> list[A.GinAction]:
        """List every deep pickup: each card of the pile (the top one too, gin.md's "any
        depth") with each meld of two or more hand cards it completes."""
        hand = self.hands[seat]
        takes = (A.TakeDiscard(card, tuple(sorted(c for c in meld if c != card)))
                 for card in self.discard for meld in melds_in([*hand, card], self.rules, card))
        return [a for a in takes if self._ok(self._check_take, seat, a)]

    def _finish_actions(self, seat: int) -> list[A.GinAction]:
        hand = self.hands[seat]
        free = [c for c in hand if not self._blocked(c)]
        out: list[A.GinAction] = [A.Discard(c) for c in free]
        solver = fast_solver(self.opts.wrap, self.opts.unmelded_ace_value)
        full = 0
        for c in hand:
            full |= c.bit
        whole, limit = solver.min_deadwood_mask(full), self.knock_limit
        # a discard lowers deadwood by at most its own value, so most hands need no search
        if whole - max(10, self.opts.unmelded_ace_value) <= limit:
            out += [A.Knock(c) for c in free if solver.min_deadwood_mask(full & ~c.bit) <= limit]
        if self.opts.big_gin and whole == 0:
            out.append(A.BigGin())
        return out

    def _blocked(self, card: Card) -> bool:
        """Whether a card in hand may not be thrown now (the one just taken)."""
        return self.opts.no_discard_of_taken_card and card == self.taken

    # --- verify ----------------------------------------------------------------------

    def check_seat(self, seat: int, action: A.GinAction) -> None:
        """Refuse a seat that is not in the game, or not the one to act."""
        if seat not in (0, 1):
            raise NotYourTurn("you are not seated in this game")
        if seat != self.turn:
            raise NotYourTurn("it is not your turn")

    def _check_upcard(self, seat: int, action: A.GinAction) -> None:
        if self.phase not in ("upcard_first", "upcard_second"):
            what = "take the upcard" if isinstance(action, A.TakeUpcard) else "pass"
            raise WrongPhase(f"you cannot {what} now")

    def _check_draw(self, seat: int, action: A.GinAction) -> None:
        if self.phase not in ("draw", "upcard_draw"):
            raise WrongPhase("you have already drawn this turn" if self.phase == "discard"
                             else "first take or pass the upcard")
        if not self.stock:
            raise IllegalMove("the stock is empty")

    def _check_take(self, seat: int, action: A.GinAction) -> None:
        assert isinstance(action, A.TakeDiscard)
        if self.phase == "upcard_draw":
            raise WrongPhase("both players passed the upcard: you must draw from the stock")
        if self.phase != "draw":
            raise WrongPhase("you cannot take the discard now")
        if not self.discard:
            raise IllegalMove("the discard pile is empty")
        if action.card is None or (action.card == self.discard[-1] and not action.meld):
            return
        if not self.opts.deep_discard_pickup:
            raise IllegalMove("only the top card of the discard pile may be taken")
        if action.card not in self.discard:
            raise IllegalMove(f"{action.card} is not in the discard pile")
        if len(action.meld) < 2 or any(find_card(self.hands[seat], c) is None for c in action.meld):
            raise InvalidMeld("name at least two of your cards that make a meld with it")
        make_meld([action.card, *action.meld], meld_rules(self.opts.wrap))

    def _check_take_pile(self, seat: int, action: A.GinAction) -> None:
        raise IllegalMove("taking several pile cards is played only in Mahjong gin")

    def _check_meld(self, seat: int, action: A.GinAction) -> None:
        raise IllegalMove("putting melds on the table is played only in Mahjong gin")

    def _check_layoff(self, seat: int, action: A.GinAction) -> None:
        raise IllegalMove("laying off during play is played only in Mahjong gin")

    def _mahjong_only(self, seat: int, action: A.GinAction) -> list[Event]:
        """Never runs: closed gin's checks refuse Mahjong gin's moves (MahjongGin plays them)."""
        raise IllegalMove(f"'{action}' is played only in Mahjong gin")

    def _held(self, seat: int, card: Card) -> Card:
        held = find_card(self.hands[seat], card)
        if held is None:
            raise CardNotInHand(f"you do not hold {card}", card=str(card))
        return held

    def _check_finish_phase(self) -> None:
        if self.phase != "discard":
            raise WrongPhase("draw a card first")

    def _check_discard(self, seat: int, action: A.GinAction) -> None:
        assert isinstance(action, (A.Discard, A.Knock))
        self._check_finish_phase()
        self._check_throw(self._held(seat, action.card))

    def _check_throw(self, card: Card) -> None:
        """Refuse throwing a card the rules keep in hand now (the one just taken)."""
        if self._blocked(card):
            raise TakenCardDiscard(f"you cannot discard {card}: you just took it", card=str(card))

    def _check_knock(self, seat: int, action: A.GinAction) -> None:
        assert isinstance(action, A.Knock)
        self._check_discard(seat, action)
        rest = [c for c in self.hands[seat] if c != self._held(seat, action.card)]
        dead, limit = self._deadwood(rest), self.knock_limit
        if dead > limit:
            if limit == 0:
                raise GinOnly("only gin may end this hand", limit=limit, deadwood=dead)
            raise KnockTooHigh(f"knocking needs deadwood of at most {limit}; you would have {dead}",
                               limit=limit, deadwood=dead)

    def _check_big_gin(self, seat: int, action: A.GinAction) -> None:
        self._check_finish_phase()
        if not self.opts.big_gin:
            raise IllegalMove("big gin is not played in this game")
        if self._deadwood(self.hands[seat]) != 0:
            raise IllegalMove("big gin needs all eleven cards in melds")

    # --- apply -------------------------------------------------------------------

    def _do_pass(self, seat: int, action: A.GinAction) -> list[Event]:
        card = self.discard[-1].text
        self.log["refused"][seat].append(card)
        if self.phase == "upcard_first":
            self.phase, self.turn = "upcard_second", 1 - seat
        else:
            self.phase, self.turn = "upcard_draw", 1 - seat
        return [Event("pass", seat, Passed(card))]

    def _do_draw(self, seat: int, action: A.GinAction) -> list[Event]:
        if self.phase == "draw" and self.discard:  # he let the top discard go by
            self.log["refused"][seat].append(self.discard[-1].text)
        card = self.stock.pop(0)
        self.hands[seat].append(card)
        self.phase, self.taken, self.pile_taken = "discard", None, []
        return [Event("draw", seat, Drew(len(self.stock)), DrawnCard(card.text))]

    def _do_take(self, seat: int, action: A.GinAction) -> list[Event]:
        wanted = getattr(action, "card", None) or self.discard[-1]
        card = next(c for c in reversed(self.discard) if c == wanted)
        self.discard.remove(card)
        self.hands[seat].append(card)
        self.phase, self.taken, self.pile_taken = "discard", card, [card]
        self.log["pickups"][seat].append(card.text)
        meld = getattr(action, "meld", ())
        if not meld:
            return [Event("take", seat, Taken((card.text,)))]
        shown = [card, *(self._held(seat, c) for c in meld)]
        self.shown[seat].append(shown)
        return [Event("take", seat, Taken((card.text,), texts(shown)))]

    def _do_discard(self, seat: int, action: A.GinAction) -> list[Event]:
        assert isinstance(action, A.Discard)
        card = self._held(seat, action.card)
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.taken, self.pile_taken = None, []
        self.log["discards"][seat].append(card.text)
        return [Event("discard", seat, Discarded(card.text))] + self._after_discard(seat)

    def _after_discard(self, seat: int) -> list[Event]:
        """End a hand whose stock ran down to two cards, else pass the turn."""
        if len(self.stock) <= 2:
            return self._end_hand(HandResult("dead", None, None, 0))
        self.phase, self.turn = "draw", 1 - seat
        return []

    def _do_knock(self, seat: int, action: A.GinAction) -> list[Event]:
        assert isinstance(action, A.Knock)
        card = self._held(seat, action.card)
        self.hands[seat].remove(card)  # face down, out of play
        result = settle_knock(seat, self.hands[seat], self.hands[1 - seat], self.opts, self.doubled)
        kind = "gin" if result.kind == "gin" else "knock"
        return [Event(kind, seat, Knocked(result.values[seat]))] + self._end_hand(result)

    def _do_big_gin(self, seat: int, action: A.GinAction) -> list[Event]:
        hands = self.hands
        result = settle_big_gin(seat, hands[seat], hands[1 - seat], self.opts, self.doubled)
        return [Event("big_gin", seat, Knocked(0))] + self._end_hand(result)

    def _end_hand(self, result: HandResult) -> list[Event]:
        self.last_result = result.report()
        if result.tally is not None:
            finished = self.match.record_all(result.tally.totals, result.winner)
        else:
            finished = self.match.record(result.winner, result.points)
        self.last_winner = result.winner
        events = [Event("hand_end", result.winner, HandEnded(self.hand_no, self.last_result))]
        events += [Event("game_end", g.winner, g) for g in finished]
        if self.match.over:
            self.phase = "over"
            return events + [Event("match_end", self.match.winner, MatchEnded(self.scores()))]
        self.dealer = 1 - self.dealer
        return events + self.deal()

    # action type -> (its check, its handler): a variant overriding one declares its own table
    ACTIONS: ClassVar[ActionTable[Self, Self]] = {
        A.TakeUpcard: (_check_upcard, _do_take),
        A.PassUpcard: (_check_upcard, _do_pass),
        A.DrawStock: (_check_draw, _do_draw),
        A.TakeDiscard: (_check_take, _do_take),
        A.TakePile: (_check_take_pile, _mahjong_only),
        A.MeldCards: (_check_meld, _mahjong_only),
        A.LayOff: (_check_layoff, _mahjong_only),
        A.Discard: (_check_discard, _do_discard),
        A.Knock: (_check_knock, _do_knock),
        A.BigGin: (_check_big_gin, _do_big_gin),
    }

    # --- views ---------------------------------------------------------------------

    def scores(self) -> ScoreSheet:
        """Return the score sheet (public)."""
        return ScoreSheet.of(self.match)

    def standings(self) -> list[Standing]:
        """Rank the two seats by match points (end-of-game bonuses included)."""
        m = self.match
        return standings(self.sides, m.points(), [] if m.winner is None else [m.winner])

    def put_down(self) -> tuple[int, ...]:
        """Return each seat's points put down on the table this hand (none in closed gin)."""
        return tuple(sum(self.table.credits(s).values()) for s in (0, 1))

    @property
    def _knock_text(self) -> str | None:
        return self.knock_card.text if self.knock_card else None

    def public_view(self) -> GinTable:
        """Return everything every player may see."""
        return GinTable(
            game=self.name, version=self.version, hand_no=self.hand_no, options=self.opts,
            phase=self.phase, turn=None if self.is_over else self.turn, dealer=self.dealer,
            stock=len(self.stock), discard=texts(self.discard),
            hand_sizes=tuple(len(h) for h in self.hands), knock_card=self._knock_text,
            knock_limit=self.knock_limit, doubled=self.doubled,
            shown_melds=tuple(tuple(texts(m) for m in s) for s in self.shown),
            scores=self.scores(), last_result=self.last_result,
            pickups=per_seat(self.log["pickups"]), discards=per_seat(self.log["discards"]),
            refused=per_seat(self.log["refused"]), melds=melds_of(self.table),
            put_down=self.put_down(), owed=self.owed.text if self.owed else None)

    def private_view(self, seat: int) -> GinHand:
        """Return the public view plus the seat's own hand and legal moves."""
        hand = self.hands[seat]
        taken = self.taken.text if self.taken and self.turn == seat else None
        return GinHand(self.public_view(), seat, texts(hand), self._deadwood(hand), taken,
                       tuple(self.legal_actions(seat)))

    # --- persistence -----------------------------------------------------------------

    def state_json(self) -> dict[str, Any]:
        """Return the game's fields for its snapshot."""
        return {
            **self.deck.to_json(), "scripted_knock": list(self.scripted_knock),
            "version": self.version, "dealer": self.dealer,
            "hands": [card_texts(h) for h in self.hands], "stock": card_texts(self.stock),
            "discard": card_texts(self.discard), "phase": self.phase, "turn": self.turn,
            "taken": str(self.taken) if self.taken else None,
            "knock_card": self._knock_text,
            "shown": [[card_texts(m) for m in s] for s in self.shown],
            "last_winner": self.last_winner, "hand_no": self.hand_no, "log": self.log,
            "match": self.match.to_dict(),
            "last_result": None if self.last_result is None else self.last_result.to_dict(),
            "table": self.table.to_list(), "owed": str(self.owed) if self.owed else None,
            "pile_taken": card_texts(self.pile_taken),
        }

    @classmethod
    def load_state(cls, opts: GinOptions, data: dict[str, Any]) -> Self:
        """Rebuild a game from its options and snapshot fields."""
        cls.check_variant(opts)
        game = cls.__new__(cls)
        game.opts, game.sides, game.deck = opts, Sides.singles(2), DeckSource.from_json(data)
        for key in ("scripted_knock", "version", "dealer", "phase", "turn", "last_winner",
                    "hand_no"):
            setattr(game, key, data[key])
        game.hands = [parse_cards(h) for h in data["hands"]]
        game.stock, game.discard = parse_cards(data["stock"]), parse_cards(data["discard"])
        game.taken = Card.parse(data["taken"]) if data["taken"] else None
        game.knock_card = Card.parse(data["knock_card"]) if data["knock_card"] else None
        game.shown = [[parse_cards(m) for m in s] for s in data["shown"]]
        game.match = Match.from_dict(game.opts, data["match"])
        last = data["last_result"]
        game.last_result = HandReport.from_dict(last) if last is not None else None
        game.log = {k: [list(v) for v in data["log"][k]] for k in _LOG_KEYS}
        game.table = Table.from_list(data.get("table", []))  # older snapshots: closed gin
        game.owed = Card.parse(data["owed"]) if data.get("owed") else None
        game.pile_taken = parse_cards(data.get("pile_taken", []))
        return game
