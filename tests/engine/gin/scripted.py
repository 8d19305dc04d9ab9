"""Scripted gin deals for tests: name the hands, the upcard and the stock top."""

from __future__ import annotations

from engine.cards import Card, make_deck, parse_cards
from engine.gin import GinGame, GinOptions, two_seat_class


def deck_order(nondealer: str, dealer: str, upcard: str | None, stock: str = "") -> list[str]:
    """Return a 52-card order that deals these hands; unnamed cards fill the stock's bottom."""
    nd, de = parse_cards(nondealer), parse_cards(dealer)
    up = parse_cards(upcard) if upcard else []
    top = parse_cards(stock)
    named = nd + de + up + top
    assert len(nd) == len(de) == 10 and len(set(named)) == len(named)
    rest = [c for c in make_deck() if c not in named]
    head: list[Card] = [c for pair in zip(nd, de) for c in pair]
    if upcard is None:  # second-deck Oklahoma: no upcard, the stock starts at index 20
        return [str(c) for c in head + top + rest]
    return [str(c) for c in head + up + top + rest]


def scripted(nondealer: str, dealer: str, upcard: str | None = None, stock: str = "",
             options: GinOptions | None = None, dealer_seat: int = 1,
             more: list[list[str]] | None = None, knock_cards: tuple[str, ...] = ()) -> GinGame:
    """Start a game whose first hand is exactly this deal (seat 1 deals by default); the
    options choose closed or Mahjong gin."""
    first = deck_order(nondealer, dealer, upcard, stock)
    game_class = two_seat_class(options or GinOptions())
    return game_class(options, seed=7, decks=[first, *(more or [])], knock_cards=knock_cards,
                      first_dealer=dealer_seat)
