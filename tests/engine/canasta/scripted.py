"""Scripted Canasta deals and crafted positions for tests."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.canasta import CanastaGame, CanastaOptions
from engine.canasta.state import build_deck
from engine.cards import Card, parse_cards
from engine.melds import make_group
from engine.table import meld_id
from tests.engine.played import event as event
from tests.engine.played import kinds as kinds
from tests.engine.played import refused as refused
from tests.engine.played import snapshot as snapshot


def cards(text: str) -> list[Card]:
    """Return cards from text; a repeated face gets the next pack (parse_cards' rule)."""
    return parse_cards(text)


def rest_of(named: Sequence[Card]) -> list[Card]:
    """Return the deck's cards not named, red threes last, in the deck's fixed order."""
    left = Counter(c.face for c in build_deck())
    left.subtract(c.face for c in named)
    assert not -left, f"named more copies than the deck holds: {-left}"
    out = []
    for card in build_deck():
        if left[card.face] > 0:
            left[card.face] -= 1
            out.append(card)
    return sorted(out, key=lambda c: c.rank == 3 and c.suit in "HD")


def deck_order(hands: Sequence[str], stock: str = "", bottom: str = "",
               dealer: int | None = None) -> list[str]:
    """Return a deck dealing these 15-card hands (by seat), the named stock on top and the
    named bottom cards last (the first named is the very bottom)."""
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer
    first = (dealer + 1) % n
    held = [cards(h) for h in hands]
    assert all(len(h) == 15 for h in held), "name 15 cards for every seat"
    head = [held[(first + i) % n][i // n] for i in range(15 * n)]
    top, low = cards(stock), cards(bottom)
    middle = rest_of(head + top + low)
    middle = [c for c in middle if c.rank != 3 or c.suit in "SC"] + [
        c for c in middle if c.rank == 3 and c.suit in "HD"]
    return [c.text for c in head + top + middle + low[::-1]]


def scripted(hands: Sequence[str], stock: str = "", bottom: str = "",
             options: CanastaOptions | None = None, dealer: int | None = None
             ) -> CanastaGame:
    """Start a game whose first hand is exactly this deal (the last seat deals by default,
    so seat 0 plays first)."""
    dealer = len(hands) - 1 if dealer is None else dealer
    deck = deck_order(hands, stock, bottom, dealer)
    return CanastaGame(options, len(hands), seed=7, decks=[deck], first_dealer=dealer)


def table_meld(index: int, side: int, text: str, by: int | None = None) -> dict[str, Any]:
    """Return a table meld's JSON from its cards ("9H 9C 9S JK")."""
    group = make_group(cards(text))
    entries = [{"card": c.text, "by": side if by is None else by, "value": 0, "how": "meld"}
               for c in group.cards]
    return {"id": meld_id(index), "owner": side, "kind": "group", "suit": "",
            "rank": group.ranks[0], "low": 0, "cards": entries}


def crafted(hands: Mapping[int, str], melds: Sequence[tuple[int, str]] = (), pile: str = "",
            stock: str = "", players: int = 4, turn: int = 0, phase: str = "play",
            options: CanastaOptions | None = None, opened: Sequence[int] = (),
            red: Mapping[int, str] | None = None, rest_to: str = "stock",
            **extra: Any) -> CanastaGame:
    """Load a hand-made position through from_json (the real snapshot path).

    melds: (side, cards); sides owning a meld are opened, and so are those in `opened`. The
    pile is written bottom first. Unnamed cards go to the stock after the named stock top, or
    with `rest_to="pile"` under the named pile (the stock then holds the named cards only).
    """
    game = CanastaGame(options, players, seed=3, first_dealer=players - 1)
    data = game.to_json()
    table = [table_meld(i, side, text) for i, (side, text) in enumerate(melds)]
    named_hands = {s: cards(h) for s, h in hands.items()}
    reds = {s: cards(t) for s, t in (red or {}).items()}
    piled, top = cards(pile), cards(stock)
    on_table = [Card.parse(e["card"]) for m in table for e in m["cards"]]
    named = [c for h in [*named_hands.values(), *reds.values()] for c in h] + piled + top
    rest = rest_of(named + on_table)
    if rest_to == "pile":
        piled, rest = rest + piled, []
    sides = len(game.sides)
    data.update({
        "hands": [[c.text for c in named_hands.get(s, [])] for s in range(players)],
        "stock": [c.text for c in top + rest], "pile": [c.text for c in piled],
        "red_threes": [[c.text for c in reds.get(s, [])] for s in range(sides)],
        "melds": table, "turn": turn, "phase": phase,
        "opened": [s in opened or any(m["owner"] == s for m in table) for s in range(sides)],
    })
    data.update(extra)
    return CanastaGame.from_json(json.loads(json.dumps(data)))
