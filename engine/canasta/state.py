"""The Canasta state: seats and sides, the deal, the hand in play, the match so far, its JSON.

Three packs hold three copies of each card and six jokers: `Card.deck` tells them apart inside
the engine, but a snapshot writes faces only and loading numbers the copies again in a fixed
order (hands, stock, pile, red threes, table). Identical cards are interchangeable.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import chain, islice
from typing import Any, Self

from ..base import CardGame
from ..cards import Card, card_texts, copies, faces, make_deck
from ..errors import BadState
from ..game import Event
from ..history import PublicHistory
from ..match import Scoreboard, Seated
from ..sides import Sides
from ..table import Entry, Table
from . import actions as A
from .events import Dealt
from .melds import is_red_three
from .options import MAX_PLAYERS, MIN_PLAYERS, CanastaOptions, opening_minimum
from .views import HandReport

HAND_SIZE = 15
PHASES = ("acquire", "play", "over")
_UNDER = {1: 14, 11: 11, 12: 12, 13: 13}  # cards under a turned A, J, Q, K (2–10: its number)


@cache
def _cards() -> tuple[Card, ...]:
    """Return the 162 cards in a fixed order: three packs and their six jokers (made once)."""
    return tuple(make_deck(3, 6))


def build_deck() -> list[Card]:
    """Return the game's 162 cards in a fixed order."""
    return list(_cards())


class CanastaState(Seated, PublicHistory, CardGame[CanastaOptions, A.CanastaAction]):
    """What a Canasta game holds; seats 0 … players-1 in turn order, totals by side."""

    name = "canasta"
    options_type = CanastaOptions
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS

    @classmethod
    def seating(cls, players: int) -> Sides:
        """Return the sides: everyone alone with 2 or 3 players, 0+2 v 1+3 with 4."""
        return Sides.partnerships(2, 2) if players == 4 else Sides.singles(players)

    def __init__(self, options: CanastaOptions | None = None, players: int = 4,
                 seed: int | None = None, decks: Sequence[Sequence[Card | str]] = (),
                 first_dealer: int | None = None) -> None:
        """Deal a new game (create's arguments, with the default options and four seats)."""
        self.start(options or CanastaOptions(), players, seed, decks, first_dealer)

    def setup(self) -> None:
        """Start the match: every side at zero, no hand played yet."""
        self.board = Scoreboard.new(len(self.sides))
        self.hand_no = 0
        self.last_result: HandReport | None = None

    def side(self, seat: int) -> int:
        """Return the side a seat plays for."""
        return self.sides.side_of(seat)

    def reset_hand(self) -> None:
        """Clear the hand in play: no cards, an empty table, no side opened."""
        n, s = self.players, len(self.sides)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []  # index 0 is the top
        self.pile: list[Card] = []  # the last one is the top
        self.table = Table()
        self.red_threes: list[list[Card]] = [[] for _ in range(s)]
        self.opened = [False] * s
        self.minimums = [opening_minimum(t) for t in self.totals]
        self.first = self.turn = self.next_seat(self.dealer)
        self.phase = "acquire"
        self.reset_history(0)

    def reset_history(self, under: int) -> None:
        """Forget the hand's public history; `under`: the pile's cards nobody has seen."""
        self.clear_history()
        self.unseen_under = under

    # --- dealing -------------------------------------------------------------------------

    def deal(self) -> list[Event]:
        """Deal a hand (canasta.md, Deal): 15 cards each, red threes replaced from the bottom
        of the stock, the turned card with the cards under it as the pile."""
        deck = copies(self.deck.next(build_deck))
        if faces(deck) != faces(_cards()):
            raise BadState("a Canasta deck must hold the 162 cards")
        self.reset_hand()
        n = self.players
        for i in range(HAND_SIZE * n):
            self.hands[(self.first + i) % n].append(deck[i])
        self.stock = deck[HAND_SIZE * n:]
        for k in range(n):
            self._replace_red_threes((self.first + k) % n)
        self._turn_card()
        self.hand_no += 1
        reds = tuple(len(r) for r in self.red_threes)
        return [Event("deal", None, Dealt(self.hand_no, self.dealer, self.first,
                                          self.pile[-1].text, len(self.pile), len(self.stock),
                                          reds, tuple(self.minimums)))]

    def _replace_red_threes(self, seat: int) -> None:
        """Move the seat's red threes to his side's area, replaced from the stock's bottom."""
        hand = self.hands[seat]
        while reds := [c for c in hand if is_red_three(c)]:
            for card in reds:
                hand.remove(card)
                self.red_threes[self.side(seat)].append(card)
                if self.stock:
                    hand.append(self.stock.pop())

    def under_turned(self, card: Card) -> int:
        """Return how many stock cards go under the turned card (Deal 4, Decision 4)."""
        if card.is_joker:
            return self.opts.turned_joker_cards
        return _UNDER.get(card.rank, card.rank)

    def _turn_card(self) -> None:
        turned = self.stock.pop(0)
        count = self.under_turned(turned)
        self.pile = [*self.stock[:count], turned]
        del self.stock[:count]
        self.unseen_under = count

    # --- small queries -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == "over"

    def to_act(self) -> list[int]:
        """Return the seat whose turn it is (none once the game is over)."""
        return [] if self.is_over else [self.turn]

    def parse_action(self, text: str) -> A.CanastaAction:
        """Parse an action's text form."""
        return A.parse_action(text)

    def every_card(self) -> Iterable[Card]:
        """Return every card of the game, wherever it lies."""
        on_table = (c for m in self.table for c in m.cards)
        return chain(*self.hands, self.stock, self.pile, *self.red_threes, on_table)

    # --- persistence ---------------------------------------------------------------------

    def state_json(self) -> dict[str, Any]:
        """Return the game's fields for its snapshot."""
        melds = self.table.to_list()
        for meld in melds:
            for entry in meld["cards"]:
                entry.pop("deck", None)
        return {
            "players": self.players, **self.deck.to_json(), "version": self.version,
            "dealer": self.dealer, "first": self.first, "hand_no": self.hand_no,
            "phase": self.phase, "turn": self.turn, "hands": [card_texts(h) for h in self.hands],
            "stock": card_texts(self.stock), "pile": card_texts(self.pile),
            "red_threes": [card_texts(r) for r in self.red_threes], "melds": melds,
            "opened": list(self.opened), "minimums": list(self.minimums),
            "board": self.board.to_json(), **self.history_json(),
            "unseen_under": self.unseen_under,
            "last_result": None if self.last_result is None else self.last_result.to_dict(),
        }

    @classmethod
    def load_state(cls, opts: CanastaOptions, data: dict[str, Any]) -> Self:
        """Rebuild a game from its options and snapshot fields."""
        game = cls.load_header(opts, data, ("dealer", "first", "hand_no", "turn"), PHASES)
        game._load_cards(data)
        game.opened = [bool(x) for x in data["opened"]]
        game.minimums = [int(x) for x in data["minimums"]]
        game.board = Scoreboard.from_json(data["board"])
        game.load_history(data)
        game.unseen_under = int(data.get("unseen_under", 0))
        last = data["last_result"]
        game.last_result = None if last is None else HandReport.from_dict(last)
        game._check_loaded()
        return game

    def _load_cards(self, data: dict[str, Any]) -> None:
        groups = [*data["hands"], data["stock"], data["pile"], *data["red_threes"]]
        table = Table.from_list(data["melds"])
        texts = [[str(c) for c in g] for g in groups] + [[c.text for c in m.cards]
                                                          for m in table]
        every = iter(copies(Card.parse(c) for c in chain(*texts)))
        taken = [list(islice(every, len(g))) for g in texts]
        n = int(data["players"])
        self.hands, self.stock, self.pile = taken[:n], taken[n], taken[n + 1]
        self.red_threes = taken[n + 2:n + 2 + len(self.sides)]
        for meld, cards in zip(table, taken[n + 2 + len(self.sides):]):
            meld.entries = [Entry(c, e.by, e.value, e.how) for c, e in zip(cards, meld.entries)]
        self.table = table

    def _check_loaded(self) -> None:
        s, seats = len(self.sides), range(self.players)
        if not (len(self.hands) == self.players and len(self.red_threes) == len(self.opened)
                == len(self.minimums) == len(self.totals) == s and self.turn in seats
                and self.dealer in seats and self.first in seats):
            raise BadState("the seats of this saved game do not add up")
        if faces(self.every_card()) != faces(_cards()):
            raise BadState("the cards of this saved game do not add up")
        self.check_table()

    def check_table(self) -> None:
        """Refuse a loaded table whose melds are not valid (a hook: the rules re-read them)."""

