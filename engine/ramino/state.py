"""The Ramino state: seats, the deal, the hand in play, the match so far, and its JSON form.

Two decks hold two copies of each card: `Card.deck` tells them apart inside the engine, but a
snapshot writes faces only ("9C") and loading numbers the copies again in order of appearance.
Identical cards are interchangeable (Decision 5), so nothing depends on which copy is which.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import chain
from typing import Any, Self

from ..base import CardGame
from ..cards import (
    Card,
    card_or_none,
    card_texts,
    copies,
    faces,
    make_deck,
    text_or_none,
)
from ..errors import BadState
from ..game import Event
from ..history import PublicHistory
from ..match import Scoreboard, Seated
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


@cache
def _cards(deck: str) -> tuple[Card, ...]:
    """Return the cards of a deck in a fixed order (made once: cards are immutable)."""
    if deck == "single":
        return tuple(c for c in _cards("double") if c.deck == 0 or (c.is_joker and c.deck < 2))
    return tuple(make_deck(2, 4))


def build_deck(opts: RaminoOptions) -> list[Card]:
    """Return the game's cards in a fixed order: 2×52 + 4 jokers, or 52 + 2 jokers."""
    return list(_cards(opts.deck))


@cache
def deck_faces(deck: str) -> Counter[int]:
    """Return how many cards of each face the deck holds (read only: it is shared)."""
    return faces(_cards(deck))


class RaminoState(Seated, PublicHistory, CardGame[RaminoOptions, A.RaminoAction]):
    """What a Ramino game holds; seats are 0 … players-1 in the seating list's order."""

    name = "ramino"
    options_type = RaminoOptions
    min_players, max_players = 2, 7

    def __init__(self, options: RaminoOptions | None = None, players: int = 4,
                 seed: int | None = None, decks: Sequence[Sequence[Card | str]] = (),
                 first_dealer: int | None = None) -> None:
        """Deal a new game (create's arguments, with the default options and four seats)."""
        self.start(options or RaminoOptions(), players, seed, decks, first_dealer)

    def setup(self) -> None:
        """Start the match: every seat at its start (points, or chips), no hand played yet."""
        players = self.players
        start = self.opts.chips_start if self.opts.chips else 0
        self.board = Scoreboard([start] * players)  # points, or chips in the chips game
        self.reentries = [0] * players
        self.offer: Offer | None = None
        self.winner: int | None = None
        self.hand_no = 0
        self.last_result: HandReport | None = None

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
        self.clear_history()

    # --- seats and the score -------------------------------------------------------------

    def play_step(self) -> int:
        """Return the direction of play: +1 forward, -1 with `direction` reverse."""
        return 1 if self.opts.direction == "forward" else -1

    @property
    def penalty_rules(self) -> PenaltyRules:
        """Return the options the penalty of a hand follows."""
        return PenaltyRules(self.opts.same_suit_sets, self.opts.joker_penalty)

    # --- dealing -------------------------------------------------------------------------

    def deal(self) -> list[Event]:
        """Deal a new hand: card i to the ((i mod N) + 1)-th player after the dealer."""
        deck = copies(self.deck.next(lambda: build_deck(self.opts)))
        if faces(deck) != deck_faces(self.opts.deck):
            raise BadState(f"a Ramino deck must hold the {len(_cards(self.opts.deck))} cards")
        self.reset_hand()
        order = self.order_after(self.dealer)
        n, size = len(order), self.opts.hand_size
        for i in range(size * n):
            self.hands[order[i % n]].append(deck[i])
        self.pile, self.throwers = [deck[size * n]], [None]
        self.stock = deck[size * n + 1:]
        self.hand_no += 1
        self.turn = order[0]
        return [Event("deal", None, Dealt(self.hand_no, self.dealer, tuple(order),
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
            "turn": self.turn, "hands": [card_texts(h) for h in self.hands],
            "stock": card_texts(self.stock), "pile": card_texts(self.pile),
            "throwers": list(self.throwers), "taken": text_or_none(self.taken),
            "drawn": text_or_none(self.drawn), "rebuilds": self.rebuilds,
            "totals": list(self.totals), "hand_points": [list(h) for h in self.board.hands],
            "eliminated": sorted(self.eliminated), "reentries": list(self.reentries),
            "offer": None if self.offer is None else self.offer.to_json(),
            "winner": self.winner, **self.history_json(),
            "last_result": None if self.last_result is None else self.last_result.to_dict(),
        }

    @classmethod
    def load_state(cls, opts: RaminoOptions, data: dict[str, Any]) -> Self:
        """Rebuild a game from its options and snapshot fields."""
        game = cls.load_header(opts, data, ("dealer", "hand_no", "turn", "rebuilds"), PHASES)
        game._load_cards(data)
        game._load_match(data)
        game.load_history(data)
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
        self.taken, self.drawn = card_or_none(data["taken"]), card_or_none(data["drawn"])

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
        if not self._seats_add_up():
            raise BadState("the seats of this saved game do not add up")
        if faces(chain(*self.hands, self.stock, self.pile)) != deck_faces(self.opts.deck):
            raise BadState("the cards of this saved game do not add up")
        offer = self.offer
        if (self.phase == "reentry") != (offer is not None) or (offer is not None and (
                not set(offer.waiting) <= set(offer.offered) <= set(range(self.players)))):
            raise BadState("the re-entry offer of this saved game does not add up")

    def _seats_add_up(self) -> bool:
        n, seats = self.players, range(self.players)
        return (len(self.hands) == len(self.totals) == len(self.reentries) == n
                and self.turn in seats and self.dealer in seats
                and all(len(h) == n for h in self.board.hands)
                and self.eliminated <= set(seats) and len(self.throwers) == len(self.pile)
                and all(s is None or s in seats for s in self.throwers))
