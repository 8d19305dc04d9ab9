"""Ramino's typed views and event payloads: their fields, and no hidden card in them."""

from __future__ import annotations

import json
import random
from dataclasses import FrozenInstanceError

import pytest

from engine.game import Event
from engine.ramino import RaminoGame, RaminoOptions, preset
from engine.ramino.events import (
    Closed,
    Dealt,
    Declined,
    Discarded,
    DrawnCard,
    Drew,
    GameEnded,
    Rebuilt,
    Reentered,
    ReentryOffered,
    Taken,
)
from engine.ramino.views import (
    ArrangementView,
    HandReport,
    RaminoHand,
    RaminoTable,
    SeatView,
    Thrown,
)

from ..texts import strings
from .players import walk
from .scripted import crafted, event, scripted
from .test_rules import two_offers
from .test_worked_examples import P1, P2, P3, P4, example_7

PAYLOADS: dict[str, type] = {
    "deal": Dealt, "rebuild": Rebuilt, "draw": Drew, "take": Taken,
    "discard": Discarded, "close": Closed, "hand_end": HandReport,
    "reentry_offer": ReentryOffered, "reenter": Reentered, "decline": Declined,
    "game_end": GameEnded,
}


def test_public_view_fields_are_typed_and_frozen() -> None:
    g = scripted([P1, P2, P3, P4], up="9H")
    view = g.public_view()
    assert isinstance(view, RaminoTable) and view.options is g.opts
    assert (view.game, view.version, view.players, view.hand_no, view.dealer, view.direction,
            view.phase, view.turn, view.to_act) == (
        "ramino", 0, 4, 1, 3, "forward", "first", 0, (0,))
    assert (view.stock, view.pile, view.discards, view.top, view.rebuilds) == (
        108 - 41, 1, (Thrown("9H", None),), "9H", 0)
    assert view.seats == tuple(SeatView(s, 10, 0, 101, False, 0) for s in range(4))
    assert (view.reentry, view.hands_played, view.winner, view.owed, view.last_result) == (
        None, 0, None, (), None)
    with pytest.raises(FrozenInstanceError):
        view.stock = 0  # type: ignore[misc]


def test_the_pile_shows_its_last_cards_with_who_threw_them() -> None:
    g = scripted([P1, P2, P3, P4], up="9H", stock="KS QH 7S 4C JC")
    g.apply(0, "take")
    g.apply(0, "discard AH")
    for seat in (1, 2, 3, 0, 1, 2):
        g.apply(seat, "draw")
        g.apply(seat, f"discard {g.drawn}")
    view = g.public_view()
    assert view.pile == 7 and view.top == g.pile[-1].text
    assert [t.by for t in view.discards] == [1, 2, 3, 0, 1, 2]
    assert [t.card for t in view.discards] == [c.text for c in g.pile[-6:]]


def test_private_view_holds_the_table_its_own_cards_and_its_arrangement() -> None:
    g = example_7()
    mine = g.private_view(1)
    assert isinstance(mine, RaminoHand) and mine.table == g.public_view()
    assert mine.hand == tuple(sorted(mine.hand, key=lambda t: next(
        c for c in g.hands[1] if c.text == t))) and len(mine.hand) == 11
    assert (mine.drawn, mine.taken) == ("KS", None) and "close 2C" in mine.legal
    assert mine.legal == tuple(str(a) for a in g.legal_actions(1))
    assert mine.arrangement.penalty == 2 and mine.arrangement.unmatched == ("2C",)
    assert sorted(c for combo in mine.arrangement.combos for c in combo) == sorted(
        t for t in mine.hand if t != "2C")
    other = g.private_view(0)
    assert other.legal == () and other.drawn is None and len(other.hand) == 10
    taker = crafted({1: "2S 4D 6S 8C 10H JD 3S 5D 7C 9C"}, pile="5S 9C", turn=1,
                    phase="draw")
    taker.apply(1, "take")
    assert taker.private_view(1).taken == "9C" and taker.private_view(0).taken is None
    with pytest.raises(FrozenInstanceError):
        mine.hand = ()  # type: ignore[misc]


def test_the_table_shows_re_entry_totals_and_chips() -> None:
    g = two_offers()
    g.apply(0, "close 5H")
    view = g.public_view()
    assert view.reentry is not None and view.reentry.offered == (2, 3)
    assert view.reentry.total == 90 and view.to_act == (2, 3) and view.turn is None
    assert [(s.total, s.to_limit, s.eliminated) for s in view.seats] == [
        (90, 11, False), (80, 21, False), (105, -4, True), (107, -6, True), (40, 61, False)]
    chips = example_7(preset("chips"))
    chips.apply(1, "close 2C")
    assert [(s.total, s.to_limit) for s in chips.public_view().seats] == [
        (9, None), (13, None), (9, None), (9, None)]


def test_hand_report_lays_every_hand_open_and_keeps_the_snapshot_form() -> None:
    g = example_7(RaminoOptions(colore_multiplier=2))
    report = event(g.apply(1, "close 2C"), "hand_end").public
    assert isinstance(report, HandReport) and report == g.last_result
    assert [s.seat for s in report.seats] == [0, 1, 2, 3] and report.discard == "2C"
    assert sorted(report.seats[0].hand) == sorted(P1.replace("AH", "9H").split())
    assert report.seats[0].arrangement == ArrangementView(
        (), report.seats[0].arrangement.unmatched, 64, "plain")
    saved = g.to_json()["last_result"]
    assert saved == json.loads(json.dumps(saved)) and HandReport.from_dict(saved) == report
    assert RaminoGame.from_json(g.to_json()).public_view().last_result == report


def test_events_carry_typed_payloads() -> None:
    g = scripted([P1, P2, P3, P4], up="9H", stock="KS")
    assert g.apply(0, "take") == [Event("take", 0, Taken(("9H",), True))]
    assert g.apply(0, "discard AH") == [Event("discard", 0, Discarded("AH"))]
    assert g.apply(1, "draw") == [Event("draw", 1, Drew(108 - 42), DrawnCard("KS"))]
    events = g.apply(1, "close 2C")
    assert events[0] == Event("close", 1, Closed("2C")) and events[-1].kind == "deal"


@pytest.mark.parametrize("seed", range(6))
def test_no_view_or_public_payload_holds_another_seats_hidden_cards(seed: int) -> None:
    """Swap a hidden card of one seat for a stock card: nobody else's view may change."""
    rng = random.Random(seed)
    opts = RaminoOptions(elimination_limit=40, reentry=True)
    g = RaminoGame(opts, players=2 + seed, seed=seed)
    for _ in range(40):
        for e in walk(g, rng, 3):
            assert isinstance(e.public, PAYLOADS[e.kind]) or e.public is None
            assert e.private is None or (e.kind == "draw" and e.seat is not None)
        if g.is_over:
            break
        check_swaps(g, rng)


def check_swaps(g: RaminoGame, rng: random.Random) -> None:
    data = g.to_json()
    for holder in range(g.players):
        hand = data["hands"][holder]
        swap = [i for i, c in enumerate(data["stock"]) if hand and c not in hand]
        if not swap:
            continue
        other = json.loads(json.dumps(data))
        i, j = rng.randrange(len(hand)), rng.choice(swap)
        other["hands"][holder][i], other["stock"][j] = data["stock"][j], hand[i]
        changed = RaminoGame.from_json(other)
        assert changed.public_view() == g.public_view()
        for seat in range(g.players):
            if seat != holder:
                assert changed.private_view(seat) == g.private_view(seat)
    # the only card texts in public are the pile's, the last hand's (laid open at its end) and
    # the hand's history: cards everybody saw go from the pile into a hand or onto the pile
    shown = strings(g.public_view())
    history = {t for texts in (*g.known, *g.shunned) for t in texts}
    revealed = {c.text for c in g.pile} | history | (
        strings(g.last_result) if g.last_result is not None else set())
    held = {c.text for h in g.hands for c in h} | {c.text for c in g.stock}
    assert shown & held <= revealed


def test_an_eliminated_seat_sees_the_table_and_holds_nothing() -> None:
    g = two_offers()
    g.apply(0, "close 5H")
    g.apply(2, "decline")
    g.apply(3, "decline")
    out = g.private_view(2)
    assert out.hand == () and out.legal == () and out.arrangement == ArrangementView(
        (), (), 0, "plain")
    assert out.table.seats[2].eliminated and not out.table.seats[2].reentered
