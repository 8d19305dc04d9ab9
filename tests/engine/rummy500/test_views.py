"""Rummy 500's typed views and event payloads: their fields, and no hidden card in them."""

from __future__ import annotations

import json
import random
from dataclasses import FrozenInstanceError, is_dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from engine.game import Event
from engine.rummy500 import PRESETS, Rummy500Game, Rummy500Options
from engine.rummy500.events import (
    Announced,
    Claimed,
    ClaimsClosed,
    Dealt,
    Declined,
    Discarded,
    DrawnCard,
    Drew,
    EmptyHand,
    GameEnded,
    LaidOff,
    Melded,
    Reused,
    SpecialNamed,
    Taken,
)
from engine.rummy500.views import (
    ClaimWindow,
    HandReport,
    MeldView,
    Placed,
    R500Hand,
    R500Table,
    SeatReport,
    SeatView,
)

from ..texts import strings
from .scripted import crafted, event, scripted

HANDS = ["2C 9D JS KH 5S 5D QD", "3D 9C 9H 7S 2H 7H 4C", "2D 10C 10H 6S 3S 8H KD"]
PAYLOADS: dict[str, type] = {
    "special": SpecialNamed, "deal": Dealt, "draw": Drew, "take": Taken,
    "decline": Declined, "reuse": Reused, "meld": Melded, "layoff": LaidOff,
    "empty_hand": EmptyHand, "discard": Discarded, "rummy_announce": Announced,
    "claims_closed": ClaimsClosed, "claim": Claimed, "hand_end": HandReport,
    "game_end": GameEnded,
}
MAIN_SNAPSHOT = Path(__file__).with_name("snapshot_main.json")


def texts(cards: Any) -> set[str]:
    return {str(c) for c in cards}


def window_position() -> Rummy500Game:
    """Seat 0 has run A (5H 6H 7H), seat 1 set B with 10S laid off by seat 2; 0 to discard."""
    return crafted({0: "8H 2C 4S", 1: "KD QD", 2: "9C 3D", 3: "JS 4D"},
                   melds=[(0, "5H 6H 7H"), (1, "10C 10D 10S", {"10S": 2})],
                   options=Rummy500Options(rummy_call="announce"))


# --- the fields ------------------------------------------------------------------------


def test_public_view_fields_are_typed_and_frozen() -> None:
    g = scripted(HANDS, up="5H", stock="QC")
    view = g.public_view()
    assert isinstance(view, R500Table) and view.options is g.opts
    assert (view.game, view.version, view.players, view.hand_no, view.dealer, view.turn,
            view.phase) == ("rummy500", 0, 3, 1, 2, 0, "draw")
    assert (view.stock, view.pile, view.melds) == (52 - 22, ("5H",), ())
    assert view.seats == tuple(SeatView(s, 7, False, 0, 0, False, 0) for s in range(3))
    assert view.claim == ClaimWindow(False, None, None, None)
    assert (view.special_card, view.reuses, view.winner, view.last_result) == (
        None, 0, None, None)
    assert (view.totals, view.eliminated) == ((0, 0, 0), ())
    with pytest.raises(FrozenInstanceError):
        view.stock = 0  # type: ignore[misc]


def test_melds_seats_and_the_window_as_everybody_sees_them() -> None:
    g = window_position()
    events = g.apply(0, "discard 8H")
    assert event(events, "rummy_announce").public == Announced("8H", ("A",))
    view = g.public_view()
    assert view.melds == (
        MeldView("A", 0, "run", (Placed("5H", 0, 5, "meld"), Placed("6H", 0, 5, "meld"),
                                  Placed("7H", 0, 5, "meld"))),
        MeldView("B", 1, "set", (Placed("10S", 2, 10, "layoff"), Placed("10D", 1, 10, "meld"),
                                  Placed("10C", 1, 10, "meld"))))  # a set lies S H D C
    assert view.melds[0].cards == ("5H", "6H", "7H") and view.melds[1].points == 30
    assert [(s.cards, s.opened, s.hand_points) for s in view.seats] == [
        (2, True, 15), (2, True, 20), (2, False, 10), (2, False, 0)]
    assert view.claim == ClaimWindow(True, "8H", 0, ("A",)) and view.pile[-1] == "8H"


def test_private_view_holds_the_table_and_only_its_own_hand() -> None:
    g = scripted(HANDS, up="5H", stock="QC")
    g.apply(0, "draw")
    mine = g.private_view(0)
    assert isinstance(mine, R500Hand) and mine.table == g.public_view()
    assert mine.seat == 0 and mine.hand == (*HANDS[0].split(), "QC")
    assert mine.legal == tuple(str(a) for a in g.legal_actions(0)) and mine.legal
    assert mine.free_card is None and mine.claims == ()
    other = g.private_view(1)
    assert other.hand == tuple(HANDS[1].split()) and other.legal == () and other.claims == ()
    with pytest.raises(FrozenInstanceError):
        mine.hand = ()  # type: ignore[misc]


def test_private_view_carries_the_seats_claims_and_free_card() -> None:
    g = window_position()
    g.apply(0, "discard 8H")
    claimer = g.private_view(1)
    assert claimer.claims == ("claim 8H A",) and claimer.hand == ("KD", "QD")
    assert g.private_view(2).claims == ()  # not opened
    free = crafted({0: "2D 3D", 1: "9H 9D"}, pile="KC 5H", phase="draw", players=2,
                   options=Rummy500Options(top_card_free=True))
    free.apply(0, "take 2")
    assert free.private_view(0).free_card == "5H" and free.private_view(1).free_card is None


def test_public_view_of_a_dealt_game_holds_no_card_of_any_hand_nor_the_stock() -> None:
    g = scripted(HANDS, up="5H", stock="QC")
    held = {c for h in HANDS for c in h.split()}
    public = strings(g.public_view())
    assert not public & held and not public & texts(g.stock)
    g.apply(0, "draw")  # QC, from the stock, now in seat 0's hand
    assert "QC" not in strings(g.public_view())


def test_public_view_shows_only_the_table_and_the_pile() -> None:
    g = window_position()
    g.apply(0, "discard 8H")
    shown = strings(g.public_view())
    on_table = {c for m in g.melds for c in texts(m.cards)}
    assert shown & (texts(c for h in g.hands for c in h) | texts(g.stock)) == set()
    assert on_table | texts(g.pile) <= shown


# --- a hand's result, and the snapshot ---------------------------------------------------


def test_hand_report_keeps_the_snapshot_form() -> None:
    g = crafted({0: "2D", 1: "9C 4H"}, melds=[(0, "KC KH KD"), (1, "JC JH JD", {"JD": 0})],
                players=2)
    report = event(g.apply(0, "discard 2D"), "hand_end").public
    assert isinstance(report, HandReport) and report == g.last_result
    assert (report.hand_no, report.reason, report.out, report.totals) == (1, "out", 0, (40, 10))
    assert report.seats == (SeatReport(0, 30, 10, 0, ()), SeatReport(1, 20, 0, 10, ("9C", "4H")))
    assert [s.hand_score for s in report.seats] == [40, 10]
    assert report.melds[1].entries[1] == Placed("JD", 0, 10, "layoff")  # JH JD JC
    saved = g.to_json()["last_result"]
    assert saved == json.loads(json.dumps(saved)) and saved["seats"][1] == {
        "seat": 1, "melded": 20, "laid_off": 0, "in_hand": 10, "hand": ["9C", "4H"],
        "hand_score": 10}
    assert saved["melds"][1]["cards"][1] == {"card": "JD", "by": 0, "value": 10, "how": "layoff"}
    assert HandReport.from_dict(saved) == report
    assert Rummy500Game.from_json(g.to_json()).public_view().last_result == report


def test_the_snapshot_of_main_gives_its_last_hand_as_a_report() -> None:
    data = json.loads(MAIN_SNAPSHOT.read_text(encoding="utf-8"))
    report = Rummy500Game.from_json(data).public_view().last_result
    assert isinstance(report, HandReport) and report.to_dict() == data["last_result"]
    assert (report.hand_no, report.reason, report.out, report.totals) == (
        1, "stock", None, (-40, -45, -35))


# --- events --------------------------------------------------------------------------------


def test_events_carry_typed_payloads() -> None:
    g = scripted(HANDS, up="5H", stock="QC 4D")
    assert g.apply(0, "draw") == [Event("draw", 0, Drew(29), DrawnCard("QC"))]
    assert g.apply(0, "discard QC") == [Event("discard", 0, Discarded("QC", True))]
    assert g.apply(1, "draw") == [Event("claims_closed", None, ClaimsClosed("QC", "draw")),
                                  Event("draw", 1, Drew(28), DrawnCard("4D"))]
    g = window_position()
    g.apply(0, "discard 8H")
    assert g.apply(1, "claim 8H A")[0] == Event("claim", 1, Claimed(1, "8H", "A", None, 5, 0))


def test_a_meld_event_shows_the_new_melds_as_they_were_put_down() -> None:
    g = crafted({0: "2D 5S 5H 5C 5D 9C", 1: "KC"}, melds=[(1, "KH KD KS")], players=2)
    melded = event(g.apply(0, "meld 5S,5H,5C"), "meld").public
    assert melded == Melded((MeldView("B", 0, "set", tuple(
        Placed(c, 0, 5, "meld") for c in ("5S", "5H", "5C"))),))
    assert event(g.apply(0, "layoff 5D B"), "layoff").public == LaidOff(("5D",), "B", None, 5)
    # the event keeps the meld as it was put down; the table has grown since
    assert melded.melds[0].cards == ("5S", "5H", "5C") and melded.melds[0].points == 15
    assert g.public_view().melds[1].cards == ("5S", "5H", "5C", "5D")


# --- nothing hidden is public, over whole random games -------------------------------------


class Watcher:
    """Track which cards have been public this hand: every card ever on the pile or the table."""

    def __init__(self, game: Rummy500Game) -> None:
        self.game = game
        self.hand_no = -1
        self.seen: set[str] = set()
        self.kinds: set[str] = set()  # the kinds of event checked
        self.refresh()

    def refresh(self) -> None:
        """Note the pile and the table; start again on a new hand."""
        g = self.game
        if g.hand_no != self.hand_no:
            self.hand_no, self.seen = g.hand_no, set()
        self.seen |= texts(g.pile) | {c for m in g.melds for c in texts(m.cards)}

    def hidden(self) -> set[str]:
        """Return the cards nobody but their holder may know: the stock and unshown hands."""
        g = self.game
        return (texts(g.stock) | {c for h in g.hands for c in texts(h)}) - self.seen


def no_special(payload: Any) -> Any:
    """Blank the special card's name: it names a card, it does not show one."""
    if isinstance(payload, (Dealt, R500Table)):
        return replace(payload, special_card=None)
    if isinstance(payload, SpecialNamed):
        return replace(payload, card=None)
    return payload


def check_step(w: Watcher, seat: int, action: str) -> None:
    """Apply one action and check its events' public payloads, then the views."""
    before, stock_before, seen_before = w.hidden(), texts(w.game.stock), set(w.seen)
    named = set(action.replace(",", " ").split())  # what the action itself puts face up
    events = w.game.apply(seat, action)
    w.refresh()
    ended = any(e.kind == "hand_end" for e in events)
    after_end = False
    for e in events:
        assert type(e.public) is PAYLOADS[e.kind] and is_dataclass(e.public)
        assert e.private is None or (e.kind == "draw" and isinstance(e.private, DrawnCard))
        if isinstance(e.public, HandReport):
            hidden = stock_before - seen_before  # every hand is laid open, the stock is not
        elif ended and not after_end:  # the hand's own last moves
            hidden = before - named
        else:
            hidden = w.hidden()
        assert not strings(no_special(e.public)) & hidden, (e.kind, action)
        after_end = after_end or e.kind == "hand_end"
        w.kinds.add(e.kind)
    check_views(w)


def check_views(w: Watcher) -> None:
    """The table shows no hidden card; a hand shows only its own cards and public ones."""
    g = w.game
    table = g.public_view()
    opts = replace(table.options, special_card=None)
    assert not strings(replace(no_special(table), options=opts, last_result=None)) & w.hidden()
    assert sum(s.cards for s in table.seats) == sum(len(h) for h in g.hands)
    for seat in g.to_act():
        mine = g.private_view(seat)
        assert mine.table == table and mine.hand == tuple(c.text for c in g.hands[seat])
        if table.phase != "special":  # naming the special card names any card
            named = {word for a in mine.legal + mine.claims
                     for word in a.replace(",", " ").split()}
            others = w.hidden() - texts(g.hands[seat])
            assert not named & others, (seat, named & others)


def choose(g: Rummy500Game, seat: int, rng: random.Random) -> str:
    """Random legal moves, leaning towards putting cards down so that hands end."""
    legal = [str(a) for a in g.legal_actions(seat)]
    plays = [a for a in legal if a.startswith(("meld", "layoff")) or len(a.split()) > 2]
    return rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal)


def play_watched(options: Rummy500Options, players: int, seed: int) -> Watcher:
    """Play one random game (claims now and then), checking every step."""
    g = Rummy500Game(replace(options, target_score=150), players=players, seed=seed)
    rng, w = random.Random(seed), Watcher(g)
    check_views(w)
    for _ in range(3000):
        if g.is_over or g.hand_no > 8:
            break
        claimers = [s for s in range(players) if g.claim_targets(s)] if g.claim_open else []
        if claimers and rng.random() < 0.5:
            seat = rng.choice(claimers)
            check_step(w, seat, str(rng.choice(g.claim_targets(seat))))
        elif g.claim_open and rng.random() < 0.3:
            check_step(w, -1, "end_claims")
        else:
            seat = g.to_act()[0]
            check_step(w, seat, choose(g, seat, rng))
    return w


SPECIAL = Rummy500Options(special_card_per_hand=True, scala40_values=True, rummy_call="announce",
                          reuse_discards=1, go_out_without_discard="seed_redraw")


@pytest.mark.parametrize("name, players, seed", [
    ("standard", 3, 1), ("italian", 4, 3), ("announce", 2, 3), ("scala40", 5, 4),
    ("special", 3, 8)])  # seeds whose games show every kind of event (per-deal shuffles)
def test_nothing_hidden_in_any_public_view_or_event(name: str, players: int, seed: int) -> None:
    options = SPECIAL if name == "special" else PRESETS[name]
    kinds: set[str] = set()
    for game in range(3):
        w = play_watched(options, players, seed * 100 + game)
        kinds |= w.kinds
        assert w.game.hand_no > 1 or w.game.is_over
    common = {"deal", "draw", "take", "meld", "layoff", "discard", "claim", "claims_closed",
              "hand_end", "game_end"}
    assert kinds >= (set(PAYLOADS) if name == "special" else common), set(PAYLOADS) - kinds
