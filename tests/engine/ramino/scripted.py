"""Scripted Ramino deals and crafted positions for tests."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card, parse_cards
from engine.ramino import RaminoGame, RaminoOptions
from engine.ramino.state import build_deck
from tests.engine.played import event as event
from tests.engine.played import kinds as kinds
from tests.engine.played import snapshot as snapshot


def rest_of(named: Sequence[Card], opts: RaminoOptions) -> list[Card]:
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


def deck_order(hands: Sequence[str], up: str, stock: str = "", dealer: int = 0,
               opts: RaminoOptions | None = None) -> list[str]:
    """Return a deck order dealing these hands (by seat) with the dealer named.

    Card i goes to the ((i mod N) + 1)-th player after the dealer in the options' direction;
    card H·N is the upcard; the named stock cards come next (the first on top), the cards not
    named fill the bottom of the stock.
    """
    opts = opts or RaminoOptions()
    n, size = len(hands), opts.hand_size
    held = [parse_cards(h) for h in hands]
    assert all(len(h) == size for h in held), f"name {size} cards for every seat"
    step = 1 if opts.direction == "forward" else -1
    order = [(dealer + step * (1 + j)) % n for j in range(n)]
    head = [held[order[i % n]][i // n] for i in range(size * n)]
    named = head + parse_cards(up) + parse_cards(stock)
    return [c.text for c in named + rest_of(named, opts)]


def scripted(hands: Sequence[str], up: str, stock: str = "", dealer: int | None = None,
             options: RaminoOptions | None = None,
             more: Sequence[Sequence[str]] = ()) -> RaminoGame:
    """Start a game whose first hand is exactly this deal (the last seat deals by default).

    With the last seat dealing (forward), seat 0 is the first player.
    """
    dealer = len(hands) - 1 if dealer is None else dealer
    first = deck_order(hands, up, stock, dealer, options)
    return RaminoGame(options, players=len(hands), seed=11, decks=[first, *more],
                      first_dealer=dealer)


def crafted(hands: Mapping[int, str], pile: str = "", stock: str | None = None,
            turn: int = 0, phase: str = "discard", players: int = 4,
            options: RaminoOptions | None = None, totals: Sequence[int] | None = None,
            rest_to: int | str | None = None, taken: str | None = None,
            **extra: Any) -> RaminoGame:
    """Load a hand-made position through from_json (the real snapshot path).

    Unnamed cards go to the stock after the named stock top, unless `rest_to` names a seat
    whose hand receives them, or "pile" (under the named pile cards); the stock then holds
    only the named cards.
    """
    opts = options or RaminoOptions()
    game = RaminoGame(opts, players=players, seed=3, first_dealer=players - 1)
    data = game.to_json()
    named_hands = {s: parse_cards(h) for s, h in hands.items()}
    piled, top = parse_cards(pile), parse_cards(stock or "")
    named = [c for h in named_hands.values() for c in h] + piled + top
    rest = rest_of(named, opts)
    if rest_to == "pile":
        piled, rest = rest + piled, []
    elif isinstance(rest_to, int):
        named_hands[rest_to] = named_hands.get(rest_to, []) + rest
        rest = []
    data.update({
        "hands": [[c.text for c in named_hands.get(s, [])] for s in range(players)],
        "stock": [c.text for c in top + rest], "pile": [c.text for c in piled],
        "throwers": [None] * len(piled), "turn": turn, "phase": phase, "taken": taken,
    })
    if totals is not None:
        data["totals"] = list(totals)
    data.update(extra)
    return RaminoGame.from_json(json.loads(json.dumps(data)))
