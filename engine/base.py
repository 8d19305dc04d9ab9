"""The shared base of every card game: dispatch, verify → apply → events, decks and JSON.

A game declares which check and which handler each action type has (`ACTIONS`, the functions
themselves), and keeps only its rules: the base starts every game the same way (`create`: seats,
options, deck, first dealer, then the game's `setup` and first deal), parses text, refuses with
the game's own checks, bumps the version on every accepted action, draws its decks from a
`DeckSource` (scripted decks for tests, or a seeded shuffle), and saves and loads itself as
JSON with a schema version.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeAlias, TypeVar

from .cards import Card, parse_cards
from .errors import BadOption, BadState, GameOver, IllegalMove, NotYourTurn, RulesError
from .game import SCHEMA_VERSION, DealSeed, Event
from .match import Standing
from .match import first_dealer as first_dealer_of
from .options import Options
from .sides import Sides

SYSTEM_SEAT = -1  # the session itself, e.g. closing a claim window when its time is up
OptT = TypeVar("OptT", bound=Options)
ActT = TypeVar("ActT")
ChecksT = TypeVar("ChecksT")
GameT = TypeVar("GameT")

# An action type's check (run on `checks()`: it raises a RulesError to refuse, and may return
# what it worked out) and its handler (run on the game: it returns the events). Each takes the
# seat and the action; the action's own type is the table's key (a test checks they match).
Check: TypeAlias = Callable[[ChecksT, int, Any], object]
Handler: TypeAlias = Callable[[GameT, int, Any], list[Event]]
ActionTable: TypeAlias = Mapping[type, tuple[Check[ChecksT], Handler[GameT]]]


# Shuffles (docs/fair-shuffles.md). LEGACY: every deal shuffled by the game seed itself,
# kept only for snapshots saved before per-deal seeds. PER_DEAL: each deal has its own seed,
# HMAC-SHA256(game seed, "deal:<n>"), and every shuffle of that deal (its deck, gin's second
# deck, a stock rebuilt from the pile) is driven by that deal seed alone: revealing it at the
# hand's end shows nothing of the game seed or of any other deal.
LEGACY, PER_DEAL = 1, 2
DEAL_SEED_HEX = 32  # hex digits of a deal seed shown to players (128 bits of the HMAC)
COMMITMENT_HEX = 16  # hex digits of a commitment: the start of SHA-256(deal seed)


def deal_seed(game_seed: int, deal: int) -> str:
    """Return deal `deal`'s secret seed: HMAC-SHA256 keyed by the game seed, in hex."""
    mac = hmac.new(str(game_seed).encode(), f"deal:{deal}".encode(), hashlib.sha256)
    return mac.hexdigest()[:DEAL_SEED_HEX]


def commitment(seed: str) -> str:
    """Return the short public hash of a deal seed: the first hex digits of its SHA-256."""
    return hashlib.sha256(seed.encode()).hexdigest()[:COMMITMENT_HEX]


def shuffle_by(deck: list[Card], seed: str, tag: str = "") -> list[Card]:
    """Shuffle the deck in place as deal seed `seed` orders it (`tag`: a deck of its own)."""
    random.Random(f"{seed}:{tag}" if tag else seed).shuffle(deck)
    return deck


@dataclass(slots=True)
class DeckSource:
    """Where the decks of each deal come from: scripted ones first, then seeded shuffles."""

    seed: int = field(default_factory=lambda: secrets.randbits(63))
    scripted: list[list[str]] = field(default_factory=list)
    deals: int = 0  # decks handed out so far: keys the shuffle of the next one
    shuffle: int = PER_DEAL  # how decks are shuffled (LEGACY for old snapshots)
    before: int = 0  # decks handed out before the hand in play (its misdeals come after)
    from_script: int = 0  # decks that came from the script (they have no seed)

    @classmethod
    def of(cls, seed: int | None, decks: Sequence[Sequence[Card | str]] = ()) -> DeckSource:
        """Return a source with this seed (random if None) and these scripted decks."""
        scripted = [[str(c) for c in parse_cards(d)] for d in decks]
        return cls(secrets.randbits(63) if seed is None else seed, scripted)

    def next(self, build: Callable[[], list[Card]], again: bool = False) -> list[Card]:
        """Return the next deck: the next scripted one, or `build()` shuffled by the seed.

        `again`: a deal of the same hand (a misdeal's), not a new hand.
        """
        if not again:
            self.before = self.deals
        self.deals += 1
        if self.scripted:
            self.from_script += 1
            return parse_cards(self.scripted.pop(0))
        if self.shuffle == LEGACY:
            deck = build()
            random.Random(f"{self.seed}:{self.deals}").shuffle(deck)
            return deck
        return shuffle_by(build(), deal_seed(self.seed, self.deals))

    def side_deck(self, tag: str, build: Callable[[], list[Card]]) -> list[Card]:
        """Return a deck of its own for this deal (e.g. gin's second deck), shuffled by tag."""
        if self.shuffle == LEGACY:
            deck = build()
            random.Random(f"{self.seed}:{tag}:{self.deals}").shuffle(deck)
            return deck
        return shuffle_by(build(), deal_seed(self.seed, self.deals), tag)

    def seed_of(self, deal: int) -> DealSeed | None:
        """Return deal `deal`'s seed and commitment (None: scripted, legacy, or not dealt)."""
        if self.shuffle == LEGACY or not self.from_script < deal <= self.deals:
            return None
        seed = deal_seed(self.seed, deal)
        return DealSeed(seed, commitment(seed))

    def live_commitment(self) -> str | None:
        """Return the commitment of the deck in play (None when it has no seed to show)."""
        dealt = self.seed_of(self.deals)
        return None if dealt is None else dealt.commitment

    def ended(self, dealt_again: bool) -> DealSeed | None:
        """Return the seed of the hand just ended: the one before the hand just dealt if
        `dealt_again`, else the one in play."""
        return self.seed_of(self.before if dealt_again else self.deals)

    def to_json(self) -> dict[str, Any]:
        """Return the source's fields for a game's snapshot."""
        data: dict[str, Any] = {"seed": self.seed, "scripted": [list(d) for d in self.scripted],
                                "deals": self.deals}
        if self.shuffle == LEGACY:
            return data  # an old game saves as it was saved
        return {**data, "shuffle": self.shuffle, "deals_before": self.before,
                "scripted_deals": self.from_script}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DeckSource:
        """Rebuild from the fields of to_json() found in a snapshot (one saved before per-deal
        seeds goes on shuffling as it did)."""
        shuffle = int(data.get("shuffle", LEGACY))
        if shuffle not in (LEGACY, PER_DEAL):
            raise ValueError(f"unknown shuffle {shuffle}")
        return cls(int(data["seed"]), [[str(c) for c in d] for d in data["scripted"]],
                   int(data["deals"]), shuffle,
                   int(data.get("deals_before", 0)), int(data.get("scripted_deals", 0)))


class CardGame(ABC, Generic[OptT, ActT]):
    """A card game's rules engine; subclasses hold the rules, this class the plumbing."""

    name: ClassVar[str]
    options_type: ClassVar[type[Options]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    # action type -> (its check, run on checks(); its handler, run on the game)
    ACTIONS: ClassVar[ActionTable[Any, Any]] = {}

    opts: OptT
    sides: Sides
    deck: DeckSource
    version: int
    dealer: int  # the seat dealing the hand in play (team gin: each board has its own)

    # --- starting a game -------------------------------------------------------------------

    @classmethod
    def create(cls, opts: Any, players: int, seed: int | None = None,
               decks: Sequence[Sequence[Card | str]] = (), first_dealer: int | None = None
               ) -> Self:
        """Deal a new game: the registry's one way to start any game."""
        game = cls.__new__(cls)
        game.start(opts, players, seed, decks, first_dealer)
        return game

    def start(self, opts: OptT, players: int, seed: int | None,
              decks: Sequence[Sequence[Card | str]], first_dealer: int | None) -> None:
        """Run every game's prologue (options, seats, deck, first dealer), then its setup and
        first deal; BadOption or BadState for options or seats it cannot play with."""
        self.check_options(opts)
        low, high = self.seat_range(opts)
        if isinstance(players, bool) or not isinstance(players, int) or not (
                low <= players <= high):
            seats = f"{low}" if low == high else f"{low} to {high}"
            raise BadOption(f"this game is for {seats} players", key="players", value=players)
        self.opts, self.sides = opts, self.seating(players)
        self.deck, self.version = DeckSource.of(seed, decks), 0
        self.choose_dealer(first_dealer)
        self.setup()
        self.first_deal()

    @classmethod
    def check_options(cls, opts: OptT) -> None:
        """Refuse options this class cannot play (a hook: the options' own validation)."""
        opts.validate()

    def choose_dealer(self, named: int | None) -> None:
        """Set the first dealer: the named seat, or one drawn from the seed (a hook)."""
        self.dealer = first_dealer_of(named, self.seats, self.seed)

    def setup(self) -> None:
        """Set the game's own fields before its first deal (a hook: none)."""

    def first_deal(self) -> None:
        """Deal the game's first hand (a hook: deal())."""
        self.deal()

    def deal(self) -> list[Event]:
        """Deal the next hand and return its events (a hook: a game without hands deals none)."""
        return []

    # --- what each game provides -------------------------------------------------------------

    @abstractmethod
    def parse_action(self, text: str) -> ActT:
        """Parse an action's text form."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[ActT]:
        """List the actions the seat may take now."""

    @abstractmethod
    def public_view(self) -> Any:
        """Return what everybody may see (the game's frozen table view)."""

    @abstractmethod
    def private_view(self, seat: int) -> Any:
        """Return what one seat may see: the table, his own cards, his legal moves."""

    @abstractmethod
    def to_act(self) -> list[int]:
        """Return the seats whose move the game waits for (empty when over)."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def standings(self) -> list[Standing]:
        """Rank the sides now (final once the game is over)."""

    @abstractmethod
    def state_json(self) -> dict[str, Any]:
        """Return the game's own fields for its snapshot (not schema, game, options)."""

    @classmethod
    @abstractmethod
    def load_state(cls, opts: Any, data: dict[str, Any]) -> Self:
        """Rebuild a game from its options and the fields of state_json()."""

    @classmethod
    def seat_range(cls, opts: Any) -> tuple[int, int]:
        """Return the fewest and most seats these options play with (a hook: the class's)."""
        return cls.min_players, cls.max_players

    @classmethod
    def seating(cls, players: int) -> Sides:
        """Return who plays with whom at this many seats (a hook: everyone alone)."""
        return Sides.singles(players)

    @classmethod
    def load_header(cls, opts: OptT, data: dict[str, Any], counters: Sequence[str],
                    phases: Sequence[str]) -> Self:
        """Start load_state: options, seats, deck, the version and counters, and the phase."""
        game = cls.__new__(cls)
        game.opts = opts
        players = int(data["players"])
        if not cls.min_players <= players <= cls.max_players:
            raise BadState(f"a {cls.name} game has {cls.min_players} to {cls.max_players} "
                           "players")
        game.sides, game.deck = cls.seating(players), DeckSource.from_json(data)
        for key in ("version", *counters):
            setattr(game, key, int(data[key]))
        phase = str(data["phase"])
        if phase not in phases:
            raise BadState(f"unknown phase {phase}")
        vars(game)["phase"] = phase  # every seated game has one; CardGame does not name it
        return game

    def check_seat(self, seat: int, action: ActT) -> None:
        """Refuse a seat that may not act now (a hook: claims may be out of turn)."""
        if not isinstance(seat, int) or not 0 <= seat < self.sides.seats:
            raise NotYourTurn("you are not playing in this game")
        if seat not in self.to_act():
            raise NotYourTurn("it is not your turn")

    def system_timer(self) -> tuple[float, ActT] | None:
        """Return the action the session takes by itself after some seconds (a hook: none)."""
        return None

    def reactors(self) -> list[int]:
        """Return the seats that may act out of turn now (a hook: none)."""
        return []

    def claim_targets(self, seat: int) -> list[ActT]:
        """List the seat's out-of-turn moves now (a hook: none)."""
        return []

    def plays_before(self, seat: int) -> int | None:
        """Return the seat whose turn comes just before this one's (a hook: the seat before
        it, at a table of two or more; games with eliminations skip those out)."""
        return (seat - 1) % self.seats if self.seats > 1 else None

    def seat_version(self, seat: int) -> int | None:
        """Return a counter of the seat's own part of the game (a hook: None, one turn order)."""
        return None

    def checks(self) -> object:
        """Return the object ACTIONS' checks run on (a hook: the game itself).

        A game whose checks share work over one state (Rummy 500's table summaries) keeps
        them on a helper built here.
        """
        return self

    # --- the plumbing ----------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        """Return how many seats the game has."""
        return self.sides.seats

    @property
    def seed(self) -> int:
        """Return the seed of the shuffles."""
        return self.deck.seed

    @property
    def deals(self) -> int:
        """Return how many decks have been dealt so far (misdeals included)."""
        return self.deck.deals

    def commitments(self) -> list[str]:
        """Return the commitment of each deck in play, to show at its deal (a hook: the one
        deck's; none for a scripted deck or a game saved before per-deal seeds)."""
        live = self.deck.live_commitment()
        return [] if live is None else [live]

    def revealed(self, dealt_again: bool) -> list[DealSeed]:
        """Return the seeds of the hand just ended, for everyone to check (a hook: the one
        deck's); `dealt_again`: the next hand was dealt with the same action."""
        ended = self.deck.ended(dealt_again)
        return [] if ended is None else [ended]

    def _entry(self, action: ActT) -> tuple[Check[Any], Handler[Any]]:
        entry = self.ACTIONS.get(type(action))
        if entry is None:
            raise IllegalMove(f"'{action}' is not a {self.name} action")
        return entry

    def verify(self, seat: int, action: ActT) -> None:
        """Raise the RulesError that explains why the action is refused, if it is."""
        if self.is_over:
            raise GameOver("the game is over")
        self.check_seat(seat, action)
        self.check_action(self.checks(), seat, action)

    def check_action(self, checks: object, seat: int, action: ActT) -> None:
        """Run the action's own check on `checks`: verify's last step, once the seat may act.

        Legal lists run it alone, with one `checks` for every candidate, after trying the
        seat once.
        """
        check, _ = self._entry(action)
        check(checks, seat, action)

    def can(self, seat: int, action: ActT) -> bool:
        """Whether verify() accepts the action (legal lists are built from this)."""
        try:
            self.verify(seat, action)
        except RulesError:
            return False
        return True

    def apply(self, seat: int, action: ActT | str) -> list[Event]:
        """Verify the action, perform it, and return the events."""
        if isinstance(action, str):
            action = self.parse_action(action)
        self.verify(seat, action)
        _, handler = self._entry(action)
        events = handler(self, seat, action)
        self.version += 1
        return events

    def to_json(self) -> dict[str, Any]:
        """Serialize the whole state, with the schema version."""
        return {"schema": SCHEMA_VERSION, "game": self.name, "options": self.opts.to_dict(),
                **self.state_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Rebuild a game from to_json(); raise BadState for a snapshot that cannot be."""
        if not isinstance(data, dict) or data.get("schema") != SCHEMA_VERSION or data.get(
                "game") != cls.name:
            raise BadState("this saved game has an unknown format")
        try:
            return cls.load_state(cls.options_type.from_dict(data["options"]), data)
        except BadState:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError,
                RulesError) as error:
            raise BadState(f"this saved game cannot be loaded ({error})") from error
