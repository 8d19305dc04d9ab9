"""Cards and melds from text for the Ramino 51 meld tests (twins get different packs)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.ramino51.actions import Group, Placed
from engine.ramino51.melds import read_meld, to_table
from engine.table import TableMeld


def group(text: str) -> Group:
    """Return "JK,AH,JK=3H" as a group; a repeated face is the next pack's copy."""
    out: list[Placed] = []
    for token in text.split(","):
        p = Placed.parse(token)
        copies = sum(q.card.face == p.card.face for q in out)
        out.append(Placed(Card(p.card.rank, p.card.suit, copies), p.as_))
    return tuple(out)


def table_meld(text: str, mid: str = "A", owner: int = 0, by: int = 0) -> TableMeld:
    """Return a table meld read from text, e.g. "5H,JK=6H,7H"."""
    return to_table(read_meld(group(text)), owner, mid, by)


def hand(text: str) -> list[Card]:
    """Return a hand from space-separated cards; twins and jokers get different packs."""
    return [p.card for p in group(",".join(text.split()))]


def faces(cards: Sequence[Card]) -> list[str]:
    """Return the cards' texts, sorted (what a player sees, packs aside)."""
    return sorted(c.text for c in cards)
