"""Ramino 51's typed views and event payloads: their fields, and no hidden card in them."""

from __future__ import annotations

import json
import random
from dataclasses import FrozenInstanceError

import pytest

from engine.ramino51 import Ramino51Game, Ramino51Options
from engine.ramino51.events import (
    ClosedInHand,
    Dealt,
    Discarded,
    DrawnCard,
    Drew,
    Exchanged,
    GameEnded,
    JokerSwapped,
    LaidOff,
    Melded,
    Rebuilt,
    Took,
)
from engine.ramino51.views import BestMelds, HandReport, MeldView, R51Hand, R51Table, SeatView

from ..texts import strings
from .scripted import crafted, scripted
from .test_rules import SECOND, STARTER, TEN, TEN_MELDS, THIRD

PAYLOADS: dict[str, type] = {
    "deal": Dealt, "exchange": Exchanged, "rebuild": Rebuilt, "draw": Drew,
    "take": Took, "meld": Melded, "layoff": LaidOff, "swap": JokerSwapped,
    "discard": Discarded, "close": ClosedInHand, "hand_end": HandReport, "game_end": GameEnded,
}


def test_the_table_view_says_what_everybody_sees() -> None:
    g = scripted([STARTER, SECOND, THIRD], exchange="QH")
    view = g.public_view()
    assert isinstance(view, R51Table) and view.options is g.opts
    assert (view.game, view.players, view.hand_no, view.hands_per_game, view.dealer,
            view.starter, view.turn, view.step) == ("ramino51", 3, 1, 7, 2, 0, 0, "first")
    assert (view.stock, view.pile_top, view.pile, view.exchange) == (106 - 44, None, 0, "QH")
    assert view.seats == (SeatView(0, 15, False, 0, False), SeatView(1, 14, False, 0, False),
                          SeatView(2, 14, False, 0, False))
    with pytest.raises(FrozenInstanceError):
        view.stock = 0  # type: ignore[misc]
    g.apply(0, "discard 9H")
    view = g.public_view()
    assert (view.pile_top, view.step, view.turn) == ("9H", "draw", 1)
    assert view.pile_cards == ("9H",)  # every card of the pile was thrown face up


def test_the_table_view_shows_melds_with_owners_and_declared_jokers() -> None:
    g = crafted({0: "9H 2C"}, melds=[(1, "7H 8H JK=9H 10H"), (2, "6C JK 6H")], opened=[0],
                rest_to=3)
    melds = g.public_view().melds
    assert [(m.id, m.owner, m.kind) for m in melds] == [("A", 1, "run"), ("B", 2, "set")]
    assert melds[0].declared == ("7H", "8H", "JK=9H", "10H")
    assert melds[0].cards == ("7H", "8H", "JK", "10H") and melds[1].declared[-1] == "JK"
    joker = melds[0].placed[2]  # typed: the card each joker stands for, None for a set's
    assert joker.card.is_joker and joker.as_ is not None and joker.as_.text == "9H"
    assert melds[1].placed[-1].as_ is None
    again = MeldView.from_dict(melds[0].to_dict())  # as a hand's result keeps it
    assert again == melds[0] and again.placed[2].as_ == joker.as_
    assert [s.opened for s in g.public_view().seats] == [True, True, True, False]


def test_the_hand_view_holds_own_cards_moves_and_best_melds() -> None:
    g = crafted({1: "9H 10H JH QH 7S 7D 7C 2C KD"}, turn=1, rest_to=0)
    mine = g.private_view(1)
    assert isinstance(mine, R51Hand) and mine.seat == 1
    assert mine.hand == tuple(c.text for c in sorted(g.hands[1]))
    assert mine.best == BestMelds(mine.best.groups, 39 + 21, 51)
    assert sorted(sum(mine.best.melds, ())) == sorted(["9H", "10H", "JH", "QH", "7S", "7D",
                                                       "7C"])
    openings = [g.parse_action(t) for t in mine.legal if t.startswith("meld")]
    assert openings and all(g.can(1, a) and len(a.melds) == 2 for a in openings)
    assert mine.taken is None and not mine.may_swap and mine.close is None
    assert g.private_view(0).legal == ()


def test_the_hand_view_offers_the_exchange_swap_and_a_close_in_hand() -> None:
    g = scripted([TEN, "7C 8C 9C 10C JC 6D 7H 8H 9H 10H JH QH KH KD", THIRD], exchange="QS")
    mine = g.private_view(0)
    assert mine.may_swap and mine.close is not None and mine.close.startswith("close drawn")
    assert mine.close in mine.legal
    g.apply(0, mine.close)
    assert g.last_result is not None and g.last_result.reason == "in_hand"


def test_the_hand_report_lays_every_hand_open() -> None:
    g = crafted({2: TEN, 0: "KS 7D JK", 1: "AS 2S 3S"}, turn=2, players=3, rest_to="pile")
    g.apply(2, f"close drawn; meld {TEN_MELDS}; discard 9S")
    report = g.last_result
    assert report is not None and report.closed_in_hand and not report.void
    assert [(s.seat, sorted(s.hand), s.value, s.charge) for s in report.seats] == [
        (0, ["7D", "JK", "KS"], 37, 74), (1, ["2S", "3S", "AS"], 16, 32), (2, [], 0, 0)]
    assert HandReport.from_dict(json.loads(json.dumps(report.to_dict()))) == report
    assert {m.id for m in report.melds} == {"A", "B", "C", "D"}


@pytest.mark.parametrize("seed", range(4))
def test_no_view_or_public_payload_holds_another_seats_hidden_cards(seed: int) -> None:
    """Swap a hidden card of one seat for a stock card: nobody else's view may change."""
    rng = random.Random(seed)
    g = Ramino51Game(Ramino51Options(hands_per_game=2), players=2 + seed % 3, seed=seed)
    for step in range(600):
        if g.is_over:
            break
        seat = g.to_act()[0]
        for e in g.apply(seat, rng.choice(g.legal_actions(seat))):
            assert isinstance(e.public, PAYLOADS[e.kind])
            assert e.private is None or (e.kind == "draw" and isinstance(e.private, DrawnCard))
        if step % 25 == 0 and not g.is_over:
            check_swaps(g, rng)


def check_swaps(g: Ramino51Game, rng: random.Random) -> None:
    data = g.to_json()
    for holder in range(g.players):
        hand = data["hands"][holder]
        swap = [i for i, c in enumerate(data["stock"]) if hand and c not in hand]
        if not swap:
            continue
        other = json.loads(json.dumps(data))
        i, j = rng.randrange(len(hand)), rng.choice(swap)
        if hand[i] == data["taken"]:
            continue  # the card taken from the pile is no secret
        other["hands"][holder][i], other["stock"][j] = data["stock"][j], hand[i]
        changed = Ramino51Game.from_json(other)
        assert changed.public_view() == g.public_view()
        for seat in range(g.players):
            if seat != holder:
                assert changed.private_view(seat) == g.private_view(seat)
    shown = strings(g.public_view())
    melds = g.public_view().melds
    revealed = {c.text for c in g.pile} | {m for v in melds for m in v.cards} | (
        strings(g.last_result) if g.last_result is not None else set()) | {
        g.exchange.text if g.exchange else ""} | {  # what a joker stands for is no card
        p.as_.text for v in melds for p in v.placed if p.as_ is not None}
    held = {c.text for h in g.hands for c in h} | {c.text for c in g.stock}
    assert shown & held <= revealed
