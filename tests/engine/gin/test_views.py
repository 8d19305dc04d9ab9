"""Gin's typed views and event payloads: their fields, and no hidden card in anything public."""

from __future__ import annotations

import json
import random
from dataclasses import FrozenInstanceError, is_dataclass, replace
from typing import Any

import pytest

from engine.game import Event
from engine.gin import GinGame, GinOptions, preset
from engine.gin.events import (
    Dealt,
    Discarded,
    DrawnCard,
    Drew,
    GameEnded,
    HandEnded,
    Knocked,
    MatchEnded,
    Passed,
    Taken,
)
from engine.gin.views import GinHand, GinTable, HandReport, ScoreColumn, ScoreSheet

from ..texts import strings
from .scripted import scripted
from .test_properties import _policy as mixed_policy

HANDS = ("2C 3C 4C 5D 6D 7D 8H 9H 10H KS", "AS 2S 3S 4H 5H 6H 7C 8C 9C KD")
PAYLOADS: dict[str, type] = {
    "deal": Dealt, "pass": Passed, "draw": Drew, "take": Taken, "discard": Discarded,
    "knock": Knocked, "gin": Knocked, "big_gin": Knocked, "hand_end": HandEnded,
    "game_end": GameEnded, "match_end": MatchEnded,
}


# --- the fields ------------------------------------------------------------------------


def test_public_view_fields_are_typed_and_frozen() -> None:
    g = scripted(*HANDS, upcard="QD", stock="JH")
    view = g.public_view()
    assert isinstance(view, GinTable) and view.options is g.opts
    assert (view.game, view.version, view.hand_no, view.phase, view.turn, view.dealer) == (
        "gin", 0, 1, "upcard_first", 0, 1)
    assert (view.stock, view.discard, view.hand_sizes) == (31, ("QD",), (10, 10))
    assert (view.knock_card, view.knock_limit, view.doubled) == (None, 10, False)
    assert view.shown_melds == ((), ()) and view.last_result is None
    assert view.pickups == view.discards == view.refused == ((), ())
    assert view.scores == ScoreSheet("single", (ScoreColumn((0, 0), (0, 0), False, None, (0, 0)),),
                                     (0, 0), (0, 0), (0, 0), False, None, 100)
    with pytest.raises(FrozenInstanceError):
        view.stock = 0  # type: ignore[misc]


def test_private_view_holds_the_table_and_only_its_own_hand() -> None:
    g = scripted(*HANDS, upcard="QD", stock="JH")
    g.apply(0, "pass")
    g.apply(1, "take_upcard")
    mine = g.private_view(1)
    assert isinstance(mine, GinHand) and mine.table == g.public_view()
    assert mine.seat == 1 and mine.hand == (*HANDS[1].split(), "QD")
    assert (mine.deadwood, mine.taken) == (20, "QD")  # KD QD
    assert mine.legal == tuple(str(a) for a in g.legal_actions(1))
    assert mine.table.refused == (("QD",), ()) and mine.table.pickups == ((), ("QD",))
    other = g.private_view(0)
    assert other.taken is None and other.legal == () and other.hand == tuple(HANDS[0].split())


def test_public_view_of_a_dealt_game_holds_no_card_of_either_hand() -> None:
    g = scripted(*HANDS, upcard="QD")
    held = set(HANDS[0].split()) | set(HANDS[1].split())
    assert not strings(g.public_view()) & held
    assert {str(c) for c in g.stock}.isdisjoint(strings(g.public_view()))


def test_public_view_shows_only_the_cards_a_deep_pickup_showed() -> None:
    g = scripted("8H 8S 2C 3C 4D 6D 9D JC QS KH", "AS 2S 3S 4H 5H 6H 7C 9C 10C KD", upcard="8C",
                 options=GinOptions(deep_discard_pickup=True))
    for seat, action in ((0, "pass"), (1, "pass"), (0, "draw"), (0, "discard QS"), (1, "draw"),
                         (1, "discard KD"), (0, "take 8C with 8H 8S")):
        g.apply(seat, action)
    shown = strings(g.public_view()) & {str(c) for h in g.hands for c in h}
    assert shown == {"8C", "8H", "8S"}
    assert g.public_view().shown_melds == ((("8C", "8H", "8S"),), ())


def test_hand_report_keeps_the_snapshot_form() -> None:
    g = scripted("3C 4C 5C 9H 9S 9D JS QS KS 8D", "AH AS AD 5H 6H 7H 2C 6C 4D 6D", upcard="KH",
                 stock="KD")
    for seat, action in ((0, "pass"), (1, "pass"), (0, "draw")):
        g.apply(seat, action)
    end = next(e for e in g.apply(0, "knock KD") if e.kind == "hand_end").public
    report = end.result
    assert isinstance(report, HandReport) and report == g.last_result
    assert (report.kind, report.ender, report.winner, report.points, report.values) == (
        "knock", 0, 0, 2, (8, 10))
    assert report.reveals[0].melds == (("3C", "4C", "5C"), ("9D", "9H", "9S"),
                                       ("JS", "QS", "KS"))
    defender = report.reveals[1]
    assert defender.layoffs == (("2C", 0), ("6C", 0))  # both on the knocker's run of clubs
    assert (defender.deadwood, defender.deadwood_value) == (("4D", "6D"), 10)
    saved = g.to_json()["last_result"]
    assert saved == json.loads(json.dumps(saved)) and saved["values"] == [8, 10]
    assert HandReport.from_dict(saved) == report
    assert GinGame.from_json(g.to_json()).public_view().last_result == report


def test_events_carry_typed_payloads() -> None:
    g = scripted(*HANDS, upcard="QD", stock="JH")
    assert g.apply(0, "pass") == [Event("pass", 0, Passed("QD"))]
    assert g.apply(1, "pass") == [Event("pass", 1, Passed("QD"))]
    assert g.apply(0, "draw") == [Event("draw", 0, Drew(30), DrawnCard("JH"))]
    assert g.apply(0, "discard JH") == [Event("discard", 0, Discarded("JH"))]
    assert g.apply(1, "take") == [Event("take", 1, Taken(("JH",)))]


# --- nothing hidden is public, over whole random matches -------------------------------
# (random legal moves, ending the hand or discarding greedily often enough that matches end)


def texts(cards: Any) -> set[str]:
    return {str(c) for c in cards}


class Watcher:
    """Track which cards have been public this hand, from the game's state and the actions."""

    def __init__(self, game: GinGame) -> None:
        self.game = game
        self.hand_no = 0
        self.seen: set[str] = set()
        self.kinds: set[str] = set()  # the kinds of event checked
        self.refresh()

    def refresh(self) -> None:
        """Note the pile (everything ever on it this hand was face up); reset on a new hand."""
        if self.game.hand_no != self.hand_no:
            self.hand_no, self.seen = self.game.hand_no, set()
        self.seen |= texts(self.game.discard)

    def knock_card(self) -> str | None:
        """Return the Oklahoma knock card, shown to everybody by the rules."""
        card = self.game.knock_card
        return None if card is None else str(card)

    def hidden(self) -> set[str]:
        """Return the cards nobody but their holder may know: the stock and unseen hand cards."""
        g = self.game
        return (texts(g.stock) | texts(g.hands[0]) | texts(g.hands[1])) - self.seen

    def ended_hidden(self, seat: int, action: str, hands: list[set[str]], stock: set[str]
                     ) -> set[str]:
        """Return what stays hidden once the action ended the hand (given the state before)."""
        words = action.split()
        if words[0] == "knock":
            return stock | {words[1]}  # the knock discard goes face down
        if words[0] == "discard":  # a dead hand: neither hand is laid open
            return stock | ((hands[0] | hands[1]) - self.seen - {words[1]})
        return stock  # big gin (both hands laid open), or the hand goes on


def check_step(w: Watcher, seat: int, action: str) -> None:
    """Apply one action and check its events' public payloads and the public view."""
    g = w.game
    hands, stock = [texts(h) for h in g.hands], texts(g.stock)
    old = w.ended_hidden(seat, action, hands, stock)
    events = g.apply(seat, action)
    new_hand = any(e.kind == "hand_end" for e in events)
    w.refresh()
    after_end = False
    for e in events:
        assert type(e.public) is PAYLOADS[e.kind] and is_dataclass(e.public)
        assert e.private is None or (e.kind == "draw" and isinstance(e.private, DrawnCard))
        hidden = old if new_hand and not after_end else w.hidden()
        public = e.public
        if isinstance(public, Dealt):  # a second deck's knock card may share a held card's text
            assert public.knock_card == w.knock_card()
            public = replace(public, knock_card=None)
        assert not strings(public) & hidden, (e.kind, strings(public) & hidden)
        after_end = after_end or e.kind == "hand_end"
        w.kinds.add(e.kind)
    check_view(w)


def check_view(w: Watcher) -> None:
    """The public view shows no hidden card (the last hand's result was checked as an event)."""
    view = w.game.public_view()
    assert view.knock_card == w.knock_card()
    assert not strings(replace(view, last_result=None, knock_card=None)) & w.hidden()
    assert sum(view.hand_sizes) == len(w.game.hands[0]) + len(w.game.hands[1])


@pytest.mark.parametrize("name, seed", [("standard", 1), ("oklahoma_match", 2),
                                        ("hollywood", 3), ("deep", 4)])
def test_nothing_hidden_in_any_public_view_or_event(name: str, seed: int) -> None:
    options = GinOptions(deep_discard_pickup=True) if name == "deep" else preset(name)
    game = GinGame(options, seed=seed)
    rng, w = random.Random(seed), Watcher(game)
    check_view(w)
    for _ in range(20_000):
        if game.is_over:
            break
        seat = game.to_act()[0]
        action = str(mixed_policy(game, seat, rng))
        if action.startswith("take ") and " with " in action:
            w.seen |= set(action.split(" with ")[1].split())  # the meld it shows
        check_step(w, seat, action)
    assert game.is_over and game.hand_no > 1
    assert {"draw", "take", "discard", "hand_end", "game_end", "match_end", "deal"} <= w.kinds
    assert w.kinds & {"knock", "gin", "big_gin"}


def test_the_score_sheet_lists_every_hand_and_survives_a_snapshot() -> None:
    g = scripted("3C 4C 5C 9H 9S 9D JS QS KS 8D", "AH AS AD 5H 6H 7H 2C 6C 4D 6D", upcard="KH",
                 stock="KD")
    assert g.public_view().scores.hands == ()
    for seat, action in ((0, "pass"), (1, "pass"), (0, "draw"), (0, "knock KD")):
        g.apply(seat, action)
    assert g.public_view().scores.hands == ((2, 0),)
    saved = g.to_json()
    assert GinGame.from_json(json.loads(json.dumps(saved))).public_view().scores.hands == (
        (2, 0),)
    # A game saved before the sheet existed loads with no hands listed.
    del saved["match"]["board"]
    assert GinGame.from_json(saved).public_view().scores.hands == ()
