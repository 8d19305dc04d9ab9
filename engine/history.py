"""A hand's public history, seat by seat: what every player at the table could remember.

A mixin of the games whose players take from a face-up pile (Ramino, Canasta). `known`: the
pile cards everybody saw go into a seat's hand and has not seen leave it; `shunned`: the
cards the seat threw, or left on top of the pile to draw instead, since its last take. Only
what was shown to all is kept, so the history may go into every seat's view; the hard
players' samplers read it to deal the hidden hands as the play suggests.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .cards import Card


class PublicHistory:
    """The `known` and `shunned` card texts of each seat, for the hand in play."""

    known: list[list[str]]
    shunned: list[list[str]]

    @property
    def players(self) -> int:
        """The number of seats (the game's own)."""
        raise NotImplementedError

    def clear_history(self) -> None:
        """Forget the hand's history (a new hand is dealt)."""
        self.known = [[] for _ in range(self.players)]
        self.shunned = [[] for _ in range(self.players)]

    def history_json(self) -> dict[str, Any]:
        """Return the history as its snapshot keeps it."""
        return {"known": self.known, "shunned": self.shunned}

    def load_history(self, data: dict[str, Any]) -> None:
        """Read the history; a game saved before it had one starts it empty."""
        self.clear_history()
        for seat, (known, shunned) in enumerate(zip(data.get("known", []),
                                                     data.get("shunned", []))):
            self.known[seat] = [str(t) for t in known]
            self.shunned[seat] = [str(t) for t in shunned]

    def history_view(self) -> dict[str, tuple[tuple[str, ...], ...]]:
        """Return the history as the table view shows it."""
        return {"known": tuple(map(tuple, self.known)),
                "shunned": tuple(map(tuple, self.shunned))}

    def note_taken(self, seat: int, cards: Iterable[Card]) -> None:
        """Remember pile cards seen going into the seat's hand; its shunned ones count no more."""
        self.known[seat] += [c.text for c in cards]
        self.shunned[seat] = []

    def note_shown(self, seat: int, cards: Iterable[Card]) -> None:
        """Forget the known cards the seat has shown leaving its hand."""
        known = self.known[seat]
        for card in cards:
            if card.text in known:
                known.remove(card.text)

    def note_thrown(self, seat: int, card: Card) -> None:
        """Remember a card the seat threw on the pile."""
        self.note_shown(seat, [card])
        self.shunned[seat].append(card.text)

    def note_passed(self, seat: int, top: Card) -> None:
        """Remember the pile's top the seat left there to draw from the stock."""
        self.shunned[seat].append(top.text)
