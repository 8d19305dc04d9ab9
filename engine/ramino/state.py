"""The Ramino state: seats, the deal, the hand in play, the match so far, and its JSON form.

Two decks hold two copies of each card: `Card.deck` tells them apart inside the engine, but a
snapshot writes faces only ("9C") and loading numbers the copies again in order of appearance.
Identical cards are interchangeable (Decision 5), so nothing depends on which copy is which.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, Self

from ..base import CardGame, DeckSource
from ..cards import Card, make_deck
from ..errors import BadOption, BadState
from ..game import Event
from ..match import Scoreboard
from ..sides import Sides
from . import actions as A
from .events import Dealt
from .options import RaminoOptions
from .penalty import PenaltyRules
from .views import HandReport, ints

PHASES = ("first", "draw", "discard", "reentry", "over")
TURN_PHASES = ("first", "draw", "discard")


@dataclass(slots=True)
class Offer:
    """The open re-entry offer: who was offered it, who has not answered, the total."""

    offered: tuple[int, ...]
    waiting: list[int]
    total: int

    def to_json(self) -> dict[str, Any]:
        """Return the snapshot's form."""
        return {"offered": list(self.offered), "waiting": list(self.waiting),
                "total": self.total}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Offer:
        """Rebuild from to_json()."""
        return cls(ints(data["offered"]), list(ints(data["waiting"])), int(data["total"]))


def build_deck(opts: RaminoOptions) -> list[Card]:
    """Return the game's cards in a fixed order: 2×52 + 4 jokers, or 52 + 2 jokers."""
    return make_deck(2, 4) if opts.deck == "double" else make_deck(1, 2)


def copies(cards: Iterable[Card]) -> list[Card]:
    """Return the cards with their copies numbered 0, 1 … in order of appearance."""
    seen: Counter[tuple[int, str]] = Counter()
    out = []
    for card in cards:
        out.append(Card(card.rank, card.suit, seen[card.face]))
        seen[card.face] += 1
    return out


class RaminoState(CardGame[RaminoOptions, A.RaminoAction]):
    """What a Ramino game holds; seats are 0 … players-1 in the seating list's order."""

    name = "ramino"
    options_type = RaminoOptions
    min_players, max_players = 2, 7

    def __init__(self, options: RaminoOptions | None = None, players: int = 4,
                 seed: int | None = None, decks: Sequence[Sequence[Card | str]] = (),
                 first_dealer: int | None = None) -> None:
        self.opts = options or RaminoOptions()
        self.opts.validate()
        self.opts.check_players(players)
        self.sides = Sides.singles(players)
        self.deck = DeckSource.of(seed, decks)
        self.version = 0
        dealer = random.Random(self.seed).randrange(players) if first_dealer is None else (
            first_dealer)
        if not isinstance(dealer, int) or not 0 <= dealer < players:
            raise BadOption("first_dealer must be a seat", key="first_dealer", value=dealer)
        self.dealer = dealer
        start = self.opts.chips_start if self.opts.chips else 0
        self.board = Scoreboard([start] * players)  # points, or chips in the chips game
        self.reentries = [0] * players
        self.offer: Offer | None = None
        self.winner: int | None = None
        self.hand_no = 0
        self.last_result: HandReport | None = None
        self.deal()

    @classmethod
    def create(cls, opts: Any, players: int, seed: int | None = None,
               decks: Sequence[Sequence[Card | str]] = (), first_dealer: int | None = None
               ) -> Self:
        """Deal a new game for 2 to 7 players (2 to 4 with a single deck)."""
        return cls(opts, players, seed, decks, first_dealer)

    def reset_hand(self) -> None:
        """Clear the hand in play: no cards dealt, no card taken or drawn."""
        self.hands: list[list[Card]] = [[] for _ in range(self.players)]
        self.stock: list[Card] = []  # index 0 is the top
        self.pile: list[Card] = []  # the last one is the top
        self.throwers: list[int | None] = []  # who threw each pile card (None: the upcard)
        self.taken: Card | None = None  # taken from the pile this turn
        self.drawn: Card | None = None  # drawn from the stock this turn
        self.rebuilds = 0
        self.phase = "first"
        self.turn = 0

    # --- seats and the score -------------------------------------------------------------

    @property
    def players(self) -> int:
        """Return how many seats the game has."""
        return self.seats

    @property
    def totals(self) -> list[int]:
        """Return each seat's total: penalty points, or chips in the chips game."""
        return self.board.totals

    @property
    def eliminated(self) -> set[int]:
        """Return the seats out of the game."""
        return self.board.eliminated

    def active(self) -> list[int]:
        """Return the seats still in the game."""
        return self.board.active()

    def next_seat(self, seat: int) -> int:
        """Return the next seat in play order (the `direction`), skipping eliminated ones."""
        step = 1 if self.opts.direction == "forward" else -1
        for k in range(1, self.players + 1):
            nxt = (seat + step * k) % self.players
            if nxt not in self.eliminated:
                return nxt
        return seat

    @property
    def penalty_rules(self) -> PenaltyRules:
        """Return the options the penalty of a hand follows."""
        return PenaltyRules(self.opts.same_suit_sets, self.opts.joker_penalty)

    # --- dealing -------------------------------------------------------------------------

    def deal(self) -> list[Event]:
        """Deal a new hand: card i to the ((i mod N) + 1)-th player after the dealer."""
        deck = copies(self.deck.next(lambda: build_deck(self.opts)))
        if Counter(c.face for c in deck) != Counter(c.face for c in build_deck(self.opts)):
            raise BadState(f"a Ramino deck must hold the {len(build_deck(self.opts))} cards")
        self.reset_hand()
        order, seat = [], self.dealer
        for _ in self.active():
            seat = self.next_seat(seat)
            order.append(seat)
        n, size = len(order), self.opts.hand_size
        for i in range(size * n):
            self.hands[order[i % n]].append(deck[i])
        self.pile, self.throwers = [deck[size * n]], [None]
        self.stock = deck[size * n + 1:]
        self.hand_no += 1
        self.turn = order[0]
        return [Event("deal", None, Dealt(self.dealer, self.hand_no, tuple(order),
                                          deck[size * n].text, len(self.stock)))]

    # --- small queries -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == "over"

    def to_act(self) -> list[int]:
        """Return the seats the game waits for: the turn's, or every seat owing an answer."""
        if self.phase == "reentry" and self.offer is not None:
            return sorted(self.offer.waiting)
        return [self.turn] if self.phase in TURN_PHASES else []

    def parse_action(self, text: str) -> A.RaminoAction:
        """Parse an action's text form."""
        return A.parse_action(text)

    # --- persistence ---------------------------------------------------------------------

    def state_json(self) -> dict[str, Any]:
        """Return the game's fields for its snapshot."""
        return {
            "players": self.players, **self.deck.to_json(), "version": self.version,
            "dealer": self.dealer, "hand_no": self.hand_no, "phase": self.phase,
            "turn": self.turn, "hands": [_texts(h) for h in self.hands],
            "stock": _texts(self.stock), "pile": _texts(self.pile),
            "throwers": list(self.throwers), "taken": _text(self.taken),
            "drawn": _text(self.drawn), "rebuilds": self.rebuilds,
            "totals": list(self.totals), "hand_points": [list(h) for h in self.board.hands],
            "eliminated": sorted(self.eliminated), "reentries": list(self.reentries),
            "offer": None if self.offer is None else self.offer.to_json(),
            "winner": self.winner,
            "last_result": None if self.last_result is None else self.last_result.to_dict(),
        }

    @classmethod
    def load_state(cls, opts: RaminoOptions, data: dict[str, Any]) -> Self:
        """Rebuild a game from its options and snapshot fields."""
        game = cls.__new__(cls)
        game.opts = opts
        players = int(data["players"])
        if not cls.min_players <= players <= cls.max_players:
            raise BadState("a Ramino game has 2 to 7 players")
        game.sides, game.deck = Sides.singles(players), DeckSource.from_json(data)
        for key in ("version", "dealer", "hand_no", "turn", "rebuilds"):
            setattr(game, key, int(data[key]))
        game.phase = str(data["phase"])
        if game.phase not in PHASES:
            raise BadState(f"unknown phase {game.phase}")
        game._load_cards(data)
        game._load_match(data)
        game._check_loaded()
        return game

    def _load_cards(self, data: dict[str, Any]) -> None:
        hands = [[str(c) for c in h] for h in data["hands"]]
        every = copies(Card.parse(c) for c in chain(*hands, data["stock"], data["pile"]))
        sizes = [len(h) for h in hands]
        self.hands = []
        for size in sizes:
            self.hands.append(every[:size])
            every = every[size:]
        self.stock, self.pile = every[:len(data["stock"])], every[len(data["stock"]):]
        self.throwers = [None if s is None else int(s) for s in data["throwers"]]
        self.taken, self.drawn = _card(data["taken"]), _card(data["drawn"])

    def _load_match(self, data: dict[str, Any]) -> None:
        self.board = Scoreboard(list(ints(data["totals"])),
                                [list(ints(h)) for h in data["hand_points"]],
                                set(ints(data["eliminated"])))
        self.reentries = list(ints(data["reentries"]))
        self.offer = None if data["offer"] is None else Offer.from_json(data["offer"])
        self.winner = None if data["winner"] is None else int(data["winner"])
        last = data["last_result"]
        self.last_result = None if last is None else HandReport.from_dict(last)

    def _check_loaded(self) -> None:
        n = self.players
        seats = range(n)
        if not (len(self.hands) == len(self.totals) == len(self.reentries) == n) or (
                self.turn not in seats or self.dealer not in seats
                or any(len(h) != n for h in self.board.hands)
                or not self.eliminated <= set(seats) or len(self.throwers) != len(self.pile)
                or any(s is not None and s not in seats for s in self.throwers)):
            raise BadState("the seats of this saved game do not add up")
        faces = Counter(c.face for c in chain(*self.hands, self.stock, self.pile))
        if faces != Counter(c.face for c in build_deck(self.opts)):
            raise BadState("the cards of this saved game do not add up")
        offer = self.offer
        if (self.phase == "reentry") != (offer is not None) or (offer is not None and (
                not set(offer.waiting) <= set(offer.offered) <= set(seats))):
            raise BadState("the re-entry offer of this saved game does not add up")


def _texts(cards: Sequence[Card]) -> list[str]:
    return [c.text for c in cards]


def _text(card: Card | None) -> str | None:
    return card.text if card else None


def _card(text: object) -> Card | None:
    return Card.parse(str(text)) if text else None
