"""The Rummy 500 state: seats, the deal, the hand in play, the match so far, and its JSON form."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Self

from ..base import CardGame
from ..cards import Card, card_or_none, card_texts, make_deck, parse_cards, text_or_none
from ..errors import BadState
from ..game import Event
from ..match import Scoreboard, Seated
from ..table import Table, TableMeld
from . import actions as A
from .events import ClaimsClosed, Dealt
from .options import Rummy500Options
from .table import Summary, ends_of, shape_of, summary_of
from .views import HandReport

HAND_SIZE = 7
PHASES = ("special", "draw", "play", "over")


class Rummy500State(Seated, CardGame[Rummy500Options, A.Rummy500Action]):
    """What a Rummy 500 game holds; seats are 0 … players-1 in play order."""

    name = "rummy500"
    options_type = Rummy500Options
    min_players, max_players = 2, 5

    def __init__(self, options: Rummy500Options | None = None, players: int = 3,
                 seed: int | None = None, decks: Sequence[Sequence[Card | str]] = (),
                 first_dealer: int | None = None) -> None:
        """Deal a new game (create's arguments, with the default options and three seats)."""
        self.start(options or Rummy500Options(), players, seed, decks, first_dealer)

    def setup(self) -> None:
        """Start the match: every seat at zero, no hand played yet, the options' special card."""
        players = self.players
        self.board = Scoreboard.new(players)  # totals and eliminations
        self.closings = [0] * players
        self.winner: int | None = None
        self.hand_no = 0
        self.last_result: HandReport | None = None
        self.reset_hand()
        self.special: Card | None = self.opts.special
        self.set_values()

    def first_deal(self) -> None:
        """Deal the first hand, or wait for the dealer to name its special card first."""
        if self.opts.special_card_per_hand:
            self.phase, self.turn = "special", self.dealer
        else:
            self.deal()

    def reset_hand(self) -> None:
        """Clear the hand in play: no cards dealt, an empty table, no window open."""
        n = self.players
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []
        self.pile: list[Card] = []
        self.table = Table()
        self.opened = [False] * n
        self.reuses = 0
        self.free_card: Card | None = None
        self.redraw = False  # this turn began with an empty hand (seed_redraw)
        self.claim_open = False
        self.claim_card: Card | None = None
        self.discarder: int | None = None
        self.phase = "draw"
        self.turn = 0

    def set_values(self) -> None:
        """Cache the options the values follow: the hand's special card may differ."""
        text = self.special.text if self.special else None
        self.values = replace(self.opts, special_card=text)

    # --- dealing -------------------------------------------------------------------------

    def deal(self) -> list[Event]:
        """Deal a new hand from the dealer's left."""
        deck = self.deck.next(make_deck)
        if len(deck) != 52 or len(set(deck)) != 52 or any(c.is_joker for c in deck):
            raise BadState("a Rummy 500 deck must hold the 52 different cards")
        self.reset_hand()
        order = self.order_after(self.dealer)
        n = len(order)
        for i in range(HAND_SIZE * n):
            self.hands[order[i % n]].append(deck[i])
        self.pile = [deck[HAND_SIZE * n]]
        self.stock = deck[HAND_SIZE * n + 1:]
        self.hand_no += 1
        self.phase, self.turn = "draw", order[0]
        return [Event("deal", None, Dealt(
            self.hand_no, self.dealer, tuple(order), tuple(c.text for c in self.pile),
            len(self.stock), self.special.text if self.special else None))]

    def close_window(self, how: str) -> list[Event]:
        """Close the Rummy! window, if one is open, saying what closed it."""
        if not self.claim_open:
            return []
        card = self.claim_card
        self.claim_open, self.claim_card, self.discarder = False, None, None
        return [Event("claims_closed", None, ClaimsClosed(card.text if card else None, how))]

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

    @property
    def melds(self) -> list[TableMeld]:
        """Return the table melds, in the order they were put down."""
        return self.table.melds

    def summaries(self) -> list[Summary]:
        """Return the fitting summaries of the table melds."""
        return [summary_of(m) for m in self.table]

    def meld_by_id(self, mid: str) -> TableMeld:
        """Return the table meld with that id, or raise NoSuchMeld."""
        return self.table.get(mid)

    def fitting_melds(self, card: Card) -> list[str]:
        """Return the ids of the table melds the card fits."""
        return [m.id for m in self.table if ends_of(card, summary_of(m))]

    @property
    def claimable(self) -> bool:
        """Whether the open window's card fits a table meld (public only under announce)."""
        return self.claim_open and self.claim_card is not None and bool(
            self.fitting_melds(self.claim_card))

    def redraw_pending(self, seat: int) -> bool:
        """Whether the seat starts his draw step with an empty hand (seed_redraw)."""
        return self.phase == "draw" and not self.hands[seat]

    # --- persistence ---------------------------------------------------------------------

    def state_json(self) -> dict[str, Any]:
        """Return the game's fields for its snapshot.

        `hand_points` (each hand's points, for the final score sheet) comes once a hand is
        scored, so a snapshot saved before it existed saves back unchanged.
        """
        points = {"hand_points": [list(h) for h in self.board.hands]} if self.board.hands else {}
        return {
            "players": self.players, **self.deck.to_json(), "version": self.version,
            "dealer": self.dealer, "hand_no": self.hand_no, "phase": self.phase,
            "turn": self.turn, "hands": [card_texts(h) for h in self.hands],
            "stock": card_texts(self.stock), "pile": card_texts(self.pile),
            "melds": self.table.to_list(), "opened": list(self.opened),
            "totals": list(self.totals), **points, "closings": list(self.closings),
            "eliminated": sorted(self.eliminated), "reuses": self.reuses,
            "free_card": text_or_none(self.free_card), "redraw": self.redraw,
            "claim": {"open": self.claim_open, "card": text_or_none(self.claim_card),
                      "discarder": self.discarder},
            "special": text_or_none(self.special), "winner": self.winner,
            "last_result": None if self.last_result is None else self.last_result.to_dict(),
        }

    @classmethod
    def load_state(cls, opts: Rummy500Options, data: dict[str, Any]) -> Self:
        """Rebuild a game from its options and snapshot fields."""
        game = cls.load_header(opts, data, ("dealer", "hand_no", "turn", "reuses"), PHASES)
        game.hands = [parse_cards(h) for h in data["hands"]]
        game.stock, game.pile = parse_cards(data["stock"]), parse_cards(data["pile"])
        game.table = _load_table(data["melds"])
        game._load_seats(data)
        game._load_hand(data)
        game.set_values()
        game._check_loaded()
        return game

    def _load_seats(self, data: dict[str, Any]) -> None:
        self.opened = [bool(x) for x in data["opened"]]
        # Each hand's points feed the final score sheet; snapshots older than them hold none.
        self.board = Scoreboard([int(x) for x in data["totals"]],
                                [[int(x) for x in h] for h in data.get("hand_points", [])],
                                {int(x) for x in data["eliminated"]})
        self.closings = [int(x) for x in data["closings"]]

    def _load_hand(self, data: dict[str, Any]) -> None:
        self.free_card = card_or_none(data["free_card"])
        self.redraw = bool(data["redraw"])
        claim = data["claim"]
        self.claim_open, self.claim_card = bool(claim["open"]), card_or_none(claim["card"])
        self.discarder = None if claim["discarder"] is None else int(claim["discarder"])
        self.special = card_or_none(data["special"])
        self.winner = None if data["winner"] is None else int(data["winner"])
        last = data["last_result"]
        self.last_result = None if last is None else HandReport.from_dict(last)

    def _check_loaded(self) -> None:
        n = self.players
        if not (len(self.hands) == len(self.opened) == len(self.totals) == len(self.closings)
                == n) or not 0 <= self.turn < n or not 0 <= self.dealer < n or any(
                len(points) != n for points in self.board.hands):
            raise BadState("the seats of this saved game do not add up")
        cards = [c for h in self.hands for c in h] + self.stock + self.pile + [
            c for m in self.table for c in m.cards]
        dealt = self.phase in ("draw", "play")
        if len(set(cards)) != len(cards) or (dealt and len(cards) != 52):
            raise BadState("the cards of this saved game do not add up")
        if self.claim_open and (not self.pile or self.claim_card != self.pile[-1]):
            raise BadState("the claim window's card is not the top of the pile")


def _load_table(data: list[dict[str, Any]]) -> Table:
    """Rebuild the table melds; a snapshot must hold valid Rummy 500 melds only."""
    table = Table.from_list(data)
    for m in table:
        shape_of(m.cards)
    return table
