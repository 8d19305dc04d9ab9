"""Scripted Ramino 51 deals and crafted positions for tests."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card, parse_cards
from engine.ramino51 import Placed, Ramino51Game, Ramino51Options
from engine.ramino51.melds import read_meld, to_table
from engine.ramino51.state import build_deck
from engine.table import meld_id
from tests.engine.played import event as event
from tests.engine.played import kinds as kinds
from tests.engine.played import refused as refused
from tests.engine.played import snapshot as snapshot


def rest_of(named: Sequence[Card], opts: Ramino51Options) -> list[Card]:
    """Return the deck's cards not named, in the deck's fixed order (two copies allowed)."""
    left = Counter(c.face for c in build_deck(opts))
    left.subtract(c.face for c in named)
    assert not -left, f"named more copies than the deck holds: {-left}"
    out = []
    for card in build_deck(opts):
        if left[card.face] > 0:
            left[card.face] -= 1
            out.append(card)
    return out


def deck_order(hands: Sequence[str], exchange: str, stock: str = "", dealer: int = 0,
               opts: Ramino51Options | None = None) -> list[str]:
    """Return a deck order dealing these hands (by seat) with the dealer named.

    The starter (the seat after the dealer in the options' direction) gets 15 cards, the
    others 14; card 14N is the starter's 15th, card 14N + 1 the exchange card, the named stock
    cards come next (the first on top), the cards not named fill the bottom of the stock.
    """
    opts = opts or Ramino51Options()
    n = len(hands)
    held = [parse_cards(h) for h in hands]
    step = 1 if opts.direction == "forward" else -1
    order = [(dealer + step * (1 + j)) % n for j in range(n)]
    assert len(held[order[0]]) == 15, "name 15 cards for the starter"
    assert all(len(held[s]) == 14 for s in order[1:]), "name 14 cards for the others"
    head = [held[order[i % n]][i // n] for i in range(14 * n)] + [held[order[0]][14]]
    named = head + parse_cards(exchange) + parse_cards(stock)
    return [c.text for c in named + rest_of(named, opts)]


def scripted(hands: Sequence[str], exchange: str, stock: str = "", dealer: int | None = None,
             options: Ramino51Options | None = None,
             more: Sequence[Sequence[str]] = ()) -> Ramino51Game:
    """Start a game whose first hand is exactly this deal (the last seat deals by default).

    With the last seat dealing (forward), seat 0 is the starter.
    """
    dealer = len(hands) - 1 if dealer is None else dealer
    first = deck_order(hands, exchange, stock, dealer, options)
    return Ramino51Game(options, players=len(hands), seed=11, decks=[first, *more],
                        first_dealer=dealer)


def table_meld(index: int, owner: int, text: str) -> dict[str, Any]:
    """Return a table meld's JSON from its cards as an action writes them ("7H 8H JK=9H")."""
    group = tuple(Placed.parse(w) for w in text.replace(",", " ").split())
    cards = parse_cards([str(p.card) for p in group])  # a second copy of a face: pack 1
    group = tuple(Placed(c, p.as_) for c, p in zip(cards, group))
    return to_table(read_meld(group), owner, meld_id(index), owner).to_dict()


def crafted(hands: Mapping[int, str], melds: Sequence[tuple[int, str]] = (), pile: str = "",
            stock: str | None = None, exchange: str | None = "2C", turn: int = 0,
            phase: str = "play", players: int = 4, options: Ramino51Options | None = None,
            opened: Sequence[int] = (), rest_to: int | str | None = None,
            **extra: Any) -> Ramino51Game:
    """Load a hand-made position through from_json (the real snapshot path).

    melds: (owner, "cards as actions write them"); seats owning a meld are opened, and so are
    the seats in `opened`. Every seat has had its first turn unless `had_turn` says otherwise.
    Unnamed cards go to the stock after the named stock top, unless `rest_to` names a seat
    whose hand receives them, or "pile" (under the named pile cards).
    """
    opts = options or Ramino51Options()
    game = Ramino51Game(opts, players=players, seed=3, first_dealer=players - 1)
    data = game.to_json()
    table = [table_meld(i, owner, text) for i, (owner, text) in enumerate(melds)]
    named_hands = {s: parse_cards(h) for s, h in hands.items()}
    piled, top = parse_cards(pile), parse_cards(stock or "")
    up = parse_cards(exchange or "")
    on_table = [Card.parse(e["card"]) for m in table for e in m["cards"]]
    named = [c for h in named_hands.values() for c in h] + piled + top + up + on_table
    rest = rest_of(named, opts)
    if rest_to == "pile":
        piled, rest = rest + piled, []
    elif isinstance(rest_to, int):
        named_hands[rest_to] = named_hands.get(rest_to, []) + rest
        rest = []
    data.update({
        "hands": [[c.text for c in named_hands.get(s, [])] for s in range(players)],
        "stock": [c.text for c in top + rest], "pile": [c.text for c in piled],
        "exchange": exchange, "melds": table, "turn": turn, "phase": phase,
        "opened": [s in opened or any(m["owner"] == s for m in table) for s in range(players)],
        "had_turn": [True] * players,
    })
    data.update(extra)
    return Ramino51Game.from_json(json.loads(json.dumps(data)))
