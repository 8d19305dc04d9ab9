"""Canasta's typed views and event payloads: their fields, and no hidden card in them (partners'
hands included)."""

from __future__ import annotations

import json
import random

import pytest

from engine.canasta import CanastaGame, CanastaOptions
from engine.canasta.events import (
    Added,
    Dealt,
    Discarded,
    Drawn,
    GameEnded,
    Melded,
    Opened,
    PileCards,
    PileTaken,
    StockDrawn,
)
from engine.canasta.views import CanastaHand, CanastaTable, HandReport, SideView

from ..texts import strings
from .scripted import crafted, event

PAYLOADS: dict[str, type] = {
    "deal": Dealt, "draw": StockDrawn, "open": Opened, "take": PileTaken, "meld": Melded,
    "add": Added, "discard": Discarded, "hand_end": HandReport, "game_end": GameEnded,
}
KINGS = "KH KS KD KC KH KS KD"


def test_the_table_view_says_what_everybody_sees() -> None:
    g = crafted({0: "4C 5C", 1: "6C", 2: "7C 8C 9C", 3: "QS"}, pile="9H 3S",
                melds=[(0, "QH QS QD 2C"), (0, KINGS), (1, "JK JK 2H")],
                red={0: "3H", 1: "3D 3H"}, stock="5D 5S", rest_to="pile")
    view = g.public_view()
    assert isinstance(view, CanastaTable) and view.options is g.opts
    assert (view.game, view.players, view.turn, view.phase, view.stock, view.pile_top,
            view.frozen) == ("canasta", 4, 0, "play", 2, "3S", True)
    assert view.cards == (2, 1, 3, 1)
    ours, theirs = view.sides
    assert isinstance(ours, SideView) and ours.seats == (0, 2) and theirs.seats == (1, 3)
    assert [(m.rank, len(m.cards), m.wilds, m.canasta) for m in ours.melds] == [
        ("Q", 4, 1, ""), ("K", 7, 0, "clean")]
    assert [(m.rank, m.wilds) for m in theirs.melds] == [("JK", 1)]
    assert ours.red_threes == ("3H",) and theirs.red_threes == ("3D", "3H")
    assert ours.opened and ours.minimum == 50 and ours.total == 0


def test_the_hand_view_holds_own_cards_and_legal_texts() -> None:
    g = crafted({0: "KC 4C 5C", 2: "9S 9C"}, melds=[(0, "KH KS KD")])
    mine = g.private_view(0)
    assert isinstance(mine, CanastaHand) and mine.hand == ("4C", "5C", "KC")
    assert {"add A KC", "discard 4C", "discard KC"} <= set(mine.actions)
    partner = g.private_view(2)
    assert partner.hand == ("9C", "9S") and partner.actions == ()
    assert "KC" not in strings(partner.table) - {c for m in partner.table.sides[0].melds
                                                   for c in m.cards}


def test_the_hand_report_lays_every_hand_open_and_round_trips() -> None:
    g = crafted({0: "4C", 1: "JK 6D", 2: "9C 4D", 3: "QS"},
                melds=[(0, KINGS), (0, "8H 8S 8D 8C 8H 2C JK")], red={1: "3H"})
    report = event(g.apply(0, "discard 4C"), "hand_end").public
    assert report.sides[0].hands == ((), ("4D", "9C")) and report.sides[1].hands == (
        ("JK", "6D"), ("QS",))
    assert report.red_threes == (0, 1) and {m.id for m in report.melds} == {"A", "B"}
    assert HandReport.from_dict(json.loads(json.dumps(report.to_dict()))) == report
    assert g.last_result == report


@pytest.mark.parametrize("seed", range(3))
def test_no_view_or_public_payload_holds_another_seats_hidden_cards(seed: int) -> None:
    """Swap a hidden card of one seat for a stock card: nobody else's view may change."""
    rng = random.Random(seed)
    g = CanastaGame(CanastaOptions(target_score=2000), players=2 + seed % 3, seed=seed)
    for step in range(400):
        if g.is_over:
            break
        seat = g.to_act()[0]
        for e in g.apply(seat, rng.choice(g.legal_actions(seat))):
            assert isinstance(e.public, PAYLOADS[e.kind])
            assert e.private is None or (e.kind in ("draw", "open")
                                         and isinstance(e.private, Drawn)) or (
                e.kind == "take" and isinstance(e.private, PileCards))
        if step % 20 == 0 and not g.is_over:
            check_swaps(g, rng)


def check_swaps(g: CanastaGame, rng: random.Random) -> None:
    data = g.to_json()
    for holder in range(g.players):
        hand = data["hands"][holder]
        swap = [i for i, c in enumerate(data["stock"])
                if hand and c not in hand and c not in ("3H", "3D")]
        if not swap:
            continue
        other = json.loads(json.dumps(data))
        i, j = rng.randrange(len(hand)), rng.choice(swap)
        other["hands"][holder][i], other["stock"][j] = data["stock"][j], hand[i]
        changed = CanastaGame.from_json(other)
        assert changed.public_view() == g.public_view()
        for seat in range(g.players):
            if seat != holder:  # partners included
                assert changed.private_view(seat) == g.private_view(seat)
