"""Rummy 500 worlds: whole games a seat could be in, given only what its view shows.

The seat sees its own hand, the table, the whole pile (it is spread) and how many cards every
other hand and the stock hold. Every other card is dealt at random to those places, so a world
shows the seat exactly what its view shows and differs from the real game only where the seat
cannot look. The searching player (engine/hard.py) plays its candidate moves in such worlds.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import Card, make_deck
from .game import Rummy500Game
from .table import shape_of
from .views import MeldView, R500Hand

_DECK = tuple(c.text for c in make_deck())


def unseen(view: R500Hand) -> list[str]:
    """Return the cards the seat cannot see (other hands and the stock), in deck order."""
    seen = set(view.hand) | set(view.table.pile)
    seen.update(card for meld in view.table.melds for card in meld.cards)
    return [card for card in _DECK if card not in seen]


def hidden_hands(view: R500Hand, rng: random.Random) -> tuple[list[list[str]], list[str]]:
    """Deal the unseen cards at random: every other hand its count, the rest the stock."""
    cards = unseen(view)
    rng.shuffle(cards)
    hands: list[list[str]] = []
    for info in view.table.seats:
        if info.seat == view.seat:
            hands.append(list(view.hand))
        else:
            hands.append(cards[:info.cards])
            del cards[:info.cards]
    return hands, cards


def _meld_data(meld: MeldView) -> dict[str, Any]:
    """Return a table meld's snapshot form from its view (its shape read from its cards)."""
    shape = shape_of([Card.parse(card) for card in meld.cards])
    return {"id": meld.id, "owner": meld.owner, "kind": shape.kind, "suit": shape.suit,
            "rank": shape.rank, "low": shape.low,
            "cards": [{"card": e.card, "by": e.by, "value": e.value, "how": e.how}
                      for e in meld.entries]}


def sample(view: R500Hand, rng: random.Random) -> Rummy500Game:
    """Return a game consistent with the view, the cards it cannot see dealt at random."""
    table = view.table
    hands, stock = hidden_hands(view, rng)
    claim = table.claim
    data = {
        "players": table.players, "seed": rng.getrandbits(48), "scripted": [],
        "deals": table.hand_no, "version": table.version, "dealer": table.dealer,
        "hand_no": table.hand_no, "phase": table.phase,
        "turn": table.turn if table.turn is not None else view.seat, "hands": hands,
        "stock": stock, "pile": list(table.pile), "melds": [_meld_data(m) for m in table.melds],
        "opened": [s.opened for s in table.seats], "totals": list(table.totals),
        "closings": [s.closings for s in table.seats], "eliminated": list(table.eliminated),
        "reuses": table.reuses, "free_card": view.free_card, "redraw": False,
        "claim": {"open": claim.open, "card": claim.card, "discarder": claim.discarder},
        "special": table.special_card, "winner": table.winner, "last_result": None,
    }
    game = Rummy500Game.load_state(table.options, data)
    game.last_result = table.last_result  # a frozen report: shared, not copied
    return game
