"""The Ramino 51 state: seats, the deal, the hand in play, the match so far, and its JSON form.

Two packs hold two copies of each card: `Card.deck` tells them apart inside the engine, but a
snapshot writes faces only ("9C", and table cards without their pack) and loading numbers the
copies again in a fixed order (hands, stock, pile, exchange card, table). Identical cards are
interchangeable (Decision 17), so nothing depends on which copy is which.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import chain
from typing import Any, Self

from ..base import CardGame
from ..cards import Card, card_or_none, card_texts, copies, faces, make_deck, text_or_none
from ..errors import BadState
from ..game import Event
from ..match import Scoreboard, Seated
from ..table import Entry, Table
from . import actions as A
from .events import Dealt
from .options import MAX_PLAYERS, MIN_PLAYERS, Ramino51Options
from .views import HandReport, ints

HAND_SIZE = 14  # the starter gets one more
PHASES = ("draw", "play", "over")


@cache
def _cards(jokers: int) -> tuple[Card, ...]:
    """Return the cards of the game in a fixed order: 2×52 and the jokers (made once)."""
    return tuple(make_deck(2, jokers))


def build_deck(opts: Ramino51Options) -> list[Card]:
    """Return the game's 106 (or 108) cards in a fixed order."""
    return list(_cards(opts.jokers))


@cache
def deck_faces(jokers: int) -> Counter[int]:
    """Return how many cards of each face the deck holds (read only: it is shared)."""
    return faces(_cards(jokers))


class Ramino51State(Seated, CardGame[Ramino51Options, A.Ramino51Action]):
    """What a Ramino 51 game holds; seats are 0 … players-1 in the seating list's order."""

    name = "ramino51"
    options_type = Ramino51Options
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS

    def __init__(self, options: Ramino51Options | None = None, players: int = 4,
                 seed: int | None = None, decks: Sequence[Sequence[Card | str]] = (),
                 first_dealer: int | None = None) -> None:
        """Deal a new game (create's arguments, with the default options and four seats)."""
        self.start(options or Ramino51Options(), players, seed, decks, first_dealer)

    def setup(self) -> None:
        """Start the match: every seat at zero, no hand played yet."""
        self.board = Scoreboard.new(self.players)
        self.hand_no = 0
        self.last_result: HandReport | None = None

    def reset_hand(self) -> None:
        """Clear the hand in play: no cards, an empty table, nobody opened or swapped."""
        n = self.players
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []  # index 0 is the top
        self.pile: list[Card] = []  # the last one is the top
        self.exchange: Card | None = None
        self.table = Table()
        self.opened = [False] * n
        self.swapped = [False] * n  # swapped the exchange card this hand
        self.had_turn = [False] * n  # has finished a turn this hand (his first turn is over)
        self.rebuilds = 0
        self.idle_rebuilds = 0  # stocks rebuilt since a card last reached the table
        self.starter = 0
        self.turn = 0
        self.reset_turn("draw")

    def reset_turn(self, phase: str) -> None:
        """Start a turn at this step: nothing taken, played or opened yet."""
        self.phase = phase
        self.taken: Card | None = None  # taken from the pile this turn
        self.acted = False  # melded, laid off or swapped a joker this turn
        self.opened_now = False  # opened in this turn (going out then is closing in hand)

    # --- seats ---------------------------------------------------------------------------

    def play_step(self) -> int:
        """Return the direction of play: +1 forward, -1 with `direction` reverse."""
        return 1 if self.opts.direction == "forward" else -1

    def first_turn(self, seat: int) -> bool:
        """Whether this is the seat's first turn of the hand."""
        return not self.had_turn[seat]

    def starter_first(self) -> bool:
        """Whether the turn in play is the starter's first, which has no draw (Decision 6)."""
        return self.turn == self.starter and self.first_turn(self.turn)

    # --- dealing -------------------------------------------------------------------------

    def deal(self) -> list[Event]:
        """Deal a hand: card i to the ((i mod N) + 1)-th player from the starter, card 14N the
        starter's 15th, card 14N + 1 the exchange card, the rest the stock."""
        deck = copies(self.deck.next(lambda: build_deck(self.opts)))
        if faces(deck) != deck_faces(self.opts.jokers):
            raise BadState(f"a Ramino 51 deck must hold the {len(_cards(self.opts.jokers))} "
                           "cards")
        self.reset_hand()
        order = self.order_after(self.dealer)
        n = len(order)
        for i in range(HAND_SIZE * n):
            self.hands[order[i % n]].append(deck[i])
        self.hands[order[0]].append(deck[HAND_SIZE * n])
        self.exchange = deck[HAND_SIZE * n + 1]
        self.stock = deck[HAND_SIZE * n + 2:]
        self.hand_no += 1
        self.starter = self.turn = order[0]
        self.reset_turn("play")  # the starter's first turn has no draw
        return [Event("deal", None, Dealt(self.hand_no, self.dealer, tuple(order),
                                          self.exchange.text, len(self.stock)))]

    # --- small queries -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == "over"

    def to_act(self) -> list[int]:
        """Return the seat whose turn it is (none once the game is over)."""
        return [] if self.is_over else [self.turn]

    def parse_action(self, text: str) -> A.Ramino51Action:
        """Parse an action's text form."""
        return A.parse_action(text)

    def every_card(self) -> Iterable[Card]:
        """Return every card of the game, wherever it lies."""
        on_table = (c for m in self.table for c in m.cards)
        exchange = [self.exchange] if self.exchange is not None else []
        return chain(*self.hands, self.stock, self.pile, exchange, on_table)

    # --- persistence ---------------------------------------------------------------------

    def state_json(self) -> dict[str, Any]:
        """Return the game's fields for its snapshot."""
        return {
            "players": self.players, **self.deck.to_json(), "version": self.version,
            "dealer": self.dealer, "starter": self.starter, "hand_no": self.hand_no,
            "phase": self.phase, "turn": self.turn, "hands": [card_texts(h) for h in self.hands],
            "stock": card_texts(self.stock), "pile": card_texts(self.pile),
            "exchange": text_or_none(self.exchange), "melds": _table_json(self.table),
            "opened": list(self.opened), "swapped": list(self.swapped),
            "had_turn": list(self.had_turn), "taken": text_or_none(self.taken),
            "acted": self.acted, "opened_now": self.opened_now, "rebuilds": self.rebuilds,
            "idle_rebuilds": self.idle_rebuilds,
            "totals": list(self.totals), "hand_points": [list(h) for h in self.board.hands],
            "last_result": None if self.last_result is None else self.last_result.to_dict(),
        }

    @classmethod
    def load_state(cls, opts: Ramino51Options, data: dict[str, Any]) -> Self:
        """Rebuild a game from its options and snapshot fields."""
        counters = ("dealer", "starter", "hand_no", "turn", "rebuilds")
        game = cls.load_header(opts, data, counters, PHASES)
        game.idle_rebuilds = int(data.get("idle_rebuilds", 0))
        game._load_cards(data)
        game._load_flags(data)
        game._check_loaded()
        return game

    def _load_cards(self, data: dict[str, Any]) -> None:
        hands = [[str(c) for c in h] for h in data["hands"]]
        stock, pile = [str(c) for c in data["stock"]], [str(c) for c in data["pile"]]
        exchange = [str(data["exchange"])] if data["exchange"] else []
        table = Table.from_list(data["melds"])
        on_table = [c.text for m in table for c in m.cards]
        every = copies(Card.parse(c) for c in chain(*hands, stock, pile, exchange, on_table))
        self.hands = [_take(every, len(h)) for h in hands]
        self.stock, self.pile = _take(every, len(stock)), _take(every, len(pile))
        self.exchange = _take(every, len(exchange))[0] if exchange else None
        for meld in table:
            meld.entries = [Entry(c, e.by, e.value, e.how, e.stands_for)
                            for c, e in zip(_take(every, len(meld.entries)), meld.entries)]
        self.table = table

    def _load_flags(self, data: dict[str, Any]) -> None:
        self.opened = [bool(x) for x in data["opened"]]
        self.swapped = [bool(x) for x in data["swapped"]]
        self.had_turn = [bool(x) for x in data["had_turn"]]
        self.taken = card_or_none(data["taken"])
        self.acted, self.opened_now = bool(data["acted"]), bool(data["opened_now"])
        self.board = Scoreboard(list(ints(data["totals"])),
                                [list(ints(h)) for h in data["hand_points"]])
        last = data["last_result"]
        self.last_result = None if last is None else HandReport.from_dict(last)

    def _check_loaded(self) -> None:
        n, seats = self.players, range(self.players)
        if not (len(self.hands) == len(self.opened) == len(self.swapped) == len(self.had_turn)
                == len(self.totals) == n and self.turn in seats and self.dealer in seats
                and self.starter in seats and all(len(h) == n for h in self.board.hands)):
            raise BadState("the seats of this saved game do not add up")
        if faces(self.every_card()) != deck_faces(self.opts.jokers):
            raise BadState("the cards of this saved game do not add up")
        self.check_table()

    def check_table(self) -> None:
        """Refuse a loaded table whose melds are not valid (a hook: the rules re-read them)."""


def _take(cards: list[Card], count: int) -> list[Card]:
    """Remove and return the first `count` cards of the list."""
    head = cards[:count]
    del cards[:count]
    return head


def _table_json(table: Table) -> list[dict[str, Any]]:
    """Return the table melds as JSON, cards without their pack (copies are numbered on load)."""
    out = table.to_list()
    for meld in out:
        for entry in meld["cards"]:
            entry.pop("deck", None)
    return out
