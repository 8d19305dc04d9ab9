"""Scripted Rummy 500 deals and crafted positions for tests."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card, make_deck, parse_cards
from engine.rummy500 import Rummy500Game, Rummy500Options
from engine.rummy500.scoring import card_value, run_position
from engine.rummy500.table import shape_of
from tests.engine.played import event as event
from tests.engine.played import kinds as kinds
from tests.engine.played import snapshot as snapshot


def deck_order(hands: Sequence[str], up: str, stock: str = "", dealer: int = 0) -> list[str]:
    """Return a 52-card order dealing these 7-card hands (by seat) with the dealer named.

    Card i goes to the ((i mod N) + 1)-th player after the dealer; card 7N is the face-up card;
    the named stock cards come next, the unnamed cards fill the bottom of the stock.
    """
    n = len(hands)
    held = [parse_cards(h) for h in hands]
    assert all(len(h) == 7 for h in held), "name seven cards for every seat"
    order = [(dealer + 1 + j) % n for j in range(n)]
    head = [held[order[i % n]][i // n] for i in range(7 * n)]
    named = head + parse_cards(up) + parse_cards(stock)
    assert len(set(named)) == len(named), "a card is named twice"
    rest = [c for c in make_deck() if c not in named]
    return [c.text for c in named + rest]


def scripted(hands: Sequence[str], up: str, stock: str = "", dealer: int | None = None,
             options: Rummy500Options | None = None,
             more: Sequence[Sequence[str]] = ()) -> Rummy500Game:
    """Start a game whose first hand is exactly this deal (the last seat deals by default)."""
    dealer = len(hands) - 1 if dealer is None else dealer
    first = deck_order(hands, up, stock, dealer)
    return Rummy500Game(options, players=len(hands), seed=11, decks=[first, *more],
                        first_dealer=dealer)


MeldSpec = tuple[int, str] | tuple[int, str, Mapping[str, int]]


def _layers(spec: MeldSpec) -> Mapping[str, int]:
    return spec[2] if len(spec) == 3 else {}


def crafted(hands: Mapping[int, str], melds: Sequence[MeldSpec] = (), pile: str = "",
            stock: str | None = None, turn: int = 0, phase: str = "play", players: int = 4,
            options: Rummy500Options | None = None, opened: Sequence[int] = (),
            totals: Sequence[int] | None = None, claim: tuple[str, int] | None = None,
            rest_to: int | None = None, **extra: Any) -> Rummy500Game:
    """Load a hand-made position through from_json (the real snapshot path).

    melds: (owner, "cards low to high"[, {card: seat who laid it off}]); seats owning a meld
    are opened, and so are the seats in `opened`. Unnamed cards go to the stock, after the
    named stock top, unless `rest_to` names a seat whose hand receives them (the stock then
    holds only the named cards: stock="" for an empty stock).
    """
    game = Rummy500Game(options, players=players, seed=3, first_dealer=players - 1)
    data = game.to_json()
    values = game.values
    named_hands = {s: parse_cards(h) for s, h in hands.items()}
    table: list[dict[str, Any]] = []
    for i, spec in enumerate(melds):
        owner, text = spec[0], spec[1]
        layers = _layers(spec)
        shape = shape_of(parse_cards(text))
        cards = []
        for j, c in enumerate(shape.cards):
            pos = "set" if shape.kind == "set" else run_position(c, shape.low + j)
            by = layers.get(c.text, owner)
            cards.append({"card": c.text, "by": by, "value": card_value(c, values, pos),
                          "how": "meld" if c.text not in layers else "layoff"})
        table.append({"id": chr(65 + i), "owner": owner, "kind": shape.kind, "suit": shape.suit,
                      "rank": shape.rank, "low": shape.low, "cards": cards})
    on_table = [Card.parse(c["card"]) for m in table for c in m["cards"]]
    piled = parse_cards(pile)
    named = [c for h in named_hands.values() for c in h] + on_table + piled
    top = parse_cards(stock or "")
    named += top
    assert len(set(named)) == len(named), "a card is named twice"
    rest = [c for c in make_deck() if c not in named]
    if rest_to is not None:
        named_hands[rest_to] = named_hands.get(rest_to, []) + rest
        rest = []
    data.update({
        "hands": [[c.text for c in named_hands.get(s, [])] for s in range(players)],
        "stock": [c.text for c in top + rest], "pile": [c.text for c in piled],
        "melds": table, "turn": turn, "phase": phase,
        "opened": [s in opened or any(m["owner"] == s for m in table) for s in range(players)],
        "claim": {"open": claim is not None, "card": claim[0] if claim else None,
                  "discarder": claim[1] if claim else None},
    })
    if totals is not None:
        data["totals"] = list(totals)
    data.update(extra)
    return Rummy500Game.from_json(json.loads(json.dumps(data)))
