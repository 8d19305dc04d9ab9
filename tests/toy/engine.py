"""A three-card toy game built only on the shared framework (proves a game plugs in).

Two or three players get three cards each. A turn is `draw`, then `discard <card>`, or
`out <card>`: discard and show the three cards left, which must be a set or a run. Going out
wins the game; an empty stock ends it with the lowest card total winning.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from engine.base import ActionTable, CardGame, DeckSource
from engine.cards import Card, make_deck, parse_cards
from engine.errors import CardNotInHand, IllegalMove, WrongPhase
from engine.game import Event
from engine.match import Standing, standings
from engine.melds import make_meld
from engine.options import Options, option
from engine.sides import Sides


class RunsOff(IllegalMove):
    """Going out with a run where only sets go out: a refusal only the toy has."""

    code = "toy_runs_off"


@dataclass(frozen=True, slots=True)
class ToyOptions(Options):
    """The toy's house rules."""

    hand_size: int = option(3, low=3, high=3, settable=False)
    out_bonus: int = option(10, low=0)
    runs: bool = option(True)

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {"standard": {}, "sets_only": {"runs": False}}


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card; `out` also shows the rest as a meld and ends the game."""

    card: Card
    out: bool = False

    def __str__(self) -> str:
        return f"{'out' if self.out else 'discard'} {self.card}"


ToyAction = Draw | Discard


def parse_toy(text: str) -> ToyAction:
    """Parse `draw`, `discard 7H` or `out 7H`."""
    words = text.split()
    if words == ["draw"]:
        return Draw()
    if len(words) == 2 and words[0] in ("discard", "out"):
        return Discard(Card.parse(words[1]), words[0] == "out")
    raise IllegalMove(f"'{text}' is not a toy action")


class ToyGame(CardGame[ToyOptions, ToyAction]):
    """The toy: plumbing from the framework, three rules of its own."""

    name = "toy"
    options_type = ToyOptions
    min_players, max_players = 2, 3

    def deal(self) -> list[Event]:
        """Deal the only hand: three cards each, the rest the stock (the base starts the game)."""
        cards = self.deck.next(make_deck)
        size, players = self.opts.hand_size, self.seats
        self.hands = [cards[i * size:(i + 1) * size] for i in range(players)]
        self.stock, self.pile = cards[players * size:], list[Card]()
        self.turn, self.phase = 0, "draw"
        self.winner: int | None = None
        return []

    def parse_action(self, text: str) -> ToyAction:
        """Parse an action's text."""
        return parse_toy(text)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == "over"

    def to_act(self) -> list[int]:
        """Return the seat to act."""
        return [] if self.is_over else [self.turn]

    def legal_actions(self, seat: int) -> list[ToyAction]:
        """List the legal moves, built from verify()."""
        hand = self.hands[seat] if 0 <= seat < self.seats else []
        candidates = [Draw()] + [Discard(c, out) for c in hand for out in (False, True)]
        return [a for a in candidates if self.can(seat, a)]

    def _check_draw(self, seat: int, action: Draw) -> None:
        if self.phase != "draw":
            raise WrongPhase("you have already drawn")

    def _check_discard(self, seat: int, action: Discard) -> None:
        if self.phase != "discard":
            raise WrongPhase("draw a card first")
        if action.card not in self.hands[seat]:
            raise CardNotInHand(f"you do not hold {action.card}", card=action.card.text)
        rest = [c for c in self.hands[seat] if c != action.card]
        if action.out:
            meld = make_meld(rest)
            if meld.kind == "run" and not self.opts.runs:
                raise RunsOff("only sets go out here")

    def _do_draw(self, seat: int, action: Draw) -> list[Event]:
        card = self.stock.pop(0)
        self.hands[seat].append(card)
        self.phase = "discard"
        return [Event("draw", seat, {"stock": len(self.stock)}, {"card": card.text})]

    def _do_discard(self, seat: int, action: Discard) -> list[Event]:
        self.hands[seat].remove(action.card)
        self.pile.append(action.card)
        events = [Event("discard", seat, {"card": action.card.text})]
        if action.out or not self.stock:
            self.winner = seat if action.out else self._lowest()
            self.phase = "over"
            return events + [Event("game_end", self.winner, {"winner": self.winner})]
        self.turn, self.phase = (seat + 1) % self.seats, "draw"
        return events

    def _lowest(self) -> int | None:
        totals = self.totals()
        best = min(totals)
        return totals.index(best) if totals.count(best) == 1 else None

    def totals(self) -> list[int]:
        """Return each seat's card total (lower is better)."""
        return [sum(min(c.rank, 10) for c in h) for h in self.hands]

    def standings(self) -> list[Standing]:
        """Rank the seats: the winner first, then by lowest card total."""
        points = [-t for t in self.totals()]
        if self.winner is not None and self.phase == "over":
            points[self.winner] += self.opts.out_bonus
        return standings(self.sides, points, [] if self.winner is None else [self.winner])

    def public_view(self) -> dict[str, Any]:
        """Return what everybody sees."""
        return {"game": self.name, "version": self.version, "turn": self.turn,
                "phase": self.phase, "stock": len(self.stock),
                "pile": [c.text for c in self.pile], "sizes": [len(h) for h in self.hands],
                "winner": self.winner}

    def private_view(self, seat: int) -> dict[str, Any]:
        """Return the public view plus one hand and its legal moves."""
        return {**self.public_view(), "seat": seat, "hand": [c.text for c in self.hands[seat]],
                "legal": [str(a) for a in self.legal_actions(seat)]}

    def state_json(self) -> dict[str, Any]:
        """Return the toy's fields."""
        return {**self.deck.to_json(), "players": self.seats, "version": self.version,
                "hands": [[c.text for c in h] for h in self.hands],
                "stock": [c.text for c in self.stock], "pile": [c.text for c in self.pile],
                "turn": self.turn, "phase": self.phase, "winner": self.winner}

    @classmethod
    def load_state(cls, opts: ToyOptions, data: dict[str, Any]) -> Self:
        """Rebuild the toy from its fields."""
        game = cls.__new__(cls)
        game.opts, game.deck = opts, DeckSource.from_json(data)
        game.sides, game.version = Sides.singles(int(data["players"])), int(data["version"])
        game.hands = [parse_cards(h) for h in data["hands"]]
        game.stock, game.pile = parse_cards(data["stock"]), parse_cards(data["pile"])
        game.turn, game.phase, game.winner = int(data["turn"]), str(data["phase"]), data["winner"]
        return game

    ACTIONS: ClassVar[ActionTable[Self, Self]] = {
        Draw: (_check_draw, _do_draw), Discard: (_check_discard, _do_discard)}
